"""The Great Wall side panel's lower part: the lines of an expansion's or a scenario's card (Genghis
Khan [IT GK], an Ancient Chronicles scenario [IT AC]) and one box per clan (its General, units,
Clerks, claimed Hordes, final score), with the seat chips and letters the whole board shares. Drawn
from the spectator view only, as the rest of the board (rendering/greatwall.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import ImageDraw

from engine.core.game import View
from engine.core.text import Translate
from engine.greatwall.pack import SOLDIER_UNITS, UNITS, GreatWallPack
from rendering import kit
from rendering.content_names import content_name
from rendering.greatwall_khan import khan_lines
from rendering.greatwall_scenario_panels import scenario_lines
from rendering.greatwall_text import panel
from rendering.kit import INK, PAPER, SEATS, Colour, disc, say, text_centered
from rendering.outcome import competitive

WHITE: Colour = (255, 255, 255)


# --- names and tokens -------------------------------------------------------------------------------

def letter(tr: Translate, thing: str) -> str:
    """The short letter of a resource or a soldier on the board (``?`` for one we do not know)."""
    key = f"board.gw.letter.{thing}"
    word = tr(key)
    return "?" if word == key else word


def chip(draw: ImageDraw.ImageDraw, at: tuple[float, float], seat: int, letters: Sequence[str],
         radius: int = 12, label: str | None = None) -> None:
    disc(draw, at, radius, SEATS[seat % len(SEATS)])
    text_centered(draw, at, letters[seat] if label is None else label, radius + 4, fill=WHITE, stroke=INK)


def counts(units: dict[str, int], tr: Translate) -> str:
    """The base three always; a Bannerman (the Genghis Khan expansion [IT GK]) where there is one."""
    return " ".join(f"{letter(tr, u)}{units.get(u, 0)}" for u in SOLDIER_UNITS if u in UNITS or units.get(u))


# --- an expansion's or a scenario's card -------------------------------------------------------------

def card_lines(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, names: Sequence[str],
               at: tuple[float, float], width: float, tr: Translate) -> float:
    """The card's lines under the supplies; returns where the player boxes start."""
    x, y = at
    if (khan := panel(view, "khan")) is not None:  # the Genghis Khan expansion [IT GK]
        for line in khan_lines(khan, pack, names, tr):
            kit.text(draw, (x, y + 4), line, 15, width=width)
            y += 20
    for line in scenario_lines(view, names, tr):  # an Ancient Chronicles scenario's card [IT AC]
        kit.text(draw, (x, y + 4), line, 15, width=width)
        y += 20
    return y


# --- the player boxes ---------------------------------------------------------------------------------

def players(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, names: Sequence[str],
            letters: Sequence[str], rect: tuple[float, float, float, float], tr: Translate) -> None:
    x0, y0, x1, y1 = rect
    clans = view["players"]
    height = (y1 - y0) / max(1, len(clans))
    for i, player in enumerate(clans):
        top = y0 + i * height
        _player(draw, view, pack, player, names, letters, (x0, top, x1, top + height - 4), tr)


def _player(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, player: dict[str, Any],
            names: Sequence[str], letters: Sequence[str], rect: tuple[float, float, float, float],
            tr: Translate) -> None:
    seat = player["seat"]
    x0, y0, x1, y1 = rect
    acting = view["active"] == seat or seat in view.get("waiting", [])
    draw.rounded_rectangle(rect, radius=8, fill=PAPER, outline=SEATS[seat % len(SEATS)], width=4 if acting else 2)
    x, y = x0 + 10, y0 + 6
    lines = _player_lines(view, pack, player, tr)
    head, pitch, size = _box_layout(y1 - y - 4, len(lines))
    chip(draw, (x + 12, y + 12), seat, letters, radius=13)
    tag = _rank_tag(view, seat)
    kit.text(draw, (x + 32, y + 1), tag + kit.seat_name(names, seat, tr), head - 7, width=230)
    kit.text(draw, (x1 - 10, y + 1), say(tr, "board.gw.honor_value", n=player["honor"]), head - 7, anchor="ra",
             width=x1 - x - 276)
    for i, line in enumerate(lines):
        kit.text(draw, (x, y + head + i * pitch), line, size, width=x1 - x - 8)


def _box_layout(room: float, lines: int) -> tuple[int, float, int]:
    """A player box's name row height, line pitch and text size: they close up when five clans share
    the column (the fifth player [IT 5P]) so that every line stays in its box, the final one too."""
    pitch = min(19.0, (room - 27) / max(1, lines))
    if pitch >= 15:
        return 27, pitch, 15 if pitch >= 18 else 13
    pitch = min(19.0, (room - 22) / max(1, lines))
    return 22, pitch, 12


def _player_lines(view: View, pack: GreatWallPack, player: dict[str, Any], tr: Translate) -> list[str]:
    if player["seat"] == view.get("reed"):  # rules-driven: only its Spearmen and its 3 Clerks vary
        clerks = sum(seats.count(player["seat"]) for seats in view["clerks"].values())
        return [say(tr, "board.gw.reed_line", spearmen=player["reserve"]["spearman"], clerks=clerks)]
    qin = panel(view, "automaton_track") or {}
    if player["seat"] == qin.get("seat"):  # rules-driven: his Location track says where he goes next
        track = " > ".join(tr(f"board.gw.loc.{loc}") for loc in qin["track"])
        lines = [say(tr, "board.gw.qin_track", track=track),
                 say(tr, "board.gw.qin_line", clerks=player["clerks"], spearmen=player["reserve"]["spearman"],
                     hordes=len(player["claimed"]), support=player["support"])]
        final = view.get("final", {}).get(str(player["seat"]))
        return lines + ([say(tr, "board.gw.final", **final)] if final else [])
    general = (content_name(tr, "gw", "general", player["general"], pack.generals[player["general"]].name)
               if player.get("general") in pack.generals else tr("board.gw.choosing"))
    claimed = player["claimed"]
    lines = [say(tr, "board.gw.player_general", general=general, active=len(player["active"]),
                 support=player["support"], icons=player["icons"]),
             say(tr, "board.gw.player_reserve", reserve=counts(player["reserve"], tr),
                 shamed=_shamed(player["shamed"], tr), clerks=player["clerks"], space=player["clerk_space"]),
             say(tr, "board.gw.player_claimed", n=len(claimed), shame=sum(c["shame"] for c in claimed),
                 tactics=player["tactics"], hand=len(player["hand"]), walls=player["walls_built"])]
    final = view.get("final", {}).get(str(player["seat"]))
    if final:
        lines.append(say(tr, "board.gw.final", **final))
    return lines


def _shamed(shamed: dict[str, int], tr: Translate) -> str:
    marked = [f"{letter(tr, u)}{shamed[u]}" for u in UNITS if shamed.get(u)]
    return say(tr, "board.gw.shamed", units=" ".join(marked)) if marked else ""


def _rank_tag(view: View, seat: int) -> str:
    ranking = view.get("ranking")
    if ranking and not competitive(view):  # co-op or solo: won or lost, no ranks
        return ""
    if not ranking or seat not in ranking:
        return "> " if view["active"] == seat else ""
    return f"#{ranking.index(seat) + 1} "
