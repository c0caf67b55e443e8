"""Undo with consent: a seat takes back its last move when the other players agree; refused when
someone disagrees, when someone already acted, or where it would re-roll or reveal something."""

from __future__ import annotations

from typing import Any

import pytest
from driver import interactive, open_table, table_of

from bot.app import create_bot
from bot.tables import TableError
from bot.undo import undoable
from engine.ai import choose

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]  # a ceiling, not a wait


async def step(table: Any, seat: int) -> None:
    prompt = table.open_prompt(seat)
    view = table.game.view(table.state, seat)
    async with table.lock:
        await table.submit(seat, prompt.id, choose(table.game, view, prompt, table.seq))


async def until_reason(table: Any, seat: int, reason: str | None, limit: int = 300) -> None:
    """Play on (every seat by its AI) until ``seat`` has just moved and undo says ``reason`` (None:
    allowed)."""
    for _ in range(limit):
        movers = [p.seat for p in table.prompts()]
        assert movers, "the game ended first"
        await step(table, seat if seat in movers else movers[0])
        if table.seq and (await table.store.actions(table.id, after=table.seq - 1))[-1].seat == seat:
            try:
                await undoable(table, seat)
                got = None
            except TableError as error:
                got = error.key
            if got == reason:
                return
    raise AssertionError(f"no move of seat {seat} with undo {reason!r}")


async def two_players(world: dict[str, Any]) -> Any:
    lobby = await open_table(world, ai=0, game="akhedena", humans=("alice", "bob"))
    await world["alice"].click(lobby, label="Start")
    return table_of(world["env"])


def vote_buttons(world: dict[str, Any]) -> tuple[Any, str, str]:
    message = world["channel"].last_message
    ids = [i.custom_id for i in interactive(message)]
    return message, next(c for c in ids if c.endswith(":yes")), next(c for c in ids if c.endswith(":no"))


async def test_the_others_agree_and_the_move_is_taken_back(world: dict[str, Any], db_path: Any) -> None:
    env = world["env"]
    table = await two_players(world)
    alice = table.seat_of(world["alice"].id)
    await until_reason(table, alice, None)
    seq, before = table.seq, await table.state_before(table.seq)
    await world["alice"].slash(world["channel"], "game undo")
    message, yes, _no = vote_buttons(world)
    stranger = await world["eve"].click(message, custom_id=yes)
    assert stranger.response.content == "This vote is for the other players at this table."
    await env.restart_bot(create_bot(db_path=db_path))  # a pending vote survives a restart
    table = table_of(env)
    await world["bob"].click(message, custom_id=yes)
    assert table.seq == seq - 1
    assert table.game.dumps(table.state) == table.game.dumps(before)
    assert table.open_prompt(alice) is not None
    assert [a.seq for a in await table.store.actions(table.id)] == list(range(1, seq))
    assert not env.errors


async def test_one_refusal_keeps_the_move(world: dict[str, Any]) -> None:
    table = await two_players(world)
    alice = table.seat_of(world["alice"].id)
    await until_reason(table, alice, None)
    seq = table.seq
    await world["alice"].slash(world["channel"], "game undo")
    message, _yes, no = vote_buttons(world)
    await world["bob"].click(message, custom_id=no)
    assert table.seq == seq
    closed = next(m for m in world["channel"].history() if m.id == message.id)
    assert "refused" in closed.content and not interactive(closed)


async def test_no_undo_once_someone_else_has_acted(world: dict[str, Any]) -> None:
    table = await two_players(world)
    await until_reason(table, table.seat_of(world["bob"].id), None)  # bob moved after alice's moves
    result = await world["alice"].slash(world["channel"], "game undo")
    assert result.ephemeral and "only before anyone else has acted" in result.response.content


async def test_no_undo_for_a_move_that_drew_or_rolled(world: dict[str, Any]) -> None:
    table = await two_players(world)
    alice = table.seat_of(world["alice"].id)
    await until_reason(table, alice, "error.undo_hidden")
    seq = table.seq
    result = await world["alice"].slash(world["channel"], "game undo")
    assert result.ephemeral and "cannot be taken back" in result.response.content
    assert table.seq == seq
