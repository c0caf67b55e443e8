"""Issue 24 item 2: ``/game board`` does what the README says ("whenever someone asks (`/game board`);
that post becomes the live status"), and at most once per ``BOARD_GAP`` per table: a second ask
within it is refused, in the asker's words, with when it can be asked again, and posts nothing.
Time is simcord's virtual clock (bot/clock.py ``now``), moved with ``advance_time``: no timing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.board_asks import BOARD_GAP
from bot.clock import now
from bot.i18n import t

pytestmark = pytest.mark.contract  # every request checked against Discord's documented payloads


async def _started(world: dict[str, Any], channel: Any = None) -> Any:
    channel = channel or world["channel"]
    await world["alice"].slash(channel, "game new", game="xidit")
    lobby = channel.last_message
    for _ in range(3):
        await world["alice"].click(lobby, label="Add AI")
    await world["alice"].click(lobby, label="Start")
    return next(t_ for t_ in world["env"].bot.tables.by_id.values() if t_.row.channel_id == channel.id)


def _boards(channel: Any) -> list[Any]:
    return [m for m in channel.history() if m.attachments]


async def test_the_asked_board_becomes_the_live_status(world: dict[str, Any]) -> None:
    table = await _started(world)
    before = len(_boards(world["channel"]))
    await world["bob"].slash(world["channel"], "game board")
    boards = _boards(world["channel"])
    assert len(boards) == before + 1
    stored = await table.store.message(table.id, "status")
    assert stored is not None and stored[1] == boards[-1].id
    assert not world["env"].errors


async def test_a_second_ask_too_soon_is_refused_with_when(world: dict[str, Any]) -> None:
    await _started(world)
    await world["bob"].slash(world["channel"], "game board")
    asked = now()
    count = len(_boards(world["channel"]))
    again = await world["eve"].slash(world["channel"], "game board")
    assert again.ephemeral
    assert again.response.content == t("en", "error.board_soon", at=int(asked + BOARD_GAP))
    assert len(_boards(world["channel"])) == count
    await world["env"].advance_time(BOARD_GAP)
    await world["eve"].slash(world["channel"], "game board")
    assert len(_boards(world["channel"])) == count + 1 and not world["env"].errors


async def test_the_limit_is_per_table(world: dict[str, Any]) -> None:
    await _started(world)
    other = world["guild"].create_text_channel("other-games")
    await _started(world, other)
    await world["bob"].slash(world["channel"], "game board")
    count = len(_boards(other))
    await world["bob"].slash(other, "game board")
    assert len(_boards(other)) == count + 1
