"""``/game board`` asked by hand, at most once per ``BOARD_GAP`` per table (issue 24): each ask posts
a picture and moves the live status below it, so a burst of asks would bury the log the table reads.

Time comes from ``now`` (bot/clock.py: Discord's clock, simcord's virtual one in tests), handed in.
Kept in memory: a restart forgets the last ask, which costs at most one early board.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.clock import now as clock_now

BOARD_GAP = 120  # seconds


class BoardAsks:
    def __init__(self, now: Callable[[], float] = clock_now, gap: float = BOARD_GAP) -> None:
        self.now, self.gap = now, gap
        self._last: dict[int, float] = {}

    def ask(self, table_id: int) -> float | None:
        """None if the table's board may be posted now (the ask is remembered), else the moment
        (Unix time) from which it may be asked again."""
        moment = self.now()
        last = self._last.get(table_id)
        if last is not None and moment < last + self.gap:
            return last + self.gap
        self._last[table_id] = moment
        return None
