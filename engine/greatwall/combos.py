"""Every table of The Great Wall the rules allow: a mode, a set of expansions, a seat count.

Read from the registered variants (engine/greatwall/variant.py), never from a list: a mode and the
expansions that each declare they join it (``Variant.combines``, any pair of them ``compatible``),
at every seat count the mode allows and every expansion that declares seats allows too. A variant
registered later (a new expansion, a mode with more seats) is in the answer without an edit here.

The tests play, audit and draw every one of them (tests/engine/test_greatwall_combos.py,
tests/engine/games.py); the lobby reads the same declarations through ``GreatWallGame.caps``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations as subsets
from typing import Any

import engine.greatwall.variants  # noqa: F401  (the bundled variants, registered)
from engine.greatwall.variant import MODE, Variant, compatible, mode_seats, named, ordered, registered


@dataclass(frozen=True)
class Combination:
    mode: str
    expansions: tuple[str, ...]  # variant names, in their order of application
    seats: int

    def options(self) -> dict[str, str]:
        """The table options that choose it."""
        return {MODE: self.mode, **dict(named(e).option for e in self.expansions)}

    @property
    def label(self) -> str:
        return "-".join([f"{self.seats}p", self.mode, *self.expansions])


def seat_range(mode: Variant[Any], chosen: tuple[Variant[Any], ...]) -> range:
    """The seat counts ``mode`` allows (its own range, carried on by a variant turned on by seat
    count: the fifth player [IT 5P]) that every chosen expansion allows too (one that declares no
    seats allows any)."""
    low, high = mode_seats(mode, registered())
    declared = [v.seats for v in chosen if v.seats]
    return range(max([low, *(s[0] for s in declared)]), min([high, *(s[1] for s in declared)]) + 1)


def expansion_sets(mode: Variant[Any]) -> list[tuple[Variant[Any], ...]]:
    """Every set of expansions playable with ``mode`` (the empty one first), in their order."""
    expansions = [v for v in registered() if v.is_option]
    found = []
    for size in range(len(expansions) + 1):
        for chosen in subsets(expansions, size):
            if compatible((mode, *chosen)):
                found.append(ordered(chosen))
    return found


def combinations() -> tuple[Combination, ...]:
    """Every allowed (mode, expansions, seats), modes in their registration order."""
    return tuple(Combination(mode.name, tuple(v.name for v in chosen), seats)
                 for mode in registered() if mode.is_mode
                 for chosen in expansion_sets(mode)
                 for seats in seat_range(mode, chosen))
