"""The one path after a table changed (a click, the lobby's start, a clock expiry, ``/game replace``,
an undo): the lines join the step's log message → the board at a milestone → private notes and
panels → the deadlines → the live status (bot/feed.py). Every place that changes a table calls
``Changes.after``; nothing else publishes a change by hand."""

from __future__ import annotations

from collections.abc import Sequence

from bot.clock import Clock
from bot.delivery import Delivery
from bot.tables import Step, Table


class Changes:
    def __init__(self, delivery: Delivery, clock: Clock) -> None:
        self.delivery = delivery
        self.clock = clock

    async def after(self, table: Table, steps: Sequence[Step] = (), *, board: bool = False,
                    actor: int | None = None) -> None:
        """``board``: post the board even though no step moved it (an undo moves the state back).
        ``actor``: the seat whose click made the change (it sees its next panel in the reply)."""
        await self.delivery.publish(table, list(steps), board=board, actor=actor)
        await self.clock.follow(table)
        await self.delivery.refresh_status(table)
