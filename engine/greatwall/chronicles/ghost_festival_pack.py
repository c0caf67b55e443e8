"""The Hungry Ghost Festival's numbers (data/chronicles/ghost_festival.toml) [IT AC, "Il Festival dei
Fantasmi"]: the most Shame tokens a Winter haunts with, and the Locations never haunted. Both printed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.packs import Fields

# The board's Locations (engine/greatwall/pack.py LOCATIONS, which imports this module's loader).
LOCATIONS = ("mill", "quarry", "mine", "temple", "barracks", "encampment", "logistics", "teahouse", "embassy",
             "academy")


@dataclass(frozen=True)
class GhostNumbers:
    tokens: int = 3
    spared: tuple[str, ...] = ("barracks", "teahouse")


def read(file: str, data: dict[str, Any]) -> GhostNumbers:
    f = Fields(file, "ghost_festival", data)
    return GhostNumbers(f.int_in("tokens", 0, 9), tuple(f.str_list("spared", set(LOCATIONS))))
