"""The Lords of Xidit board: regions, roads, cities with their tiles, guilds, bards, Idrakys, and a
side panel with the year, queues, titans, barracks and players. Drawn from the spectator view, which
never holds the Bastion's contents or anything behind a screen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core.game import View
from engine.xidit.pack import UNITS, XiditPack
from rendering.kit import INK, PANEL, PAPER, SEATS, Colour, box, disc, encode, font, text_centered

MAP = 1000
SIDE = 460
ROAD: dict[str, Colour] = {"blue": (30, 90, 200), "red": (200, 40, 40), "black": (20, 20, 20)}
UNIT_GLYPH = {"militia": ("M", (214, 140, 60)), "archer": ("A", (80, 160, 80)),
              "infantry": ("I", (150, 150, 150)), "cleric": ("C", (250, 250, 245)),
              "mage": ("B", (140, 90, 190))}
REGION_FILL: tuple[Colour, ...] = ((222, 232, 200), (236, 222, 196), (214, 226, 226))


def render_board(view: View, pack: XiditPack, names: Sequence[str]) -> bytes:
    image = Image.new("RGB", (MAP + SIDE, MAP), PAPER)
    draw = ImageDraw.Draw(image)
    _regions(draw, view, pack)
    _roads(draw, pack)
    _cities(draw, view, pack)
    _pawns(draw, view, pack, names)
    _side(draw, view, pack, names)
    return encode(image)


def _regions(draw: ImageDraw.ImageDraw, view: View, pack: XiditPack) -> None:
    for index, region in enumerate(pack.regions.values()):
        points = [pack.cities[c].pos for c in region.border]
        if len(points) >= 3:
            fill = (205, 190, 160) if region.central else REGION_FILL[index % len(REGION_FILL)]
            draw.polygon(points, fill=fill)
        x, y = region.label
        text_centered(draw, (x, y - 22), region.name, 17)
        text_centered(draw, (x, y), f"lyre {region.lyre_high}/{region.lyre_low}", 17)
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


def _cities(draw: ImageDraw.ImageDraw, view: View, pack: XiditPack) -> None:
    for city in pack.cities.values():
        tile = view["board"].get(str(city.id))
        x, y = city.pos
        fill: Colour = PAPER if tile is None else (200, 200, 205) if tile["side"] == "recruit" else (250, 235, 235)
        disc(draw, (x, y), 26, fill, width=3)
        text_centered(draw, (x, y - 6 if tile else y), str(city.id), 20)
        if tile is not None:
            _tile(draw, tile, pack, (x, y))
        guild = view["guilds"].get(str(city.id))
        if guild:
            _tower(draw, (x + 30, y - 8), guild["owner"], guild["height"])


def _tile(draw: ImageDraw.ImageDraw, tile: dict[str, Any], pack: XiditPack, at: tuple[float, float]) -> None:
    x, y = at
    if tile["side"] == "recruit":
        units = sorted(tile.get("units", []), key=UNITS.index)
        _glyphs(draw, units, (x, y + 12), 7)
        return
    info = pack.tiles[tile["tile"]]
    text_centered(draw, (x, y + 10), "THREAT", 9, fill=(170, 30, 30))
    _glyphs(draw, list(info.need), (x, y + 38), 8)
    text_centered(draw, (x, y + 56), f"{info.gold}g {info.bards}b {info.stories}s", 13, stroke=PAPER)


def _glyphs(draw: ImageDraw.ImageDraw, units: list[str], at: tuple[float, float], radius: int) -> None:
    x0 = at[0] - (len(units) - 1) * radius
    for i, unit in enumerate(units):
        letter, colour = UNIT_GLYPH[unit]
        disc(draw, (x0 + 2 * radius * i, at[1]), radius, colour, width=1)
        text_centered(draw, (x0 + 2 * radius * i, at[1]), letter, radius + 3)


def _tower(draw: ImageDraw.ImageDraw, at: tuple[float, float], owner: int, height: int) -> None:
    x, y = at
    for floor in range(height):
        top = y - 9 * (floor + 1)
        draw.rectangle((x, top, x + 14, top + 8), fill=SEATS[owner], outline=INK)


def _pawns(draw: ImageDraw.ImageDraw, view: View, pack: XiditPack, names: Sequence[str]) -> None:
    by_city: dict[int, list[int]] = {}
    for player in view["players"]:
        if player["city"] is not None:
            by_city.setdefault(player["city"], []).append(player["seat"])
    for city, seats in by_city.items():
        x, y = pack.cities[city].pos
        for i, seat in enumerate(seats):
            px, py = x - 8 * (len(seats) - 1) + 16 * i, y - 44
            draw.polygon([(px, py - 16), (px - 9, py + 8), (px + 9, py + 8)], fill=SEATS[seat], outline=INK)
            text_centered(draw, (px, py + 1), _initial(names, seat), 11, fill=(255, 255, 255))


def _initial(names: Sequence[str], seat: int) -> str:
    name = names[seat] if seat < len(names) else str(seat + 1)
    letters = [c for c in name if c.isalnum()]
    return (letters[0] if letters else str(seat + 1)).upper()


def _side(draw: ImageDraw.ImageDraw, view: View, pack: XiditPack, names: Sequence[str]) -> None:
    left = MAP + 10
    box(draw, (left, 10, left + SIDE - 20, MAP - 10), PANEL)
    x = left + 16
    years = " ".join(f"[{y}]" if y in view["census_years"] else str(y) for y in range(1, view["years"] + 1))
    draw.text((x, 24), f"Year {view['year']} / {view['years']}", font=font(26), fill=INK)
    draw.text((x, 58), years, font=font(15), fill=INK)
    draw.text((x, 82), f"Next recruit: {_num(view['next_recruit'])}   Next threat: {_num(view['next_threat'])}",
              font=font(17), fill=INK)
    piles = view["piles"]
    draw.text((x, 106), f"Piles  recruit {piles['recruit']}  threat {piles['threat']}  "
              f"discards {piles['recruit_discard']}/{piles['threat_discard']}", font=font(15), fill=INK)
    titans = "   ".join(f"{t['icons']}? x{t['size']}" + (" RAGING" if t["top"] and t["top"]["raging"] else "")
                         for t in view["titans"])
    draw.text((x, 130), f"Titans  {titans}", font=font(15), fill=(120, 30, 30))
    barracks = "  ".join(f"{UNIT_GLYPH[u][0]} {view['barracks'][u]}" for u in UNITS)
    draw.text((x, 154), f"Barracks  {barracks}", font=font(15), fill=INK)
    draw.text((x, 178), "Assessments: " + " > ".join(view["assessments"]), font=font(15), fill=INK)
    for row, player in enumerate(view["players"]):
        _player_row(draw, view, player, names, (x, 214 + row * 150))


def _num(value: int | None) -> str:
    return "—" if value is None else str(value)


def _player_row(draw: ImageDraw.ImageDraw, view: View, player: dict[str, Any], names: Sequence[str],
                at: tuple[float, float]) -> None:
    x, y = at
    seat = player["seat"]
    disc(draw, (x + 14, y + 14), 14, SEATS[seat])
    text_centered(draw, (x + 14, y + 14), _initial(names, seat), 14, fill=(255, 255, 255))
    name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
    first = " (first)" if view["first"] == seat else ""
    status = " - OUT" if player["out"] else " - locked" if player.get("locked") else ""
    draw.text((x + 36, y + 2), f"{name[:20]}{first}{status}", font=font(20), fill=INK)
    draw.text((x + 36, y + 30), f"city {_num(player['city'])} · stories {player['stories_on_board']} · "
              f"bards {player['bards_on_board']}", font=font(16), fill=INK)
    if player.get("orders"):
        short = {"blue": "Bl", "red": "Rd", "black": "Bk", "act": "Act", "wait": "W"}
        orders = " ".join((">" if i == player["done"] else "") + short[o] for i, o in enumerate(player["orders"]))
        draw.text((x + 36, y + 54), f"orders {orders}", font=font(16), fill=INK)
    if player.get("scores"):
        scores = "  ".join(f"{k} {v}" for k, v in player["scores"].items())
        draw.text((x + 36, y + 78), scores, font=font(16), fill=(40, 70, 40))


def alt_text(view: View, pack: XiditPack, names: Sequence[str]) -> str:
    tiles = ", ".join(f"{c} ({'recruit' if t['side'] == 'recruit' else 'threat'})"
                      for c, t in view["board"].items())
    pawns = ", ".join(f"{names[p['seat']]} in {p['city']}" for p in view["players"] if p["city"] is not None)
    return f"Lords of Xidit, year {view['year']} of {view['years']}. Tiles: {tiles}. Idrakys: {pawns}."
