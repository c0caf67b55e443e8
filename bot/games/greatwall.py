"""The Great Wall presentation: log lines, option labels and the private panel's screen summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games import Translate, fill, with_screen
from bot.games.greatwall_ref import GreatWallReference
from bot.reference import Reference
from engine.core.game import Game, View
from engine.core.prompt import Option, Prompt
from engine.greatwall.game import GreatWallGame
from engine.greatwall.pack import QIN_TOKENS, RESOURCES, SOLDIER_UNITS, Ability
from rendering.content_names import content_name
from rendering.greatwall_khan import khan_name

_SEATS = {"seat", "claimant"}
_SEAT_LISTS = {"ranking", "order", "tea"}


def spot_name(spot: int) -> str:
    """Vital spots as a player reads the 2×6 grid: rows A–B, columns 1–6."""
    return f"{'AB'[spot // 6]}{spot % 6 + 1}"


class GreatWallPresenter:
    def __init__(self, game: Game) -> None:
        assert isinstance(game, GreatWallGame)  # the registry pairs each game with its own part
        self.pack = game.pack
        self._reference = GreatWallReference(self)

    def reference(self) -> Reference:
        return self._reference

    # -- log lines ---------------------------------------------------------------------------------
    def line(self, tr: Translate, key: str, args: dict[str, Any], names: Sequence[str]) -> str:
        text = fill(tr(key), {k: self._arg(tr, k, v, names) for k, v in args.items()})
        seat = args.get("seat")
        if isinstance(seat, int) and seat >= len(names) and tr(key).lstrip("*").startswith("{seat}"):
            at = len(text) - len(text.lstrip("*"))  # "the Reed clan …" opens the sentence
            text = text[:at] + text[at:at + 1].upper() + text[at + 1:]
        return text

    @staticmethod
    def clan(tr: Translate, seat: Any, names: Sequence[str]) -> str:
        """A seat's name; the clans after the seats are rules-driven: with one seat (solo) Qin Jiushao
        comes first [ES p.16], then the Reed clan (the last clan in every mode that has it) [ES p.15]."""
        if not isinstance(seat, int):
            return tr("gw.nobody")
        if seat < len(names):
            return names[seat]
        return tr("gw.qin") if len(names) == 1 and seat == 1 else tr("gw.reed")

    def _arg(self, tr: Translate, name: str, value: Any, names: Sequence[str]) -> str:
        if name in _SEATS:
            return self.clan(tr, value, names)
        if name == "payers":  # who paid a Demand; nobody for a board condition the team met
            return ", ".join(names[s] for s in value) or tr("gw.team")
        if name == "team":  # the co-op players still to move, in no order
            return ", ".join(self.clan(tr, s, names) for s in value)
        if name in _SEAT_LISTS:
            return " > ".join(self.clan(tr, s, names) for s in value)
        if name in ("sec", "src", "dst") and isinstance(value, int):
            return tr(f"gw.sec.{value}")
        if name in ("loc", "src", "dst"):
            return tr(f"gw.loc.{value}")
        if name in ("unit", "place") and value in SOLDIER_UNITS:
            return tr(f"gw.unit.{value}")
        if name == "units":
            return ", ".join(tr(f"gw.unit.{u}") for u in value)
        if name in ("gains", "cost", "warehouse_pays", "wanted") and isinstance(value, dict):
            return self.amounts(tr, value)
        if name == "mode" or (name == "place" and value == "card"):
            return tr(f"gw.{name}.{value}")
        if name in ("card",) and (value in self.pack.commands or value in self.pack.solo
                                  or value == self.pack.reed.id):
            return content_name(tr, "gw", "command", value, self.pack.command(value).name)
        if name == "track" and isinstance(value, list):  # Qin's Location track, highest first
            return " > ".join(tr(f"gw.loc.{QIN_TOKENS[t]}") for t in value)
        if name == "advisors" and isinstance(value, list):
            return ", ".join(self.advisor(tr, a) for a in value)
        if name == "picks":
            return "; ".join(f"{self.clan(tr, int(s), names)}: {self._pick(tr, p)}" for s, p in value.items())
        if name == "horde":
            return self.horde(tr, value)
        if name == "resource" and (value in RESOURCES or value == "honor"):
            return tr(f"gw.res.{value}")
        if name == "rat_card":
            return self.rat_card(tr, value)
        if name in ("khan_card", "award", "skills"):  # the Genghis Khan expansion's cards [IT GK]
            return ", ".join(khan_name(tr, self.pack, c) for c in (value if isinstance(value, list) else [value]))
        if name == "demand":
            return self._demand(tr, value) if value in self.pack.demands else str(value)
        if name == "event":
            return self.event(tr, value)
        if name == "won":
            return tr("gw.coop_won" if value else "gw.coop_lost")
        if name == "slots":
            return ", ".join(str(s) for s in value) or "—"
        if name == "tactic":
            return self.tactic_name(tr, value)
        if name == "cards" and isinstance(value, list):  # tactic cards drawn: their names, never ids
            return ", ".join(self.tactic_name(tr, c) if c in self.pack.tactics else str(c) for c in value)
        if name == "advisor":
            return self.advisor(tr, value)
        if name in ("reason", "season"):
            return tr(f"gw.{name}.{value}")
        if name == "reasons":
            return ", ".join(tr(f"gw.end.{r}") for r in value)
        if name == "scores":
            return ", ".join(f"{self.clan(tr, int(s), names)} {v}" for s, v in value.items())
        if name == "killed":
            return "; ".join(f"{self.clan(tr, int(s), names)}: "
                             + ", ".join(f"{n} {tr(f'gw.unit.{u}')}" for u, n in k.items())
                             for s, k in value.items()) or "—"
        if name == "boosted":
            return tr("gw.boosted") if value else tr("gw.normal")
        return str(value)

    def _pick(self, tr: Translate, pick: Any) -> str:
        if isinstance(pick, dict):
            return f"{self.general_name(tr, pick['general'])} + {self.advisor(tr, pick['active'])}"
        known = pick in self.pack.commands or pick in self.pack.solo or pick == self.pack.reed.id
        return content_name(tr, "gw", "command", pick, self.pack.command(pick).name) if known else str(pick)

    # -- names and descriptions --------------------------------------------------------------------
    def amounts(self, tr: Translate, amounts: dict[str, int]) -> str:
        # each count with its noun's plural forms ("2 чести", not "2 Честь": issue 24)
        return " + ".join(fill(tr(f"gw.count.{r}"), {"n": n}) for r, n in amounts.items() if n) or "—"

    def rat_card(self, tr: Translate, card: str) -> str:
        """A Rat card's name and who moves the Rat by it [IT Rat, "Carte Ratto"]."""
        if card not in self.pack.rat_cards:
            return str(card)
        spec = self.pack.rat_cards[card]
        sense = "most" if spec.most else "least"
        name = content_name(tr, "gw", "rat_card", card, spec.name)
        return f"{name} ({tr(f'gw.rat.{sense}.{spec.metric}')})"

    def general_name(self, tr: Translate, general: str) -> str:
        """A General by its catalog name (the fifth player's too [IT 5P step 10])."""
        return content_name(tr, "gw", "general", general, self.pack.generals[general].name)

    def horde(self, tr: Translate, card: str) -> str:
        h = self.pack.hordes[card]
        return f"{content_name(tr, 'gw', 'horde', card, h.name)} ({h.power}/{h.honor})"

    def ability(self, tr: Translate, ability: Ability) -> str:
        if ability.mod:
            unit = tr(f"gw.unit.{ability.unit}") if ability.unit else ""
            resource = tr(f"gw.res.{ability.resource}") if ability.resource else ""
            return fill(tr(f"gw.mod.{ability.mod}"), {"value": ability.value, "unit": unit, "resource": resource})
        if not ability.when:
            return tr("gw.no_ability")
        text = fill(tr(f"gw.when.{ability.when}"), {"gain": self.amounts(tr, ability.gain)})
        return text + (" " + tr("gw.per_icon") if ability.per == "icon" else "")

    def event(self, tr: Translate, event: str) -> str:
        """A co-op Event's name and what it does, from its effect vocabulary (no card text)."""
        e = self.pack.events.get(event)
        if e is None:
            return str(event)
        parts = [fill(tr(f"gw.ev.{k}"), {"v": self.amounts(tr, v) if isinstance(v, dict) else v})
                 for k, v in (*e.instant.items(), *e.passive.items())]
        return f"{content_name(tr, 'gw', 'event', event, e.name)} ({'; '.join(parts)})"

    def _demand(self, tr: Translate, demand: str) -> str:
        return content_name(tr, "gw", "demand", demand, self.pack.demands[demand].name)

    def tactic_name(self, tr: Translate, card: str) -> str:
        return content_name(tr, "gw", "tactic", card, self.pack.tactics[card].name)

    def advisor(self, tr: Translate, advisor: str) -> str:
        a = self.pack.advisors[advisor]
        name = content_name(tr, "gw", "advisor", advisor, a.name)
        return f"{name} [{self.ability(tr, a.ability)}; {'+' * a.icons}]"

    def effect(self, tr: Translate, effect: dict[str, Any]) -> str:
        parts = []
        for k, v in effect.items():
            parts.append(self.amounts(tr, v) if k == "gain" else fill(tr(f"gw.effect.{k}"), {"n": v}))
        return ", ".join(parts)

    # -- panels ------------------------------------------------------------------------------------
    def option_label(self, tr: Translate, option: Option, names: Sequence[str]) -> str:
        args = dict(option.args)
        if "general" in args:
            g = self.pack.generals[args["general"]]
            bar = self.amounts(tr, {r: g.setup.get(r, 0) for r in RESOURCES})
            tactics = g.setup.get("tactics", 0)
            args["general"] = fill(tr("gw.general_offer"), {
                "name": self.general_name(tr, args["general"]), "tea": g.tea, "bar": bar,
                "tactics": fill(tr("gw.count.tactics"), {"n": tactics}),
                "ability": self.ability(tr, g.ability)})
        for key in ("advisor", "other"):
            if key in args:
                args[key] = self.advisor(tr, args[key])
        if "tactic" in args:
            args["tactic"] = self.tactic_name(tr, args["tactic"])
        if "effect" in args:
            args["effect"] = self.effect(tr, args["effect"])
        if "demand" in args:  # an Emperor's Demand: what my part costs, resources or a Sacrifice
            args["demand"] = self._demand(tr, args["demand"])
            units = ", ".join(fill(tr(f"gw.count.{u}"), {"n": n}) for u, n in args.pop("units", {}).items())
            args["units"] = fill(tr("gw.sacrifice"), {"units": units}) if units else ""
            args["cost"] = self.amounts(tr, args["cost"]) if args.get("cost") else ""
            if "short" in args:  # what paying still needs (never what anyone holds)
                lacking = [f"{n} {tr(f'gw.res.{r}')}" for r, n in args["short"].items()]
                lacking += [f"{n} {tr(f'gw.unit.{u}')}" for u, n in args.pop("short_units", {}).items()]
                args["short"] = ", ".join(lacking)
        if "order" in args:
            args["order"] = " > ".join(names[s] if s < len(names) else str(s) for s in args["order"])
        if "cost" in args:
            args["cost"] = self.amounts(tr, args["cost"]) if isinstance(args["cost"], dict) else str(args["cost"])
        if "chi" in args:
            args["chi"] = str(args["chi"])
        for key in ("loc",):
            if key in args:
                args[key] = tr(f"gw.loc.{args[key]}")
        if "unit" in args:
            args["unit"] = tr(f"gw.unit.{args['unit']}")
        if "resource" in args:
            args["resource"] = tr(f"gw.res.{args['resource']}")
        for key in ("sec", "src", "dst"):
            if key in args:  # a section number, or (moving a Reed Clerk) a Location
                args[key] = tr(f"gw.sec.{args[key]}" if isinstance(args[key], int) else f"gw.loc.{args[key]}")
        if "card" in args and isinstance(args["card"], str):
            card = args["card"]
            args["card"] = content_name(tr, "gw", "command", card, self.pack.commands[card].name) \
                if card in self.pack.commands else card
        if "horde" in args:
            args["horde"] = self.horde(tr, args["horde"])
        if "spots" in args:
            args["spots"] = "-".join(spot_name(s) for s in args["spots"])
        if "rewards" in args:
            args["rewards"] = ", ".join(tr(f"gw.res.{r}") for r in args["rewards"]) or tr("gw.no_reward")
        return fill(tr(option.key), args)

    def prompt_text(self, tr: Translate, prompt: Prompt, view: View, names: Sequence[str],
                    draft: Sequence[str | None] = ()) -> str:
        args = {k: self._arg(tr, k, v, names) for k, v in prompt.args.items()}
        return with_screen(self, tr, fill(tr(prompt.key), args), view)

    def screen(self, tr: Translate, view: View, me: dict[str, Any]) -> str:
        """Behind your screen: what only you see, always shown in your panels and in /hand."""
        player = view["players"][me["seat"]]
        tactics = ", ".join(self.tactic_name(tr, t) for t in me["tactics"]) or "—"
        claimed = ", ".join(self.horde(tr, c["card"]) + (f" [{c['shame']}]" if c["shame"] else "")
                            for c in me["claimed"]) or "—"
        reserve = ", ".join(fill(tr(f"gw.count.{u}"), {"n": player["reserve"][u]})  # a Bannerman where held [IT GK]
                            for u in SOLDIER_UNITS if u in player["reserve"])
        return fill(tr("gw.screen"), {"res": self.amounts(tr, me["res"]), "tactics": tactics, "claimed": claimed,
                                      "honor": player["honor"], "reserve": reserve, "clerks": player["clerks"]})
