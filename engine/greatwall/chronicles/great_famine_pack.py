"""La Grande Carestia's numbers (data/chronicles/great_famine.toml) [IT AC, "La Grande Carestia"]: the
Food track's start and the Wound token's (stand-ins: the Italian text prints neither) and the printed
amounts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.packs import Fields


@dataclass(frozen=True)
class GreatFamine:
    cap: int = 28
    food: int = 10
    loss_at: int = 5
    market_food: int = 2


def read(file: str, data: dict[str, Any]) -> GreatFamine:
    f = Fields(file, "great_famine", data)
    loss_at = f.int_in("loss_at", 0, 20)
    cap = f.int_in("cap", loss_at + 1, 60)
    return GreatFamine(cap=cap, food=f.int_in("food", 0, cap), loss_at=loss_at,
                       market_food=f.int_in("market_food", 1, 10))
