"""The Ancient Chronicles scenario card on the Great Wall board [IT AC]: its tracks and markers as
lines, shared by the picture (rendering/greatwall.py) and its alt text (rendering/greatwall_text.py).
The data is the public panel the scenario's view declares (``view["chronicle"]``, kind "chronicle");
each scenario has its own line builder here, keyed by the panel's ``scenario``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.text import Translate
from engine.greatwall.pack import RESOURCES
from rendering import kit
from rendering.kit import say

Lines = Callable[[dict[str, Any], Sequence[str], Translate], list[str]]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _long_winter(card: dict[str, Any], names: Sequence[str], tr: Translate) -> list[str]:
    """The Production value now and the track; who sent which kind to the Emperor."""
    track = " ".join(_signed(n) for n in card["track"])
    sent = "; ".join(f"{tr(f'board.gw.res.{r}')}: "
                     f"{', '.join(kit.seat_name(names, s, tr) for s in card['sent'][r]) or tr('board.none')}"
                     for r in RESOURCES)
    return [say(tr, "board.gw.lw_production", value=_signed(card["production"]), track=track),
            say(tr, "board.gw.lw_sent", sent=sent)]


def _great_famine(card: dict[str, Any], names: Sequence[str], tr: Translate) -> list[str]:
    """The shared cap, each player's Food, the Clerks at the Market (the new Location, drawn here)."""
    food = ", ".join(f"{kit.seat_name(names, int(s), tr)} {n}" for s, n in card["food"].items())
    market = ", ".join(f"{kit.seat_name(names, s, tr)} ×{card['market'].count(s)}"
                       for s in sorted(set(card["market"]))) or tr("board.none")
    lines = [say(tr, "board.gw.gf_cap", cap=card["cap"], loss=card["loss_at"], price=card["price"]),
             say(tr, "board.gw.gf_food", food=food), say(tr, "board.gw.gf_market", clerks=market)]
    return [tr("board.gw.gf_lost"), *lines] if card["cap"] <= card["loss_at"] else lines


LINES: dict[str, Lines] = {"long_winter": _long_winter, "great_famine": _great_famine}


def chronicle_lines(card: dict[str, Any], names: Sequence[str], tr: Translate) -> list[str]:
    lines = LINES.get(str(card.get("scenario")))
    return lines(card, names, tr) if lines else []
