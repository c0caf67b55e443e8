"""The fifth player expansion's numbers (data/five.toml) [IT 5P; fact sheet §13.3]: how many of its
cards of each kind, and its setup numbers. Its Generals, Tactics and Advisors use the base vocabulary
and are read by engine/greatwall/pack.py beside the base ones."""

from __future__ import annotations

from typing import Any

from engine.core.packs import Fields, table

FIVE_DECKS = {"generals": 4, "tactics": 4, "advisors": 4}  # the fifth player's cards [IT 5P components]


def five_setup(file: str, data: dict[str, Any]) -> dict[str, int]:
    f = Fields(file, "setup", table(file, data, "setup"))
    return {"time_start": f.int_in("time_start", 0, 9), "extra_hordes": f.int_in("extra_hordes", 0, 9),
            "clerks_on_board": f.int_in("clerks_on_board", 0, 8)}
