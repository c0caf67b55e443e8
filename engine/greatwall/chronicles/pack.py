"""The scenarios' numbers (data/chronicles/<scenario>.toml): every value the Italian text does not
print (the scenario cards' tracks and amounts) is an original stand-in, marked ``stand_in = true``,
and an owner may overlay their printed card (``MUSTER_PACKS/greatwall/chronicles/<scenario>.toml``),
key by key.

Each scenario reads its own file into its own frozen numbers (its ``*_pack`` module, listed in
``READERS``), so a malformed file fails at load with the file and field named (PackError), before
any table is opened."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core.packs import read_toml
from engine.greatwall.chronicles import (
    emperors_visit_pack,
    ghost_festival_pack,
    great_famine_pack,
    long_winter_pack,
    siege_pack,
)

SCENARIO_DIR = Path(__file__).parent.parent / "data" / "chronicles"

# A scenario's reader: (file name, raw table) -> its numbers. One entry per scenario with a file.
READERS: dict[str, Callable[[str, dict[str, Any]], Any]] = {
    "emperors_visit": emperors_visit_pack.read,
    "ghost_festival": ghost_festival_pack.read,
    "long_winter": long_winter_pack.read,
    "great_famine": great_famine_pack.read,
    "siege": siege_pack.read,
}


def load_scenarios(override: Path | None) -> tuple[dict[str, Any], tuple[str, ...]]:
    """Every scenario's numbers, and the files among them that are stand-ins."""
    numbers: dict[str, Any] = {}
    stand_ins: list[str] = []
    for name, reader in READERS.items():
        file = f"chronicles/{name}.toml"
        data = read_toml(SCENARIO_DIR / f"{name}.toml")
        extra = override / "greatwall" / file if override else None
        if extra is not None and extra.exists():
            data = {**data, **read_toml(extra)}
        numbers[name] = reader(file, data)
        if data.get("stand_in", False):
            stand_ins.append(f"chronicles/{name}")
    return numbers, tuple(stand_ins)
