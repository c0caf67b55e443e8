"""Lords of Xidit presentation: log lines, option labels and the private panel's summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games import Translate, fill
from bot.games.xidit_ref import XiditReference
from bot.reference import Reference
from engine.core.game import Game, View
from engine.core.prompt import Option, Prompt
from engine.xidit.game import XiditGame
from engine.xidit.orders import path
from engine.xidit.pack import UNITS
from rendering.content_names import content_name

_SEAT_ARGS = {"seat", "first"}
_SEAT_LISTS = {"winners", "eliminated", "ranking"}


class XiditPresenter:
    def __init__(self, game: Game) -> None:
        assert isinstance(game, XiditGame)  # the registry pairs each game with its own part
        self.pack = game.pack
        self._reference = XiditReference(game.pack)

    def reference(self) -> Reference:
        return self._reference

    def line(self, tr: Translate, key: str, args: dict[str, Any], names: Sequence[str]) -> str:
        shown = {name: self._arg(tr, name, value, args, names) for name, value in args.items()}
        return fill(tr(key), shown)

    def _arg(self, tr: Translate, name: str, value: Any, args: dict[str, Any],
             names: Sequence[str]) -> str:
        if name in _SEAT_ARGS:
            return str(names[value])
        if name in _SEAT_LISTS:
            return ", ".join(names[s] for s in value) or tr("xidit.nobody")
        if name == "unit":
            return tr(f"xidit.unit.{value}")
        if name == "units":
            return ", ".join(tr(f"xidit.unit.{u}") for u in value)
        if name == "colour":
            return tr(f"xidit.colour.{value}")
        if name == "region":
            region = self.pack.regions[value]
            return content_name(tr, "xi", "region", region.id, region.name)
        if name == "rewards":
            return " + ".join(f"{tr(f'xidit.reward.{r}')} ({args.get(r, '?')})" for r in value)
        if name == "kind":
            return tr(f"xidit.assess.{value}")
        if name in ("values", "shown"):
            return ", ".join(f"{names[int(s)]} {n}" for s, n in value.items())
        if name == "orders":
            return "\n".join(f"**{names[int(s)]}**: " + " · ".join(tr(f"xidit.order.{o}") for o in os)
                             for s, os in value.items())
        if name == "titan":
            return next((content_name(tr, "xi", "titan", t.id, t.name) for t in self.pack.titans if t.id == value),
                        str(value))
        return str(value)

    def option_label(self, tr: Translate, option: Option, names: Sequence[str]) -> str:
        args = dict(option.args)
        if "unit" in args:
            args["unit"] = tr(f"xidit.unit.{args['unit']}")
        if "region" in args:
            region = self.pack.regions[args["region"]]
            name = content_name(tr, "xi", "region", region.id, region.name)
            args["region"] = f"{name} ({region.lyre_high}/{region.lyre_low})"
        if "city" in args:
            city = self.pack.cities[args["city"]]
            args["city"] = f"{args['city']} · {content_name(tr, 'xi', 'city', str(city.id), city.name)}"
        if "titan" in args:
            args["titan"] = self._arg(tr, "titan", args["titan"], {}, names)
        return fill(tr(option.key), args)

    def prompt_text(self, tr: Translate, prompt: Prompt, view: View, names: Sequence[str],
                    draft: Sequence[str | None] = ()) -> str:
        args = dict(prompt.args)
        if "unit" in args:
            args["unit"] = tr(f"xidit.unit.{args['unit']}")
        lines = [fill(tr(prompt.key), args)]
        me = view.get("me")
        if me is not None:
            lines.append(self._screen(tr, view, me))
            if prompt.kind == "program" and draft:
                lines.append(self._route(tr, view, me, draft))
        return "\n".join(lines)

    def screen(self, tr: Translate, view: View, me: dict[str, Any]) -> str:
        return self._screen(tr, view, me)

    def _screen(self, tr: Translate, view: View, me: dict[str, Any]) -> str:
        city = view["players"][me["seat"]]["city"] or "—"
        units = ", ".join(f"{tr(f'xidit.unit.{u}')} {me['units'][u]}" for u in UNITS
                          if me["units"][u]) or "—"
        return fill(tr("xidit.screen"), {
            "city": city, "units": units, "gold": me["gold"], "bards": me["bards_left"],
            "bastion": me["bastion"], "stories": me["stories_left"]})

    def _at(self, tr: Translate, view: View, city: int | None, order: str | None) -> str:
        """What an Action would meet in that city as the board stands now."""
        tile = view["board"].get(str(city)) if order == "act" else None
        if not tile:
            return ""
        side = tile["side"]
        return f" ({tr(f'xidit.tile.{side}')})"

    def _route(self, tr: Translate, view: View, me: dict[str, Any],
               draft: Sequence[str | None]) -> str:
        start = view["players"][me["seat"]]["city"]
        orders = [o or "wait" for o in draft]
        cities = path(self.pack, start, orders)
        steps = [f"{i + 1}. {tr(f'xidit.order.{o}') if o else '…'} → {c}{self._at(tr, view, c, o)}"
                 for i, (o, c) in enumerate(zip(draft, cities, strict=True))]
        return tr("xidit.route") + "\n" + "\n".join(steps)
