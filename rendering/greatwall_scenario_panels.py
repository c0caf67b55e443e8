"""The Ancient Chronicles scenarios' public panels on the Great Wall board [IT AC]: one or two
lines each, shared by the picture's side panel (rendering/greatwall_players.py) and its alt text
(rendering/greatwall_text.py). Each reads only the panel its variant declares in the view
(``view["panels"]``); a scenario adds its own function to ``PANELS`` (Long Winter and the Great
Famine share the panel "chronicle", told apart in rendering/greatwall_chronicles.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.game import View
from engine.core.text import Translate
from rendering import kit
from rendering.greatwall_chronicles import chronicle_lines
from rendering.kit import say

Lines = Callable[[dict[str, Any], Sequence[str], Translate], list[str]]


def _clerks(seats: list[int], names: Sequence[str], tr: Translate) -> str:
    """Each clan's Clerks at a place, as "name ×n", in seat order."""
    return ", ".join(f"{kit.seat_name(names, s, tr)} ×{seats.count(s)}" for s in sorted(set(seats))) \
        or tr("board.none")


def emperors_visit(data: dict[str, Any], names: Sequence[str], tr: Translate) -> list[str]:
    """The Emperor's card: the wanted resource and its amount; the Warehouse's Clerks [IT AC]."""
    wanted = say(tr, "board.gw.emperor", resource=tr(f"gw.res.{data['resource']}"), n=data["n"])
    return [wanted, say(tr, "board.gw.emperor_warehouse", clerks=_clerks(list(data["warehouse"]), names, tr))]


def ghost_festival(data: dict[str, Any], names: Sequence[str], tr: Translate) -> list[str]:
    """The Hungry Ghost Festival: the haunted Locations, a count where tokens share one [IT AC]."""
    tokens: list[str] = list(data["haunted"])
    locs = ", ".join(tr(f"board.gw.loc.{loc}") + (f" ×{tokens.count(loc)}" if tokens.count(loc) > 1 else "")
                     for loc in dict.fromkeys(tokens)) or tr("board.none")
    return [say(tr, "board.gw.ghosts", locs=locs)]


def siege(data: dict[str, Any], names: Sequence[str], tr: Translate) -> list[str]:
    """The Fortress of Diaoyu: its Defence, the Shame beside it, the archers inside [IT AC]."""
    inside = ", ".join(kit.seat_name(names, s, tr) for s in data["fortress"]) or tr("board.none")
    return [say(tr, "board.gw.siege", defence=data["defence"], top=data["max"], n=data["siege"]),
            say(tr, "board.gw.siege_archers", archers=inside, n=len(data["fortress"]), spots=data["spots"])]


def turban(data: dict[str, Any], names: Sequence[str], tr: Translate) -> list[str]:
    """The Red Turbans' reference card: this year's Peace or War [IT AC]."""
    return [say(tr, "board.gw.turban", state=tr(f"board.gw.turban.{data['state'] or 'none'}"))]


PANELS: dict[str, Lines] = {"emperors_visit": emperors_visit, "ghost_festival": ghost_festival, "siege": siege,
                            "turban": turban, "chronicle": chronicle_lines}


def scenario_lines(view: View, names: Sequence[str], tr: Translate) -> list[str]:
    """The lines of every scenario panel the view declares."""
    out: list[str] = []
    declared = {p["kind"]: p["data"] for p in view.get("panels", ())}
    for kind, lines in PANELS.items():
        if kind in declared:
            out += lines(dict(view[declared[kind]]), names, tr)
    return out
