"""The bot's parts, built once by bot/app.py and handed explicitly to the slash-command cogs (no module
reaches through the bot object for them, so no module imports bot.app: no import circle)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.changes import Changes
from bot.clock import Clock
from bot.delivery import Delivery
from bot.hand import Hand
from bot.lobby import Lobby
from bot.store import Store
from bot.tables import TableManager
from bot.undo import Undo


@dataclass(frozen=True)
class Parts:
    store: Store
    tables: TableManager
    delivery: Delivery
    clock: Clock
    changes: Changes
    lobby: Lobby
    hand: Hand
    undo: Undo
