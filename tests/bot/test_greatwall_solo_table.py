"""A Great Wall solo game (1 player against Qin Jiushao, with the Reed clan [ES p.16–17]) driven
through the real bot: the lobby takes exactly 1 player, Qin's steps are public channel lines and never
a panel, the player answers the Reed clan's Overlord panel when it is theirs, and a restart mid-Fall
loses nothing."""

from __future__ import annotations

from typing import Any

import pytest
from driver import open_table, play_until, table_of

from bot.app import create_bot

pytestmark = pytest.mark.simcord(settle_timeout=5)  # a ceiling, not a wait


def _next_year_or_over(env: Any) -> bool:
    state = table_of(env).state
    return state.season == "over" or (state.year > 1 and state.season == "fall")


async def test_one_player_plays_a_year_against_qin_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    env = world["env"]
    lobby = await open_table(world, ai=0, game="greatwall", humans=("alice",), mode="solo")
    assert "1 player against Qin Jiushao" in lobby.content
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    assert table.state.mode == "solo" and table.state.seats == 1 and len(table.state.players) == 3
    assert table.state.tea == [0, 1, 2]  # you, Qin, Reed [ES p.16 step 19]
    humans = [world["alice"]]
    await play_until(humans, lambda: table_of(env).state.active is not None, cycle=False)
    table = table_of(env)
    assert table.state.season == "fall"
    assert table.state.ask is None or table.state.ask.seats == [0]  # only the player is ever asked
    before, seq = table.game.dumps(table.state), table.seq
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.seq == seq and table.game.dumps(table.state) == before
    await play_until(humans, lambda: _next_year_or_over(env), cycle=False)
    table = table_of(env)
    assert table.state.year == 2 and table.state.season == "fall"
    channel = "\n".join(m.content or "" for m in world["channel"].history())
    assert "Qin Jiushao puts" in channel  # his card on the first free slot, a public line
    assert "Qin Jiushao moves a clerk" in channel  # his Clerks, by his track
    assert "Qin Jiushao's Location track" in channel
    assert not env.errors


async def test_a_solo_lobby_seats_exactly_one_player(world: dict[str, Any]) -> None:
    """Solo is for 1 player [ES p.16]: an AI seat is refused and the table starts with the player plus
    the two rules-driven clans."""
    env = world["env"]
    lobby = await open_table(world, ai=1, game="greatwall", humans=("alice",), mode="solo")
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    assert len(table.names) == 1 and table.state.seats == 1 and table.state.qin is not None


async def test_the_qin_rulings_are_table_options_of_game_new(world: dict[str, Any]) -> None:
    """The difficulty levels, the harder Spring advisor rule and conflict C1's reading can be switched
    when the table is opened [ES p.17; fact sheet §17]."""
    env = world["env"]
    lobby = await open_table(world, ai=0, game="greatwall", humans=("alice",), mode="solo",
                             qin_level="honor50", qin_advisors="both", qin_advanced="lowest")
    await world["alice"].click(lobby, label="Start")
    state = table_of(env).state
    assert state.rulings["qin_level"] == "honor50" and state.rulings["qin_advisors"] == "both"
    assert state.rulings["qin_advanced"] == "lowest" and state.players[1].honor == 50
