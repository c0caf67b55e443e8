"""Deadlines for play-by-post: each person's open decision gets a due time (absolute, in the store),
reminders before it, and the table's policy when it passes. One timer task per table sleeps until
the table's next event; every change of the open decisions re-arms it.

Time is ``discord.utils.utcnow()`` (simcord's virtual clock in tests). The bot's own downtime is not
charged to players: a heartbeat is stored every few minutes, and at start-up every deadline moves
later by the time since the last one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.delivery import Delivery
from bot.i18n import t
from bot.mentions import pinging
from bot.store import Deadline, PlayerPrefs, Store
from bot.tables import Step, Table, TableError, TableManager
from engine.ai import choose, neutral_choice
from engine.core.errors import IllegalChoice

# The one after-change path (bot/changes.py), handed in: it follows the deadlines, so it needs the clock.
AfterChange = Callable[[Table, Sequence[Step]], Awaitable[None]]

log = logging.getLogger("muster.clock")

# Deadline per decision, chosen at /game new (seconds; "none" = no clock).
PERIODS: dict[str, int] = {"none": 0, "10m": 600, "1h": 3600, "12h": 43_200, "24h": 86_400, "72h": 259_200}
# What happens at a deadline: wait (and tell the host), the neutral answer, or the seat's AI once.
POLICIES: tuple[str, ...] = ("wait", "default", "ai")
STRIKES = 3  # missed deadlines in a row before the host may replace the player
# Seconds between heartbeats: a downtime is credited to within this, in the players' favour (a bot
# that dies 10 min after its last beat and is down 5 min moves deadlines by 15). Each beat is a store
# write; every table action also counts as a beat.
HEARTBEAT = 900
# Reminders at these fractions of the period before the due time (half-way, then near the end).
REMINDERS: tuple[float, ...] = (0.5, 0.1)
EXPIRED = len(REMINDERS) + 1  # Deadline.reminded once the deadline has passed and was handled
# A table without a clock may ask for one gentle nudge per decision that waited this long (issue 16).
# Off unless the host turns it on (/game new nudge:true): the bot does not DM people unasked.
NUDGE_AFTER = 86_400


def now() -> float:
    return discord.utils.utcnow().timestamp()


@dataclass(frozen=True)
class ClockSettings:
    period: int
    policy: str
    paused_at: float | None
    nudge: bool = False  # a clock-less table's one reminder after NUDGE_AFTER

    @classmethod
    def of(cls, table: Table) -> ClockSettings:
        s = table.row.settings
        return cls(PERIODS.get(str(s.get("clock", "none")), 0), str(s.get("on_timeout", "ai")),
                   s.get("paused_at"), bool(s.get("nudge", False)))

    @property
    def timed(self) -> bool:
        """Does the clock watch this table (deadlines, or nudges without them)?"""
        return self.period > 0 or self.nudge


def quiet(prefs: PlayerPrefs, at: float) -> bool:
    """Is unix time ``at`` inside the player's quiet hours (their local whole hours, from ≤ h < to,
    wrapping midnight)?"""
    if prefs.quiet_from is None or prefs.quiet_to is None or prefs.quiet_from == prefs.quiet_to:
        return False
    hour = int(((at + prefs.utc_offset * 60) // 3600) % 24)
    lo, hi = prefs.quiet_from, prefs.quiet_to
    return lo <= hour < hi if lo < hi else hour >= lo or hour < hi


def quiet_end(prefs: PlayerPrefs, at: float) -> float:
    """The first whole hour at or after ``at`` that is outside quiet hours."""
    moment = at
    for _ in range(25):
        if not quiet(prefs, moment):
            return moment
        moment = (moment // 3600 + 1) * 3600
    return moment


class Clock:
    def __init__(self, store: Store, tables: TableManager, delivery: Delivery, after: AfterChange) -> None:
        self.store, self.tables, self.delivery, self.after = store, tables, delivery, after
        self._timers: dict[int, asyncio.Task[None]] = {}
        self._heartbeat: asyncio.Task[None] | None = None

    # -- start-up ---------------------------------------------------------------------------------
    async def start(self) -> None:
        """Credit the downtime since the last heartbeat, then give every open decision its deadline
        (arming each table's timer) and keep beating."""
        store = self.store
        last = await store.meta(self._beat_key)
        moment = now()
        shifted: set[int] = set()
        if last is not None and moment - float(last) > HEARTBEAT:
            shifted = {d.table_id for d in await store.deadlines()}
            downtime = moment - float(last)
            await self._shift_own(downtime)
            await self._announce_downtime(downtime)
        await store.set_meta(self._beat_key, str(moment))
        for table in list(self.tables.by_id.values()):
            async with table.lock:  # a crash may have come between a decision and its deadline
                await self.follow(table)
                if table.id in shifted:  # the deadlines moved by the downtime show in the status
                    await self.delivery.refresh_status(table)
        if self._heartbeat is None:
            self._heartbeat = asyncio.create_task(self._beat(), name="clock-heartbeat")

    @property
    def _beat_key(self) -> str:
        """One heartbeat per worker: a sharded worker's downtime is its own tables' (bot/shards.py)."""
        ownership = self.tables.ownership
        return f"heartbeat:{ownership}" if ownership.sharded else "heartbeat"

    async def _shift_own(self, downtime: float) -> None:
        if not self.tables.ownership.sharded:
            await self.store.shift_deadlines(downtime)
            return
        for table_id in {d.table_id for d in await self.store.deadlines()} & set(self.tables.by_id):
            await self.store.shift_deadlines(downtime, table_id)

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT)
            await self.store.set_meta(self._beat_key, str(now()))

    async def _announce_downtime(self, downtime: float) -> None:
        minutes = max(1, round(downtime / 60))
        tables = {d.table_id for d in await self.store.deadlines()}
        for table_id in tables:
            table = self.tables.by_id.get(table_id)
            if table is not None and ClockSettings.of(table).period > 0:
                channel = await self.delivery.channel(table)
                await channel.send(t(table.row.lang, "clock.back_online", minutes=minutes))

    def stop(self) -> None:
        for task in [*self._timers.values(), self._heartbeat]:
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        self._timers.clear()
        self._heartbeat = None

    # -- following the open decisions ---------------------------------------------------------------
    async def follow(self, table: Table) -> None:
        """After the table's open decisions changed: a person's new decision gets a deadline (the
        live status shows it), answered ones lose theirs; then the timer is re-armed."""
        settings = ClockSettings.of(table)
        store = self.store
        if settings.period == 0:  # no clock, no deadlines ever: nothing to store on this hot path
            if settings.nudge:
                await self._follow_nudges(table)
            return
        if table.row.status != "active":
            await store.drop_deadline(table.id)
            self.arm(table)
            return
        await store.set_meta(self._beat_key, str(now()))
        existing = {d.seat: d for d in await store.deadlines(table.id)}
        open_ = {p.seat: p for p in table.prompts() if not table.seats[p.seat].is_ai}
        for seat, deadline in existing.items():
            if seat not in open_ or open_[seat].id != deadline.prompt_id:
                await store.drop_deadline(table.id, seat)
        fresh = [seat for seat, p in open_.items() if seat not in existing or existing[seat].prompt_id != p.id]
        away = await self._away(table, fresh)
        if away and settings.paused_at is None and settings.policy != "wait":
            for seat in away:  # on vacation, at a table that plays for the absent: the AI, at once
                await store.set_deadline(table.id, seat, open_[seat].id, now(), now())
        fresh = [seat for seat in fresh if seat not in away]  # (policy "wait": their clock stands still)
        if fresh and settings.paused_at is None:  # the live status shows them (Changes.after)
            due = now() + settings.period
            for seat in fresh:
                await store.set_deadline(table.id, seat, open_[seat].id, due, due - REMINDERS[0] * settings.period)
        self.arm(table)

    def arm(self, table: Table) -> None:
        """(Re)start the table's timer; never cancels the timer that is calling (it ends by itself)."""
        old = self._timers.pop(table.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        settings = ClockSettings.of(table)
        if table.row.status == "active" and settings.timed and settings.paused_at is None:
            self._timers[table.id] = asyncio.create_task(self._wait(table), name=f"clock-{table.id}")

    async def _wait(self, table: Table) -> None:
        events = [d.next_at for d in await self.store.deadlines(table.id) if d.reminded < EXPIRED]
        if not events:
            return
        await asyncio.sleep(max(0.0, min(events) - now()))
        try:
            await self._fire(table)
        except Exception:  # a bug: no user action is waiting to report it
            log.exception("clock of table %s failed", table.id)
        if self._timers.get(table.id) is asyncio.current_task():
            self.arm(table)

    async def _fire(self, table: Table) -> None:
        async with table.lock:
            for d in await self.store.deadlines(table.id):
                if d.reminded >= EXPIRED or d.next_at > now():
                    continue
                if ClockSettings.of(table).period == 0:
                    await self._nudge(table, d)
                elif await self._away(table, [d.seat]):
                    await self._stand_in(table, d)
                elif d.reminded < len(REMINDERS) and d.next_at < d.due:
                    await self._remind(table, d)
                else:
                    await self._expire(table, d)

    # -- reminders --------------------------------------------------------------------------------
    async def _remind(self, table: Table, d: Deadline) -> None:
        """One reminder (by DM, or a ping in the channel when DMs are closed), unless the player
        opted out; inside quiet hours it waits for their end, or is skipped if that is too late."""
        seat = table.seats[d.seat]
        prefs = await self.store.player(seat.user_id) if seat.user_id is not None else PlayerPrefs()
        moment = now()
        if prefs.reminders and quiet(prefs, moment) and (later := quiet_end(prefs, moment)) < d.due:
            await self.store.set_reminded(table.id, d.seat, d.reminded, later)
            return
        period = ClockSettings.of(table).period
        step = d.reminded + 1
        # Reminders whose time has passed too (held by quiet hours past the next one's time) are
        # this one: one reminder when the quiet hours end, never two in the same minute.
        while step < len(REMINDERS) and d.due - REMINDERS[step] * period <= moment:
            step += 1
        following = d.due - REMINDERS[step] * period if step < len(REMINDERS) else d.due
        await self.store.set_reminded(table.id, d.seat, step, max(following, moment))
        if prefs.reminders and not quiet(prefs, moment) and seat.user_id is not None:
            await self.delivery.remind(table, d.seat, int(d.due))

    # -- nudges (tables without a clock) ------------------------------------------------------------
    async def _follow_nudges(self, table: Table) -> None:
        """Each person's open decision gets one nudge, NUDGE_AFTER from when it opened; a deadline
        row holds it (``due`` is only the nudge time: nothing expires at a table without a clock)."""
        store = self.store
        if table.row.status != "active":
            await store.drop_deadline(table.id)
            self.arm(table)
            return
        existing = {d.seat: d.prompt_id for d in await store.deadlines(table.id)}
        open_ = {p.seat: p.id for p in table.prompts() if not table.seats[p.seat].is_ai}
        for seat, prompt_id in existing.items():
            if open_.get(seat) != prompt_id:
                await store.drop_deadline(table.id, seat)
        if table.row.settings.get("paused_at") is None:
            for seat, prompt_id in open_.items():
                if existing.get(seat) != prompt_id:
                    at = now() + NUDGE_AFTER
                    await store.set_deadline(table.id, seat, prompt_id, at, at)
        self.arm(table)

    async def _nudge(self, table: Table, d: Deadline) -> None:
        """The one nudge of this wait, unless the player turned reminders off; inside their quiet
        hours it waits for the end of them."""
        seat = table.seats[d.seat]
        prefs = await self.store.player(seat.user_id) if seat.user_id is not None else PlayerPrefs()
        moment = now()
        if prefs.reminders and quiet(prefs, moment) and not prefs.away:
            await self.store.set_reminded(table.id, d.seat, d.reminded, quiet_end(prefs, moment))
            return
        await self.store.set_reminded(table.id, d.seat, EXPIRED, d.due)
        if prefs.reminders and not prefs.away and seat.user_id is not None:
            await self.delivery.nudge(table, d.seat)

    # -- vacations (bot/absence.py) -----------------------------------------------------------------
    async def _away(self, table: Table, seats: Sequence[int]) -> set[int]:
        """Those of ``seats`` whose player is on vacation."""
        ids = {seat: table.seats[seat].user_id for seat in seats}
        return {seat for seat, uid in ids.items() if uid is not None and (await self.store.player(uid)).away}

    async def _stand_in(self, table: Table, d: Deadline) -> None:
        """An absent player's decision: the seat's AI makes it (no strike: they said they were away);
        at a table whose policy is to wait, their clock stands still instead."""
        if ClockSettings.of(table).policy == "wait":
            await self.store.drop_deadline(table.id, d.seat)
            return
        await self.store.set_reminded(table.id, d.seat, EXPIRED, d.due)
        steps = await self._decide_for(table, d, "ai")
        if steps:
            await self.after(table, steps)

    # -- at the deadline --------------------------------------------------------------------------
    async def _expire(self, table: Table, d: Deadline) -> None:
        """The table's policy for a decision nobody made in time (the caller holds the lock)."""
        store = self.store
        await store.set_reminded(table.id, d.seat, EXPIRED, d.due)
        seat = table.seats[d.seat]
        seat.missed += 1
        await store.save_seats(table.id, table.seats)
        policy = ClockSettings.of(table).policy
        channel = await self.delivery.channel(table)
        lang = table.row.lang
        if seat.missed >= STRIKES:  # a post: it pings the host
            await channel.send(t(lang, "clock.strikes", name=seat.name, count=seat.missed,
                                 host=f"<@{table.row.host_id}>", seat=d.seat + 1),
                               allowed_mentions=pinging(table.row.host_id))
        if policy == "wait":
            await channel.send(t(lang, "clock.waiting", name=seat.name, host=f"<@{table.row.host_id}>"),
                               allowed_mentions=pinging(table.row.host_id))
            await self.delivery.refresh_status(table)
            return
        steps = await self._decide_for(table, d, policy)
        if steps:
            await self.delivery.say(table, t(lang, f"clock.took_{policy}", name=seat.name))
            await self.after(table, steps)

    async def _decide_for(self, table: Table, d: Deadline, policy: str) -> list[Step]:
        prompt = table.open_prompt(d.seat, d.prompt_id)
        if prompt is None:
            return []
        choice = neutral_choice(prompt) if policy == "default" else None
        if choice is None:  # no neutral answer here (or policy "ai"): the seat's AI decides, this once
            view = table.game.view(table.state, d.seat)
            choice = choose(table.game, view, prompt, table.row.seed * 1_000_003 + table.seq)
        with contextlib.suppress(TableError, IllegalChoice):
            return await table.submit(d.seat, prompt.id, choice)
        log.warning("table %s: the %s answer for seat %s was refused", table.id, policy, d.seat)
        return []

    # -- pause --------------------------------------------------------------------------------------
    async def pause(self, table: Table) -> None:
        table.row.settings["paused_at"] = now()
        await self.store.set_settings(table.id, table.row.settings)
        self.arm(table)
        await self.delivery.refresh_status(table)

    async def resume(self, table: Table) -> float:
        """Deadlines move later by the pause; returns its length in seconds."""
        paused_at = table.row.settings.pop("paused_at", None)
        length = now() - paused_at if paused_at is not None else 0.0
        await self.store.shift_deadlines(length, table.id)
        await self.store.set_settings(table.id, table.row.settings)
        await self.follow(table)
        await self.delivery.refresh_status(table)  # every moved deadline shows in the live status
        return length


def settings_for(clock: str | None, policy: str | None) -> dict[str, Any]:
    """Validated clock settings for a new table (TableError on an unknown value)."""
    clock = clock or "none"
    policy = policy or "ai"
    if clock not in PERIODS or policy not in POLICIES:
        raise TableError("error.unknown_clock")
    return {"clock": clock, "on_timeout": policy}


async def replace_seat(table: Table, seat: int, member: discord.Member | None) -> list[Step]:
    """The host gives a seat that missed ``STRIKES`` deadlines in a row to ``member`` (or to an AI);
    the caller holds the lock. Returns the AI's steps when an AI took the seat and it was its turn."""
    if not 0 <= seat < len(table.seats):
        raise TableError("error.no_such_seat", count=len(table.seats))
    info = table.seats[seat]
    if info.is_ai or info.missed < STRIKES:
        raise TableError("error.cannot_replace", count=STRIKES)
    if member is not None and table.seat_of(member.id) is not None:
        raise TableError("error.already_seated")
    if member is None:
        info.user_id, info.is_ai, info.level, info.name = None, True, "normal", table.free_ai_name()
    else:
        info.user_id, info.name = member.id, (member.display_name or member.name)[:32]
        info.dm_closed = False
    info.missed = 0
    await table.store.save_seats(table.id, table.seats)
    await table.store.drop_deadline(table.id, seat)  # the newcomer gets a full period
    return await table.resume()
