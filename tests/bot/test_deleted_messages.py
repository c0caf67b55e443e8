"""Messages of a table that disappear (issue 20, item 9 and its deleted-message suite): a moderator
deletes the lobby, the live status or a board, or a DM panel is lost, and the table carries on. A
missing lobby or status message is posted again, not a failure; and a failure after a change was
stored never tells the player that nothing changed."""

from __future__ import annotations

from typing import Any

import pytest
from driver import answer, current_panel, lose, moderator, open_table, table_of

from bot.app import create_bot
from bot.i18n import t

pytestmark = pytest.mark.simcord(settle_timeout=30)
NOTHING_CHANGED = t("en", "error.internal")


def replies(result: Any) -> str:
    """Everything an interaction answered (its response and follow-ups)."""
    messages = [result.response, *getattr(result, "followups", [])]
    return "\n".join(m.content or "" for m in messages if m is not None)


def lobby_messages(world: dict[str, Any]) -> list[Any]:
    marker = "table open"
    return [m for m in world["channel"].history() if marker in (m.content or "")]


async def test_a_deleted_lobby_is_posted_again_and_the_lobby_goes_on(world: dict[str, Any]) -> None:
    """Issue 20 item 9: with the lobby message deleted, /game join, /game addai and /game start
    answered "nothing was changed" while the seat was taken and the game started."""
    env, mod = world["env"], moderator(world)
    lobby = await open_table(world, ai=0, humans=("alice",), length="short")
    await mod.delete(lobby)
    joined = await world["bob"].slash(world["channel"], "game join")
    assert replies(joined) == t("en", "lobby.joined")
    added = await world["alice"].slash(world["channel"], "game addai")
    assert replies(added) == t("en", "lobby.ai_added")
    [again] = lobby_messages(world)  # the lobby is back, once, showing both new seats
    assert again.id != lobby.id and "bob" in again.content and "🤖" in again.content
    await mod.delete(again)
    await world["alice"].slash(world["channel"], "game addai")
    started = await world["alice"].slash(world["channel"], "game start")
    assert replies(started) == t("en", "lobby.started")
    table = table_of(env)
    assert table.row.status == "active" and not env.errors and not env.bot.errors
    assert current_panel(world["alice"]) is not None


async def test_a_failure_after_the_change_never_says_nothing_changed(world: dict[str, Any]) -> None:
    """Issue 20 item 9: an error must never claim nothing changed when something did. The start is
    stored, then publishing it fails: the player is told the start counts."""
    env = world["env"]
    await open_table(world, ai=3, humans=("alice",), length="short")

    async def broken(table: Any) -> None:
        raise RuntimeError("the live status could not be shown")

    env.bot.delivery.refresh_status = broken
    started = await world["alice"].slash(world["channel"], "game start")
    assert table_of(env).row.status == "active"
    assert NOTHING_CHANGED not in replies(started)
    assert t("en", "error.internal_saved") in replies(started)
    [error] = env.bot.errors  # the bug is recorded
    assert "the live status could not be shown" in str(getattr(error, "original", error))
