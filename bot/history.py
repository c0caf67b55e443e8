"""A table's public record for anyone in the channel: the log page by page, the board as it was at
the start of an earlier round, and a spectator's snapshot (/game watch).

Everything here is built from the spectator view (seat None) and the public log, so it holds
nothing secret at any point of the game.
"""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass
from typing import Any

from bot.i18n import translator
from bot.presenters import presenter_for
from bot.tables import Table
from engine.core.errors import IllegalChoice
from engine.core.game import Game, View
from engine.core.prompt import Choice

LOG_PAGE = 15  # lines per /game log page (a page stays well inside one Discord message)


@dataclass(frozen=True)
class LogPage:
    lines: list[str]
    page: int
    pages: int


async def log_page(table: Table, lang: str, page: int | None) -> LogPage:
    """Page ``page`` (1 = the oldest; None = the latest) of the table's public log, in ``lang``."""
    total = await table.store.log_count(table.id)
    pages = max(1, math.ceil(total / LOG_PAGE))
    page = pages if page is None else min(max(1, page), pages)
    rows = await table.store.log_slice(table.id, (page - 1) * LOG_PAGE, LOG_PAGE)
    presenter, tr = presenter_for(table.game), translator(lang)
    return LogPage([presenter.line(tr, key, args, table.names) for key, args in rows], page, pages)


def round_of(view: View) -> int | None:
    """The round a spectator view shows: the year for games counted in years (Xidit, The Great
    Wall), else the round (Akhedena)."""
    for key in ("year", "round"):
        if isinstance(view.get(key), int) and not isinstance(view.get(key), bool):
            return int(view[key])
    return None


@dataclass(frozen=True)
class PastBoard:
    view: View | None  # None when the game has not been in the round asked for
    rounds: tuple[int, int]  # the first and the latest round of this game


def board_at_round(game: Game, seats: int, options: dict[str, str], seed: int,
                   choices: list[tuple[int, str]], wanted: int) -> PastBoard:
    """The spectator view at the start of round ``wanted``, replaying the stored choices; ``rounds``
    tells the valid range either way.

    The replay checks every choice (not ``trusted_replay``): a table begun before a rules fix that
    changed a decision (the Great Wall's Summer and Production, issue 20) holds choices today's rules
    refuse. The replay stops at the first one, so the past boards before it are still shown and the
    range says how far the record goes, instead of a wrong board or a failure."""
    state = game.setup(seats, dict(options), seed)
    found: View | None = None
    first = latest = round_of(game.view(state, None)) or 1
    for seat, choice in choices:
        view = game.view(state, None)
        current = round_of(view) or latest
        latest = max(latest, current)
        if found is None and current == wanted:
            found = view
        try:
            game.apply(state, seat, Choice.parse(choice))
        except IllegalChoice:
            return PastBoard(found, (first, latest))
    end = game.view(state, None)
    latest = max(latest, round_of(end) or latest)
    if found is None and round_of(end) == wanted:
        found = end
    return PastBoard(found, (first, latest))


async def past_board(table: Table, wanted: int) -> PastBoard:
    """``board_at_round`` for a table, in a worker thread: a long game replays for a while and other
    tables must not wait (the replay works on its own state, never the table's)."""
    actions = await table.store.actions(table.id)
    choices = [(a.seat, a.choice) for a in actions]
    return await asyncio.to_thread(board_at_round, table.game, len(table.seats), table.row.options,
                                   table.row.seed, choices, wanted)


def spectator_view(table: Table) -> dict[str, Any] | None:
    return table.game.view(table.state, None) if table.state is not None else None
