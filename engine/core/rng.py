"""A tiny serialisable PRNG (SplitMix64) whose whole state is one integer kept in the game state.

Python's ``random.Random`` would work but its state is 625 integers and its algorithms may change
between Python versions; replays must stay byte-identical forever.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


@dataclass
class Rng:
    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed & _MASK)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), by rejection so that no value is favoured."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def reorder(self, items: list[str]) -> None:
        """A new order drawn from this generator alone, whatever order ``items`` came in: sorted first,
        then shuffled. An AI redrawing a face-down pile it cannot see uses it, so that the true order
        (which no seat knows) cannot steer which order the dice give."""
        items.sort()
        self.shuffle(items)

    def pick(self, items: list[T]) -> T:
        return items[self.below(len(items))]
