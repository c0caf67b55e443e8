"""Messages of a table that disappear (issue 20, item 9 and its deleted-message suite): a moderator
deletes the lobby, the live status or a board, or a DM panel is lost, and the table carries on. A
missing lobby or status message is posted again, not a failure; and a failure after a change was
stored never tells the player that nothing changed."""

from __future__ import annotations

from typing import Any

import pytest
from driver import answer, current_panel, lose, moderator, open_table, play_until, table_of

from bot.app import create_bot
from bot.i18n import t

pytestmark = [pytest.mark.simcord(settle_timeout=30), pytest.mark.contract]
NOTHING_CHANGED = t("en", "error.internal")


def replies(result: Any) -> str:
    """Everything an interaction answered (its response and follow-ups)."""
    messages = [result.response, *getattr(result, "followups", [])]
    return "\n".join(m.content or "" for m in messages if m is not None)


def boards(world: dict[str, Any]) -> list[Any]:
    return [m for m in world["channel"].history() if m.attachments]


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


# -- the deleted-message suite: mid-game, each of the table's messages goes, and the table carries on --


async def start_two(world: dict[str, Any]) -> Any:
    """alice and bob with two AI seats at a short Xidit table, started."""
    lobby = await open_table(world, ai=2, humans=("alice", "bob"), length="short")
    await world["alice"].click(lobby, label="Start")
    return table_of(world["env"])


async def status_of(world: dict[str, Any], table: Any) -> Any:
    """The live status message, as the channel shows it (None: it is not there)."""
    stored = await table.store.message(table.id, "status")
    assert stored is not None
    return next((m for m in world["channel"].history() if m.id == stored[1]), None)


async def carries_on(world: dict[str, Any], table: Any) -> None:
    """The next decision is answered from its panel, the live status is in the channel, and nothing
    went wrong or told anyone that nothing changed."""
    env, seq = world["env"], table.seq
    who = next(w for w in ("alice", "bob") if current_panel(world[w]) is not None)
    panel = current_panel(world[who])
    assert panel is not None
    await answer(world[who].user, panel, 0, cycle=False)
    await env.bot.delivery.boards.drain()
    assert table.seq > seq or table.open_prompt(table.seat_of(world[who].id)) is None
    assert await status_of(world, table) is not None
    assert not env.errors and not env.bot.errors
    for user in ("alice", "bob"):
        assert not [m for m in world[user].user.dm_channel.history() if NOTHING_CHANGED in (m.content or "")]


async def test_a_deleted_lobby_mid_game(world: dict[str, Any]) -> None:
    table = await start_two(world)
    [lobby] = lobby_messages(world)
    await moderator(world).delete(lobby)
    late = await world["eve"].slash(world["channel"], "game join")
    assert replies(late) == t("en", "error.already_started")
    await carries_on(world, table)


async def test_a_deleted_live_status_is_posted_again(world: dict[str, Any]) -> None:
    table = await start_two(world)
    old = await status_of(world, table)
    await moderator(world).delete(old)
    await carries_on(world, table)
    again = await status_of(world, table)
    assert again.id != old.id and t("en", "table.waiting", names="").strip() in again.content


async def test_a_deleted_board_leaves_the_next_one_to_come(world: dict[str, Any]) -> None:
    table = await start_two(world)
    await play_until([world["alice"], world["bob"]], lambda: bool(boards(world)), limit=10, cycle=False)
    await world["env"].bot.delivery.boards.drain()
    [board] = boards(world)  # the year's first board, the live status now
    await moderator(world).delete(board)
    await carries_on(world, table)
    await carries_on(world, table)
    status = await status_of(world, table)
    assert status.id != board.id


async def test_a_lost_dm_panel_is_answered_through_hand(world: dict[str, Any]) -> None:
    table = await start_two(world)
    who = next(w for w in ("alice", "bob") if current_panel(world[w]) is not None)
    panel = current_panel(world[who])
    assert panel is not None
    lose(world["env"], panel)
    hand = await world[who].slash(world["channel"], "hand")
    assert hand.ephemeral
    seq = table.seq
    await answer(world[who], hand.response, 0, cycle=False)
    assert table.seq > seq
    assert not world["env"].errors and not world["env"].bot.errors


async def test_a_lost_panel_and_status_come_back_after_a_restart(world: dict[str, Any], db_path: Any) -> None:
    """Deleted (or lost) while the bot was down: the restarted bot sends the seat its panel again,
    to that seat only, and the table carries on with a live status."""
    env = world["env"]
    table = await start_two(world)
    who, other = ("alice", "bob") if current_panel(world["alice"]) is not None else ("bob", "alice")
    panel = current_panel(world[who])
    assert panel is not None
    others = len(world[other].user.dm_channel.history())
    lose(env, panel)
    await moderator(world).delete(await status_of(world, table))
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    again = current_panel(world[who])
    assert again is not None and again.id != panel.id
    assert len(world[other].user.dm_channel.history()) == others  # nothing of the seat's reached the other
    await carries_on(world, table)
