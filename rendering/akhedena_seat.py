"""An Akhedena seat's own picture: the squares its decision is about, enlarged, with the squares it may
pick (a hero's reachable squares, where a wall or a castle may go, a tunnel for the rock) and the
pieces it may pick (to fight, attack, assign) marked and named, and its own pieces ringed. Players
name squares by the board's edge letters and numbers; a cropped picture repeats them on its own edges.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.core.game import View
from engine.core.prompt import Prompt
from engine.core.text import Translate
from rendering import kit
from rendering.akhedena import Grid, draw_grid
from rendering.akhedena_text import square_name
from rendering.contract import Draft
from rendering.kit import PAPER, encode, text_centered
from rendering.seat import (
    LABEL,
    LEGEND,
    MAX_HEIGHT,
    MAX_WIDTH,
    Marks,
    mark_targets,
    marks,
    ring_own,
    tag,
    with_legend,
    zoom,
)

BAND = 40  # the edge strips that repeat the row numbers and column letters of the crop
ZOOM = 1.85  # the board's smallest text (11 px on a crowded square) reads at 20 px
MARGIN = 1  # squares of context round the decision's area
LEAST = 5  # the narrowest crop, in squares: enough ground to see where one is
Square = tuple[int, int]
Area = tuple[int, int, int, int]  # rows r0..r1, columns c0..c1, inclusive


def seat_picture(view: View, pack: object, prompt: Prompt | None, names: Sequence[str], tr: Translate,
                 palette: str, draft: Draft = ()) -> bytes | None:
    """``draft`` (a long multi-pick's picks so far) changes nothing: every legal square stays marked."""
    if "pieces" not in view:
        return None
    mark = marks(palette)
    image = Image.new("RGB", (1000, 1000), PAPER)
    letters = kit.seat_letters(names, len(view["players"]))
    grid = draw_grid(ImageDraw.Draw(image), view, letters, tr)
    me = (view.get("me") or {}).get("seat")
    own = sorted({(p["at"][0], p["at"][1]) for p in view["pieces"] if p["seat"] == me and p.get("at")})
    targets = target_squares(view, prompt, grid.size)
    for square in own:
        ring_own(ImageDraw.Draw(image), grid.rect(*square, 2), mark)
    mark_targets(image, [grid.rect(*square, 2) for square in targets], mark)
    area, scale = framing(view, prompt)
    return encode(with_legend(_framed(image, grid, area, scale, targets, mark), tr, mark))


def framing(view: View, prompt: Prompt | None) -> tuple[Area, float]:
    """The squares shown — round the targets, else round the seat's own pieces, else the whole board —
    and how much they are enlarged: ZOOM, less when the area would be wider or taller than a phone's."""
    grid = Grid.for_size(view["size"])
    me = (view.get("me") or {}).get("seat")
    own = [(p["at"][0], p["at"][1]) for p in view["pieces"] if p["seat"] == me and p.get("at")]
    r0, r1, c0, c1 = area = _area(list(target_squares(view, prompt, grid.size)) or own, grid.size)
    width, height = (c1 - c0 + 1) * grid.cell, (r1 - r0 + 1) * grid.cell
    return area, min(ZOOM, (MAX_WIDTH - 2 * BAND) / width, (MAX_HEIGHT - 2 * BAND - LEGEND) / height)


def target_squares(view: View, prompt: Prompt | None, size: int) -> dict[Square, str]:
    """The squares the prompt's options name, directly (a square) or through a piece standing there."""
    if prompt is None:
        return {}
    squares = {square_name(r, c): (r, c) for r in range(size) for c in range(size)}
    pieces = {p["id"]: (p["at"][0], p["at"][1]) for p in view["pieces"] if p.get("at")}
    found: dict[Square, str] = {}
    for option in prompt.options:
        square = squares.get(option.id) or pieces.get(option.id)
        if square is not None:
            found[square] = square_name(*square)
    return found


def _area(squares: Sequence[Square], size: int) -> Area:
    """The bounding box of ``squares`` with a margin, at least LEAST wide and high, within the board;
    the whole board when there is nothing to frame."""
    if not squares:
        return 0, size - 1, 0, size - 1
    rows, cols = [s[0] for s in squares], [s[1] for s in squares]
    r0, r1 = _span(min(rows), max(rows), size)
    c0, c1 = _span(min(cols), max(cols), size)
    return r0, r1, c0, c1


def _span(low: int, high: int, size: int) -> tuple[int, int]:
    low, high = max(0, low - MARGIN), min(size - 1, high + MARGIN)
    while high - low + 1 < min(LEAST, size):
        low, high = max(0, low - 1), min(size - 1, high + 1)
    return low, high


def _framed(image: Image.Image, grid: Grid, area: Area, scale: float, targets: dict[Square, str],
            mark: Marks) -> Image.Image:
    """The area enlarged, its rows and columns named on the edges, each target tagged with its name."""
    r0, r1, c0, c1 = area
    x0, y0, x1, y1 = grid.span(r0, c0, r1, c1)
    crop = zoom(image, (x0, y0, x1, y1), scale)
    out = Image.new("RGB", (crop.width + 2 * BAND, crop.height + 2 * BAND), PAPER)
    out.paste(crop, (BAND, BAND))
    draw = ImageDraw.Draw(out)
    cell = grid.cell * scale
    for c in range(c0, c1 + 1):
        x = BAND + (c - c0 + 0.5) * cell
        for y in (BAND / 2, out.height - BAND / 2):
            text_centered(draw, (x, y), square_name(0, c)[0], LABEL)
    for r in range(r0, r1 + 1):
        y = BAND + (r - r0 + 0.5) * cell
        for x in (BAND / 2, out.width - BAND / 2):
            text_centered(draw, (x, y), str(r + 1), LABEL)
    for (r, c), name in targets.items():
        if r0 <= r <= r1 and c0 <= c <= c1:
            tag(draw, (BAND + (c - c0) * cell + 3, BAND + (r - r0) * cell + 3), name, mark)
    return out
