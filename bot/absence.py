"""Absences (issue 16): a player's extension of one deadline (``/game extend``, a number per player per
game that the host sets) and the vacation flag (``/game away``) that each table's timeout policy turns
into the AI playing their turns or their clock standing still (bot/clock.py applies it)."""

from __future__ import annotations

from typing import Any

from bot.clock import EXPIRED, ClockSettings
from bot.store import Store
from bot.tables import Table, TableError

DEFAULT_EXTENSIONS = 1  # per player per game, unless the host sets another number (0 to MAX_EXTENSIONS)
MAX_EXTENSIONS = 3


def extension_settings(extensions: int | None) -> dict[str, Any]:
    """The table setting for the host's number of extensions (nothing when left at the default)."""
    if extensions is None or extensions == DEFAULT_EXTENSIONS:
        return {}
    if not 0 <= extensions <= MAX_EXTENSIONS:
        raise TableError("error.unknown_clock")
    return {"extensions": extensions}


def allowed(table: Table) -> int:
    return int(table.row.settings.get("extensions", DEFAULT_EXTENSIONS))


async def extend(store: Store, table: Table, seat: int) -> int:
    """Move the seat's open deadline one clock period later, if it has an extension left; returns
    the new due time. The caller holds the lock and re-arms the clock. Raises TableError."""
    if table.row.status != "active":
        raise TableError("error.not_running")
    period = ClockSettings.of(table).period
    if period == 0:
        raise TableError("error.no_clock")
    deadline = next((d for d in await store.deadlines(table.id) if d.seat == seat and d.reminded < EXPIRED), None)
    if deadline is None:
        raise TableError("error.no_deadline")
    used: dict[str, int] = dict(table.row.settings.get("extended", {}))
    if used.get(str(seat), 0) >= allowed(table):
        raise TableError("error.no_extension_left", count=allowed(table))
    await store.extend_deadline(table.id, seat, period)
    used[str(seat)] = used.get(str(seat), 0) + 1
    table.row.settings["extended"] = used
    await store.set_settings(table.id, table.row.settings)
    return int(deadline.due + period)


def away_effect(table: Table) -> str:
    """What a vacation means at this table: "ai" (the seat's AI plays their turns), "frozen" (their
    deadlines stop until they are back) or "none" (no clock: the table simply waits for them)."""
    settings = ClockSettings.of(table)
    if settings.period == 0:
        return "none"
    return "frozen" if settings.policy == "wait" else "ai"
