"""A Great Wall duel (2 players and the Reed clan [ES p.15]) driven through the real bot: the lobby
takes exactly 2 players, the Overlord's decisions for the Reed clan arrive in that player's DM panel,
Reed's steps are public channel lines, and a restart mid-Fall loses nothing."""

from __future__ import annotations

from typing import Any

import pytest
from driver import current_panel, open_table, play_until, table_of

from bot.app import create_bot

pytestmark = pytest.mark.simcord(settle_timeout=5)  # a ceiling, not a wait


def _reed_asked(env: Any) -> bool:
    ask = table_of(env).state.ask
    return ask is not None and ask.kind.startswith("reed_")


async def test_two_humans_play_a_year_with_the_reed_clan_and_a_restart(world: dict[str, Any], db_path: Any) -> None:
    env = world["env"]
    lobby = await open_table(world, ai=0, game="greatwall", humans=("alice", "bob"), mode="duel")
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    assert table.state.mode == "duel" and table.state.seats == 2 and table.state.reed == 2
    humans = [world["alice"], world["bob"]]
    # Year 1 Fall: Reed's marker is last, so the Overlord (the top Tea player) places its card.
    await play_until(humans, lambda: _reed_asked(env), cycle=False)
    table = table_of(env)
    assert table.state.ask.kind == "reed_place" and table.state.ask.seats == [table.state.tea[0]]
    overlord = next(u for u in humans if table.seat_of(u.id) == table.state.tea[0])
    panel = current_panel(overlord)
    # The panel may be the player's last one edited in place (bot/dm_panels.py): headed by the answer
    # given there, and Components V2 if that one was.
    words = panel.content or "".join(getattr(c, "content", "") or "" for c in panel.components) if panel else ""
    assert panel is not None and "For the Reed clan" in words
    await play_until(humans, lambda: table_of(env).state.active is not None, cycle=False)
    table = table_of(env)
    assert table.state.season == "fall"
    before, seq = table.game.dumps(table.state), table.seq
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.seq == seq and table.game.dumps(table.state) == before
    await play_until(humans, lambda: table_of(env).state.year > 1 and table_of(env).state.season == "fall",
                     cycle=False)
    table = table_of(env)
    assert table.state.year == 2 and table.state.season == "fall"
    channel = "\n".join(m.content or "" for m in world["channel"].history())
    assert "the Reed clan: Reed Command" in channel  # Reed's card, revealed with the others
    assert "Reed Command (slot" in channel  # its turn, a public line
    assert not env.errors


async def test_a_duel_lobby_seats_exactly_two_players(world: dict[str, Any]) -> None:
    """The duel is for 2 players [ES p.15]: a third seat (here an AI) is refused and the table starts
    with the 2 humans plus the rules-driven Reed clan."""
    env = world["env"]
    lobby = await open_table(world, ai=1, game="greatwall", humans=("alice", "bob"), mode="duel")
    assert "2 players with the Reed clan" in lobby.content
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    assert len(table.names) == 2 and table.state.seats == 2 and len(table.state.players) == 3


async def test_the_reed_rulings_are_table_options_of_game_new(world: dict[str, Any]) -> None:
    """The readings chosen for conflicts C5 and C7 and the two other Reed rulings can be switched when
    the table is opened (ES p.15; fact sheet §17)."""
    env = world["env"]
    lobby = await open_table(world, ai=0, game="greatwall", humans=("alice", "bob"), mode="duel",
                             reed_temple="overlord", raid_count="clans", reed_claim="next", reed_company="alone")
    await world["alice"].click(lobby, label="Start")
    assert table_of(env).state.rulings == {"reed_temple": "overlord", "raid_count": "clans",
                                           "reed_claim": "next", "reed_company": "alone"}
