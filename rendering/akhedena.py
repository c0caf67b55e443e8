"""The Akhedena board: the square grid with its named rows and columns, the kingdoms with their Origin
Points, the Abandoned Fortress and the crown, tunnels, walls, heroes, generals, castles and the dragon,
and a side panel with the Dragon Alert track, the dice, the round, the Kingdom Completion queue and the
players. Quick play has none of the dragon, dice, VP or economy, so its panel shows the round, the crown
and each player's hero, pieces left and army cards instead. Drawn from the public view only; the data
pack is not needed."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.core.game import View
from engine.core.text import Translate
from rendering import kit
from rendering.akhedena_text import (
    army_cards,
    counts_cards,
    crown_text,
    direction_name,
    face_name,
    hero_name,
    holds_crown,
    mode_name,
    pieces_left,
    round_text,
    square_name,
)
from rendering.kit import INK, PANEL, PAPER, SEATS, Colour, box, disc, encode, length, plural, say, text_centered
from rendering.labels import english

WIDTH, HEIGHT = 1400, 1000
BOARD = 1000  # the grid and its edge labels; the side panel takes the rest
SIDE_X = BOARD + 4
WHITE: Colour = (255, 255, 255)
MUTED: Colour = (120, 110, 95)
GROUND: Colour = (236, 228, 204)
LINE: Colour = (190, 178, 152)
STONE: Colour = (196, 190, 178)
GOLD: Colour = (240, 190, 40)
CENTRE: Colour = (250, 232, 165)
TUNNEL: Colour = (62, 46, 36)
ROCK: Colour = (138, 136, 130)
DRAGON: Colour = (40, 22, 52)
FIRE: Colour = (190, 30, 30)
HIGHLIGHT: Colour = (255, 236, 150)
CLASSES = ("infantry", "ranged", "cavalry")
ARROW = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
LEGEND = ("board.ak.legend.1", "board.ak.legend.2", "board.ak.legend.3")

Rect = tuple[float, float, float, float]
Point = tuple[float, float]


@dataclass(frozen=True)
class Grid:
    """Where the squares sit: the board is centred in its area whatever its size (15 or 13)."""

    size: int
    cell: int
    left: int
    top: int

    @classmethod
    def for_size(cls, size: int) -> Grid:
        size = max(1, size)
        cell = (BOARD - 70) // size
        offset = (BOARD - cell * size) // 2
        return cls(size, cell, offset, offset)

    def rect(self, r: int, c: int, inset: float = 0) -> Rect:
        x, y = self.left + c * self.cell, self.top + r * self.cell
        return x + inset, y + inset, x + self.cell - inset, y + self.cell - inset

    def centre(self, r: int, c: int) -> Point:
        return self.left + (c + 0.5) * self.cell, self.top + (r + 0.5) * self.cell

    def span(self, r0: int, c0: int, r1: int, c1: int) -> Rect:
        return self.rect(r0, c0)[:2] + self.rect(r1, c1)[2:]


def render_board(view: View, pack: object, names: Sequence[str], tr: Translate = english) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    letters = kit.seat_letters(names, len(view["players"]))
    draw_grid(draw, view, letters, tr)
    _side(draw, view, names, letters, tr)
    return encode(image)


def draw_grid(draw: ImageDraw.ImageDraw, view: View, letters: Sequence[str], tr: Translate) -> Grid:
    """The square grid and everything on it, with its edge labels (no side panel): the board's
    left part, shared with a seat's own picture (rendering/akhedena_seat.py)."""
    grid = Grid.for_size(view["size"])
    _ground(draw, view, grid)
    _territories(draw, view, grid)
    _fortress(draw, view, grid)
    _tunnels(draw, view, grid)
    _walls(draw, view, grid, letters)
    _board_crown(draw, view, grid, letters)
    _pieces(draw, view, grid, letters, tr)
    if view.get("dragon"):
        r, c = view["dragon"]
        _dragon(draw, grid.centre(r, c), grid.cell * 0.46, tr)
    _edge_labels(draw, grid)
    return grid


# --- names ------------------------------------------------------------------------------------------

def _seat_colour(seat: int) -> Colour:
    return SEATS[seat % len(SEATS)]


def _blend(colour: Colour, base: Colour, amount: float) -> Colour:
    r, g, b = (round(base[i] + (colour[i] - base[i]) * amount) for i in range(3))
    return r, g, b




def _chip(draw: ImageDraw.ImageDraw, at: Point, seat: int, letters: Sequence[str], radius: int = 12) -> None:
    disc(draw, at, radius, _seat_colour(seat))
    label = letters[seat] if 0 <= seat < len(letters) else str(seat + 1)
    text_centered(draw, at, label, radius + 4, fill=WHITE, stroke=INK)


# --- the board --------------------------------------------------------------------------------------

def _ground(draw: ImageDraw.ImageDraw, view: View, grid: Grid) -> None:
    draw.rectangle(grid.span(0, 0, grid.size - 1, grid.size - 1), fill=GROUND)
    for territory in view["territories"]:
        (r0, r1), (c0, c1) = territory["rows"], territory["cols"]
        tint = _blend(_seat_colour(territory["seat"]), GROUND, 0.28)
        draw.rectangle(grid.span(r0, c0, r1, c1), fill=tint)
    if view.get("fortress"):
        draw.rectangle(grid.span(*view["fortress"]), fill=STONE)
    draw.rectangle(grid.rect(*view["centre"]), fill=CENTRE)
    for i in range(grid.size + 1):
        x, y = grid.left + i * grid.cell, grid.top + i * grid.cell
        draw.line((x, grid.top, x, grid.top + grid.size * grid.cell), fill=LINE, width=1)
        draw.line((grid.left, y, grid.left + grid.size * grid.cell, y), fill=LINE, width=1)
    draw.rectangle(grid.span(0, 0, grid.size - 1, grid.size - 1), outline=INK, width=3)


def _territories(draw: ImageDraw.ImageDraw, view: View, grid: Grid) -> None:
    origin_vp = {p["seat"]: p["origin_vp"] for p in view["players"]}
    for territory in view["territories"]:
        seat = territory["seat"]
        (r0, r1), (c0, c1) = territory["rows"], territory["cols"]
        draw.rectangle(grid.span(r0, c0, r1, c1), outline=_seat_colour(seat), width=4)
        _origin(draw, grid, territory["origin"], seat, origin_vp.get(seat, 0))


def _origin(draw: ImageDraw.ImageDraw, grid: Grid, at: Sequence[int], seat: int, vp: int) -> None:
    r, c = at
    colour = _seat_colour(seat)
    draw.rectangle(grid.rect(r, c, 2), fill=_blend(colour, GROUND, 0.6), outline=colour, width=3)
    _star(draw, grid.centre(r, c), grid.cell * 0.42, _blend(WHITE, colour, 0.55))
    # The VP stacked on the Origin Point is what a thief takes, so it stays readable under a piece.
    x0, _, _, y1 = grid.rect(r, c, 3)
    label = str(vp)
    width = length(label, 15) + 8
    draw.rounded_rectangle((x0, y1 - 18, x0 + width, y1), radius=4, fill=INK)
    kit.text(draw, (x0 + 4, y1 - 9), label, 15, fill=WHITE, anchor="lm")


def _star(draw: ImageDraw.ImageDraw, centre: Point, radius: float, fill: Colour) -> None:
    x, y = centre
    points = []
    for i in range(10):
        angle = -math.pi / 2 + i * math.pi / 5
        reach = radius if i % 2 == 0 else radius * 0.45
        points.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
    draw.polygon(points, fill=fill)


def _fortress(draw: ImageDraw.ImageDraw, view: View, grid: Grid) -> None:
    if not view.get("fortress"):
        return
    x0, y0, x1, y1 = grid.span(*view["fortress"])
    draw.rectangle((x0, y0, x1, y1), outline=INK, width=5)
    # Merlons along the top edge say "fortress" without colour.
    step = (x1 - x0) / 9
    for i in range(0, 9, 2):
        draw.rectangle((x0 + i * step, y0 - 7, x0 + (i + 1) * step, y0), fill=INK)


def _tunnels(draw: ImageDraw.ImageDraw, view: View, grid: Grid) -> None:
    for index, (r, c) in enumerate(view["tunnels"]):
        x0, y0, x1, y1 = grid.rect(r, c, grid.cell * 0.14)
        mid = (y0 + y1) / 2
        draw.pieslice((x0, y0, x1, y0 + (x1 - x0)), 180, 360, fill=TUNNEL, outline=ROCK, width=3)
        draw.rectangle((x0, mid, x1, y1), fill=TUNNEL, outline=ROCK, width=3)
        draw.line((x0 + 2, mid, x1 - 2, mid), fill=TUNNEL, width=3)  # one arch, not a dome on a box
        if view.get("rock") == index:
            _rock(draw, grid.centre(r, c), grid.cell * 0.36)


def _rock(draw: ImageDraw.ImageDraw, centre: Point, radius: float) -> None:
    x, y = centre
    shape = ((-1.0, 0.2), (-0.7, -0.6), (-0.1, -0.9), (0.6, -0.7), (1.0, -0.1), (0.8, 0.7), (0.1, 0.9),
             (-0.7, 0.8))
    draw.polygon([(x + dx * radius, y + dy * radius) for dx, dy in shape], fill=ROCK, outline=INK, width=2)
    draw.line((x - radius * 0.4, y - radius * 0.2, x + radius * 0.1, y + radius * 0.3), fill=INK, width=2)


def _walls(draw: ImageDraw.ImageDraw, view: View, grid: Grid, letters: Sequence[str]) -> None:
    for wall in view["walls"]:
        r, c = wall["at"]
        seat = wall["seat"]
        x0, y0, x1, y1 = grid.rect(r, c, 3)
        top, bottom = y0 + grid.cell * 0.22, y1 - grid.cell * 0.22
        draw.rectangle((x0, top, x1, bottom), fill=_seat_colour(seat), outline=INK, width=2)
        mid = (top + bottom) / 2
        draw.line((x0, mid, x1, mid), fill=INK, width=1)
        for i in range(1, 4):  # staggered joints read as bricks
            x = x0 + (x1 - x0) * (i - (0.5 if i % 2 else 0)) / 3.5
            draw.line((x, top if i % 2 else mid, x, mid if i % 2 else bottom), fill=INK, width=1)
        text_centered(draw, ((x0 + x1) / 2, mid), _letter(letters, seat), 18, fill=WHITE, stroke=INK)


def _letter(letters: Sequence[str], seat: int) -> str:
    return letters[seat] if 0 <= seat < len(letters) else str(seat + 1)


def _board_crown(draw: ImageDraw.ImageDraw, view: View, grid: Grid, letters: Sequence[str]) -> None:
    crown = view["crown"]
    if crown.get("castle") is not None:
        return  # drawn on its castle
    r, c = crown["at"]
    x, y = grid.centre(r, c)
    _crown(draw, (x, y), grid.cell * 0.7)
    if crown.get("seat") is not None:
        _chip(draw, (x + grid.cell * 0.3, y + grid.cell * 0.3), crown["seat"], letters, radius=10)


def _crown(draw: ImageDraw.ImageDraw, centre: Point, width: float) -> None:
    x, y = centre
    w, h = width / 2, width * 0.35
    points = [(x - w, y + h), (x - w, y - h), (x - w / 2, y), (x, y - h * 1.2), (x + w / 2, y), (x + w, y - h),
              (x + w, y + h)]
    draw.polygon(points, fill=GOLD, outline=INK, width=2)


def _edge_labels(draw: ImageDraw.ImageDraw, grid: Grid) -> None:
    far = grid.top + grid.size * grid.cell
    margin = grid.left / 2
    for i in range(grid.size):
        x, y = grid.centre(i, i)
        column, row = square_name(0, i)[0], str(i + 1)
        text_centered(draw, (x, margin), column, 20)
        text_centered(draw, (x, far + margin), column, 20)
        text_centered(draw, (margin, y), row, 20)
        text_centered(draw, (far + margin, y), row, 20)


# --- pieces -----------------------------------------------------------------------------------------

def _pieces(draw: ImageDraw.ImageDraw, view: View, grid: Grid, letters: Sequence[str], tr: Translate) -> None:
    squares: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for piece in view["pieces"]:
        squares.setdefault((piece["at"][0], piece["at"][1]), []).append(piece)
    order = {"castle": 0, "general": 1, "hero": 2}
    for (r, c), here in sorted(squares.items()):
        here.sort(key=lambda p: (order.get(p["kind"], 3), p["id"]))
        x, y = grid.centre(r, c)
        for (dx, dy), scale, piece in zip(*_slots(len(here)), here, strict=False):
            _piece(draw, piece, (x + dx * grid.cell, y + dy * grid.cell), grid.cell * 0.4 * scale, letters, tr)


def _slots(count: int) -> tuple[list[Point], list[float]]:
    """Offsets (in squares) and scales for ``count`` pieces sharing one square; four at most are drawn."""
    if count <= 1:
        return [(0.0, 0.0)], [1.0]
    if count == 2:
        return [(-0.2, -0.16), (0.2, 0.2)], [0.7, 0.7]  # diagonal: bigger than side by side
    quarter = [(-0.24, -0.22), (0.24, -0.22), (-0.24, 0.26), (0.24, 0.26)]
    return quarter, [0.52] * 4


def _class_letter(piece: dict[str, Any], tr: Translate, otherwise: str) -> str:
    cls = piece.get("cls") or ""
    return tr(f"board.ak.letter.{cls}") if cls in CLASSES else otherwise


def _piece(draw: ImageDraw.ImageDraw, piece: dict[str, Any], at: Point, radius: float,
           letters: Sequence[str], tr: Translate) -> None:
    seat, kind = piece["seat"], piece["kind"]
    letter = _letter(letters, seat)
    size = max(11, round(radius * 0.85))
    if kind == "hero":
        _hero(draw, at, radius, seat)
        label, label_at = tr("board.ak.letter.hero") + letter, at
    elif kind == "castle":
        _tower(draw, at, radius, seat)
        label, label_at = _class_letter(piece, tr, "") + letter, (at[0], at[1] + radius * 0.2)
    else:
        _shield(draw, at, radius, seat)
        label = _class_letter(piece, tr, tr("board.ak.letter.general")) + letter
        label_at = (at[0], at[1] - radius * 0.2)
    text_centered(draw, label_at, label, size, fill=WHITE, stroke=INK)
    if piece.get("army"):
        _flag(draw, at, radius, len(piece["army"]))
    if piece.get("crown"):
        _crown(draw, (at[0] - radius * 0.5, at[1] - radius * 0.9), radius * 0.9)


def _hero(draw: ImageDraw.ImageDraw, at: Point, radius: float, seat: int) -> None:
    disc(draw, at, radius, _seat_colour(seat))
    disc(draw, at, radius - 4, _seat_colour(seat), outline=WHITE, width=2)  # a double rim sets heroes apart


def _shield(draw: ImageDraw.ImageDraw, at: Point, radius: float, seat: int) -> None:
    x, y = at
    w = radius * 0.88
    points = [(x - w, y - radius * 0.9), (x + w, y - radius * 0.9), (x + w, y + radius * 0.2), (x, y + radius),
              (x - w, y + radius * 0.2)]
    draw.polygon(points, fill=_seat_colour(seat), outline=INK, width=2)


def _tower(draw: ImageDraw.ImageDraw, at: Point, radius: float, seat: int) -> None:
    x, y = at
    w, m = radius * 0.85, radius * 0.85 * 2 / 5
    top, notch, bottom = y - radius, y - radius * 0.62, y + radius
    points = [(x - w, bottom), (x - w, top)]
    for i in range(1, 5):
        low, high = (top, notch) if i % 2 else (notch, top)
        points += [(x - w + i * m, low), (x - w + i * m, high)]
    points += [(x + w, top), (x + w, bottom)]
    draw.polygon(points, fill=_seat_colour(seat), outline=INK, width=2)


def _flag(draw: ImageDraw.ImageDraw, at: Point, radius: float, stripes: int) -> None:
    """A pennant at the top right whose stripes count the army cards the piece leads."""
    x, y = at
    pole = x + radius * 0.55
    top = y - radius * 1.22
    draw.line((pole, y - radius * 0.5, pole, top), fill=INK, width=2)
    right, bottom = pole + radius * 0.7, top + radius * 0.6
    draw.rectangle((pole, top, right, bottom), fill=WHITE, outline=INK, width=1)
    band = (bottom - top) / (2 * stripes + 1)
    for i in range(stripes):
        y0 = top + band * (2 * i + 1)
        draw.rectangle((pole, y0, right, y0 + band), fill=INK)


def _dragon(draw: ImageDraw.ImageDraw, centre: Point, radius: float, tr: Translate) -> None:
    x, y = centre
    points = []
    for i in range(16):
        angle = -math.pi / 2 + i * math.pi / 8
        reach = radius if i % 2 == 0 else radius * 0.62
        points.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
    draw.polygon(points, fill=DRAGON, outline=FIRE, width=3)
    disc(draw, centre, radius * 0.5, FIRE, outline=DRAGON)
    text_centered(draw, centre, tr("board.ak.letter.dragon"), max(12, round(radius * 0.7)), fill=WHITE, stroke=INK)


# --- side panel -------------------------------------------------------------------------------------

def _side(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], letters: Sequence[str],
          tr: Translate) -> None:
    x0, x1 = SIDE_X, WIDTH - 8
    box(draw, (x0, 8, x1, HEIGHT - 8), PANEL)
    x = x0 + 12
    legend_top = HEIGHT - 76
    y = _title(draw, view, (x, 16), tr)
    if counts_cards(view):
        y = _crown_line(draw, view, names, (x, y + 8), x1 - x - 10, tr)
        _players(draw, view, names, letters, (x0 + 6, y + 14, x1 - 6, legend_top - 6), _quick_player, tr, 120.0)
    else:
        y = _alert(draw, view, (x, y + 6), tr)
        y = _dice(draw, view, (x, y + 8), tr)
        y = _crown_line(draw, view, names, (x, y + 8), x1 - x - 10, tr)
        y = _queue(draw, view, letters, (x, y + 6), tr)
        _players(draw, view, names, letters, (x0 + 6, y + 8, x1 - 6, legend_top - 6), _player, tr)
    for i, key in enumerate(LEGEND):
        kit.text(draw, (x, legend_top + i * 19), tr(key), 15, fill=MUTED, width=x1 - x - 8)


def _title(draw: ImageDraw.ImageDraw, view: View, at: Point, tr: Translate) -> float:
    x, y = at
    kit.text(draw, (x, y), tr("board.ak.title"), 28, width=180)
    status = tr("board.game_over") if view.get("over") else round_text(view, tr)
    kit.text(draw, (WIDTH - 22, y + 6), status, 20, anchor="ra", width=WIDTH - 30 - x - 180)
    if counts_cards(view):
        kit.text(draw, (x, y + 35), say(tr, "board.ak.quick_subtitle", seats=view["seats"]), 15,
                 fill=MUTED, width=WIDTH - 30 - x)
    else:
        kit.text(draw, (x, y + 34), say(tr, "board.ak.subtitle", mode=mode_name(view, tr), seats=view["seats"],
                                        target=view["target_vp"]), 16, fill=MUTED, width=WIDTH - 30 - x)
    return y + 56


def _alert(draw: ImageDraw.ImageDraw, view: View, at: Point, tr: Translate) -> float:
    x, y = at
    kit.text(draw, (x, y), tr("board.ak.alert"), 19, width=124)
    alert, spaces = view.get("alert"), view.get("alert_spaces") or 5
    if alert is not None:
        where = say(tr, "board.ak.dragon_space", n=alert + 1, spaces=spaces)
    elif view.get("dragon"):
        where = say(tr, "board.ak.dragon_at", square=square_name(*view["dragon"]))
    else:
        where = tr("board.ak.dragon_waiting")
    kit.text(draw, (x + 130, y + 3), where, 15, fill=FIRE if alert is None else MUTED, width=WIDTH - 30 - x - 130)
    step = min(64, (WIDTH - 30 - x) / spaces)
    for i in range(spaces):
        left, top = x + i * step, y + 26
        last = i == spaces - 1
        draw.rounded_rectangle((left, top, left + step - 6, top + 40), radius=6,
                               fill=(240, 200, 190) if last else PAPER, outline=INK, width=2)
        text_centered(draw, (left + 12, top + 11), str(i + 1), 14, fill=MUTED)
        if alert == i:
            _dragon(draw, (left + (step - 6) / 2, top + 22), 17, tr)
    return y + 70


def _dice(draw: ImageDraw.ImageDraw, view: View, at: Point, tr: Translate) -> float:
    x, y = at
    kit.text(draw, (x, y + 12), tr("board.ak.dice"), 19, width=60)
    dice = view.get("dice")
    if not dice:
        kit.text(draw, (x + 64, y + 14), tr("board.ak.not_rolled"), 16, fill=MUTED, width=WIDTH - 30 - x - 64)
        return y + 44
    faces = [(x + 64, "black"), (x + 112, "steps"), (x + 160, "direction")]
    for left, face in faces:
        box(draw, (left, y, left + 42, y + 42), (45, 40, 40) if face == "black" else WHITE, radius=6)
    _black_face(draw, dice["black"], (x + 85, y + 21), tr)
    text_centered(draw, (x + 133, y + 21), str(dice["steps"]), 24)
    _arrow(draw, dice["direction"], (x + 181, y + 21))
    result = say(tr, "board.ak.dice_result", black=face_name(dice["black"], tr), steps=dice["steps"],
                 direction=direction_name(dice["direction"], tr))
    kit.text(draw, (x + 214, y + 12), result, 16, width=WIDTH - 30 - x - 214)
    return y + 46


def _black_face(draw: ImageDraw.ImageDraw, face: str, centre: Point, tr: Translate) -> None:
    if face == "dragon":
        _dragon(draw, centre, 16, tr)
    elif face == "stone":
        _rock(draw, centre, 12)


def _arrow(draw: ImageDraw.ImageDraw, direction: str, centre: Point) -> None:
    x, y = centre
    dx, dy = ARROW.get(direction, (0, 0))
    if not (dx or dy):
        text_centered(draw, centre, direction, 20)
        return
    tip, tail = (x + dx * 13, y + dy * 13), (x - dx * 13, y - dy * 13)
    draw.line((tail, tip), fill=INK, width=4)
    side = (-dy * 7, dx * 7)
    back = (tip[0] - dx * 9, tip[1] - dy * 9)
    draw.polygon([tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])], fill=INK)


def _crown_line(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], at: Point, width: float,
                tr: Translate) -> float:
    x, y = at
    _crown(draw, (x + 14, y + 11), 26)
    kit.text(draw, (x + 36, y + 2), crown_text(view, names, tr), 17, width=width - 36)
    return y + 26


def _queue(draw: ImageDraw.ImageDraw, view: View, letters: Sequence[str], at: Point, tr: Translate) -> float:
    x, y = at
    kit.text(draw, (x, y + 4), tr("board.ak.queue"), 19, width=190)
    queue = view.get("queue") or []
    if not queue:
        kit.text(draw, (x + 196, y + 7), tr("board.ak.nobody"), 16, fill=MUTED, width=WIDTH - 30 - x - 196)
    for i, seat in enumerate(queue):
        cx = x + 210 + i * 40
        _chip(draw, (cx, y + 14), seat, letters, radius=13)
        label = say(tr, "board.ak.queue_first", n=1) if i == 0 else str(i + 1)
        text_centered(draw, (cx, y + 36), label, 12, fill=MUTED)
    return y + 44


PlayerBox = Callable[[ImageDraw.ImageDraw, View, dict[str, Any], Sequence[str], Sequence[str], Rect, Translate],
                     None]


def _players(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], letters: Sequence[str],
             rect: Rect, one: PlayerBox, tr: Translate, tallest: float = 160.0) -> None:
    x0, y0, x1, y1 = rect
    players = view["players"]
    height = min(tallest, (y1 - y0) / max(1, len(players)))
    for i, player in enumerate(players):
        top = y0 + i * height
        one(draw, view, player, names, letters, (x0, top, x1, top + height - 5), tr)


def _player_header(draw: ImageDraw.ImageDraw, view: View, seat: int, names: Sequence[str],
                   letters: Sequence[str], rect: Rect, tr: Translate, right: str) -> tuple[float, float]:
    """The box, highlighted for the acting player or a winner, with the seat chip, the name and, at the
    right, ``right`` (the name gives way to it: it is the number the players compare)."""
    x0, y0, x1, _ = rect
    active = view["active"] == seat and not view.get("over")
    winner = view.get("over") and seat in view.get("winners", [])
    fill = HIGHLIGHT if active or winner else PAPER
    draw.rounded_rectangle(rect, radius=8, fill=fill, outline=_seat_colour(seat), width=5 if active else 2)
    x, y = x0 + 10, y0 + 6
    _chip(draw, (x + 12, y + 13), seat, letters, radius=14)
    name = kit.seat_name(names, seat, tr)
    label = (say(tr, "board.ak.winner_tag", name=name) if winner
             else say(tr, "board.ak.active_tag", name=name) if active else name)
    size, right = kit.fitted(right, 20, 190)
    kit.text(draw, (x1 - 10, y + 2), right, size, anchor="ra")
    kit.text(draw, (x + 34, y + 2), label, 20, width=min(200.0, x1 - x - 56 - length(right, size)))
    return x, y


def _player(draw: ImageDraw.ImageDraw, view: View, player: dict[str, Any], names: Sequence[str],
            letters: Sequence[str], rect: Rect, tr: Translate) -> None:
    seat = player["seat"]
    x1 = rect[2]
    vp = say(tr, "board.ak.vp", vp=player["vp"], target=view["target_vp"])
    x, y = _player_header(draw, view, seat, names, letters, rect, tr, vp)
    hero = (say(tr, "board.ak.hero_team", hero=hero_name(player, tr), team=player["team"] + 1)
            if player.get("team") is not None else say(tr, "board.ak.hero", hero=hero_name(player, tr)))
    lines = [hero,
             say(tr, "board.ak.economy", gold=player["gold"], food=player["food"], origin=player["origin_vp"]),
             say(tr, "board.ak.cards", dragon=player["dragon_cards"], hand=player["hand"], black=player["black"]),
             say(tr, "board.ak.pieces", castles=player["castles"], generals=player["generals"],
                 walls=player["walls"])]
    for i, line in enumerate(lines):
        kit.text(draw, (x, y + 31 + i * 21), line, 17, width=x1 - x - 8)


def _quick_player(draw: ImageDraw.ImageDraw, view: View, player: dict[str, Any], names: Sequence[str],
                  letters: Sequence[str], rect: Rect, tr: Translate) -> None:
    seat = player["seat"]
    x1 = rect[2]
    left = plural(tr, "board.ak.pieces_left", pieces_left(view, seat))
    x, y = _player_header(draw, view, seat, names, letters, rect, tr, left)
    crown = tr("board.ak.holds_crown" if holds_crown(view, seat) else "board.ak.no_crown")
    lines = [say(tr, "board.ak.hero", hero=hero_name(player, tr)),
             say(tr, "board.ak.army_on_board", n=army_cards(view, seat)),
             crown]
    for i, line in enumerate(lines):
        kit.text(draw, (x, y + 31 + i * 21), line, 17, width=x1 - x - 8)
    if holds_crown(view, seat):
        _crown(draw, (x + length(crown, 17) + 22, y + 31 + 2 * 21 + 9), 22)
