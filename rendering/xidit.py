"""The Lords of Xidit board: regions, roads, cities with their tiles, guilds, bards, Idrakys, and a
side panel with the year, queues, titans, barracks and players. Drawn from the spectator view, which
never holds the Bastion's contents or anything behind a screen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core.game import View
from engine.core.text import Translate
from engine.xidit.pack import UNITS, XiditPack
from rendering import kit
from rendering.content_names import content_name
from rendering.kit import INK, PANEL, PAPER, SEATS, Colour, box, disc, encode, say, text_centered
from rendering.labels import english

MAP = 1000
SIDE = 460
ROAD: dict[str, Colour] = {"blue": (30, 90, 200), "red": (200, 40, 40), "black": (20, 20, 20)}
UNIT_COLOUR: dict[str, Colour] = {"militia": (214, 140, 60), "archer": (80, 160, 80), "infantry": (150, 150, 150),
                                  "cleric": (250, 250, 245), "mage": (140, 90, 190)}
REGION_FILL: tuple[Colour, ...] = ((222, 232, 200), (236, 222, 196), (214, 226, 226))
ORDERS = ("blue", "red", "black", "act", "wait")
ASSESSMENTS = ("wealth", "influence", "reputation")


def render_board(view: View, pack: XiditPack, names: Sequence[str], tr: Translate = english) -> bytes:
    image = Image.new("RGB", (MAP + SIDE, MAP), PAPER)
    draw = ImageDraw.Draw(image)
    draw_map(draw, view, pack, names, tr)
    _side(draw, view, names, tr)
    return encode(image)


def draw_map(draw: ImageDraw.ImageDraw, view: View, pack: XiditPack, names: Sequence[str], tr: Translate) -> None:
    """The map alone (MAP x MAP): regions, roads, cities with their tiles and guilds, the Idrakys.
    A seat's own picture (rendering/xidit_seat.py) draws it too, then crops it."""
    _regions(draw, view, pack, tr)
    _roads(draw, pack)
    _cities(draw, view, pack, tr)
    _pawns(draw, view, pack, names)


def _unit_letter(tr: Translate, unit: str) -> str:
    return tr(f"board.xi.letter.{unit}") if unit in UNIT_COLOUR else "?"


def _assessment(tr: Translate, kind: str) -> str:
    return tr(f"board.xi.assess.{kind}") if kind in ASSESSMENTS else kind


def _regions(draw: ImageDraw.ImageDraw, view: View, pack: XiditPack, tr: Translate) -> None:
    for index, region in enumerate(pack.regions.values()):
        points = [pack.cities[c].pos for c in region.border]
        if len(points) >= 3:
            fill = (205, 190, 160) if region.central else REGION_FILL[index % len(REGION_FILL)]
            draw.polygon(points, fill=fill)
        x, y = region.label
        text_centered(draw, (x, y - 22), content_name(tr, "xi", "region", region.id, region.name), 17)
        text_centered(draw, (x, y), say(tr, "board.xi.lyre", high=region.lyre_high, low=region.lyre_low), 17)
        if region.central:
            box(draw, (x - 34, y + 12, x + 34, y + 44), (120, 95, 70))
            text_centered(draw, (x, y + 28), "? ? ?", 16, fill=PAPER)
            continue
        _bard_chips(draw, view["bards"].get(region.id, {}), (x, y + 26))


def _bard_chips(draw: ImageDraw.ImageDraw, counts: dict[str, int], at: tuple[float, float]) -> None:
    items = [(int(s), n) for s, n in sorted(counts.items()) if n]
    x0 = at[0] - 15 * (len(items) - 1)
    for i, (seat, n) in enumerate(items):
        disc(draw, (x0 + 30 * i, at[1]), 13, SEATS[seat])
        text_centered(draw, (x0 + 30 * i, at[1]), str(n), 15, fill=(255, 255, 255), stroke=INK)


def _roads(draw: ImageDraw.ImageDraw, pack: XiditPack) -> None:
    for city, roads in pack.roads.items():
        for colour, other in roads.items():
            if city < other:
                draw.line((pack.cities[city].pos, pack.cities[other].pos), fill=ROAD[colour], width=7)


def _cities(draw: ImageDraw.ImageDraw, view: View, pack: XiditPack, tr: Translate) -> None:
    for city in pack.cities.values():
        tile = view["board"].get(str(city.id))
        x, y = city.pos
        fill: Colour = PAPER if tile is None else (200, 200, 205) if tile["side"] == "recruit" else (250, 235, 235)
        disc(draw, (x, y), 26, fill, width=3)
        text_centered(draw, (x, y - 6 if tile else y), str(city.id), 20)
        if tile is not None:
            _tile(draw, tile, pack, (x, y), tr)
        guild = view["guilds"].get(str(city.id))
        if guild:
            _tower(draw, tower_at(pack, city.id), guild["owner"], guild["height"])


def _tile(draw: ImageDraw.ImageDraw, tile: dict[str, Any], pack: XiditPack, at: tuple[float, float],
          tr: Translate) -> None:
    x, y = at
    if tile["side"] == "recruit":
        units = sorted(tile.get("units", []), key=UNITS.index)
        _glyphs(draw, units, (x, y + 12), 7, tr)
        return
    info = pack.tiles[tile["tile"]]
    text_centered(draw, (x, y + 10), kit.fit(tr("board.xi.threat"), 9, 46), 9, fill=(170, 30, 30))
    _glyphs(draw, list(info.need), (x, y + 38), 8, tr)
    reward = say(tr, "board.xi.tile_reward", gold=info.gold, bards=info.bards, stories=info.stories)
    text_centered(draw, (x, y + 56), reward, 13, stroke=PAPER)


def _glyphs(draw: ImageDraw.ImageDraw, units: list[str], at: tuple[float, float], radius: int,
            tr: Translate) -> None:
    x0 = at[0] - (len(units) - 1) * radius
    for i, unit in enumerate(units):
        disc(draw, (x0 + 2 * radius * i, at[1]), radius, UNIT_COLOUR.get(unit, PAPER), width=1)
        text_centered(draw, (x0 + 2 * radius * i, at[1]), _unit_letter(tr, unit), radius + 3)


def tower_at(pack: XiditPack, city: int) -> tuple[float, float]:
    """Where a city's guild tower stands: its bottom-left corner, right of the city's disc."""
    x, y = pack.cities[city].pos
    return x + 30, y - 8


def pawn_at(pack: XiditPack, city: int, index: int, count: int) -> tuple[float, float]:
    """The centre of the ``index``-th of ``count`` Idrakys standing in ``city``, above its disc."""
    x, y = pack.cities[city].pos
    return x - 8 * (count - 1) + 16 * index, y - 44


def _tower(draw: ImageDraw.ImageDraw, at: tuple[float, float], owner: int, height: int) -> None:
    x, y = at
    for floor in range(height):
        top = y - 9 * (floor + 1)
        draw.rectangle((x, top, x + 14, top + 8), fill=SEATS[owner], outline=INK)


def pawns_by_city(view: View) -> dict[int, list[int]]:
    """The seats whose Idrakys stands in each city, in seat order (their order above the disc)."""
    by_city: dict[int, list[int]] = {}
    for player in view["players"]:
        if player["city"] is not None:
            by_city.setdefault(player["city"], []).append(player["seat"])
    return by_city


def _pawns(draw: ImageDraw.ImageDraw, view: View, pack: XiditPack, names: Sequence[str]) -> None:
    for city, seats in pawns_by_city(view).items():
        for i, seat in enumerate(seats):
            px, py = pawn_at(pack, city, i, len(seats))
            draw.polygon([(px, py - 16), (px - 9, py + 8), (px + 9, py + 8)], fill=SEATS[seat], outline=INK)
            text_centered(draw, (px, py + 1), _initial(names, seat), 11, fill=(255, 255, 255))


def _initial(names: Sequence[str], seat: int) -> str:
    name = names[seat] if seat < len(names) else str(seat + 1)
    letters = [c for c in name if c.isalnum()]
    return (letters[0] if letters else str(seat + 1)).upper()


def _side(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], tr: Translate) -> None:
    left = MAP + 10
    box(draw, (left, 10, left + SIDE - 20, MAP - 10), PANEL)
    x = left + 16
    width = SIDE - 52
    years = " ".join(f"[{y}]" if y in view["census_years"] else str(y) for y in range(1, view["years"] + 1))
    kit.text(draw, (x, 24), say(tr, "board.xi.year", year=view["year"], years=view["years"]), 26, width=width)
    kit.text(draw, (x, 58), years, 15, width=width)
    kit.text(draw, (x, 82), say(tr, "board.xi.next", recruit=_num(view["next_recruit"]),
                                threat=_num(view["next_threat"])), 17, width=width)
    kit.text(draw, (x, 106), say(tr, "board.xi.piles", **view["piles"]), 15, width=width)
    kit.text(draw, (x, 130), say(tr, "board.xi.titans", titans=_titans(view, tr)), 15, fill=(120, 30, 30),
             width=width)
    barracks = "  ".join(f"{_unit_letter(tr, u)} {view['barracks'][u]}" for u in UNITS)
    kit.text(draw, (x, 154), say(tr, "board.xi.barracks", units=barracks), 15, width=width)
    order = " > ".join(_assessment(tr, a) for a in view["assessments"])
    kit.text(draw, (x, 178), say(tr, "board.xi.assessments", order=order), 15, width=width)
    for row, player in enumerate(view["players"]):
        _player_row(draw, view, player, names, (x, 214 + row * 150), tr)


def _titans(view: View, tr: Translate) -> str:
    shown = []
    for titan in view["titans"]:
        text = say(tr, "board.xi.titan", icons=titan["icons"], size=titan["size"])
        shown.append(say(tr, "board.xi.raging", titan=text) if titan["top"] and titan["top"]["raging"] else text)
    return "   ".join(shown)


def _num(value: int | None) -> str:
    return "—" if value is None else str(value)


def _player_row(draw: ImageDraw.ImageDraw, view: View, player: dict[str, Any], names: Sequence[str],
                at: tuple[float, float], tr: Translate) -> None:
    x, y = at
    seat = player["seat"]
    width = SIDE - 88
    disc(draw, (x + 14, y + 14), 14, SEATS[seat])
    text_centered(draw, (x + 14, y + 14), _initial(names, seat), 14, fill=(255, 255, 255))
    kit.text(draw, (x + 36, y + 2), _player_title(view, player, names, tr), 20, width=width)
    kit.text(draw, (x + 36, y + 30), say(tr, "board.xi.player", city=_num(player["city"]),
                                        stories=player["stories_on_board"], bards=player["bards_on_board"]), 16,
             width=width)
    if player.get("orders"):
        orders = " ".join((">" if i == player["done"] else "") + (tr(f"board.xi.order.{o}") if o in ORDERS else o)
                          for i, o in enumerate(player["orders"]))
        kit.text(draw, (x + 36, y + 54), say(tr, "board.xi.orders", orders=orders), 16, width=width)
    if player.get("scores"):
        scores = "  ".join(f"{_assessment(tr, k)} {v}" for k, v in player["scores"].items())
        kit.text(draw, (x + 36, y + 78), scores, 16, fill=(40, 70, 40), width=width)


def _player_title(view: View, player: dict[str, Any], names: Sequence[str], tr: Translate) -> str:
    """The name (cut to 20 characters), then "(first)" and "OUT" or "locked" as they apply."""
    title = kit.seat_name(names, player["seat"], tr)[:20]
    if view["first"] == player["seat"]:
        title = say(tr, "board.xi.first", name=title)
    if player["out"]:
        return say(tr, "board.xi.out", name=title)
    return say(tr, "board.xi.locked", name=title) if player.get("locked") else title


def alt_text(view: View, pack: XiditPack, names: Sequence[str], tr: Translate = english) -> str:
    tiles = ", ".join(say(tr, "board.xi.alt.tile", city=c,
                          side=tr("board.xi.tile.recruit" if t["side"] == "recruit" else "board.xi.tile.threat"))
                      for c, t in view["board"].items())
    pawns = ", ".join(say(tr, "board.xi.alt.pawn", name=kit.seat_name(names, p["seat"], tr), city=p["city"])
                      for p in view["players"] if p["city"] is not None)
    return say(tr, "board.xi.alt", year=view["year"], years=view["years"], tiles=tiles, pawns=pawns)
