"""A Great Wall table driven through the real bot: lobby, the secret draft and command picks in DM
panels, composed panels, a restart mid-Fall, and an all-AI table to the end."""

from __future__ import annotations

from typing import Any

import pytest
from driver import current_panel, interactive, open_table, play_until, table_of

from bot.app import create_bot

# settle_timeout is a ceiling, not a wait: a loaded CI machine needs room
pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


def _year_done(env: Any, year: int) -> Any:
    return lambda: table_of(env).state.year > year and table_of(env).state.season == "fall"


async def test_one_human_two_ai_draft_commands_a_year_and_a_restart_mid_fall(world: dict[str, Any],
                                                                              db_path: Any) -> None:
    env = world["env"]
    lobby = await open_table(world, ai=2, game="greatwall", humans=("alice",))
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    assert table.state.season == "draft"
    panel = current_panel(world["alice"])
    assert panel is not None
    slots = [i for i in interactive(panel) if i.custom_id.startswith("mu:slot:")]
    assert len(slots) == 2 and all(len(s.values) == 2 for s in slots)  # 2 generals, 2 advisors
    await play_until([world["alice"]], lambda: table_of(env).state.active is not None, cycle=False)
    table = table_of(env)
    assert table.state.season == "fall" and table.state.active is not None  # a command card resolves
    before, seq = table.game.dumps(table.state), table.seq
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.seq == seq and table.game.dumps(table.state) == before
    await play_until([world["alice"]], _year_done(env, 1), cycle=False)
    assert table_of(env).state.year == 2 and table_of(env).state.season == "fall"
    assert not env.errors


async def test_three_humans_keep_their_picks_secret_until_the_reveal(world: dict[str, Any]) -> None:
    env = world["env"]
    lobby = await open_table(world, ai=0, game="greatwall", humans=("alice", "bob", "eve"))
    await world["alice"].click(lobby, label="Start")
    humans = [world["alice"], world["bob"], world["eve"]]
    await play_until(humans, lambda: table_of(env).state.ask is not None
                     and table_of(env).state.ask.kind == "command", cycle=False)
    table = table_of(env)
    panel = current_panel(world["alice"])
    assert panel is not None
    await world["alice"].user.click(panel, custom_id=interactive(panel)[0].custom_id)
    seat = table.seat_of(world["alice"].id)
    picked = table.state.ask.answers[seat][0]
    name = table.game.pack.commands[picked].name
    channel_text = "\n".join(m.content or "" for m in world["channel"].history(viewer=world["eve"]))
    assert "Command cards revealed" not in channel_text and name not in channel_text
    await play_until(humans, _year_done(env, 1), cycle=False)
    assert table_of(env).state.year == 2
    assert "Command cards revealed" in "\n".join(m.content or "" for m in world["channel"].history())
    assert not env.errors


@pytest.mark.simcord(settle_timeout=60)  # the whole game runs inside the Start interaction
async def test_four_ai_seats_play_to_the_end(world: dict[str, Any]) -> None:
    channel = world["channel"]
    await world["alice"].slash(channel, "game new", game="greatwall", seat=False)
    for _ in range(4):
        await world["alice"].slash(channel, "game addai")
    await world["alice"].slash(channel, "game start")
    table = table_of(world["env"])
    assert table.row.status == "over"
    outcome = table.game.outcome(table.state)
    assert outcome is not None and len(outcome.ranking) == 4
    text = "\n".join(m.content or "" for m in channel.history())
    assert "The game is over" in text
    assert any(m.attachments for m in channel.history())
    assert not world["env"].errors


async def test_hand_shows_what_is_behind_the_screen_even_with_nothing_to_decide(world: dict[str, Any]) -> None:
    env = world["env"]
    lobby = await open_table(world, ai=2, game="greatwall", humans=("alice",))
    await world["alice"].click(lobby, label="Start")
    await play_until([world["alice"]], lambda: table_of(env).state.season == "fall", cycle=False)
    table = table_of(env)
    seat = table.seat_of(world["alice"].id)
    hand = await world["alice"].slash(world["channel"], "hand")
    assert hand.ephemeral
    text = hand.response.content or "".join(str(c) for c in hand.response.components)
    if table.open_prompt(seat) is None:
        assert "Behind your screen" in text
    gold = table.state.players[seat].res["gold"]
    assert f"{gold} Gold" in text or gold == 0
