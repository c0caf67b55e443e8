"""The Siege of Diaoyucheng's numbers (data/chronicles/siege.toml) [IT AC, "L'Assedio di
Diaoyucheng"]: the Fortress card's Firing spots and Defence track, and the scenario's costs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.packs import Fields


@dataclass(frozen=True)
class SiegeNumbers:
    firing_spots: int
    entry_wood: int
    fortify_cost: int
    defence_start: int
    defence_max: int


def read(file: str, data: dict[str, Any]) -> SiegeNumbers:
    f = Fields(file, "siege", data)
    top = f.int_in("defence_max", 1, 99)
    return SiegeNumbers(firing_spots=f.int_in("firing_spots", 1, 9), entry_wood=f.int_in("entry_wood", 0, 9),
                        fortify_cost=f.int_in("fortify_cost", 1, 9),
                        defence_start=f.int_in("defence_start", 1, top), defence_max=top)
