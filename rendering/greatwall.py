"""The Great Wall board: three wall sections with their hordes, firing spots and rest zones, the ten
locations with clerks and overseers, and a side panel with the command track, Tea order, Honor,
advisors, artifacts, supplies and players (an expansion's or scenario's card lines and the player
boxes: rendering/greatwall_players.py). Drawn from the spectator view only: ``view["me"]`` (a seat's
resources, tactics and claimed cards) is never read."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core.game import View
from engine.core.text import Translate
from engine.greatwall.pack import LOCATIONS, PRODUCTION, RESOURCES, GreatWallPack
from rendering import kit
from rendering.content_names import content_name
from rendering.greatwall_players import card_lines, chip, counts, letter, players
from rendering.greatwall_text import clan_names, panel, rat_line, season_name, side_name
from rendering.kit import INK, PANEL, PAPER, SEATS, Colour, box, disc, encode, say, text_centered
from rendering.labels import english

WIDTH, HEIGHT = 1400, 1000
HEADER = 58
COLUMN, GAP = 300, 10  # one wall section per column
LEFT = 3 * COLUMN + 4 * GAP  # sections and locations; the side panel takes the rest
SIDE_X = LEFT + 4
CARD_H, CELL_W, CELL_H = 120, 44, 36
HORDES_TOP = HEADER + 6
WALL_TOP = HORDES_TOP + 3 * (CARD_H + 4) + 2
WALL_H, REST_H = 112, 64
NEXT_NOTE = 96  # room for the next-horde note right of the time track
PLACES_TOP = WALL_TOP + WALL_H + REST_H + 14
WHITE: Colour = (255, 255, 255)
MUTED: Colour = (120, 110, 95)
DANGER: Colour = (170, 20, 20)
SAFE: Colour = (20, 110, 50)
STONE: Colour = (176, 170, 158)
HORDE: Colour = (128, 58, 44)
SPOT: Colour = (244, 232, 200)
WOUND: Colour = (150, 150, 150)
BARRICADE: Colour = (140, 95, 45)
# Keys of the labels that depend on a value (every other label's key is written where it is drawn).
ABILITIES = ("row1_power", "barricade_malus", "lethality", "crowd_power", "empty_wall_power", "lead_power")
PER = ("horde", "overseer_level", "wall_built", "advisor", "resources3", "soldier_top_wall")
RAT: Colour = (90, 80, 72)


def render_board(view: View, pack: GreatWallPack, names: Sequence[str], tr: Translate = english) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    names = clan_names(view, names, tr)
    letters = kit.seat_letters(names, len(view["players"]))
    _header(draw, view, tr)
    draw_field(draw, view, pack, letters, tr)
    _side(draw, view, pack, names, letters, tr)
    return encode(image)


def draw_field(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, letters: Sequence[str],
               tr: Translate) -> None:
    """The wall sections with their hordes and the Locations (the board's left part, no header or side
    panel): shared with a seat's own picture (rendering/greatwall_seat.py)."""
    for index, section in enumerate(view["sections"]):
        _section(draw, section, index, pack, letters, tr)
    for index in range(len(view["sections"]), len(view["sections"]) + view.get("blocked", 0)):
        _out_of_play(draw, index, tr)
    if (khan := panel(view, "khan")) is not None:  # his miniature on his Section [IT GK]
        _, _, x1, y1 = section_rect(khan["sec"])  # at the right end of its Rest Zone
        disc(draw, (x1 - 16, y1 - REST_H / 2 + 3), 12, DANGER)
        text_centered(draw, (x1 - 16, y1 - REST_H / 2 + 3), tr("board.gw.khan_mark"), 16, fill=WHITE)
    _locations(draw, view, pack, letters, tr)


def section_rect(index: int) -> tuple[float, float, float, float]:
    """A wall section's column: its three horde rows, its wall and the soldiers resting behind it."""
    x = GAP + index * (COLUMN + GAP)
    return x, HORDES_TOP, x + COLUMN, WALL_TOP + WALL_H + REST_H


def spot_rect(row: int, spot: int, index: int) -> tuple[float, float, float, float]:
    """The cell of ``spot`` on the horde card in ``row`` (0 = the row next to the wall) of a section."""
    x = GAP + index * (COLUMN + GAP)
    top = HORDES_TOP + (2 - row) * (CARD_H + 4)
    cx, cy = _cell((x + (COLUMN - 6 * CELL_W) / 2, top + 28), spot)
    return cx - CELL_W / 2, cy - CELL_H / 2, cx + CELL_W / 2, cy + CELL_H / 2


def location_rects(pack: GreatWallPack) -> dict[str, tuple[float, float, float, float]]:
    """Where each Location's box is drawn (as _locations lays them out)."""
    width = (LEFT - 2 * GAP - 4 * 6) / 5
    height = (HEIGHT - PLACES_TOP - 34) / 2
    order = [loc for loc in LOCATIONS if loc in pack.locations]
    out = {}
    for i, loc in enumerate(order):
        x = GAP + (i % 5) * (width + 6)
        y = PLACES_TOP + (i // 5) * (height + 6)
        out[loc] = (x, y, x + width, y + height)
    return out


def _ability(tr: Translate, key: str, value: object) -> str:
    return say(tr, f"board.gw.ability.{key}", n=value) if key in ABILITIES else f"{key} {value}"


# --- header -----------------------------------------------------------------------------------------

def _header(draw: ImageDraw.ImageDraw, view: View, tr: Translate) -> None:
    box(draw, (6, 4, WIDTH - 6, HEADER - 2), PANEL)
    title = say(tr, "board.gw.title", year=view["year"], season=season_name(tr, view["season"]))
    kit.text(draw, (18, 12), title, 26, width=536)
    _time_track(draw, view, (560, 8), tr)


def _time_track(draw: ImageDraw.ImageDraw, view: View, at: tuple[float, float], tr: Translate) -> None:
    x, y = at
    kit.text(draw, (x, y + 4), tr("board.gw.time"), 18, width=60)
    kit.text(draw, (x, y + 26), say(tr, "board.gw.leth", n=view["lethality"]), 15, fill=DANGER, width=62)
    track = view["time_track"]
    # The boxes share the bar with the next-horde note: 6 years (3 players) are a little narrower.
    pitch = min(112, (WIDTH - 10 - NEXT_NOTE - x - 64) // max(1, len(track)))
    for i, (hordes, lethality) in enumerate(track):
        left = x + 64 + i * pitch
        current = i == view["time"]
        draw.rounded_rectangle((left, y, left + pitch - 8, y + 42), radius=6,
                               fill=(255, 236, 150) if current else PAPER, outline=INK, width=4 if current else 1)
        middle = left + (pitch - 8) / 2
        text_centered(draw, (middle, y + 12), say(tr, "board.gw.time_hordes", n=hordes), 15, width=pitch - 14)
        text_centered(draw, (middle, y + 30), say(tr, "board.gw.time_lethality", n=lethality), 15, width=pitch - 14)
    if view.get("next_invasion") is not None:
        right = x + 64 + len(track) * pitch + 4
        kit.text(draw, (right, y + 2), tr("board.gw.next_horde"), 15, width=WIDTH - 10 - right)
        side = say(tr, "board.gw.next_side", side=side_name(view["next_invasion"], tr))
        kit.text(draw, (right, y + 22), side, 17, width=WIDTH - 10 - right)


# --- wall sections ----------------------------------------------------------------------------------

def _out_of_play(draw: ImageDraw.ImageDraw, index: int, tr: Translate) -> None:
    """A Wall Section out of play at 2 players: 3 Barricades on its Horde spaces, kept all game."""
    x = GAP + index * (COLUMN + GAP)
    rect = (x, HORDES_TOP, x + COLUMN, WALL_TOP + WALL_H + REST_H)
    draw.rounded_rectangle(rect, radius=8, fill=STONE, outline=MUTED, width=2)
    centre = ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)
    for i in range(3):
        left = centre[0] - 40 + i * 28
        draw.rectangle((left, centre[1] - 50, left + 20, centre[1] - 30), fill=BARRICADE, outline=INK, width=1)
    text_centered(draw, centre, tr("board.gw.out_of_play"), 18, fill=INK)


def _section(draw: ImageDraw.ImageDraw, section: dict[str, Any], index: int, pack: GreatWallPack,
             letters: Sequence[str], tr: Translate) -> None:
    x = GAP + index * (COLUMN + GAP)
    hordes = section["hordes"]
    for row in range(3):
        top = HORDES_TOP + (2 - row) * (CARD_H + 4)
        rect = (x, top, x + COLUMN, top + CARD_H)
        if row < len(hordes):
            _horde(draw, hordes[row], row, pack, letters, rect, tr)
        else:
            draw.rounded_rectangle(rect, radius=8, outline=(200, 190, 170), width=2)
            centre = ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)
            text_centered(draw, centre, say(tr, "board.gw.row_empty", n=row + 1), 16, fill=(175, 165, 145))
    _wall(draw, section, index, letters, (x, WALL_TOP, x + COLUMN, WALL_TOP + WALL_H), tr)
    _rest(draw, section, letters, (x, WALL_TOP + WALL_H + 6, x + COLUMN, WALL_TOP + WALL_H + REST_H), tr)


def _horde(draw: ImageDraw.ImageDraw, horde: dict[str, Any], row: int, pack: GreatWallPack,
           letters: Sequence[str], rect: tuple[float, float, float, float], tr: Translate) -> None:
    card = pack.hordes[horde["card"]]
    box(draw, rect, HORDE)
    x, y = rect[0] + 8, rect[1] + 5
    kit.text(draw, (x, y), say(tr, "board.gw.row", n=row + 1), 15, fill=SPOT)
    kit.text(draw, (x + 30, y - 1), content_name(tr, "gw", "horde", horde["card"], card.name), 18, fill=WHITE,
             width=140)
    stats = say(tr, "board.gw.horde_stats", power=card.power, honor=card.honor)
    kit.text(draw, (rect[2] - 8, y - 1), stats, 17, fill=WHITE, anchor="ra", width=COLUMN - 186)
    grid = (rect[0] + (COLUMN - 6 * CELL_W) / 2, rect[1] + 28)
    _grid(draw, horde, pack, grid, tr)
    _soldiers(draw, horde, letters, grid, tr)
    ability = ", ".join(_ability(tr, k, v) for k, v in sorted(card.ability.items()))
    if ability:
        text_centered(draw, ((rect[0] + rect[2]) / 2, rect[3] - 11), ability, 14, fill=(255, 225, 160),
                      width=COLUMN - 12)


def _cell(grid: tuple[float, float], spot: int) -> tuple[float, float]:
    return grid[0] + (spot % 6 + 0.5) * CELL_W, grid[1] + (spot // 6 + 0.5) * CELL_H


def _grid(draw: ImageDraw.ImageDraw, horde: dict[str, Any], pack: GreatWallPack, grid: tuple[float, float],
          tr: Translate) -> None:
    card = pack.hordes[horde["card"]]
    draw.rectangle((grid[0], grid[1], grid[0] + 6 * CELL_W, grid[1] + 2 * CELL_H), fill=(100, 42, 32))
    for spot in card.spots:
        centre = _cell(grid, spot)
        wounded = spot in horde["wounds"]
        disc(draw, centre, CELL_H / 2 - 2, WOUND if wounded else SPOT, width=1)
        if wounded:
            _cross(draw, centre, 10)
        elif spot in horde["free"] and spot in card.rewards:
            text_centered(draw, centre, letter(tr, card.rewards[spot]), 18)


def _cross(draw: ImageDraw.ImageDraw, at: tuple[float, float], size: float) -> None:
    x, y = at
    draw.line((x - size, y - size, x + size, y + size), fill=INK, width=4)
    draw.line((x - size, y + size, x + size, y - size), fill=INK, width=4)


def _soldiers(draw: ImageDraw.ImageDraw, horde: dict[str, Any], letters: Sequence[str],
              grid: tuple[float, float], tr: Translate) -> None:
    for soldier in horde["soldiers"]:
        seat, spots = soldier["seat"], soldier["spots"]
        colour = SEATS[seat % len(SEATS)]
        centres = [_cell(grid, s) for s in spots]
        if len(centres) == 2:
            (ax, ay), (bx, by) = centres
            r = CELL_H / 2 - 3
            draw.rounded_rectangle((min(ax, bx) - r, min(ay, by) - r, max(ax, bx) + r, max(ay, by) + r),
                                   radius=int(r), fill=colour, outline=INK, width=2)
        else:
            disc(draw, centres[0], CELL_H / 2 - 3, colour)
        cx = sum(c[0] for c in centres) / len(centres)
        cy = sum(c[1] for c in centres) / len(centres)
        label = letter(tr, soldier["unit"]) + letters[seat]
        text_centered(draw, (cx, cy), label, 15, fill=WHITE, stroke=INK)


def _wall(draw: ImageDraw.ImageDraw, section: dict[str, Any], index: int, letters: Sequence[str],
          rect: tuple[float, float, float, float], tr: Translate) -> None:
    x0, y0, x1, _ = rect
    _battlements(draw, section["wall"], rect)
    title = say(tr, "board.gw.wall_title", side=side_name(index, tr), level=section["wall"])
    defence, power = section["defence"], section["power"]
    breach = power > defence
    warning = kit.fit(tr("board.gw.breach_risk"), 16, 130) if breach else ""
    kit.text(draw, (x0 + 10, y0 + 14), title, 18, width=COLUMN - 28 - kit.length(warning, 16))
    if breach:
        kit.text(draw, (x1 - 10, y0 + 16), warning, 16, fill=DANGER, anchor="ra")
    kit.text(draw, (x0 + 10, y0 + 36), say(tr, "board.gw.defence_power", defence=defence, power=power), 20,
             fill=DANGER if breach else SAFE, width=COLUMN - 20)
    kit.text(draw, (x0 + 10, y0 + 62), tr("board.gw.barricades"), 15, width=84)
    for i in range(3):
        left = x0 + 96 + i * 24
        draw.rectangle((left, y0 + 62, left + 18, y0 + 78), fill=BARRICADE if i < section["barricades"] else STONE,
                       outline=INK, width=1)
    kit.text(draw, (x0 + 180, y0 + 62), f"{section['barricades']}/3", 15)
    kit.text(draw, (x0 + 10, y0 + 86), tr("board.gw.firing"), 15, width=56)
    firing = section["firing"]
    for i in range(max(section["firing_spots"], len(firing))):
        centre = (x0 + 80 + i * 30, y0 + 94)
        if i < len(firing):
            chip(draw, centre, firing[i], letters)
        else:
            disc(draw, centre, 12, STONE, width=2)
    archers = say(tr, "board.gw.archers", n=len(firing), spots=section["firing_spots"])
    kit.text(draw, (x1 - 10, y0 + 86), archers, 15, anchor="ra", width=100)


def _battlements(draw: ImageDraw.ImageDraw, level: int, rect: tuple[float, float, float, float]) -> None:
    x0, y0, x1, y1 = rect
    fill = (205, 200, 190) if level == 0 else STONE
    draw.rectangle((x0, y0 + 10, x1, y1), fill=fill, outline=INK, width=2)
    step = COLUMN / 10
    for i in range(0, 10, 2) if level else ():
        draw.rectangle((x0 + i * step + step / 2, y0, x0 + (i + 1) * step + step / 2, y0 + 10), fill=fill,
                       outline=INK, width=2)


def _rest(draw: ImageDraw.ImageDraw, section: dict[str, Any], letters: Sequence[str],
          rect: tuple[float, float, float, float], tr: Translate) -> None:
    x0, y0, _, _ = rect
    draw.rounded_rectangle(rect, radius=8, fill=(225, 218, 200), outline=MUTED, width=1)
    kit.text(draw, (x0 + 8, y0 + 8), tr("board.gw.rest"), 16, fill=MUTED, width=44)
    rest = sorted(section["rest"].items(), key=lambda item: int(item[0]))
    if not rest:
        kit.text(draw, (x0 + 56, y0 + 8), tr("board.gw.empty"), 16, fill=MUTED)
    for i, (seat, units) in enumerate(rest):
        x, y = x0 + 52 + (i % 2) * 124, y0 + 6 + (i // 2) * 25
        chip(draw, (x + 10, y + 11), int(seat), letters, radius=11)
        kit.text(draw, (x + 25, y + 2), counts(units, tr), 17, width=96)


# --- locations --------------------------------------------------------------------------------------

def _locations(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, letters: Sequence[str],
               tr: Translate) -> None:
    width = (LEFT - 2 * GAP - 4 * 6) / 5
    height = (HEIGHT - PLACES_TOP - 34) / 2
    order = [loc for loc in LOCATIONS if loc in pack.locations]
    for i, loc in enumerate(order):
        x = GAP + (i % 5) * (width + 6)
        y = PLACES_TOP + (i // 5) * (height + 6)
        _location(draw, view, pack, loc, letters, (x, y, x + width, y + height), tr)
    kit.text(draw, (GAP, HEIGHT - 24), _legend(view, tr), 15, fill=MUTED, width=LEFT - 2 * GAP)


def _legend(view: View, tr: Translate) -> str:
    """The letters on the board; an expansion's too where it is played: the Bannerman and the Khan's
    miniature (Genghis Khan [IT GK]), the Rat's miniature [IT Rat]."""
    extra = []
    if panel(view, "khan") is not None:
        extra += [say(tr, "board.gw.legend.bannerman", letter=tr("board.gw.letter.bannerman")),
                  say(tr, "board.gw.legend.khan", mark=tr("board.gw.khan_mark"))]
    if panel(view, "rat") is not None:
        extra.append(say(tr, "board.gw.legend.rat", mark=tr("board.gw.rat_mark")))
    return "  ".join([tr("board.gw.legend"), *extra])


def _location(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, loc: str, letters: Sequence[str],
              rect: tuple[float, float, float, float], tr: Translate) -> None:
    info = pack.locations[loc]
    x0, y0, x1, _ = rect
    box(draw, rect, PANEL if info.regular else (222, 228, 214))
    name = tr(f"board.gw.loc.{loc}") if loc in LOCATIONS else loc.title()
    kit.text(draw, (x0 + 8, y0 + 6), name, 21, width=x1 - x0 - 12)
    kit.text(draw, (x0 + 8, y0 + 32), _detail(info.regular, info.slots, info.resource, info.shame, tr), 15,
             fill=MUTED, width=x1 - x0 - 12)
    clerks = view["clerks"].get(loc, [])
    rows = 1 if loc in PRODUCTION else int((rect[3] - y0 - 50) // 26)
    for i, seat in enumerate(clerks[:6 * rows]):
        chip(draw, (x0 + 20 + (i % 6) * 26, y0 + 62 + (i // 6) * 26), seat, letters)
    if len(clerks) > 6 * rows:
        kit.text(draw, (x1 - 8, y0 + 6), say(tr, "board.gw.clerks", n=len(clerks)), 14, anchor="ra")
    if loc in PRODUCTION:
        _overseers(draw, view["overseers"].get(loc, {}), letters, (x0 + 8, y0 + 94), tr)
    if (panel(view, "rat") or {}).get("loc") == loc:  # the Rat's miniature (the Rat expansion [IT Rat])
        disc(draw, (x1 - 16, y0 + 17), 11, RAT)
        text_centered(draw, (x1 - 16, y0 + 17), tr("board.gw.rat_mark"), 15, fill=WHITE)


def _detail(regular: bool, slots: int, resource: str | None, shame: bool, tr: Translate) -> str:
    """A location's second line: what it produces, its slots (or "open"), and whether it shames."""
    parts = [tr(f"board.gw.res.{resource}") if resource in RESOURCES else resource] if resource else []
    parts.append(say(tr, "board.gw.slots", n=slots) if regular else tr("board.gw.open"))
    if shame:
        parts.append(tr("board.gw.shame_tag"))
    return ", ".join(parts)


def _overseers(draw: ImageDraw.ImageDraw, overseers: dict[str, dict[str, Any]], letters: Sequence[str],
               at: tuple[float, float], tr: Translate) -> None:
    x, y = at
    kit.text(draw, (x, y), tr("board.gw.overseers" if overseers else "board.gw.overseers_none"), 15, fill=MUTED)
    # Two to a row; five clans (the fifth player [IT 5P]) take three to a row, so two rows still fit.
    per_row, pitch, size = (2, 82, 18) if len(overseers) <= 4 else (3, 57, 15)
    for i, (seat, info) in enumerate(sorted(overseers.items(), key=lambda item: int(item[0]))):
        cx, cy = x + (i % per_row) * pitch, y + 18 + (i // per_row) * 22
        chip(draw, (cx + 10, cy + 10), int(seat), letters, radius=10)
        kit.text(draw, (cx + 24, cy + (18 - size) / 2),
                 say(tr, "board.gw.overseer", level=info["level"], unit=letter(tr, info["unit"])), size,
                 width=pitch - 26)


# --- side panel -------------------------------------------------------------------------------------

def _side(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, names: Sequence[str],
          letters: Sequence[str], tr: Translate) -> None:
    x0, x1 = SIDE_X, WIDTH - 8
    box(draw, (x0, HEADER + 4, x1, HEIGHT - 6), PANEL)
    x = x0 + 12
    y = _command_track(draw, view, pack, letters, (x, HEADER + 12), tr)
    y = _tea(draw, view, letters, (x, y + 8), tr)
    y = _honor_track(draw, view, letters, (x, y + 6), x1 - x - 14, tr)
    y = _market(draw, view, pack, (x, y + 6), x1 - x - 12, tr)
    y = _supplies(draw, view, (x, y + 6), tr)
    y = card_lines(draw, view, pack, names, (x, y), x1 - x - 12, tr)
    players(draw, view, pack, names, letters, (x0 + 6, y + 8, x1 - 6, HEIGHT - 12), tr)


def _command_track(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, letters: Sequence[str],
                   at: tuple[float, float], tr: Translate) -> float:
    x, y = at
    kit.text(draw, (x, y), tr("board.gw.command_track"), 19, width=164)
    discards = [c["seat"] for c in view["command_discard"]]
    counts = "  ".join(f"{letters[s]}{discards.count(s)}" for s in sorted(set(discards)))
    discard = say(tr, "board.gw.discard", counts=counts or tr("board.none"))
    kit.text(draw, (x + 170, y + 3), discard, 15, fill=MUTED, width=WIDTH - 20 - x - 170)
    for i, slot in enumerate(view["track"]):
        top = y + 26 + i * 27
        kit.text(draw, (x + 4, top + 3), f"{i + 1}.", 17)
        if slot is None:
            kit.text(draw, (x + 56, top + 3), "-", 17, fill=MUTED)
            continue
        chip(draw, (x + 38, top + 12), slot["seat"], letters)
        known = slot["card"] in pack.commands or slot["card"] in pack.solo or slot["card"] == pack.reed.id
        command = pack.command(slot["card"]) if known else None
        acting = view["active"] == slot["seat"]
        name = content_name(tr, "gw", "command", slot["card"], command.name) if command else slot["card"]
        label = say(tr, "board.gw.acting_mark", name=name) if acting else name
        kit.text(draw, (x + 56, top + 2), label, 18, width=WIDTH - 20 - x - 56)
    return y + 26 + len(view["track"]) * 27


def _tea(draw: ImageDraw.ImageDraw, view: View, letters: Sequence[str], at: tuple[float, float],
         tr: Translate) -> float:
    x, y = at
    kit.text(draw, (x, y + 2), tr("board.gw.tea"), 19, width=108)
    for i, seat in enumerate(view["tea"]):
        cx = x + 122 + i * 44
        chip(draw, (cx, y + 13), seat, letters, radius=13)
        if i:
            text_centered(draw, (cx - 22, y + 13), ">", 17)
    after = x + 122 + len(view["tea"]) * 44 - 10
    kit.text(draw, (after, y + 4), tr("board.gw.top_first"), 15, fill=MUTED, width=WIDTH - 20 - after)
    return y + 30


def _honor_track(draw: ImageDraw.ImageDraw, view: View, letters: Sequence[str], at: tuple[float, float],
                 width: float, tr: Translate) -> float:
    x, y = at
    kit.text(draw, (x, y), tr("board.gw.honor"), 19, width=66)
    honors = {p["seat"]: p["honor"] for p in view["players"] if p["seat"] != view.get("reed")}  # Reed has none
    top = max([50, *honors.values()])
    top = (top + 9) // 10 * 10
    left, right, line_y = x + 70, x + width - 10, y + 40
    draw.line((left, line_y, right, line_y), fill=INK, width=3)
    for tick in range(0, top + 1, 10):
        tx = left + (right - left) * tick / top
        draw.line((tx, line_y - 4, tx, line_y + 4), fill=INK, width=2)
        text_centered(draw, (tx, line_y + 14), str(tick), 13, fill=MUTED)
    previous = left - 100.0
    for seat, honor in sorted(honors.items(), key=lambda item: (item[1], item[0])):
        hx = left + (right - left) * max(0, honor) / top
        cx = max(hx, previous + 22)  # equal scores sit side by side, each pointing at its mark
        previous = cx
        draw.line((hx, line_y, cx, line_y - 12), fill=INK, width=2)
        chip(draw, (cx, line_y - 18), seat, letters, radius=10)
    return line_y + 24


def _market(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, at: tuple[float, float],
            width: float, tr: Translate) -> float:
    x, y = at
    kit.text(draw, (x, y), tr("board.gw.advisors"), 19, width=104)
    half = width / 2
    if not view["queue"]:
        kit.text(draw, (x + 110, y + 3), tr("board.gw.none_face_up"), 16, fill=MUTED, width=width - 110)
    for i, advisor in enumerate(view["queue"]):
        name = content_name(tr, "gw", "advisor", advisor, pack.advisors[advisor].name) \
            if advisor in pack.advisors else advisor
        kit.text(draw, (x + (i % 2) * half, y + 24 + (i // 2) * 20), f"{i + 1}. {name}", 16, width=half - 6)
    y += 24 + (len(view["queue"]) + 1) // 2 * 20 + 6
    if (demands := panel(view, "demands")) is not None:  # on the artifact slots (co-op [ES p.18])
        return _demands(draw, demands, pack, (x, y), width, tr)
    kit.text(draw, (x, y), tr("board.gw.artifacts"), 19)
    for i, artifact in enumerate(view["artifacts"]):
        info = pack.artifacts.get(artifact)
        per = (tr(f"board.gw.per.{info.per}") if info.per in PER else info.per) if info else ""
        name = content_name(tr, "gw", "artifact", artifact, info.name) if info else artifact
        text = f"{name} ({info.honor}/{per})" if info else artifact
        kit.text(draw, (x + (i % 2) * half, y + 24 + (i // 2) * 20), text, 15, width=half - 6)
    y += 24 + (len(view["artifacts"]) + 1) // 2 * 20
    if (rat := rat_line(view, pack, tr)) is not None:
        kit.text(draw, (x, y), rat, 16, width=width)
        y += 22
    return y


def _demands(draw: ImageDraw.ImageDraw, coop: dict[str, Any], pack: GreatWallPack, at: tuple[float, float],
             width: float, tr: Translate) -> float:
    """Co-op: the Emperor's Demands on the artifact slots, then every Event in play (never discarded)."""
    x, y = at
    half = width / 2
    if not coop["target"]:  # a survival scenario plays co-op without the Demands [IT AC]
        return _events(draw, coop, pack, (x, y), half, tr)
    kit.text(draw, (x, y), say(tr, "board.gw.demands", n=len(coop["fulfilled"]), target=coop["target"]), 19)
    for i, demand in enumerate(coop["demands"]):
        info = pack.demands.get(demand or "")
        name = content_name(tr, "gw", "demand", demand or "", info.name) if info else tr("board.gw.demand_free")
        text = f"{i + 1}. {name}"
        kit.text(draw, (x + (i % 2) * half, y + 24 + (i // 2) * 20), text, 15, width=half - 6,
                 fill=INK if info else MUTED)
    y += 24 + (len(coop["demands"]) + 1) // 2 * 20
    return _events(draw, coop, pack, (x, y), half, tr)


def _events(draw: ImageDraw.ImageDraw, coop: dict[str, Any], pack: GreatWallPack, at: tuple[float, float],
            half: float, tr: Translate) -> float:
    x, y = at
    if not coop["events"]:
        return y
    kit.text(draw, (x, y), tr("board.gw.events"), 17)
    for i, event in enumerate(coop["events"]):
        name = content_name(tr, "gw", "event", event, pack.events[event].name) if event in pack.events else event
        kit.text(draw, (x + (i % 2) * half, y + 20 + (i // 2) * 18), name, 14, width=half - 6)
    return y + 20 + (len(coop["events"]) + 1) // 2 * 18


def _supplies(draw: ImageDraw.ImageDraw, view: View, at: tuple[float, float], tr: Translate) -> float:
    x, y = at
    ware = view["warehouse"]
    stock = "  ".join(f"{letter(tr, r)}{ware.get(r, 0)}" for r in RESOURCES)
    kit.text(draw, (x, y), say(tr, "board.gw.warehouse", stock=stock), 17, width=226)
    shame = say(tr, "board.gw.shame_supply", n=view["shame_supply"], boxed=view["shame_boxed"])
    kit.text(draw, (x + 230, y), shame, 17, width=WIDTH - 20 - x - 230)
    decks = view["decks"]
    line = say(tr, "board.gw.decks", hordes=decks["hordes"], tactics=decks["tactics"], advisors=decks["advisors"])
    kit.text(draw, (x, y + 22), line, 15, fill=MUTED, width=WIDTH - 20 - x)
    return y + 42


