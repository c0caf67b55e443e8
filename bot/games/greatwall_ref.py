"""The Great Wall's reference: every card's effect in one line, built from the data pack's values
through catalog phrases (so an owner's printed pack is described as loaded), and the rule topics."""

from __future__ import annotations

from typing import Any, Protocol

from bot.games import Translate, fill
from bot.reference import Card
from engine.core.prompt import Option
from engine.greatwall.pack import Ability, Command, General, GreatWallPack, Horde, RatCard, Tactic
from engine.greatwall.variant import registered
from rendering.content_names import content_name
from rendering.greatwall_khan import khan_name


class Wording(Protocol):
    """What the reference borrows from the presenter: the pack and how amounts and abilities read."""

    pack: GreatWallPack

    def amounts(self, tr: Translate, amounts: dict[str, int]) -> str: ...

    def ability(self, tr: Translate, ability: Ability) -> str: ...

    def effect(self, tr: Translate, effect: dict[str, Any]) -> str: ...

# Options naming a card: the option argument that holds its id.
_COMMAND_OPTIONS = {"gw.opt.command", "gw.opt.copy"}
_TACTIC_OPTIONS = {"gw.opt.tactic", "gw.opt.tactic_normal", "gw.opt.tactic_boosted"}
_ADVISOR_OPTIONS = {"gw.opt.active_advisor", "gw.opt.hire_active", "gw.opt.hire_support"}
_LOCATION_OPTIONS = {"gw.opt.activate", "gw.opt.activate_advanced", "gw.opt.to"}  # what a Location does


class GreatWallReference:
    prefix = "gw"
    topics: tuple[str, ...] = ("seasons", "command", "hordes", "shame", "scoring", "rat", "khan", "chronicles",
                               "long_winter", "great_famine", "emperors_visit", "ghost_festival", "siege",
                               "red_turban")

    def __init__(self, presenter: Wording) -> None:
        self.presenter = presenter
        self.pack = presenter.pack

    def _stand_in(self, file: str) -> bool:
        return file in self.pack.stand_ins

    def cards(self, tr: Translate) -> list[Card]:
        """Every card under its catalog name in the reader's language (``content.gw.<kind>.<id>``)."""
        p, cmd, cards = self.pack, self._stand_in("commands"), self._stand_in("cards")

        def name(kind: str, item: str, own: str) -> str:
            return content_name(tr, "gw", kind, item, own)

        out = [Card(c.id, "gw.kind.command", name("command", c.id, c.name), self.command(tr, c), cmd)
               for c in p.commands.values()]
        # Qin Jiushao's solo cards share the clan cards' names [ES p.16]; listed as their own kind.
        out += [Card(c.id, "gw.kind.solo_command", name("command", c.id, c.name), self.command(tr, c), cmd)
                for c in p.solo.values()]
        out += [Card(t.id, "gw.kind.tactic", name("tactic", t.id, t.name), self.tactic(tr, t), cards)
                for t in p.tactics.values()]
        out += [Card(g.id, "gw.kind.general", name("general", g.id, g.name), self.general(tr, g), cards)
                for g in p.generals.values()]
        out += [Card(a.id, "gw.kind.advisor", name("advisor", a.id, a.name), self.advisor(tr, a.id), cards)
                for a in p.advisors.values()]
        out += [Card(h.id, "gw.kind.horde", name("horde", h.id, h.name), self.horde(tr, h), cards)
                for h in p.hordes.values()]
        rat, rat_artifacts = self._stand_in("rat"), set(p.rat.get("artifacts", ()))
        out += [Card(a.id, "gw.kind.rat_artifact" if a.id in rat_artifacts else "gw.kind.artifact",
                     name("artifact", a.id, a.name), fill(tr(f"gw.art.{a.per}"), {"honor": a.honor}),
                     rat if a.id in rat_artifacts else cards)
                for a in p.artifacts.values()]
        out += [Card(r.id, "gw.kind.rat", name("rat_card", r.id, r.name), self.rat_card(tr, r), rat)
                for r in p.rat_cards.values()]  # the Rat expansion [IT Rat]
        return [*self.chronicle_artifacts(tr, out), *self.khan_cards(tr), *self.scenario_cards(tr)]

    def scenario_cards(self, tr: Translate) -> list[Card]:
        """The Ancient Chronicles' scenario cards [IT AC], one per registered scenario: its mode and
        seats, and its special rules (the /rules topic of the same name)."""
        return [Card(v.name, "gw.kind.scenario", tr(f"option.scenario.{v.name}"), tr(f"gw.rules.{v.name}"),
                     self._stand_in(f"chronicles/{v.name}"))
                for v in registered() if v.option[0] == "scenario"]

    def chronicle_artifacts(self, tr: Translate, listed: list[Card]) -> list[Card]:
        """``listed`` with the Ancient Chronicles' Artifacts told as theirs: what each pays during play,
        and its end score [IT AC, "Preparazione"] (their Tactics, Generals and Advisors read as the base
        ones do)."""
        stand_in = self._stand_in("chronicles/cards")
        ours = set(self.pack.chronicles.get("artifacts", ()))
        out = [c for c in listed if c.id not in ours]
        for aid in sorted(ours):
            a = self.pack.artifacts[aid]
            effect = fill(tr("gw.ref.chronicle_artifact"), {"ability": self.presenter.ability(tr, a.ability),
                                                             "score": fill(tr(f"gw.art.{a.per}"), {"honor": a.honor})})
            name = content_name(tr, "gw", "artifact", a.id, a.name)
            out.append(Card(a.id, "gw.kind.chronicle_artifact", name, effect, stand_in))
        return out

    def khan_cards(self, tr: Translate) -> list[Card]:
        """The Genghis Khan expansion's own cards [IT GK]: his card, the Skills, the Emperor's Awards
        (its Hordes and Advisors are listed with the base ones)."""
        cards, stand_in = self.pack.khan, self._stand_in("khan")

        def spots(numbers: tuple[int, ...]) -> str:
            return fill(tr("gw.khan.spots"), {"spots": " ".join(str(n) for n in numbers)})

        out = [Card(cards.khan.id, "gw.kind.khan", khan_name(tr, self.pack, cards.khan.id), spots(cards.khan.spots),
                    stand_in)]
        for skill in cards.skills.values():
            (kind, n), = skill.effect.items()
            effect = f"{fill(tr(f'gw.khan.{kind}'), {'n': n})}; {spots(skill.spots)}"
            out.append(Card(skill.id, "gw.kind.khan_skill", khan_name(tr, self.pack, skill.id), effect, stand_in))
        out += [Card(a.id, "gw.kind.khan_award", khan_name(tr, self.pack, a.id),
                     fill(tr("gw.khan.award"), {"gains": self.presenter.amounts(tr, a.summer)}), stand_in)
                for a in cards.awards.values()]
        return out

    def rat_card(self, tr: Translate, card: RatCard) -> str:
        """Who moves the Rat by this card, and when and where [IT Rat, "Carte Ratto"; errata 46]."""
        who = tr(f"gw.rat.{'most' if card.most else 'least'}.{card.metric}")
        return fill(tr("gw.ref.rat_card"), {"who": who})

    def describe(self, tr: Translate, option: Option) -> str:
        args = option.args
        if option.key in _COMMAND_OPTIONS and args.get("card") in self.pack.commands:
            return self.command(tr, self.pack.commands[args["card"]])
        if option.key in _TACTIC_OPTIONS and args.get("tactic") in self.pack.tactics:
            return self.tactic(tr, self.pack.tactics[args["tactic"]])
        if option.key == "gw.opt.general" and args.get("general") in self.pack.generals:
            return self.presenter.ability(tr, self.pack.generals[args["general"]].ability)
        if option.key in _ADVISOR_OPTIONS and args.get("advisor") in self.pack.advisors:
            return self.advisor(tr, args["advisor"])
        if option.key in _LOCATION_OPTIONS and args.get("loc") in self.pack.locations:
            return self.location(tr, args["loc"])
        return ""

    def location(self, tr: Translate, loc: str) -> str:
        """What a Location gives when it activates [ES p.11–14]; a production one names its resource."""
        resource = self.pack.locations[loc].resource
        if resource:
            return fill(tr("gw.ref.loc.production"), {"res": tr(f"gw.res.{resource}")})
        return tr(f"gw.ref.loc.{loc}")

    # -- one line per card kind ----------------------------------------------------------------------
    def command(self, tr: Translate, card: Command) -> str:
        parts = [fill(tr("gw.ref.owner"), {"ops": self._ops(tr, card.owner)})]
        if card.alternative:
            parts.append(fill(tr("gw.ref.instead"), {"ops": self._ops(tr, card.alternative)}))
        parts.append(fill(tr("gw.ref.others"), {"ops": self._ops(tr, card.others)}))
        if card.stays:
            parts.append(tr("gw.ref.stays"))
        return " · ".join(parts)

    def _ops(self, tr: Translate, ops: tuple[dict[str, Any], ...]) -> str:
        return "; ".join(self._op(tr, op) for op in ops) or tr("gw.ref.nothing")

    def _op(self, tr: Translate, op: dict[str, Any]) -> str:
        kind = op["op"]
        if kind == "move" and op.get("distinct"):
            kind = "move_distinct"
        args = {"n": op.get("n", 1),
                "of": "/".join(tr(f"gw.res.{r}") for r in op.get("of", ())),
                "card": self._command_name(tr, op.get("if_track"))}
        return fill(tr(f"gw.op.{kind}"), args)

    def _command_name(self, tr: Translate, card: Any) -> str:
        if card not in self.pack.commands:
            return str(card or "")
        return content_name(tr, "gw", "command", card, self.pack.commands[card].name)

    def tactic(self, tr: Translate, tactic: Tactic) -> str:
        shown = self.presenter
        return fill(tr("gw.ref.tactic"), {
            "window": tr(f"gw.window.{tactic.window}"), "normal": shown.effect(tr, tactic.normal),
            "cost": shown.amounts(tr, tactic.boost_cost), "boosted": shown.effect(tr, tactic.boosted)})

    def general(self, tr: Translate, general: General) -> str:
        return fill(tr("gw.ref.general"), {"tea": general.tea, "setup": self.presenter.amounts(tr, general.setup),
                                           "ability": self.presenter.ability(tr, general.ability)})

    def advisor(self, tr: Translate, advisor: str) -> str:
        a = self.pack.advisors[advisor]
        return fill(tr("gw.ref.advisor"), {"ability": self.presenter.ability(tr, a.ability), "icons": a.icons})

    def horde(self, tr: Translate, horde: Horde) -> str:
        text = fill(tr("gw.ref.horde"), {"power": horde.power, "honor": horde.honor})
        extra = [fill(tr(f"gw.horde.{k}"), {"value": v}) for k, v in horde.ability.items()]
        return "; ".join([text, *extra])
