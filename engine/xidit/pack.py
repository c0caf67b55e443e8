"""The Lords of Xidit data pack: map, city tiles, titans and the fixed numbers of the box.

Only the structure is published (21 cities, 3 road colours, 9 regions with a central Bastion, lyre
values, 21 tiles for 4–5 players, titans in stacks of 3/4/5 "any unit" icons). The bundled map and
tiles are original stand-ins (``stand_in = true``); owners can overlay their printed values.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.errors import PackError
from engine.core.packs import Fields, overlay, read_toml, tables

# Published strength order, weakest first (fact sheet §4, "Recruit").
UNITS: tuple[str, ...] = ("militia", "archer", "infantry", "cleric", "mage")
COLOURS: tuple[str, ...] = ("blue", "red", "black")
DATA_DIR = Path(__file__).parent / "data"


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    lyre_high: int
    lyre_low: int
    central: bool
    label: tuple[float, float]
    border: tuple[int, ...]


@dataclass(frozen=True)
class City:
    id: int
    name: str
    pos: tuple[float, float]
    regions: tuple[str, ...]


@dataclass(frozen=True)
class Tile:
    id: int
    monster: str
    recruit: tuple[str, ...]
    need: tuple[str, ...]
    gold: int
    bards: int
    stories: int


@dataclass(frozen=True)
class Titan:
    id: str
    name: str
    icons: int
    gold: int
    bards: int
    stories: int


@dataclass(frozen=True)
class XiditPack:
    cities: dict[int, City]
    roads: dict[int, dict[str, int]]
    regions: dict[str, Region]
    tiles: dict[int, Tile]
    titans: tuple[Titan, ...]
    units_per_type: int
    bards_per_player: int
    stories_per_player: int
    stand_ins: tuple[str, ...]

    def road(self, city: int, colour: str) -> int | None:
        return self.roads.get(city, {}).get(colour)

    @property
    def central(self) -> str:
        return next(r.id for r in self.regions.values() if r.central)


def _pair(f: Fields, field: str) -> tuple[float, float]:
    v = f.get(field, list)
    if len(v) != 2 or not all(isinstance(x, int | float) for x in v):
        raise f.fail(field, "expected [x, y]")
    return float(v[0]), float(v[1])


def _regions(file: str, data: dict[str, Any]) -> dict[str, Region]:
    out: dict[str, Region] = {}
    for raw in tables(file, data, "regions"):
        f = Fields(file, f"region {raw.get('id', '?')}", raw)
        lyre = f.get("lyre", list)
        if len(lyre) != 2 or not all(isinstance(x, int) for x in lyre) or lyre[0] < lyre[1]:
            raise f.fail("lyre", "expected [higher, lower] integers")
        border = f.get("border", list)
        if not all(isinstance(c, int) for c in border):
            raise f.fail("border", "expected city numbers")
        rid = f.get("id", str)
        out[rid] = Region(rid, f.get("name", str), lyre[0], lyre[1], f.opt("central", bool, False),
                          _pair(f, "label"), tuple(border))
    if len(out) != 9:
        raise PackError(file, "regions", "-", f"expected 9 regions, got {len(out)}")
    if sum(r.central for r in out.values()) != 1:
        raise PackError(file, "regions", "central", "exactly one region must be central")
    return out


def _cities(file: str, data: dict[str, Any], regions: dict[str, Region]) -> dict[int, City]:
    out: dict[int, City] = {}
    for raw in tables(file, data, "cities"):
        f = Fields(file, f"city {raw.get('id', '?')}", raw)
        cid = f.int_in("id", 1, 21)
        rs = f.str_list("regions", set(regions))
        if not rs:
            raise f.fail("regions", "a city must touch at least one region")
        out[cid] = City(cid, f.get("name", str), _pair(f, "pos"), tuple(rs))
    if sorted(out) != list(range(1, 22)):
        raise PackError(file, "cities", "id", "cities must be numbered 1 to 21, each once")
    for r in regions.values():
        for c in r.border:
            if c not in out or r.id not in out[c].regions:
                raise PackError(file, f"region {r.id}", "border", f"city {c} does not list this region")
    return out


def _roads(file: str, data: dict[str, Any], cities: dict[int, City]) -> dict[int, dict[str, int]]:
    roads: dict[int, dict[str, int]] = {c: {} for c in cities}
    for i, raw in enumerate(tables(file, data, "roads")):
        f = Fields(file, f"road #{i + 1}", raw)
        a, b = f.int_in("a", 1, 21), f.int_in("b", 1, 21)
        colour = f.get("colour", str)
        if colour not in COLOURS:
            raise f.fail("colour", f"must be one of {', '.join(COLOURS)}")
        if a == b:
            raise f.fail("b", "a road must join two different cities")
        for x, y in ((a, b), (b, a)):
            if colour in roads[x]:
                raise f.fail("colour", f"city {x} already has a {colour} road")
            roads[x][colour] = y
    return roads


def _tiles(file: str, data: dict[str, Any]) -> dict[int, Tile]:
    out: dict[int, Tile] = {}
    for raw in tables(file, data, "tiles"):
        f = Fields(file, f"tile {raw.get('id', '?')}", raw)
        recruit = f.str_list("recruit", set(UNITS))
        if len(recruit) != 5:
            raise f.fail("recruit", "a recruitment side shows exactly 5 units")
        need = f.str_list("need", set(UNITS))
        if not 1 <= len(need) <= 5:
            raise f.fail("need", "a threat needs 1 to 5 units")
        tid = f.int_in("id", 1, 21)
        out[tid] = Tile(tid, f.get("monster", str), tuple(recruit), tuple(need),
                        f.int_in("gold", 0, 20), f.int_in("bards", 0, 20), f.int_in("stories", 0, 4))
    if sorted(out) != list(range(1, 22)):
        raise PackError(file, "tiles", "id", "tiles must be numbered 1 to 21, each once")
    return out


def _titans(file: str, data: dict[str, Any]) -> tuple[Titan, ...]:
    out = []
    for raw in tables(file, data, "titans"):
        f = Fields(file, f"titan {raw.get('id', '?')}", raw)
        out.append(Titan(f.get("id", str), f.get("name", str), f.int_in("icons", 3, 5),
                         f.int_in("gold", 0, 20), f.int_in("bards", 0, 20), f.int_in("stories", 0, 4)))
    # Rulebook setup: two tiles each of 3, 4 and 5 "?" icons.
    if sorted(t.icons for t in out) != [3, 3, 4, 4, 5, 5]:
        raise PackError(file, "titans", "icons", "expected two titans each of 3, 4 and 5 icons")
    return tuple(out)


def load_pack(override: Path | None = None) -> XiditPack:
    """Load the bundled pack, overlaid item by item with ``override`` (a directory) if given."""
    files = {}
    for name, key in (("map", "cities"), ("tiles", "tiles"), ("titans", "titans"), ("box", "box")):
        data = read_toml(DATA_DIR / f"{name}.toml")
        extra = override / "xidit" / f"{name}.toml" if override else None
        if extra is not None and extra.exists():
            data = overlay(data, read_toml(extra), key, f"{name}.toml")
        files[name] = data
    regions = _regions("map.toml", files["map"])
    cities = _cities("map.toml", files["map"], regions)
    box = Fields("box.toml", "box", files["box"])  # the file itself is the table
    stand_ins = tuple(n for n, d in files.items() if d.get("stand_in", False))
    return XiditPack(
        cities=cities,
        roads=_roads("map.toml", files["map"], cities),
        regions=regions,
        tiles=_tiles("tiles.toml", files["tiles"]),
        titans=_titans("titans.toml", files["titans"]),
        units_per_type=box.int_in("units_per_type", 1, 30),
        bards_per_player=box.int_in("bards_per_player", 1, 40),
        stories_per_player=box.int_in("stories_per_player", 1, 40),
        stand_ins=stand_ins,
    )
