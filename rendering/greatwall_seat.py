"""A Great Wall seat's own picture: where its decision lands, enlarged — the spots on a section's
hordes a soldier or a volley may take, or the Locations it may pick — each marked, with the expansions
the table plays in a strip under it (rendering/greatwall_seat_strip.py); sending a soldier against
Genghis Khan shows his cards instead (rendering/greatwall_khan_sheet.py). A decision that points at
none of these (a command card, a payment) has no picture: its panel is text only."""

from __future__ import annotations

import re
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.core.game import View
from engine.core.prompt import Prompt
from engine.core.text import Translate
from engine.greatwall.pack import GreatWallPack
from rendering import greatwall_khan_sheet as khan_sheet
from rendering import greatwall_seat_strip as strip
from rendering import kit
from rendering.contract import Draft
from rendering.greatwall import HEIGHT, PLACES_TOP, WIDTH, draw_field, location_rects, section_rect, spot_rect
from rendering.kit import PAPER, encode
from rendering.seat import LEGEND, MAX_HEIGHT, MAX_WIDTH, Box, mark_targets, marks, with_legend, zoom

ZOOM = 2.0  # the board's smallest text (14 px) reads at 28 px on a section
SPOT = re.compile(r"h(\d+)\.(\d+)(?:-(\d+))?$")  # a horde row and a spot, or two for a horseman


def seat_picture(view: View, pack: GreatWallPack, prompt: Prompt | None, names: Sequence[str], tr: Translate,
                 palette: str, draft: Draft = ()) -> bytes | None:
    """``draft`` (a long multi-pick's picks so far) changes nothing: every legal target stays marked."""
    if prompt is None or "sections" not in view:
        return None
    if khan_sheet.offered_cards(prompt, view):  # a soldier against Genghis Khan: his cards [IT GK]
        return khan_sheet.picture(view, pack, prompt, names, tr, palette)
    planned = plan(prompt, pack)
    if planned is None:
        return None
    area, rects = planned
    mark = marks(palette)
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw_field(ImageDraw.Draw(image), view, pack, kit.seat_letters(names, len(view["players"])), tr)
    mark_targets(image, rects, mark)
    factor, lines = framed(area, strip.items(view, pack, names, tr))
    return encode(with_legend(strip.with_strip(zoom(image, area, factor), lines), tr, mark, own=False))


def plan(prompt: Prompt, pack: GreatWallPack) -> tuple[Box, list[Box]] | None:
    """The area shown and the targets marked: a section's spots, else the Locations the options name."""
    sec = prompt.args.get("sec")
    spots = [m for o in prompt.options if (m := SPOT.match(o.id))]
    if spots and isinstance(sec, int):
        cells = [spot_rect(int(m[1]), int(s), sec) for m in spots for s in (m[2], m[3]) if s is not None]
        return section_rect(sec), cells
    places = location_rects(pack)
    named = {o.id.rsplit(".", 1)[-1] for o in prompt.options} & set(places)
    if not named:
        return None
    return (0, PLACES_TOP - 6, max(r[2] for r in places.values()) + 6, HEIGHT - 30), [places[n] for n in named]


def scale(area: Box, below: int = 0) -> float:
    """ZOOM, less when the area (with ``below`` pixels under it) would be wider or taller than a
    phone shows."""
    x0, y0, x1, y1 = area
    return min(ZOOM, MAX_WIDTH / (x1 - x0), (MAX_HEIGHT - LEGEND - below) / (y1 - y0))


def framed(area: Box, labels: list[str]) -> tuple[float, list[str]]:
    """The zoom and the expansions' strip lines (rendering/greatwall_seat_strip.py): the strip wraps
    to the zoomed width, and the zoom leaves room for it; narrower can mean one line more, so both
    are settled together."""
    factor = scale(area)
    while True:
        lines = strip.wrap(labels, round((area[2] - area[0]) * factor))
        fitting = scale(area, strip.height(len(lines)))
        if fitting >= factor:
            return factor, lines
        factor = fitting
