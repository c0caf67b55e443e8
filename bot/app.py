"""The discord.py application: builds the bot, loads every open table at start, routes clicks."""

from __future__ import annotations

import asyncio
import contextlib
import logging
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
from bot.ops import InFlight, Metrics, OpsServer, time_store
from bot.parts import Parts
from bot.tables import Step, Table, TableManager
from bot.ui.components import Click, MusterButton, MusterSelect
from bot.undo import Undo

log = logging.getLogger("muster")


class MusterBot(commands.Bot):
    def __init__(self, db_path: Path | str, packs: Path | None = None, ai_delay: float = 0.0,
                 metrics_port: int | None = None, metrics_host: str = "127.0.0.1") -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        intents.dm_messages = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self.metrics = Metrics()
        self.inflight = InFlight()
        self.store = open_store(db_path)
        time_store(self.store, self.metrics)
        # Off unless a port is given (MUSTER_METRICS_PORT): 0 asks for any free port (tests).
        self.ops = None if metrics_port is None else OpsServer(
            metrics_host, metrics_port, self.metrics, self.store,
            ready=lambda: self.is_ready() and not self.inflight.closing,
            open_tables=lambda: len(self.tables.by_id))
        self.tables = TableManager(self.store, packs, ai_delay=ai_delay)
        self.delivery = Delivery(self)
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
        count = await self.tables.load_all()
        log.info("loaded %d open tables", count)
        self.add_dynamic_items(MusterButton, MusterSelect)
        from bot.cogs.game import GameCog

        await self.add_cog(GameCog(self.parts))
        from bot.cogs.stats import StatsCog

        await self.add_cog(StatsCog(self.store))
        self.tree.error(self.on_app_command_error)
        await self.tree.set_translator(CatalogTranslator())
        await self.tree.sync()
        if self.ops is not None:
            await self.ops.start()

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
        await self.inflight.drain(timeout=10)
        with contextlib.suppress(TimeoutError):  # boards already asked for go out before we leave
            await asyncio.wait_for(self.delivery.boards.drain(), timeout=10)
        await super().close()
        await self.inflight.drain(timeout=10)  # a click that arrived while the boards drained
        if self.ops is not None:
            await self.ops.stop()
        await self.store.close()

    async def _after(self, table: Table, steps: Sequence[Step]) -> None:
        await self.changes.after(table, steps)

    async def on_click(self, interaction: discord.Interaction[Any], click: Click) -> None:
        self.inflight.enter()
        self.metrics.clicks.inc()
        try:
            with self.metrics.click_seconds.time():
                await self.router.route(interaction, click)
        except Exception as error:  # a bug: record it, tell the user, never leave the click hanging
            await self._report(interaction, error)
        finally:
            self.inflight.leave()

    async def on_app_command_error(self, interaction: discord.Interaction[Any],
                                   error: discord.app_commands.AppCommandError) -> None:
        await self._report(interaction, error)

    async def _report(self, interaction: discord.Interaction[Any], error: BaseException) -> None:
        self.errors.append(error)
        log.error("interaction failed: %s", "".join(traceback.format_exception(error)))
        text = t(lang_of(interaction.locale), "error.internal")
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass


def create_bot(db_path: Path | str = "muster.db", packs: Path | None = None, ai_delay: float = 0.0,
               metrics_port: int | None = None, metrics_host: str = "127.0.0.1") -> MusterBot:
    return MusterBot(db_path, packs, ai_delay, metrics_port, metrics_host)
