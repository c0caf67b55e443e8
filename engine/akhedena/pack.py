"""The Akhedena data pack: rule numbers, the board, the dice and every card.

Published numbers are exact (fact sheet §2–§5); the board, the dice faces and all card values are
original stand-ins (``stand_in = true``). Owners overlay their printed cards item by item
(``MUSTER_PACKS/akhedena``), like every pack.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.errors import PackError
from engine.core.packs import Fields, overlay, read_toml

DATA_DIR = Path(__file__).parent / "data"
CLASSES: tuple[str, ...] = ("infantry", "ranged", "cavalry")
WEAPONS: dict[str, tuple[str, ...]] = {"infantry": ("sword", "axe", "spear"), "ranged": ("bow", "crossbow"),
                                       "cavalry": ("lance", "sabre")}
BLACK_EFFECTS = {"atk", "def", "first", "cancel", "bluff"}
ACTION_EFFECTS = {"steps", "food", "gold", "vp", "wall", "calm", "rock", "stir"}
HERO_POWERS = {"trade", "steps", "food", "mason"}
DIRECTIONS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
NUMBERS = ("start_gold", "origin_income", "castle_income", "gold_cap", "food_cap", "general_cost", "army_cost",
           "castle_cost", "wall_cost", "max_generals", "max_castles", "max_walls", "cards_per_holder",
           "hand_size", "food_per_gold", "battle_vp", "completion_vp", "win_vp", "win_vp_small", "foot_steps",
           "horse_steps", "range", "alert_spaces")
STAND_INS = ("start_food", "food_income", "redistribute_food", "redistribute_big", "redistribute_over",
             "round_limit", "dragon_atk", "dragon_def", "dragon_card_vp", "dragon_cards",
             "starting_market_armies", "starting_market_generals")
Square = tuple[int, int]


@dataclass(frozen=True)
class Army:
    id: str
    name: str
    cls: str
    weapon: str
    atk: int
    df: int
    upkeep: int
    count: int


@dataclass(frozen=True)
class Leader:
    """A general (or quick-play commander) card: its class and weapon, and the bonus it adds."""

    id: str
    name: str
    cls: str
    weapon: str
    atk: int
    df: int


@dataclass(frozen=True)
class Castle:
    id: str
    name: str
    cls: str
    weapon: str
    base: int
    atk: int
    df: int


@dataclass(frozen=True)
class Hero:
    id: str
    name: str
    atk: int
    df: int
    power: str


@dataclass(frozen=True)
class CardType:
    """A black or action card design; ``count`` copies are in the deck."""

    id: str
    effect: str
    value: int
    count: int
    immediate: bool = False


@dataclass(frozen=True)
class Board:
    size: int
    territory: int
    fortress: int
    tunnels: tuple[Square, ...]
    corners: tuple[Square, ...]


@dataclass(frozen=True)
class Dice:
    black: tuple[str, ...]
    steps: tuple[int, ...]
    direction: tuple[str, ...]


@dataclass(frozen=True)
class QuickLayout:
    size: int
    hero_steps: int
    foot_steps: int
    range: int
    cavalry: tuple[int, ...]
    cavalry_crowded: tuple[int, ...]
    infantry: tuple[int, ...]
    hero: int
    archer: int
    castle: int


@dataclass(frozen=True)
class AkhedenaPack:
    numbers: dict[str, int]
    board: Board
    dice: Dice
    quick: QuickLayout
    armies: dict[str, Army]
    generals: dict[str, Leader]
    castles: dict[str, Castle]
    heroes: dict[str, Hero]
    black: dict[str, CardType]
    actions: dict[str, CardType]
    cards_stand_in: bool = True  # cards.toml's own flag: an owner's printed cards file may clear it

    def n(self, name: str) -> int:
        return self.numbers[name]

    def unit_name(self, card: str) -> str:
        """The name on a hero, general or castle card (their ids never collide, see _check_counts)."""
        for cards in (self.heroes, self.generals, self.castles):
            if card in cards:
                return cards[card].name
        return card


def load_pack(extra: Path | None = None) -> AkhedenaPack:
    """The bundled pack, overlaid by ``extra/akhedena`` when an owner supplies one."""
    rules = read_toml(DATA_DIR / "rules.toml")
    cards = read_toml(DATA_DIR / "cards.toml")
    owner = extra / "akhedena" if extra else None
    if owner and (owner / "rules.toml").exists():
        rules = {**rules, **read_toml(owner / "rules.toml")}
    if owner and (owner / "cards.toml").exists():
        more = read_toml(owner / "cards.toml")
        for kind in ("army", "general", "castle", "hero", "black", "action"):
            cards = overlay(cards, {kind: more.get(kind, [])}, kind, "cards.toml") if kind in more else cards
        if "stand_in" in more:
            cards = {**cards, "stand_in": more["stand_in"]}
    return parse(rules, cards)


def parse(rules: dict[str, Any], cards: dict[str, Any]) -> AkhedenaPack:
    numbers = _numbers(rules)
    board = _board(Fields("rules.toml", "board", _table(rules, "board")))
    pack = AkhedenaPack(
        numbers=numbers, board=board, dice=_dice(Fields("rules.toml", "dice", _table(rules, "dice"))),
        quick=_quick(Fields("rules.toml", "quick", _table(rules, "quick"))),
        armies=_items(cards, "army", _army), generals=_items(cards, "general", _leader),
        castles=_items(cards, "castle", _castle), heroes=_items(cards, "hero", _hero),
        black=_items(cards, "black", _black), actions=_items(cards, "action", _action),
        cards_stand_in=bool(cards.get("stand_in", False)))
    _check_counts(pack)
    return pack


def _table(data: dict[str, Any], name: str) -> dict[str, Any]:
    table = data.get(name)
    if not isinstance(table, dict):
        raise PackError("rules.toml", name, "-", "missing table")
    return table


def _numbers(rules: dict[str, Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    for table, names in (("numbers", NUMBERS), ("stand_in", STAND_INS)):
        fields = Fields("rules.toml", table, _table(rules, table))
        for name in names:
            out[name] = fields.int_in(name, 0, 1000)
    return out


def _square(fields: Fields, name: str, value: Any, size: int) -> Square:
    if (not isinstance(value, list) or len(value) != 2 or not all(isinstance(v, int) for v in value)
            or not all(0 <= v < size for v in value)):
        raise fields.fail(name, f"expected [row, column] inside the {size}x{size} board")
    return (value[0], value[1])


def _board(f: Fields) -> Board:
    size = f.int_in("size", 9, 25)
    territory = f.int_in("territory", 3, size // 2 - 1)
    fortress = f.int_in("fortress", 1, 5)
    tunnels = tuple(_square(f, "tunnels", v, size) for v in f.get("tunnels", list))
    corners = tuple(_square(f, "corners", v, size) for v in f.get("corners", list))
    if len(tunnels) != 4:
        raise f.fail("tunnels", "the board has 4 tunnel entrances")
    if len(corners) != 4 or any(r not in (0, size - 1) or c not in (0, size - 1) for r, c in corners):
        raise f.fail("corners", "expected the 4 corners of the board in turn order")
    return Board(size, territory, fortress, tunnels, corners)


def _dice(f: Fields) -> Dice:
    black = tuple(f.str_list("black", {"dragon", "stone", "blank"}))
    steps = tuple(f.get("steps", list))
    direction = tuple(f.str_list("direction", set(DIRECTIONS)))
    if not black or len(steps) != len(direction) or not steps:
        raise f.fail("steps", "the steps and direction faces must pair up, one per face")
    if not all(isinstance(s, int) and not isinstance(s, bool) and 1 <= s <= 12 for s in steps):
        raise f.fail("steps", "each face is a number of steps from 1 to 12")
    return Dice(black, tuple(int(s) for s in steps), direction)


def _quick(f: Fields) -> QuickLayout:
    size = f.int_in("size", 7, 25)
    cols = {name: f.get(name, list) for name in ("cavalry", "cavalry_crowded", "infantry")}
    for name, values in cols.items():
        if not all(isinstance(v, int) and 0 <= v < size for v in values):
            raise f.fail(name, "expected columns of the back row")
    last = size - 1
    return QuickLayout(size, f.int_in("hero_steps", 1, 20), f.int_in("foot_steps", 1, 20), f.int_in("range", 1, 10),
                       tuple(cols["cavalry"]), tuple(cols["cavalry_crowded"]), tuple(cols["infantry"]),
                       f.int_in("hero", 0, last), f.int_in("archer", 0, last), f.int_in("castle", 0, last))


def _items(cards: dict[str, Any], kind: str, make: Any) -> dict[str, Any]:
    items = cards.get(kind)
    if not isinstance(items, list) or not items:
        raise PackError("cards.toml", kind, "-", "missing list of cards")
    out: dict[str, Any] = {}
    for i, data in enumerate(items):
        if not isinstance(data, dict):
            raise PackError("cards.toml", f"{kind}[{i}]", "-", "expected a table")
        fields = Fields("cards.toml", f"{kind} {data.get('id', i)}", data)
        item_id = fields.get("id", str)
        if not item_id.isidentifier():
            raise fields.fail("id", "use letters, digits and underscores")
        out[item_id] = make(fields)
    return out


def _class(f: Fields) -> tuple[str, str]:
    cls = f.get("class", str)
    if cls not in CLASSES:
        raise f.fail("class", f"unknown class {cls!r} (allowed: {', '.join(CLASSES)})")
    weapon = f.get("weapon", str)
    if weapon not in WEAPONS[cls]:
        raise f.fail("weapon", f"unknown {cls} weapon {weapon!r} (allowed: {', '.join(WEAPONS[cls])})")
    return cls, weapon


def _stat(f: Fields, name: str) -> int:
    return f.int_in(name, 0, 500)


def _army(f: Fields) -> Army:
    cls, weapon = _class(f)
    return Army(f.get("id", str), f.get("name", str), cls, weapon, _stat(f, "atk"), _stat(f, "def"),
                f.int_in("upkeep", 0, 12), f.int_in("count", 1, 90))


def _leader(f: Fields) -> Leader:
    cls, weapon = _class(f)
    return Leader(f.get("id", str), f.get("name", str), cls, weapon, _stat(f, "atk"), _stat(f, "def"))


def _castle(f: Fields) -> Castle:
    cls, weapon = _class(f)
    return Castle(f.get("id", str), f.get("name", str), cls, weapon, _stat(f, "base"), _stat(f, "atk"),
                  _stat(f, "def"))


def _hero(f: Fields) -> Hero:
    power = f.get("power", str)
    if power not in HERO_POWERS:
        raise f.fail("power", f"unknown power {power!r} (allowed: {', '.join(sorted(HERO_POWERS))})")
    return Hero(f.get("id", str), f.get("name", str), _stat(f, "atk"), _stat(f, "def"), power)


def _card(f: Fields, effects: set[str], immediate: bool) -> CardType:
    effect = f.get("effect", str)
    if effect not in effects:
        raise f.fail("effect", f"unknown effect {effect!r} (allowed: {', '.join(sorted(effects))})")
    value = f.get("value", int)
    if not -12 <= value <= 100:
        raise f.fail("value", f"must be between -12 and 100, got {value}")
    return CardType(f.get("id", str), effect, value, f.int_in("count", 1, 62), immediate)


def _black(f: Fields) -> CardType:
    return _card(f, BLACK_EFFECTS, False)


def _action(f: Fields) -> CardType:
    return _card(f, ACTION_EFFECTS, f.opt("immediate", bool, False))


def _check_counts(pack: AkhedenaPack) -> None:
    if len(pack.heroes) < 4:
        raise PackError("cards.toml", "hero", "-", "4 heroes are needed, one per seat")
    for cls in CLASSES:
        if not any(a.cls == cls for a in pack.armies.values()):
            raise PackError("cards.toml", "army", "class", f"no {cls} army card")
        if not any(g.cls == cls for g in pack.generals.values()):
            raise PackError("cards.toml", "general", "class", f"no {cls} general")
    shared = (set(pack.heroes) & set(pack.generals)) | (set(pack.heroes) | set(pack.generals)) & set(pack.castles)
    if shared:
        raise PackError("cards.toml", sorted(shared)[0], "id", "hero, general and castle ids must differ")
    if not any(c.cls == "infantry" for c in pack.castles.values()):
        raise PackError("cards.toml", "castle", "class", "quick play needs an infantry castle")
