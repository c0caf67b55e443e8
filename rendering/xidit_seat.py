"""A Lords of Xidit seat's own picture: the part of the map its decision is about, enlarged, with its
Idrakys and guild towers ringed, the cities or regions it may pick marked and named, and — while it
programmes its orders — the route those orders take, each city numbered by the orders that end there
(rulebook, phase one "Programación de pedidos": roads move the Idrakys by colour). Under the map, what
its screen hides from the others (units, gold, bards and stories left) and its programme.

Drawn from the seat's own view, the open prompt and the seat's own draft only: another seat's
programme is never in the view before the reveal, so it cannot show.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core.game import View
from engine.core.prompt import Prompt
from engine.core.text import Translate
from engine.xidit.orders import path
from engine.xidit.pack import COLOURS, UNITS, XiditPack
from rendering.content_names import content_name
from rendering.contract import Draft
from rendering.kit import INK, PAPER, draw_text, encode, length, say
from rendering.seat import (
    LABEL,
    LEGEND,
    MAX_HEIGHT,
    MAX_WIDTH,
    Box,
    Marks,
    mark_targets,
    marks,
    ring_own,
    tag,
    with_legend,
    zoom,
)
from rendering.xidit import MAP, draw_map, pawn_at, pawns_by_city, tower_at

ZOOM = 2.25  # the map's smallest text (9 px, a threat tile's word) reads at 20 px
MARGIN = 90  # map pixels round each point shown: a city's disc, the Idrakys above it, its tile below
LEAST = 400  # the narrowest area shown, in map pixels: a city with the start of its roads
LINE = LABEL + 10  # one line of the screen band under the map
SCREEN_LINES = 4  # at most: the units, the purse, the orders (wrapped)
CITY = 32  # half the side of a marked city's square: its disc and outline
Point = tuple[float, float]
Target = tuple[Box, str, Point]  # the square marked, its name, where the name's tag goes


def seat_picture(view: View, pack: XiditPack, prompt: Prompt | None, names: Sequence[str], tr: Translate,
                 palette: str, draft: Draft = ()) -> bytes | None:
    me = view.get("me")
    if me is None or "board" not in view:
        return None
    mark = marks(palette)
    image = Image.new("RGB", (MAP, MAP), PAPER)
    draw_map(ImageDraw.Draw(image), view, pack, names, tr)
    orders = programme(view, prompt, draft)
    start = view["players"][me["seat"]]["city"]
    # The route is the programme's business: a decision on the way (a bard, a story) marks its own targets.
    stops = route(pack, start, orders) if prompt is None or prompt.kind == "program" else []
    _draw_route(image, pack, start, stops, mark)
    own = _own(view, pack, me["seat"])
    for rect in own:
        ring_own(ImageDraw.Draw(image), rect, mark)
    targets = [] if stops else _targets(view, pack, prompt, start, tr)
    mark_targets(image, [t[0] for t in targets], mark)
    area = framing(pack, start, targets, stops)
    scale = fit_scale(area)
    crop = zoom(image, area, scale)
    draw = ImageDraw.Draw(crop)
    for _, label, (x, y) in targets:
        tag(draw, ((x - area[0]) * scale, (y - area[1]) * scale), label, mark)
    for city, label in _numbers(stops).items():
        x, y = pack.cities[city].pos
        tag(draw, ((x - area[0] - CITY) * scale, (y - area[1] + CITY) * scale), label, mark)
    return encode(with_legend(_with_screen(crop, me, orders, tr), tr, mark))


def programme(view: View, prompt: Prompt | None, draft: Draft) -> list[str | None]:
    """The orders to preview: the draft while the programme is open, else the programme the seat
    locked (its own, from its view); from the order under way once the orders are being carried out."""
    me = view["me"]
    if prompt is not None and prompt.kind == "program" and any(draft):
        return list(draft)
    orders: list[str] | None = me.get("orders")
    if not orders:
        return []
    done = view["players"][me["seat"]]["done"] if view["phase"] == "resolve" else 0
    return [None] * done + list(orders[done:])


def route(pack: XiditPack, start: int | None, orders: Sequence[str | None]) -> list[tuple[int, int]]:
    """(order number, city where the Idrakys stands after it) for each order chosen, in order. An
    order still open moves nothing; a road colour the city lacks moves nothing either (rendering of the
    ruling in engine/xidit/orders.py)."""
    if start is None:
        return []
    cities = path(pack, start, [o or "wait" for o in orders])
    return [(n + 1, city) for n, (order, city) in enumerate(zip(orders, cities, strict=True))
            if order and city is not None]


def _numbers(stops: list[tuple[int, int]]) -> dict[int, str]:
    """Each city of the route with the numbers of the orders that end there ("2,3": a move, then an
    action in the same city)."""
    out: dict[int, list[str]] = {}
    for number, city in stops:
        out.setdefault(city, []).append(str(number))
    return {city: ",".join(numbers) for city, numbers in out.items()}


def _draw_route(image: Image.Image, pack: XiditPack, start: int | None, stops: list[tuple[int, int]],
                mark: Marks) -> None:
    """A thick line along the roads the orders take, over the map's own roads."""
    if start is None:
        return
    draw = ImageDraw.Draw(image)
    here = start
    for _, city in stops:
        if city != here:
            ends = _between(pack.cities[here].pos, pack.cities[city].pos)
            draw.line(ends, fill=INK, width=16)
            draw.line(ends, fill=mark.own, width=10)
        here = city


def _between(a: Point, b: Point) -> tuple[Point, Point]:
    """The road from ``a`` to ``b`` stopped at both cities' discs, so their numbers stay readable."""
    (x0, y0), (x1, y1) = a, b
    length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    dx, dy = (x1 - x0) / length * CITY, (y1 - y0) / length * CITY
    return (x0 + dx, y0 + dy), (x1 - dx, y1 - dy)


def _own(view: View, pack: XiditPack, seat: int) -> list[Box]:
    """The seat's Idrakys and its guild towers."""
    rects: list[Box] = []
    for city, seats in pawns_by_city(view).items():
        if seat in seats:
            x, y = pawn_at(pack, city, seats.index(seat), len(seats))
            rects.append((x - 20, y - 24, x + 20, y + 16))
    for city, guild in view["guilds"].items():
        if guild["owner"] == seat:
            x, y = tower_at(pack, int(city))
            top = y - 9 * guild["height"]
            rects.append((x - 8, top - 8, x + 22, y + 8))
    return rects


def _targets(view: View, pack: XiditPack, prompt: Prompt | None, start: int | None, tr: Translate) -> list[Target]:
    """What the decision may pick: cities (where to stand, where a story goes), regions (where a bard
    goes), or — a programme with nothing chosen yet — the cities one road away, named by its colour."""
    if prompt is None:
        return []
    if prompt.kind == "program":
        roads = pack.roads.get(start, {}) if start is not None else {}
        return [_city(pack, city, tr(f"board.xi.order.{colour}")) for colour, city in sorted(roads.items())
                if colour in COLOURS]
    if prompt.kind in ("place", "guild"):
        return [_city(pack, int(o.id), o.id) for o in prompt.options if o.id.isdigit() and int(o.id) in pack.cities]
    if prompt.kind == "bard":
        regions = {o.id for o in prompt.options}
        return [((x - 60, y - 36, x + 60, y + 44), content_name(tr, "xi", "region", region.id, region.name),
                 (x - 60, y - 36 - LABEL))
                for region in pack.regions.values() if region.id in regions for x, y in (region.label,)]
    return []


def _city(pack: XiditPack, city: int, label: str) -> Target:
    x, y = pack.cities[city].pos
    return (x - CITY, y - CITY, x + CITY, y + CITY), label, (x - CITY, y + CITY)


def framing(pack: XiditPack, start: int | None, targets: list[Target], stops: list[tuple[int, int]]) -> Box:
    """The map area shown: round the route, else the targets, else the seat's Idrakys, with a margin,
    at least LEAST wide and high, within the map; the whole map when there is nothing to frame."""
    points = [pack.cities[c].pos for _, c in stops] + [((t[0][0] + t[0][2]) / 2, (t[0][1] + t[0][3]) / 2)
                                                       for t in targets]
    if start is not None:
        points.append(pack.cities[start].pos)
    if not points:
        return 0, 0, MAP, MAP
    x0, x1 = _span(min(p[0] for p in points), max(p[0] for p in points))
    y0, y1 = _span(min(p[1] for p in points), max(p[1] for p in points))
    return x0, y0, x1, y1


def _span(low: float, high: float) -> tuple[float, float]:
    low, high = max(0.0, low - MARGIN), min(float(MAP), high + MARGIN)
    grow = max(0.0, LEAST - (high - low)) / 2
    low, high = max(0.0, low - grow), min(float(MAP), high + grow)
    if high - low < LEAST:  # against an edge: grow the other way
        low, high = (0.0, float(LEAST)) if low == 0 else (MAP - float(LEAST), float(MAP))
    return low, high


def fit_scale(area: Box) -> float:
    """ZOOM, less when the area would be wider or taller than a phone shows (with the bands under it)."""
    x0, y0, x1, y1 = area
    return min(ZOOM, MAX_WIDTH / (x1 - x0), (MAX_HEIGHT - LEGEND - SCREEN_LINES * LINE - 8) / (y1 - y0))


def _with_screen(image: Image.Image, me: dict[str, Any], orders: list[str | None], tr: Translate) -> Image.Image:
    """The map over a band saying what the seat's screen hides and the orders it has chosen."""
    wrapped = [part for line in screen_lines(me, orders, tr) for part in _wrap(line, image.width - 24)][:SCREEN_LINES]
    out = Image.new("RGB", (image.width, image.height + len(wrapped) * LINE + 8), PAPER)
    out.paste(image, (0, 0))
    draw = ImageDraw.Draw(out)
    for row, line in enumerate(wrapped):
        draw_text(draw, (12, image.height + 8 + row * LINE), line, LABEL, INK)
    return out


def screen_lines(me: dict[str, Any], orders: list[str | None], tr: Translate) -> list[str]:
    """What the seat's screen hides and the orders it has chosen (the band's lines, and its alt text)."""
    units = " · ".join(f"{tr(f'board.xi.letter.{u}')} {me['units'].get(u, 0)}" for u in UNITS)
    lines = [say(tr, "board.xi.seat.units", units=units),
             say(tr, "board.xi.seat.purse", gold=me["gold"], bards=me["bards_left"], stories=me["stories_left"])]
    chosen = [f"{n + 1} {tr(f'board.xi.order.{o}')}" for n, o in enumerate(orders) if o]
    if chosen:
        lines.append(say(tr, "board.xi.seat.orders", orders=" · ".join(chosen)))
    return lines


def _wrap(line: str, width: float) -> list[str]:
    """``line`` in as many lines as it needs at the label size (never smaller: a phone must read it)."""
    out: list[str] = []
    current = ""
    for word in line.split(" "):
        candidate = f"{current} {word}" if current else word
        if current and length(candidate, LABEL) > width:
            out.append(current)
            candidate = word
        current = candidate
    return [*out, current] if current else out
