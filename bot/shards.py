"""Shard-owning workers (issue 15): ``python -m bot --shards 0-3 --shard-count 8``.

A table belongs to the shard of its guild, ``(guild_id >> 22) % shard_count`` as Discord computes it
(a table without a guild is shard 0's, where Discord delivers DMs), and only the worker owning that
shard loads, changes or publishes it. Discord sends a guild's events to its shard's worker, so
lobby, channel and slash clicks arrive at the owner already. A click on a DM panel arrives at the
worker of shard 0 instead: if the table is another worker's, that worker acknowledges the
interaction (within Discord's 3 s) and hands the raw interaction over through the store's inbox; the
owner takes it (every ``POLL_S``) and dispatches it as if its own gateway had delivered it, with the
response already deferred. The interaction token works from any process of the application, so the
owner edits the clicked panel and sends any refusal itself. docs/store.md explains the whole design.

Leases keep two workers off one shard: at start a worker takes the lease of each of its shards in the
store (free, expired or its own), renews them every ``TTL_S / 3`` and releases them on a clean close.
A worker started with a shard another live worker holds, or with another shard count, refuses to
start; a worker that finds a lease taken from it at a renewal stops.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

from bot.store import Store

log = logging.getLogger(__name__)

TTL_S = 15.0  # a lease outlives its holder by this much at most (a crash: the restart waits for it)
POLL_S = 0.1  # how often an owner looks for clicks handed over to it
HANDLED_S = 10.0  # how long a poll waits for the clicks it dispatched (one that never ends is logged)


@dataclass(frozen=True)
class Ownership:
    """The shards this process owns, of ``count``. The default (1 shard of 1) owns every table."""

    shards: frozenset[int] = frozenset({0})
    count: int = 1

    @classmethod
    def parse(cls, spec: str, count: int) -> Ownership:
        """``"0-3"``, ``"5"`` or ``"0-1,4"`` of ``count`` shards."""
        if count < 1:
            raise ValueError("the shard count must be at least 1")
        shards: set[int] = set()
        for part in spec.split(","):
            low, _, high = part.strip().partition("-")
            if not low.isdigit() or (high and not high.isdigit()):
                raise ValueError(f"not a shard range: {part!r} (e.g. 0-3 or 0,2,5)")
            shards.update(range(int(low), int(high or low) + 1))
        if not shards or max(shards) >= count:
            raise ValueError(f"shards must lie in 0..{count - 1}")
        return cls(frozenset(shards), count)

    @property
    def sharded(self) -> bool:
        return self.count > 1

    @property
    def ids(self) -> list[int]:
        return sorted(self.shards)

    def shard_of(self, guild_id: int | None) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.shard_of(guild_id) in self.shards

    def __str__(self) -> str:
        return f"{','.join(map(str, self.ids))}/{self.count}"


class LeaseError(RuntimeError):
    """Another live worker holds one of our shards, or the workers disagree on the shard count."""


class Leases:
    """This worker's hold on its shards in the store (see the module's docstring)."""

    def __init__(self, store: Store, ownership: Ownership, clock: Callable[[], float] = time.time,
                 ttl: float = TTL_S) -> None:
        self.store, self.ownership, self.clock, self.ttl = store, ownership, clock, ttl
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"

    async def claim(self, wait: float | None = None) -> None:
        """Take every lease, waiting up to ``wait`` seconds (the lease time and a little) for leases a
        crashed process left behind."""
        deadline = self.clock() + (self.ttl + 2 if wait is None else wait)
        while True:
            problem = await self._try()
            if problem is None:
                return
            if self.clock() >= deadline:
                await self.release()  # the shards it could take are not kept: it will not start
                raise LeaseError(problem)
            await asyncio.sleep(min(1.0, self.ttl / 4))

    async def _try(self) -> str | None:
        now = self.clock()
        leases = await self.store.claim_shards(self.ownership.ids, self.ownership.count, self.owner, now,
                                               now + self.ttl)
        for shard, count, owner, expires in leases:
            live = expires >= now and owner != self.owner
            if live and count != self.ownership.count:
                return f"a live worker runs with {count} shards, not {self.ownership.count}"
            if live and shard in self.ownership.shards:
                return f"shard {shard} is held by {owner}"
        return None

    async def renew(self) -> bool:
        """Extend our leases; False when one was taken meanwhile (we must stop touching tables)."""
        return await self._try() is None

    async def release(self) -> None:
        await self.store.release_shards(self.owner)


def interaction_payload(raw: dict[str, Any]) -> str:
    return json.dumps(raw, separators=(",", ":"))


class Inbox:
    """The owner's side of a handover: take the clicks forwarded to our shards and dispatch them."""

    def __init__(self, store: Store, ownership: Ownership,
                 dispatch: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        """``dispatch`` starts handling one click; what it returns is done once the click is handled."""
        self.store, self.ownership, self.dispatch = store, ownership, dispatch

    async def take(self) -> int:
        """Dispatch every click waiting for us, and return (how many there were) once they are
        handled: they run side by side, and the next poll never overtakes them."""
        taken = await self.store.take_forwarded(self.ownership.ids)
        handling = [asyncio.ensure_future(self.dispatch(json.loads(payload))) for _, payload in taken]
        if handling:
            _, late = await asyncio.wait(handling, timeout=HANDLED_S)
            if late:
                log.warning("%d handed-over clicks still running after %.0f s", len(late), HANDLED_S)
        return len(taken)


async def every(seconds: float, step: Callable[[], Awaitable[Any]], name: str) -> None:
    """Run ``step`` every ``seconds`` until cancelled; a failing step is logged, not fatal."""
    while True:
        try:
            await step()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("%s failed", name)
        await asyncio.sleep(seconds)


async def owner_shard(store: Store, ownership: Ownership, table_id: int) -> int | None:
    """The shard to hand a click for ``table_id`` over to: None when the table is ours, unknown or
    no longer open (the click is then refused as usual, here)."""
    row = await store.table(table_id)
    if row is None or row.status not in ("lobby", "active") or ownership.owns(row.guild_id):
        return None
    return ownership.shard_of(row.guild_id)


def owned(rows: Iterable[Any], ownership: Ownership) -> list[Any]:
    """The table rows (anything with ``guild_id``) of our shards."""
    return [r for r in rows if ownership.owns(r.guild_id)]
