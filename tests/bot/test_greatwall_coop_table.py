"""A co-operative Great Wall table through the real bot [ES p.18–19]: three humans open it with
``/game new mode:coop``, draft and pick command cards secretly in DM panels, see one planning line
per Fall with the revealed cards and the open slots, play through a full year with a restart in the
middle of it, and reach the co-op Winter (Demands, Events) on the board."""

from __future__ import annotations

from typing import Any

import pytest
from driver import open_table, play_until, table_of

from bot.app import create_bot

pytestmark = pytest.mark.simcord(settle_timeout=5)


def _texts(world: dict[str, Any]) -> str:
    return "\n".join(m.content or "" for m in world["channel"].history())


async def test_three_humans_play_a_coop_year_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    env = world["env"]
    humans = [world["alice"], world["bob"], world["eve"]]
    lobby = await open_table(world, ai=0, game="greatwall", humans=("alice", "bob", "eve"), mode="coop")
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    assert table.state.mode == "coop" and table.state.artifacts == [] and len(table.state.demands) == 3
    # The secret pick, then the reveal and the planning line before anyone places a card.
    await play_until(humans, lambda: table_of(env).state.ask is not None
                     and table_of(env).state.ask.kind == "place", cycle=False)
    view = table_of(env).game.view(table_of(env).state, None)
    assert view["coop"]["plan"]["revealed"] and view["coop"]["plan"]["open_slots"]
    assert "Plan together" in _texts(world)
    # A restart in the middle of the first Fall loses nothing.
    table = table_of(env)
    before, seq = table.game.dumps(table.state), table.seq
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.seq == seq and table.game.dumps(table.state) == before
    # Through the co-op Winter (fulfil, end check, Demand step, Event step) into the next Fall.
    await play_until(humans, lambda: table_of(env).state.season == "over" or (
        table_of(env).state.year > 1 and table_of(env).state.season == "fall"), cycle=False)
    state = table_of(env).state
    # Year 1 cannot be lost (30 Shame tokens in the supply); its Winter revealed one Event.
    assert state.year == 2 and state.season == "fall" and len(state.events) == 1
    assert "**Event**" in _texts(world)
    # Then a full year: Spring (+1 horde), the co-op Summer, Fall, Winter — or the shared end in it.
    await play_until(humans, lambda: table_of(env).state.season == "over" or (
        table_of(env).state.year > 2 and table_of(env).state.season == "fall"), cycle=False)
    state = table_of(env).state
    assert state.season == "over" or (state.year == 3 and len(state.events) == 2)
    if state.season == "over":
        assert state.won is not None and "The game is over: the team has" in _texts(world)
    assert any(m.attachments for m in world["channel"].history())
    assert not env.errors


@pytest.mark.simcord(settle_timeout=60)  # the whole game runs inside the Start interaction
async def test_three_ai_seats_play_coop_to_the_shared_end(world: dict[str, Any]) -> None:
    channel = world["channel"]
    await world["alice"].slash(channel, "game new", game="greatwall", mode="coop")
    for _ in range(3):
        await world["alice"].slash(channel, "game addai")
    await world["alice"].slash(channel, "game start")
    table = table_of(world["env"])
    assert table.row.status == "over"
    outcome = table.game.outcome(table.state)
    assert outcome is not None and outcome.places == (1, 1, 1)
    assert outcome.winners in ((), (0, 1, 2))
    text = "\n".join(m.content or "" for m in channel.history())
    assert "The game is over: the team has" in text
    # The summary: all three share the win, or the whole table loses together (no single winner).
    assert ("loses together" in text) == (outcome.winners == ())
    assert not world["env"].errors
