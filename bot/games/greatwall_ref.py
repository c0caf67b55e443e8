"""The Great Wall's reference: every card's effect in one line, built from the data pack's values
through catalog phrases (so an owner's printed pack is described as loaded), and the rule topics."""

from __future__ import annotations

from typing import Any, Protocol

from bot.games import Translate, fill
from bot.reference import Card
from engine.core.prompt import Option
from engine.greatwall.pack import Ability, Command, General, GreatWallPack, Horde, Tactic


class Wording(Protocol):
    """What the reference borrows from the presenter: the pack and how amounts and abilities read."""

    pack: GreatWallPack

    def amounts(self, tr: Translate, amounts: dict[str, int]) -> str: ...

    def ability(self, tr: Translate, ability: Ability) -> str: ...

    def effect(self, tr: Translate, effect: dict[str, Any]) -> str: ...

    def rat_card(self, tr: Translate, card: str) -> str: ...

# Options naming a card: the option argument that holds its id.
_COMMAND_OPTIONS = {"gw.opt.command", "gw.opt.copy"}
_TACTIC_OPTIONS = {"gw.opt.tactic", "gw.opt.tactic_normal", "gw.opt.tactic_boosted"}
_ADVISOR_OPTIONS = {"gw.opt.active_advisor", "gw.opt.hire_active", "gw.opt.hire_support"}
_LOCATION_OPTIONS = {"gw.opt.activate", "gw.opt.activate_advanced", "gw.opt.to"}  # what a Location does


class GreatWallReference:
    prefix = "gw"
    topics: tuple[str, ...] = ("seasons", "command", "hordes", "shame", "scoring")

    def __init__(self, presenter: Wording) -> None:
        self.presenter = presenter
        self.pack = presenter.pack

    def _stand_in(self, file: str) -> bool:
        return file in self.pack.stand_ins

    def cards(self, tr: Translate) -> list[Card]:
        p, cmd, cards = self.pack, self._stand_in("commands"), self._stand_in("cards")
        out = [Card(c.id, "gw.kind.command", c.name, self.command(tr, c), cmd) for c in p.commands.values()]
        # Qin Jiushao's solo cards share the clan cards' names [ES p.16]; listed as their own kind.
        out += [Card(c.id, "gw.kind.solo_command", c.name, self.command(tr, c), cmd) for c in p.solo.values()]
        out += [Card(t.id, "gw.kind.tactic", t.name, self.tactic(tr, t), cards) for t in p.tactics.values()]
        out += [Card(g.id, "gw.kind.general", g.name, self.general(tr, g), cards) for g in p.generals.values()]
        out += [Card(a.id, "gw.kind.advisor", a.name, self.advisor(tr, a.id), cards) for a in p.advisors.values()]
        out += [Card(h.id, "gw.kind.horde", h.name, self.horde(tr, h), cards) for h in p.hordes.values()]
        out += [Card(a.id, "gw.kind.artifact", a.name, fill(tr(f"gw.art.{a.per}"), {"honor": a.honor}), cards)
                for a in p.artifacts.values()]
        out += [Card(r.id, "gw.kind.rat", r.name, self.presenter.rat_card(tr, r.id), self._stand_in("rat"))
                for r in p.rat_cards.values()]  # the Rat expansion [IT Rat]
        return out

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
                "card": self._command_name(op.get("if_track"))}
        return fill(tr(f"gw.op.{kind}"), args)

    def _command_name(self, card: Any) -> str:
        return self.pack.commands[card].name if card in self.pack.commands else str(card or "")

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
