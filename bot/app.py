"""The discord.py application: builds the bot, loads every open table at start, routes clicks."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bot.backends import open_store
from bot.changes import Changes
from bot.clicks import ClickRouter
from bot.clock import Clock
from bot.commands_i18n import CatalogTranslator
from bot.delivery import Delivery
from bot.hand import Hand
from bot.i18n import lang_of, t
from bot.lobby import Lobby
from bot.mentions import QUIET
from bot.ops import InFlight, Metrics, OpsServer, time_store
from bot.parts import Parts
from bot.shards import POLL_S, TTL_S, Inbox, Leases, Ownership, every, interaction_payload, owner_shard
from bot.stored import stored_here
from bot.tables import Step, Table, TableManager
from bot.ui.components import Click, MusterButton, MusterSelect
from bot.undo import Undo

log = logging.getLogger("muster")


class MusterBot(commands.Bot):
    def __init__(self, db_path: Path | str, packs: Path | None = None, ai_delay: float = 0.0,
                 metrics_port: int | None = None, metrics_host: str = "127.0.0.1",
                 ownership: Ownership | None = None) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        intents.dm_messages = True
        self.ownership = ownership or Ownership()
        shards: dict[str, Any] = {"shard_ids": self.ownership.ids, "shard_count": self.ownership.count} \
            if self.ownership.sharded else {}
        # Nobody is pinged unless a message says whom (bot/mentions.py): names are the players' own words.
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=QUIET, **shards)
        self.metrics = Metrics()
        self.inflight = InFlight()
        self.store = open_store(db_path)
        time_store(self.store, self.metrics)
        # Off unless a port is given (MUSTER_METRICS_PORT): 0 asks for any free port (tests).
        self.ops = None if metrics_port is None else OpsServer(
            metrics_host, metrics_port, self.metrics, self.store,
            ready=lambda: self.is_ready() and not self.inflight.closing,
            open_tables=lambda: len(self.tables.by_id))
        self.tables = TableManager(self.store, packs, ai_delay=ai_delay, ownership=self.ownership)
        self.leases = Leases(self.store, self.ownership)
        self.inbox = Inbox(self.store, self.ownership, self._dispatch_handed_over)
        self._raw: dict[int, str] = {}  # DM clicks' gateway payloads, while handled: for a handover
        # Interactions another worker deferred and handed to us, each with the future its handling
        # resolves (the inbox waits for them: bot/shards.py).
        self._handed_over: dict[int, asyncio.Future[None]] = {}
        self._shard_tasks: list[asyncio.Task[None]] = []
        # The inbox poll and the lease renewal run on timers; tests in simcord (whose settle steps
        # through every timer due before its deadline) turn them off and call them directly.
        self.shard_timers = True
        self._keep_raw_interactions()
        self.delivery = Delivery(self, self.inflight.quiet)
        # The clock's expiries go through the one after-change path, which follows the clock: the
        # path is handed in as a callable, bound once both exist.
        self.clock = Clock(self.store, self.tables, self.delivery, self._after)
        self.changes = Changes(self.delivery, self.clock)
        self.lobby = Lobby(self.delivery, self.changes)
        self.hand = Hand(self.delivery)
        self.undo = Undo(self.store, self.changes)
        self.router = ClickRouter(self.tables, self.delivery, self.changes, self.lobby, self.undo, self.hand)
        self.parts = Parts(self.store, self.tables, self.delivery, self.clock, self.changes, self.lobby,
                           self.hand, self.undo)
        self.errors: list[BaseException] = []  # what went wrong in callbacks, for tests and logs
        self._resynced = False
        self._shutdown: asyncio.Future[None] | None = None

    async def setup_hook(self) -> None:
        await self.store.open()
        if self.ownership.sharded:  # before loading: no other live worker may hold our shards
            await self.leases.claim()
        count = await self.tables.load_all()
        log.info("loaded %d open tables (shards %s)", count, self.ownership)
        self.add_dynamic_items(MusterButton, MusterSelect)
        from bot.cogs.game import GameCog

        await self.add_cog(GameCog(self.parts))
        from bot.cogs.stats import StatsCog

        await self.add_cog(StatsCog(self.store))
        from bot.cogs.rules import RulesCog

        await self.add_cog(RulesCog(self.parts))
        from bot.cogs.mine import MineCog

        await self.add_cog(MineCog(self.parts))
        self.tree.error(self.on_app_command_error)
        await self.tree.set_translator(CatalogTranslator())
        await self.tree.sync()
        if self.ops is not None:
            await self.ops.start()
        if self.ownership.sharded and self.shard_timers:
            self._shard_tasks = [asyncio.create_task(every(POLL_S, self.inbox.take, "inbox"), name="inbox"),
                                 asyncio.create_task(self._keep_leases(), name="leases")]

    async def on_ready(self) -> None:
        """After a restart, let AI seats take the turns that came to them just before the crash, and
        make sure every seat that must decide has its panel: a crash between storing a choice and
        publishing it must not leave a player without one."""
        if self._resynced:
            return
        self._resynced = True
        for table in list(self.tables.by_id.values()):
            if table.row.status == "active":
                async with table.lock:
                    await self.delivery.feed.recover(table)  # lines and status a crash left behind
                    await self.delivery.find_lost_panels(table)  # a lost DM panel is sent again below
                    steps = await table.resume()  # AI seats whose turn came just before the crash
                    if steps:
                        await self.changes.after(table, steps)
                    else:
                        await self.delivery.sync_panels(table)
        await self.clock.start()  # after the panels: deadlines credit the downtime, then re-arm

    async def close(self) -> None:
        """Shut down cleanly (SIGTERM comes here too): clicks being handled finish, boards already
        asked for go out (or are dropped after 10 s), the gateway closes, then the store. A second
        call (the signal's and ``async with bot``'s) waits for the first instead of closing twice."""
        if self._shutdown is None:
            self._shutdown = asyncio.ensure_future(self._close())
        await asyncio.shield(self._shutdown)

    async def _close(self) -> None:
        self.inflight.closing = True  # /healthz answers 503 from now on
        self.clock.stop()
        for task in self._shard_tasks:
            task.cancel()
        await self.inflight.drain(timeout=10)
        with contextlib.suppress(TimeoutError):  # boards already asked for go out before we leave
            await asyncio.wait_for(self.delivery.boards.drain(), timeout=10)
        await super().close()
        await self.inflight.drain(timeout=10)  # a click that arrived while the boards drained
        if self.ops is not None:
            await self.ops.stop()
        if self.ownership.sharded:
            with contextlib.suppress(Exception):  # else the lease expires by itself (TTL_S)
                await self.leases.release()
        await self.store.close()

    async def _after(self, table: Table, steps: Sequence[Step]) -> None:
        await self.changes.after(table, steps)

    async def on_click(self, interaction: discord.Interaction[Any], click: Click) -> None:
        self.inflight.enter()
        self.metrics.clicks.inc()
        try:
            with self.metrics.click_seconds.time():
                if self.ownership.sharded and await self._hand_over(interaction, click):
                    return
                await self.router.route(interaction, click)
        except Exception as error:  # a bug: record it, tell the user, never leave the click hanging
            await self._report(interaction, error)
        finally:
            if self.ownership.sharded:
                self._raw.pop(interaction.id, None)
                if (handled := self._handed_over.pop(interaction.id, None)) is not None and not handled.done():
                    handled.set_result(None)
            self.inflight.leave()

    # -- shard-owning workers (bot/shards.py) ---------------------------------------------------------
    def _keep_raw_interactions(self) -> None:
        """A sharded worker keeps each DM click's gateway payload while it handles it: the click may
        be another worker's to handle, and the payload is what is handed over."""
        if not self.ownership.sharded:
            return
        parse = self._connection.parsers["INTERACTION_CREATE"]

        def keep(data: Any) -> None:
            if data.get("guild_id") is None and data.get("type") == 3:
                self._raw[int(data["id"])] = interaction_payload(data)
            parse(data)

        self._connection.parsers["INTERACTION_CREATE"] = keep

    async def _hand_over(self, interaction: discord.Interaction[Any], click: Click) -> bool:
        """A click for a table this worker does not own: acknowledge it (Discord waits 3 s) and leave
        it in the store for the owner of the table's shard. False: ours to route (a click handed over
        to us is marked as deferred: the worker that received it deferred it)."""
        if interaction.id in self._handed_over:
            interaction.response._response_type = discord.InteractionResponseType.deferred_message_update
            return False
        if click.table in self.tables.by_id:
            return False
        raw = self._raw.get(interaction.id)
        shard = await owner_shard(self.store, self.ownership, click.table) if raw is not None else None
        if raw is None or shard is None:
            return False
        await interaction.response.defer()
        await self.store.forward(shard, click.table, raw, time.time())
        self.metrics.handed_over.inc()
        return True

    def _dispatch_handed_over(self, payload: dict[str, Any]) -> asyncio.Future[None]:
        """A click another worker received for one of our tables: through our own gateway parser, as
        if Discord had sent it here, its response marked as deferred (``on_click``, which resolves
        the future returned here once the click is handled)."""
        handled = self._handed_over[int(payload["id"])] = asyncio.get_running_loop().create_future()
        self._connection.parsers["INTERACTION_CREATE"](payload)
        return handled

    async def _keep_leases(self) -> None:
        while True:
            await asyncio.sleep(TTL_S / 3)
            try:
                kept = await self.leases.renew()
            except Exception:  # the store is unreachable: the leases run out unless it comes back
                log.exception("could not renew the shard leases")
                continue
            if not kept:
                log.critical("shards %s are held by another worker now: stopping", self.ownership)
                asyncio.get_running_loop().create_task(self.close())
                return

    async def on_app_command_error(self, interaction: discord.Interaction[Any],
                                   error: discord.app_commands.AppCommandError) -> None:
        await self._report(interaction, error)

    async def _report(self, interaction: discord.Interaction[Any], error: BaseException) -> None:
        self.errors.append(error)
        log.error("interaction failed: %s", "".join(traceback.format_exception(error)))
        # Only a failure before anything was stored may say that nothing changed.
        text = t(lang_of(interaction.locale), "error.internal_saved" if stored_here() else "error.internal")
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass


class ShardedMusterBot(MusterBot, commands.AutoShardedBot):
    """A worker owning a range of shards (``python -m bot --shards 0-3 --shard-count 8``)."""


def create_bot(db_path: Path | str = "muster.db", packs: Path | None = None, ai_delay: float = 0.0,
               metrics_port: int | None = None, metrics_host: str = "127.0.0.1",
               ownership: Ownership | None = None) -> MusterBot:
    kind = ShardedMusterBot if ownership is not None and ownership.sharded else MusterBot
    return kind(db_path, packs, ai_delay, metrics_port, metrics_host, ownership)
