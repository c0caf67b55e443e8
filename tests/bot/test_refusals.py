"""Refusals change nothing and answer ephemerally: non-players, stale panels, re-delivered clicks,
closed DMs (the /hand fallback), permissions; and an all-AI table plays to the end through the bot."""

from __future__ import annotations

from typing import Any

import pytest
from driver import answer, close_dms, current_panel, interactive, open_table, play_until, set_options, table_of

from bot.app import create_bot
from bot.tables import TableError
from engine.core.prompt import Choice

# settle_timeout is a ceiling, not a wait: a loaded CI machine needs room.
pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


async def test_a_non_player_is_refused(world: dict[str, Any]) -> None:
    lobby = await open_table(world)
    table = table_of(world["env"])
    result = await world["eve"].click(lobby, label="Start")
    assert result.followups and result.followups[0].ephemeral
    assert table.row.status == "lobby"
    await world["alice"].click(lobby, label="Start")
    hand = await world["eve"].slash(world["channel"], "hand")
    assert hand.ephemeral and "don't have a seat" in hand.response.content


async def test_a_stale_panel_is_refused_and_changes_nothing(world: dict[str, Any]) -> None:
    env = world["env"]
    lobby = await open_table(world)
    await world["alice"].click(lobby, label="Start")
    await play_until([world["alice"], world["bob"]], lambda: table_of(env).state.phase == "program")
    hand = await world["alice"].slash(world["channel"], "hand")  # the same panel, ephemeral
    await answer(world["alice"].user, current_panel(world["alice"]))  # locked in through the DM
    table = table_of(env)
    seq = table.seq
    slots = [i for i in interactive(hand.response) if i.custom_id.startswith("mu:slot:")]
    late = await world["alice"].select(hand.response, ["wait"], custom_id=slots[0].custom_id)
    assert late.response.ephemeral and "closed" in late.response.content
    assert table.seq == seq


async def test_a_redelivered_click_applies_once(world: dict[str, Any]) -> None:
    env = world["env"]
    lobby = await open_table(world)
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    prompt = table.prompts()[0]
    option = prompt.options[0].id
    async with table.lock:
        await table.submit(prompt.seat, prompt.id, Choice(prompt.kind, (option,)), interaction_id=424242)
        seq = table.seq
        with pytest.raises(TableError) as refused:
            await table.submit(prompt.seat, prompt.id, Choice(prompt.kind, (option,)), interaction_id=424242)
    assert refused.value.key == "error.duplicate"
    assert table.seq == seq


async def test_closed_dms_fall_back_to_hand(world: dict[str, Any]) -> None:
    env = world["env"]
    bob = world["bob"]
    close_dms(env, bob)
    lobby = await open_table(world)
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    bob_seat = table.seat_of(bob.id)
    await play_until([world["alice"]], lambda: table.open_prompt(bob_seat) is not None)
    assert table.open_prompt(bob_seat) is not None
    pings = [m for m in world["channel"].history() if "/hand" in (m.content or "")]
    assert pings and f"<@{bob.id}>" in pings[-1].content
    assert "Program" not in pings[-1].content and "city" not in pings[-1].content.lower()
    hand = await bob.slash(world["channel"], "hand")
    assert hand.ephemeral and interactive(hand.response)
    seq = table.seq
    await answer(bob, hand.response)
    assert table.seq > seq
    assert table.seats[bob_seat].dm_closed


async def test_closed_dms_are_told_once_then_pinged_once_per_decision(world: dict[str, Any]) -> None:
    """Issue 16: a player with closed DMs hears about DMs once; after that each decision of theirs
    brings one short "your turn" ping, and nothing repeats the DM text."""
    env, bob, channel = world["env"], world["bob"], world["channel"]
    close_dms(env, bob, None)
    lobby = await open_table(world, game="greatwall", ai=1)
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    bob_seat, decisions = table.seat_of(bob.id), set()
    for turn in range(12):
        prompt = table.open_prompt(bob_seat)
        if prompt is not None:
            decisions.add(prompt.id)
            hand = await bob.slash(channel, "hand")
            await answer(bob, hand.response, turn, cycle=False)
        panel = current_panel(world["alice"])
        if panel is not None:
            await answer(world["alice"].user, panel, turn, cycle=False)
    if (prompt := table.open_prompt(bob_seat)) is not None:
        decisions.add(prompt.id)  # the decision opened by the last answers, already pinged
    told = [m for m in channel.history() if "direct messages" in (m.content or "")]
    pings = [m for m in channel.history() if f"<@{bob.id}>" in (m.content or "")]
    assert len(told) == 1
    assert len(decisions) >= 2 and len(pings) <= len(decisions)
    assert all("/hand" in m.content for m in pings)


async def test_abort_needs_the_host_or_manage_channels(world: dict[str, Any]) -> None:
    await open_table(world)
    refused = await world["bob"].slash(world["channel"], "game abort")
    assert refused.ephemeral
    assert table_of(world["env"]).row.status == "lobby"
    done = await world["alice"].slash(world["channel"], "game abort")
    assert not done.ephemeral
    assert table_of(world["env"]).row.status == "aborted"


async def test_lobby_buttons_survive_a_restart(world: dict[str, Any], db_path: Any) -> None:
    env = world["env"]
    lobby = await open_table(world, ai=0)
    await env.restart_bot(create_bot(db_path=db_path))
    await world["eve"].click(lobby, label="Join")
    assert [s.name for s in table_of(env).seats] == ["alice", "bob", "eve"]


@pytest.mark.simcord(settle_timeout=60)  # the whole AI game runs inside the Start interaction
async def test_four_ai_seats_play_to_the_end_through_the_bot(world: dict[str, Any]) -> None:
    env = world["env"]
    await world["alice"].slash(world["channel"], "game new", game="xidit", seat=False)
    lobby = world["channel"].last_message
    await set_options(world, lobby, length="short")
    for _ in range(4):
        await world["alice"].click(lobby, label="Add AI")
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    assert table.row.status == "over"
    history = world["channel"].history(viewer=world["eve"])
    assert any("Game over" in (m.content or "") for m in history)
    boards = [m for m in history if m.attachments]
    png = await boards[-1].attachments[0].read()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert all(len(m.content or "") <= 2000 for m in history)
    assert not env.errors
