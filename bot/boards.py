"""Board images, posted off the click path: a click answers, stores, logs and hands out the next
panels at once; the board PNG (render ~50 ms, then an upload) follows per table.

Drawn in a worker thread. (A worker process was tried: it did not make a 1-table click faster, and a
render process outlives a SIGKILLed bot, holding its pipes open — see the closing note of issue 5.)

Coalesced: while a table's board is being drawn or sent, later requests replace each other, so a
burst of steps posts the board once more, as it is after the last of them, not once per step. The
view is taken when asked (on the event loop, consistent with the log lines already sent); a board is
derived from the state, so one lost to a crash or a shutdown costs nothing (``/game board`` redraws).
"""

from __future__ import annotations

import asyncio
import copy
import io
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import translator

if TYPE_CHECKING:
    from bot.tables import Table

log = logging.getLogger(__name__)


def draw(game: Any, view: dict[str, Any], names: list[str], lang: str = "en") -> tuple[bytes, str] | None:
    """In the worker thread: the PNG and its alt text in ``lang``, or None for a game without a renderer."""
    try:
        from rendering import alt_text, render
    except ImportError:  # a deployment without the rendering floor: text only
        return None
    tr = translator(lang)
    png = render(game, view, names, tr)
    return (png, alt_text(game, view, names, tr)[:1000]) if png else None


# The posted boards are drawn one at a time, in one thread: a burst of boards (a hundred busy tables)
# queues here instead of taking the event loop's share of the GIL from the clicks in several threads
# at once (bench/bot_latency.py, 100 tables: see docs/store.md). /game board still draws at once.
_DRAWER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="muster-board")


@dataclass
class _Board:
    """What to draw: the spectator view and names as they were when the board was asked for, in the
    table's language (a channel board is read by everyone at the table)."""

    game: Any
    view: dict[str, Any]
    names: list[str]
    table: Table
    lang: str = "en"
    awaited: bool = False  # someone waits for this board (post_now): it does not yield to clicks
    caption: str | None = None  # the heading of the moment this board shows (None: the one at posting)


async def channel_by_id(client: discord.Client, channel_id: int) -> discord.abc.Messageable:
    channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
    assert isinstance(channel, discord.abc.Messageable)
    return channel


class BoardPoster:
    """Draws milestone boards; ``post`` sends one (bot/feed.py: it becomes the live status)."""

    def __init__(self, client: discord.Client, post: Callable[[Table, discord.File, str | None], Awaitable[None]],
                 quiet: Callable[[], Awaitable[None]] | None = None) -> None:
        """``quiet``: waits until no click is being handled (bounded): a board is drawn in the gaps
        between clicks, so that drawing (which holds the GIL for most of its ~100 ms) never slows a
        click down; measured in bench/bot_latency.py."""
        self.client = client
        self.post = post
        self.quiet = quiet
        self._pending: dict[int, _Board] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}

    def request(self, table: Table, awaited: bool = False, caption: str | None = None) -> None:
        """Post the board as it is now, after the one in progress. The view is copied: the table's
        state moves on while this one is drawn in another thread; ``caption`` travels with it."""
        view = copy.deepcopy(table.game.view(table.state, None))
        self._pending[table.id] = _Board(table.game, view, list(table.names), table, table.row.lang, awaited,
                                         caption)
        if table.id not in self._workers:
            self._workers[table.id] = asyncio.create_task(self._run(table.id), name=f"board-{table.id}")

    async def post_now(self, table: Table, caption: str | None = None) -> None:
        """Post the board after any in progress, and return once it is sent (the end of a game: the
        board comes before the summary)."""
        self.request(table, awaited=True, caption=caption)
        await self.drain(table.id)

    async def drain(self, table_id: int | None = None) -> None:
        """Wait until the table's boards (every table's, if None) are posted."""
        while tasks := [t for k, t in self._workers.items() if table_id is None or k == table_id]:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self, table_id: int) -> None:
        try:
            while (board := self._pending.pop(table_id, None)) is not None:
                try:
                    await self._post(table_id, board)
                except (discord.HTTPException, OSError):
                    log.warning("board of table %s not posted", table_id, exc_info=True)
                except Exception:  # a bug: no click is waiting on this task to report it
                    log.exception("board of table %s failed", table_id)
        finally:
            self._workers.pop(table_id, None)

    async def _post(self, table_id: int, board: _Board) -> None:
        if self.quiet is not None and not board.awaited:  # a click awaiting it would wait for itself
            await self.quiet()
        drawn = await asyncio.get_running_loop().run_in_executor(
            _DRAWER, draw, board.game, board.view, board.names, board.lang)
        if drawn is None:
            return
        png, description = drawn
        await self.post(board.table, discord.File(io.BytesIO(png), "board.png", description=description),
                        board.caption)
