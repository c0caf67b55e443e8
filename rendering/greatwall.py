"""The Great Wall board: three wall sections with their hordes, firing spots and rest zones, the ten
locations with clerks and overseers, and a side panel with the command track, Tea order, Honor,
advisors, artifacts, supplies and players. Drawn from the spectator view only: ``view["me"]`` (a
seat's resources, tactics and claimed cards) is never read."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core.game import View
from engine.greatwall.pack import LOCATIONS, PRODUCTION, UNITS, GreatWallPack
from rendering import kit
from rendering.kit import INK, PANEL, PAPER, SEATS, Colour, box, disc, encode, text_centered

WIDTH, HEIGHT = 1400, 1000
HEADER = 58
COLUMN, GAP = 300, 10  # one wall section per column
LEFT = 3 * COLUMN + 4 * GAP  # sections and locations; the side panel takes the rest
SIDE_X = LEFT + 4
CARD_H, CELL_W, CELL_H = 120, 44, 36
HORDES_TOP = HEADER + 6
WALL_TOP = HORDES_TOP + 3 * (CARD_H + 4) + 2
WALL_H, REST_H = 112, 64
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
REWARD = {"wood": "W", "stone": "S", "gold": "G", "chi": "C", "honor": "H", "tactics": "T"}
UNIT = {"spearman": "S", "archer": "A", "horseman": "H"}
SEASONS = {"draft": "Draft", "spring": "Spring", "summer": "Summer", "fall": "Fall", "winter": "Winter",
           "over": "Game over"}
SIDES = ("Left", "Centre", "Right")
ABILITY = {"row1_power": "+{} power in row 1", "barricade_malus": "-{} per barricade",
           "lethality": "+{} lethality", "crowd_power": "+{} per other horde",
           "empty_wall_power": "+{} if no wall", "lead_power": "+{} to other hordes"}
PER = {"horde": "horde", "overseer_level": "overseer", "wall_built": "wall", "advisor": "advisor",
       "resources3": "3 res."}
LEGEND = "Spots: W wood  S stone  G gold  C chi  H honor  T tactic  X wound  |  soldiers: S spearman  H horseman"


def render_board(view: View, pack: GreatWallPack, names: Sequence[str]) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    letters = kit.seat_letters(names, len(view["players"]))
    _header(draw, view)
    for index, section in enumerate(view["sections"]):
        _section(draw, section, index, pack, letters)
    _locations(draw, view, pack, letters)
    _side(draw, view, pack, names, letters)
    return encode(image)


# --- names and tokens -------------------------------------------------------------------------------



def _chip(draw: ImageDraw.ImageDraw, at: tuple[float, float], seat: int, letters: Sequence[str],
          radius: int = 12, label: str | None = None) -> None:
    disc(draw, at, radius, SEATS[seat % len(SEATS)])
    text_centered(draw, at, letters[seat] if label is None else label, radius + 4, fill=WHITE, stroke=INK)




def _counts(units: dict[str, int]) -> str:
    return " ".join(f"{UNIT[u]}{units.get(u, 0)}" for u in UNITS)


# --- header -----------------------------------------------------------------------------------------

def _header(draw: ImageDraw.ImageDraw, view: View) -> None:
    box(draw, (6, 4, WIDTH - 6, HEADER - 2), PANEL)
    season = SEASONS.get(view["season"], str(view["season"]).title())
    kit.text(draw, (18, 12), f"THE GREAT WALL  -  Year {view['year']}  -  {season}", 26)
    _time_track(draw, view, (560, 8))


def _time_track(draw: ImageDraw.ImageDraw, view: View, at: tuple[float, float]) -> None:
    x, y = at
    kit.text(draw, (x, y + 4), "Time", 18)
    kit.text(draw, (x, y + 26), f"leth {view['lethality']}", 15, fill=DANGER)
    for i, (hordes, lethality) in enumerate(view["time_track"]):
        left = x + 64 + i * 112
        current = i == view["time"]
        draw.rounded_rectangle((left, y, left + 104, y + 42), radius=6, fill=(255, 236, 150) if current else PAPER,
                               outline=INK, width=4 if current else 1)
        text_centered(draw, (left + 52, y + 12), f"+{hordes} hordes", 15)
        text_centered(draw, (left + 52, y + 30), f"lethality {lethality}", 15)
    if view.get("next_invasion") is not None:
        kit.text(draw, (x + 64 + 5 * 112 + 4, y + 2), "Next horde", 15)
        kit.text(draw, (x + 64 + 5 * 112 + 4, y + 22), f"-> {_side_name(view['next_invasion'])}", 17)


# --- wall sections ----------------------------------------------------------------------------------

def _section(draw: ImageDraw.ImageDraw, section: dict[str, Any], index: int, pack: GreatWallPack,
             letters: Sequence[str]) -> None:
    x = GAP + index * (COLUMN + GAP)
    hordes = section["hordes"]
    for row in range(3):
        top = HORDES_TOP + (2 - row) * (CARD_H + 4)
        rect = (x, top, x + COLUMN, top + CARD_H)
        if row < len(hordes):
            _horde(draw, hordes[row], row, pack, letters, rect)
        else:
            draw.rounded_rectangle(rect, radius=8, outline=(200, 190, 170), width=2)
            text_centered(draw, ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2), f"row {row + 1}: empty", 16,
                          fill=(175, 165, 145))
    _wall(draw, section, index, letters, (x, WALL_TOP, x + COLUMN, WALL_TOP + WALL_H))
    _rest(draw, section, letters, (x, WALL_TOP + WALL_H + 6, x + COLUMN, WALL_TOP + WALL_H + REST_H))


def _horde(draw: ImageDraw.ImageDraw, horde: dict[str, Any], row: int, pack: GreatWallPack,
           letters: Sequence[str], rect: tuple[float, float, float, float]) -> None:
    card = pack.hordes[horde["card"]]
    box(draw, rect, HORDE)
    x, y = rect[0] + 8, rect[1] + 5
    kit.text(draw, (x, y), f"R{row + 1}", 15, fill=SPOT)
    kit.text(draw, (x + 30, y - 1), card.name, 18, fill=WHITE, width=150)
    kit.text(draw, (rect[2] - 8, y - 1), f"Pow {card.power}  Hon {card.honor}", 17, fill=WHITE, anchor="ra")
    grid = (rect[0] + (COLUMN - 6 * CELL_W) / 2, rect[1] + 28)
    _grid(draw, horde, pack, grid)
    _soldiers(draw, horde, letters, grid)
    ability = ", ".join(ABILITY.get(k, k + " {}").format(v) for k, v in sorted(card.ability.items()))
    if ability:
        text_centered(draw, ((rect[0] + rect[2]) / 2, rect[3] - 11), ability, 14, fill=(255, 225, 160))


def _cell(grid: tuple[float, float], spot: int) -> tuple[float, float]:
    return grid[0] + (spot % 6 + 0.5) * CELL_W, grid[1] + (spot // 6 + 0.5) * CELL_H


def _grid(draw: ImageDraw.ImageDraw, horde: dict[str, Any], pack: GreatWallPack, grid: tuple[float, float]) -> None:
    card = pack.hordes[horde["card"]]
    draw.rectangle((grid[0], grid[1], grid[0] + 6 * CELL_W, grid[1] + 2 * CELL_H), fill=(100, 42, 32))
    for spot in card.spots:
        centre = _cell(grid, spot)
        wounded = spot in horde["wounds"]
        disc(draw, centre, CELL_H / 2 - 2, WOUND if wounded else SPOT, width=1)
        if wounded:
            _cross(draw, centre, 10)
        elif spot in horde["free"] and spot in card.rewards:
            text_centered(draw, centre, REWARD.get(card.rewards[spot], "?"), 18)


def _cross(draw: ImageDraw.ImageDraw, at: tuple[float, float], size: float) -> None:
    x, y = at
    draw.line((x - size, y - size, x + size, y + size), fill=INK, width=4)
    draw.line((x - size, y + size, x + size, y - size), fill=INK, width=4)


def _soldiers(draw: ImageDraw.ImageDraw, horde: dict[str, Any], letters: Sequence[str],
              grid: tuple[float, float]) -> None:
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
        label = UNIT.get(soldier["unit"], "?") + letters[seat]
        text_centered(draw, (cx, cy), label, 15, fill=WHITE, stroke=INK)


def _wall(draw: ImageDraw.ImageDraw, section: dict[str, Any], index: int, letters: Sequence[str],
          rect: tuple[float, float, float, float]) -> None:
    x0, y0, x1, _ = rect
    _battlements(draw, section["wall"], rect)
    kit.text(draw, (x0 + 10, y0 + 14), f"{_side_name(index)}  -  wall {section['wall']}/3", 18)
    defence, power = section["defence"], section["power"]
    breach = power > defence
    if breach:
        kit.text(draw, (x1 - 10, y0 + 16), "BREACH RISK", 16, fill=DANGER, anchor="ra")
    kit.text(draw, (x0 + 10, y0 + 36), f"Defence {defence}  vs  Power {power}", 20, fill=DANGER if breach else SAFE)
    kit.text(draw, (x0 + 10, y0 + 62), "Barricades", 15)
    for i in range(3):
        left = x0 + 96 + i * 24
        draw.rectangle((left, y0 + 62, left + 18, y0 + 78), fill=BARRICADE if i < section["barricades"] else STONE,
                       outline=INK, width=1)
    kit.text(draw, (x0 + 180, y0 + 62), f"{section['barricades']}/3", 15)
    kit.text(draw, (x0 + 10, y0 + 86), "Firing", 15)
    firing = section["firing"]
    for i in range(max(section["firing_spots"], len(firing))):
        centre = (x0 + 80 + i * 30, y0 + 94)
        if i < len(firing):
            _chip(draw, centre, firing[i], letters)
        else:
            disc(draw, centre, 12, STONE, width=2)
    kit.text(draw, (x1 - 10, y0 + 86), f"{len(firing)}/{section['firing_spots']} archers", 15, anchor="ra")


def _side_name(index: int) -> str:
    return SIDES[index] if 0 <= index < len(SIDES) else f"Section {index + 1}"


def _battlements(draw: ImageDraw.ImageDraw, level: int, rect: tuple[float, float, float, float]) -> None:
    x0, y0, x1, y1 = rect
    fill = (205, 200, 190) if level == 0 else STONE
    draw.rectangle((x0, y0 + 10, x1, y1), fill=fill, outline=INK, width=2)
    step = COLUMN / 10
    for i in range(0, 10, 2) if level else ():
        draw.rectangle((x0 + i * step + step / 2, y0, x0 + (i + 1) * step + step / 2, y0 + 10), fill=fill,
                       outline=INK, width=2)


def _rest(draw: ImageDraw.ImageDraw, section: dict[str, Any], letters: Sequence[str],
          rect: tuple[float, float, float, float]) -> None:
    x0, y0, _, _ = rect
    draw.rounded_rectangle(rect, radius=8, fill=(225, 218, 200), outline=MUTED, width=1)
    kit.text(draw, (x0 + 8, y0 + 8), "Rest", 16, fill=MUTED)
    rest = sorted(section["rest"].items(), key=lambda item: int(item[0]))
    if not rest:
        kit.text(draw, (x0 + 56, y0 + 8), "empty", 16, fill=MUTED)
    for i, (seat, units) in enumerate(rest):
        x, y = x0 + 52 + (i % 2) * 124, y0 + 6 + (i // 2) * 25
        _chip(draw, (x + 10, y + 11), int(seat), letters, radius=11)
        kit.text(draw, (x + 25, y + 2), _counts(units), 17)


# --- locations --------------------------------------------------------------------------------------

def _locations(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, letters: Sequence[str]) -> None:
    width = (LEFT - 2 * GAP - 4 * 6) / 5
    height = (HEIGHT - PLACES_TOP - 34) / 2
    order = [loc for loc in LOCATIONS if loc in pack.locations]
    for i, loc in enumerate(order):
        x = GAP + (i % 5) * (width + 6)
        y = PLACES_TOP + (i // 5) * (height + 6)
        _location(draw, view, pack, loc, letters, (x, y, x + width, y + height))
    kit.text(draw, (GAP, HEIGHT - 24), LEGEND, 15, fill=MUTED)


def _location(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, loc: str, letters: Sequence[str],
              rect: tuple[float, float, float, float]) -> None:
    info = pack.locations[loc]
    x0, y0, x1, _ = rect
    box(draw, rect, PANEL if info.regular else (222, 228, 214))
    kit.text(draw, (x0 + 8, y0 + 6), loc.title(), 21)
    detail = f"{info.slots} slots" if info.regular else "open"
    if info.resource:
        detail = f"{info.resource}, {detail}"
    kit.text(draw, (x0 + 8, y0 + 32), detail + (", shame" if info.shame else ""), 15, fill=MUTED, width=x1 - x0 - 12)
    clerks = view["clerks"].get(loc, [])
    rows = 1 if loc in PRODUCTION else int((rect[3] - y0 - 50) // 26)
    for i, seat in enumerate(clerks[:6 * rows]):
        _chip(draw, (x0 + 20 + (i % 6) * 26, y0 + 62 + (i // 6) * 26), seat, letters)
    if len(clerks) > 6 * rows:
        kit.text(draw, (x1 - 8, y0 + 6), f"{len(clerks)} clerks", 14, anchor="ra")
    if loc in PRODUCTION:
        _overseers(draw, view["overseers"].get(loc, {}), letters, (x0 + 8, y0 + 94))


def _overseers(draw: ImageDraw.ImageDraw, overseers: dict[str, dict[str, Any]], letters: Sequence[str],
               at: tuple[float, float]) -> None:
    x, y = at
    kit.text(draw, (x, y), "Overseers" if overseers else "Overseers: none", 15, fill=MUTED)
    for i, (seat, info) in enumerate(sorted(overseers.items(), key=lambda item: int(item[0]))):
        cx, cy = x + (i % 2) * 82, y + 18 + (i // 2) * 22
        _chip(draw, (cx + 10, cy + 10), int(seat), letters, radius=10)
        kit.text(draw, (cx + 24, cy), f"L{info['level']} {UNIT.get(info['unit'], '?')}", 18)


# --- side panel -------------------------------------------------------------------------------------

def _side(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, names: Sequence[str],
          letters: Sequence[str]) -> None:
    x0, x1 = SIDE_X, WIDTH - 8
    box(draw, (x0, HEADER + 4, x1, HEIGHT - 6), PANEL)
    x = x0 + 12
    y = _command_track(draw, view, pack, letters, (x, HEADER + 12))
    y = _tea(draw, view, letters, (x, y + 8))
    y = _honor_track(draw, view, letters, (x, y + 6), x1 - x - 14)
    y = _market(draw, view, pack, (x, y + 6), x1 - x - 12)
    y = _supplies(draw, view, (x, y + 6))
    _players(draw, view, pack, names, letters, (x0 + 6, y + 8, x1 - 6, HEIGHT - 12))


def _command_track(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, letters: Sequence[str],
                   at: tuple[float, float]) -> float:
    x, y = at
    kit.text(draw, (x, y), "Command track", 19)
    discards = [c["seat"] for c in view["command_discard"]]
    counts = "  ".join(f"{letters[s]}{discards.count(s)}" for s in sorted(set(discards)))
    kit.text(draw, (x + 170, y + 3), f"discard: {counts or 'none'}", 15, fill=MUTED)
    for i, slot in enumerate(view["track"]):
        top = y + 26 + i * 27
        kit.text(draw, (x + 4, top + 3), f"{i + 1}.", 17)
        if slot is None:
            kit.text(draw, (x + 56, top + 3), "-", 17, fill=MUTED)
            continue
        _chip(draw, (x + 38, top + 12), slot["seat"], letters)
        command = pack.commands.get(slot["card"])
        acting = view["active"] == slot["seat"]
        name = command.name if command else slot["card"]
        kit.text(draw, (x + 56, top + 2), name + ("   < acting" if acting else ""), 18)
    return y + 26 + len(view["track"]) * 27


def _tea(draw: ImageDraw.ImageDraw, view: View, letters: Sequence[str], at: tuple[float, float]) -> float:
    x, y = at
    kit.text(draw, (x, y + 2), "Tea order", 19)
    for i, seat in enumerate(view["tea"]):
        cx = x + 122 + i * 44
        _chip(draw, (cx, y + 13), seat, letters, radius=13)
        if i:
            text_centered(draw, (cx - 22, y + 13), ">", 17)
    kit.text(draw, (x + 122 + len(view["tea"]) * 44 - 10, y + 4), "(top first)", 15, fill=MUTED)
    return y + 30


def _honor_track(draw: ImageDraw.ImageDraw, view: View, letters: Sequence[str], at: tuple[float, float],
                 width: float) -> float:
    x, y = at
    kit.text(draw, (x, y), "Honor", 19)
    honors = {p["seat"]: p["honor"] for p in view["players"]}
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
        _chip(draw, (cx, line_y - 18), seat, letters, radius=10)
    return line_y + 24


def _market(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, at: tuple[float, float],
            width: float) -> float:
    x, y = at
    kit.text(draw, (x, y), "Advisors", 19)
    half = width / 2
    if not view["queue"]:
        kit.text(draw, (x + 110, y + 3), "none face up", 16, fill=MUTED)
    for i, advisor in enumerate(view["queue"]):
        name = pack.advisors[advisor].name if advisor in pack.advisors else advisor
        kit.text(draw, (x + (i % 2) * half, y + 24 + (i // 2) * 20), f"{i + 1}. {name}", 16, width=half - 6)
    y += 24 + (len(view["queue"]) + 1) // 2 * 20 + 6
    kit.text(draw, (x, y), "Artifacts", 19)
    for i, artifact in enumerate(view["artifacts"]):
        info = pack.artifacts.get(artifact)
        text = f"{info.name} ({info.honor}/{PER.get(info.per, info.per)})" if info else artifact
        kit.text(draw, (x + (i % 2) * half, y + 24 + (i // 2) * 20), text, 15, width=half - 6)
    return y + 24 + (len(view["artifacts"]) + 1) // 2 * 20


def _supplies(draw: ImageDraw.ImageDraw, view: View, at: tuple[float, float]) -> float:
    x, y = at
    ware = view["warehouse"]
    kit.text(draw, (x, y), "Warehouse  " + "  ".join(f"{REWARD[r]}{ware.get(r, 0)}" for r in ("wood", "stone", "gold",
                                                                                             "chi")), 17)
    kit.text(draw, (x + 230, y), f"Shame {view['shame_supply']}  (boxed {view['shame_boxed']})", 17)
    decks = view["decks"]
    kit.text(draw, (x, y + 22), f"Decks: hordes {decks['hordes']}  tactics {decks['tactics']}  "
                             f"advisors {decks['advisors']}", 15, fill=MUTED)
    return y + 42


def _players(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, names: Sequence[str],
             letters: Sequence[str], rect: tuple[float, float, float, float]) -> None:
    x0, y0, x1, y1 = rect
    players = view["players"]
    height = (y1 - y0) / max(1, len(players))
    for i, player in enumerate(players):
        top = y0 + i * height
        _player(draw, view, pack, player, names, letters, (x0, top, x1, top + height - 4))


def _player(draw: ImageDraw.ImageDraw, view: View, pack: GreatWallPack, player: dict[str, Any],
            names: Sequence[str], letters: Sequence[str], rect: tuple[float, float, float, float]) -> None:
    seat = player["seat"]
    x0, y0, x1, _ = rect
    acting = view["active"] == seat or seat in view.get("waiting", [])
    draw.rounded_rectangle(rect, radius=8, fill=PAPER, outline=SEATS[seat % len(SEATS)], width=4 if acting else 2)
    x, y = x0 + 10, y0 + 6
    _chip(draw, (x + 12, y + 12), seat, letters, radius=13)
    tag = _rank_tag(view, seat)
    kit.text(draw, (x + 32, y + 1), tag + kit.seat_name(names, seat), 20, width=230)
    kit.text(draw, (x1 - 10, y + 1), f"Honor {player['honor']}", 20, anchor="ra")
    general = pack.generals[player["general"]].name if player.get("general") in pack.generals else "(choosing)"
    lines = [f"{general}  -  advisors {len(player['active'])} + {player['support']} support, "
             f"icons {player['icons']}",
             f"Reserve {_counts(player['reserve'])}{_shamed(player['shamed'])}   Clerks {player['clerks']} "
             f"(+{player['clerk_space']} to hire)",
             f"Claimed {len(player['claimed'])} (shame {sum(c['shame'] for c in player['claimed'])})   "
             f"Tactics {player['tactics']}   Hand {len(player['hand'])}   Walls {player['walls_built']}"]
    final = view.get("final", {}).get(str(seat))
    if final:
        lines.append(f"Final {final['total']} = {final['before']} + hordes {final['hordes']} + artifacts "
                     f"{final['artifacts']}, shame {final['shame']}")
    for i, line in enumerate(lines):
        kit.text(draw, (x, y + 28 + i * 19), line, 15, width=x1 - x - 8)


def _shamed(shamed: dict[str, int]) -> str:
    marked = [f"{UNIT[u]}{shamed[u]}" for u in UNITS if shamed.get(u)]
    return f" (shamed {' '.join(marked)})" if marked else ""


def _rank_tag(view: View, seat: int) -> str:
    ranking = view.get("ranking")
    if not ranking or seat not in ranking:
        return "> " if view["active"] == seat else ""
    return f"#{ranking.index(seat) + 1} "


# --- alt text ---------------------------------------------------------------------------------------

def alt_text(view: View, pack: GreatWallPack, names: Sequence[str]) -> str:
    season = SEASONS.get(view["season"], str(view["season"]))
    parts = [f"The Great Wall, year {view['year']}, {season}."]
    for index, section in enumerate(view["sections"]):
        hordes = ", ".join(pack.hordes[h["card"]].name for h in section["hordes"] if h["card"] in pack.hordes)
        parts.append(f"{_side_name(index)}: wall {section['wall']}, defence {section['defence']} vs power "
                     f"{section['power']}{', hordes ' + hordes if hordes else ', no hordes'}.")
    players = "; ".join(f"{kit.seat_name(names, p['seat'])} {p['honor']} honor" for p in view["players"])
    parts.append(f"Players: {players}.")
    tea = ", ".join(kit.seat_name(names, s) for s in view["tea"])
    parts.append(f"Tea order: {tea}.")
    if view.get("ranking"):
        parts.append(f"Winner: {kit.seat_name(names, view['ranking'][0])}.")
    elif view["active"] is not None:
        parts.append(f"Acting: {kit.seat_name(names, view['active'])}.")
    return " ".join(parts)
