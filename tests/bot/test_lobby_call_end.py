"""Issue 24, "the looking-for-players post follows the table (seats left, started, cancelled)": once
the game is over the post says so (it no longer says "started" forever), and a started table that is
aborted says it was closed."""

from __future__ import annotations

from typing import Any

import pytest
from driver import play_until, set_options, table_of

from bot.i18n import t

pytestmark = pytest.mark.simcord(settle_timeout=30)
GAME = "Akhedena: Destiny of the Throne"


async def _started(world: dict[str, Any]) -> tuple[Any, Any]:
    """alice opens a quick Akhedena table in a thread with two AI seats and starts it: the
    channel's post and the thread."""
    channel = world["channel"]
    await world["alice"].slash(channel, "game new", game="akhedena", thread=True)
    post, [thread] = channel.last_message, channel.threads
    lobby = thread.last_message
    await set_options(world, lobby, mode="quick")
    for _ in range(2):
        await world["alice"].click(lobby, label="Add AI")
    await world["alice"].click(lobby, label="Start")
    assert table_of(world["env"]).row.status == "active"
    return post, thread


def _post(world: dict[str, Any], post_id: int) -> str:
    return next(m for m in world["channel"].history() if m.id == post_id).content or ""


async def test_the_post_says_the_game_ended(world: dict[str, Any]) -> None:
    post, thread = await _started(world)
    table = table_of(world["env"])
    await play_until([world["alice"]], lambda: table.row.status == "over")
    assert table.row.status == "over"
    assert _post(world, post.id) == t("en", "lobby.call_over", game=GAME, channel=f"<#{thread.id}>")
    assert not world["env"].errors


async def test_a_started_table_aborted_says_it_was_closed(world: dict[str, Any]) -> None:
    post, thread = await _started(world)
    await world["alice"].slash(thread, "game abort")
    assert _post(world, post.id) == t("en", "lobby.call_closed", game=GAME)
    assert not world["env"].errors
