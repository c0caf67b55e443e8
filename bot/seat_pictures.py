"""A seat's own picture on its DM panel and its /hand panel (issue 16, "Your own board").

Drawn from ``game.view(state, seat)`` and the seat's open prompt only (rendering/seat.py), so it shows
nothing the seat may not know. The view is taken on the event loop (consistent with the panel) and
drawn in a worker thread, as boards are (bot/boards.py). Remembered per (table, step, seat, language,
palette): a panel sent again — /hand twice, a restart's re-sync — does not draw again.

Only a classic panel carries it: a Components V2 panel (a programme, a long multi-pick) is rebuilt on
every pick without its attachments, so it would lose the picture after the first click.
"""

from __future__ import annotations

import asyncio
import copy
import io
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import translator

if TYPE_CHECKING:
    from bot.tables import Table

FILENAME = "you.png"
Key = tuple[int, int, int, int, str, str]


def draw(game: Any, view: dict[str, Any], prompt: Any, names: list[str], lang: str, palette: str) -> bytes | None:
    """In the worker thread: the seat's picture, or None (no renderer, or a game without pictures)."""
    try:
        from rendering import seat_picture
    except ImportError:  # a deployment without the rendering floor: text only
        return None
    return seat_picture(game, view, prompt, names, translator(lang), palette)


class SeatPictures:
    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._cache: OrderedDict[Key, bytes | None] = OrderedDict()

    async def png(self, table: Table, seat: int, lang: str) -> bytes | None:
        info = table.seats[seat]
        if table.state is None:
            return None
        # The state object with the step number: an undo replaces the state, so a new branch's step
        # of the same number is not taken for the undone one's.
        key = (table.id, id(table.state), table.seq, seat, lang, info.palette)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        view = copy.deepcopy(table.game.view(table.state, seat))
        prompt = table.open_prompt(seat)
        png = await asyncio.to_thread(draw, table.game, view, prompt, list(table.names), lang, info.palette)
        self._cache[key] = png
        while len(self._cache) > self.size:
            self._cache.popitem(last=False)
        return png

    async def attach(self, table: Table, seat: int, lang: str,
                     view: discord.ui.View | discord.ui.LayoutView | None) -> dict[str, Any]:
        """``{"file": ...}`` to add to a classic panel's send, or nothing."""
        if isinstance(view, discord.ui.LayoutView):
            return {}
        png = await self.png(table, seat, lang)
        return {"file": discord.File(io.BytesIO(png), FILENAME)} if png else {}
