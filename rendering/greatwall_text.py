"""The Great Wall board's words that the picture and its alt text share (season and side names, the
panels the view declares, the clans' names, the Rat's line), and the alt text itself: what a screen
reader says of the board, from the spectator view only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import OutcomeKind, View
from engine.core.text import Translate
from engine.greatwall.pack import LOCATIONS, GreatWallPack
from rendering import kit
from rendering.content_names import content_name
from rendering.greatwall_khan import khan_lines
from rendering.greatwall_scenario_panels import scenario_lines
from rendering.kit import say
from rendering.labels import english
from rendering.outcome import against_automaton

SEASONS = ("draft", "spring", "summer", "fall", "winter", "over")


def season_name(tr: Translate, season: object) -> str:
    return tr(f"board.gw.season.{season}") if season in SEASONS else str(season).title()


def side_name(index: int, tr: Translate) -> str:
    return tr(f"board.gw.side.{index}") if 0 <= index < 3 else say(tr, "board.gw.side.other", n=index + 1)


def panel(view: View, kind: str) -> dict[str, Any] | None:
    """The data of a panel the view declares (variant.py view_extras: "demands", "automaton_track")."""
    declared = next((p for p in view.get("panels", ()) if p["kind"] == kind), None)
    return None if declared is None else dict(view[declared["data"]])


def clan_names(view: View, names: Sequence[str], tr: Translate) -> list[str]:
    """The seats' names, then the rules-driven clans': Qin Jiushao (solo [ES p.16]), the Reed clan."""
    seats = int(view.get("seats", len(names)))
    qin = (panel(view, "automaton_track") or {}).get("seat")
    return [*names[:seats], *(tr("board.gw.qin" if s == qin else "board.gw.reed")
                              for s in range(seats, len(view["players"])))]


def rat_line(view: View, pack: GreatWallPack, tr: Translate) -> str | None:
    """The Rat's Location and its active card, when the view declares the Rat [IT Rat]."""
    if (rat := panel(view, "rat")) is None:
        return None
    card = content_name(tr, "gw", "rat_card", rat["card"], pack.rat_cards[rat["card"]].name) \
        if rat["card"] in pack.rat_cards else str(rat["card"])
    where = tr(f"board.gw.loc.{rat['loc']}") if rat["loc"] in LOCATIONS else str(rat["loc"] or "—")
    return say(tr, "board.gw.rat", loc=where, card=card)


# --- alt text ---------------------------------------------------------------------------------------

def alt_text(view: View, pack: GreatWallPack, names: Sequence[str], tr: Translate = english) -> str:
    names = clan_names(view, names, tr)
    parts = [say(tr, "board.gw.alt.title", year=view["year"], season=season_name(tr, view["season"]))]
    for index, section in enumerate(view["sections"]):
        hordes = ", ".join(content_name(tr, "gw", "horde", h["card"], pack.hordes[h["card"]].name)
                           for h in section["hordes"] if h["card"] in pack.hordes)
        key = "board.gw.alt.section" if hordes else "board.gw.alt.section_empty"
        parts.append(say(tr, key, side=side_name(index, tr), wall=section["wall"], defence=section["defence"],
                         power=section["power"], hordes=hordes))
    players = "; ".join(say(tr, "board.gw.alt.player", name=kit.seat_name(names, p["seat"], tr), honor=p["honor"])
                        for p in view["players"])
    parts.append(say(tr, "board.gw.alt.players", players=players))
    tea = ", ".join(kit.seat_name(names, s, tr) for s in view["tea"])
    parts.append(say(tr, "board.gw.alt.tea", order=tea))
    if (rat := rat_line(view, pack, tr)) is not None:
        parts.append(f"{rat}.")
    if (khan := panel(view, "khan")) is not None:  # the Genghis Khan expansion [IT GK]
        parts += [f"{line}." for line in khan_lines(khan, pack, names, tr)]
    parts += [f"{line}." for line in scenario_lines(view, names, tr)]  # an Ancient Chronicles scenario [IT AC]
    if (team := panel(view, "demands") or {}).get("won") is not None:  # the team's result (co-op [ES p.19])
        parts.append(tr("board.gw.coop_won" if team["won"] else "board.gw.coop_lost"))
    elif (view.get("outcome") or {}).get("kind") == OutcomeKind.AGAINST_AUTOMATON:
        parts.append(against_automaton(view, names, tr))
    elif view.get("ranking") and (view.get("outcome") or {}).get("winners", [None]):  # nobody won: no winner
        parts.append(say(tr, "board.winner", name=kit.seat_name(names, view["ranking"][0], tr)))
    elif view["active"] is not None:
        parts.append(say(tr, "board.acting", name=kit.seat_name(names, view["active"], tr)))
    return " ".join(parts)

