"""The Emperor's Visit's numbers (data/chronicles/emperors_visit.toml) [IT AC, "La Visita
dell'Imperatore"]: the amount each space of the card asks for, the Honor for showing it, and where
the Wound token starts. Only the 10 Honor is printed; the rest are stand-ins."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.packs import Fields

RESOURCES = ("wood", "stone", "gold", "chi")
RANDOM = "random"


@dataclass(frozen=True)
class VisitNumbers:
    amounts: dict[str, int]  # resource -> how many a player must show
    honor: int = 10
    start: str = RANDOM  # a resource, or "random"


def read(file: str, data: dict[str, Any]) -> VisitNumbers:
    f = Fields(file, "emperors_visit", data)
    raw = f.get("amounts", dict)
    amounts = Fields(file, "amounts", raw)
    if set(raw) != set(RESOURCES):
        raise f.fail("amounts", f"expected one amount for each of {', '.join(RESOURCES)}")
    start = f.opt("start", str, RANDOM)
    if start != RANDOM and start not in RESOURCES:
        raise f.fail("start", f"expected {RANDOM!r} or one of {', '.join(RESOURCES)}")
    return VisitNumbers({r: amounts.int_in(r, 1, 20) for r in RESOURCES}, f.int_in("honor", 0, 50), start)
