"""Il Lungo Inverno's numbers (data/chronicles/long_winter.toml) [IT AC, "Il Lungo Inverno"]: the
Production track (a stand-in: the Italian text prints no values) and the printed amounts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.packs import Fields


@dataclass(frozen=True)
class LongWinter:
    production: tuple[int, ...] = (0,)  # by Time marker space; the last value holds beyond
    send: int = 4
    raid_take: int = 2
    clerk_honor: int = 12

    def value(self, time: int) -> int:
        """The Production value with the Time marker on space ``time``."""
        return self.production[min(time, len(self.production) - 1)]


def read(file: str, data: dict[str, Any]) -> LongWinter:
    f = Fields(file, "long_winter", data)
    track = f.get("production", list)
    if not track or not all(isinstance(n, int) and not isinstance(n, bool) and -3 <= n <= 3 for n in track):
        raise f.fail("production", "expected a non-empty list of integers from -3 to 3")
    return LongWinter(production=tuple(track), send=f.int_in("send", 1, 20),
                      raid_take=f.int_in("raid_take", 0, 10), clerk_honor=f.int_in("clerk_honor", 0, 100))
