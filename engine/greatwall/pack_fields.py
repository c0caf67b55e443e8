"""The Great Wall data pack's shared vocabulary and field readers: the resource and unit names, a
cost table, a General's or Advisor's ability, and a file's list of items with unique ids. Every
part of the pack (engine/greatwall/pack.py and the expansions' coop_pack.py, rat_pack.py,
khan_pack.py, five_pack.py) reads its fields with these, so a malformed owner's pack is refused the
same way everywhere: with the file, the item and the field."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import PackError
from engine.core.packs import Fields, tables

RESOURCES: tuple[str, ...] = ("wood", "stone", "gold", "chi")
UNITS: tuple[str, ...] = ("spearman", "archer", "horseman")
WHEN = {"summer", "gather", "recruit", "build_wall", "build_barricade", "claim", "defeat", "hire", "final"}
MODS = {"save_chi", "clerk_gold", "hand_limit", "recruit_discount"}
GAINS = set(RESOURCES) | {"honor", "tactics"}
Cost = dict[str, int]


@dataclass(frozen=True)
class Ability:
    """A general's or advisor's ability: a triggered gain or a standing modifier (``mod``)."""

    when: str = ""
    gain: Cost = field(default_factory=dict)
    per: str = ""
    mod: str = ""
    value: int = 0
    unit: str = ""
    resource: str = ""


def read_cost(f: Fields, field_name: str, value: Any, allowed: set[str] = GAINS) -> Cost:
    if not isinstance(value, dict) or not all(
            k in allowed and isinstance(v, int) and not isinstance(v, bool) and v >= 0
            for k, v in value.items()):
        raise f.fail(field_name, f"expected a table of {', '.join(sorted(allowed))} counts")
    return dict(value)


def read_ability(f: Fields, raw: Any) -> Ability:
    if not isinstance(raw, dict):
        raise f.fail("ability", "expected a table")
    a = Fields(f.file, f.item, raw)
    if "mod" in raw:
        mod = a.get("mod", str)
        if mod not in MODS:
            raise f.fail("ability.mod", f"unknown modifier {mod!r}")
        unit = a.opt("unit", str, "")
        if unit and unit not in UNITS:
            raise f.fail("ability.unit", f"unknown unit {unit!r}")
        return Ability(mod=mod, value=a.int_in("value", 0, 9), unit=unit, resource=a.opt("resource", str, ""))
    if not raw:
        return Ability()
    when = a.get("when", str)
    if when not in WHEN:
        raise f.fail("ability.when", f"unknown trigger {when!r}")
    return Ability(when=when, gain=read_cost(f, "ability.gain", a.get("gain", dict)), per=a.opt("per", str, ""))


def read_items(data: dict[str, Any], key: str, file: str, count: int | None) -> list[Fields]:
    items = [Fields(file, f"{key[:-1]} {raw.get('id', '?')}", raw) for raw in tables(file, data, key)]
    ids = [f.get("id", str) for f in items]
    if len(set(ids)) != len(ids):
        raise PackError(file, key, "id", "ids must be unique")
    if count is not None and len(items) != count:
        raise PackError(file, key, "-", f"expected {count} {key}, got {len(items)}")
    return items
