"""A co-operative Great Wall table through the real bot [ES p.18–19]: three humans (or two, with the
Reed clan [ES p.15, p.19]) open it with ``/game new mode:coop``, draft and pick command cards
secretly in DM panels, see one planning line per Fall with the revealed cards and the open slots,
play through a full year with a restart in the middle of it, and reach the co-op Winter (Demands,
Events) on the board."""

from __future__ import annotations

from typing import Any

import pytest
from driver import answer, current_panel, interactive, open_table, play_until, set_options, table_of

from bot.app import create_bot

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


def _texts(world: dict[str, Any]) -> str:
    return "\n".join(m.content or "" for m in world["channel"].history())


@pytest.mark.parametrize("names", [("alice", "bob", "eve"), ("alice", "bob")], ids=["3p", "2p-reed"])
async def test_humans_play_a_coop_year_with_a_restart(world: dict[str, Any], db_path: Any,
                                                      names: tuple[str, ...]) -> None:
    env = world["env"]
    humans = [world[name] for name in names]
    lobby = await open_table(world, ai=0, game="greatwall", humans=names, mode="coop")
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    assert table.state.mode == "coop" and table.state.artifacts == [] and len(table.state.demands) == 3
    if len(names) == 2:  # the Reed clan joins; 2 Demands, the third slot unused [ES p.15, p.19]
        assert table.state.reed == 2 and table.state.demands[2] is None and table.state.shame_supply == 20
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
    # Year 1 cannot be lost (20 or 30 Shame tokens in the supply); its Winter revealed one Event.
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
    await world["alice"].slash(channel, "game new", game="greatwall", seat=False)
    await set_options(world, channel.last_message, mode="coop")
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
    summary = text[text.index("The game is over: the team has"):]  # the lobby's mode note says it too
    assert ("loses together" in summary) == (outcome.winners == ())
    assert not world["env"].errors


async def test_the_reed_rulings_and_start_hordes_are_table_options_of_2p_coop(world: dict[str, Any]) -> None:
    """At 2 players co-op plays with the Reed clan [ES p.15, p.19], so the Reed rulings apply and
    ``start_hordes`` picks whether "players + 1" starting Hordes counts Reed [ES p.18 step 5]."""
    env = world["env"]
    lobby = await open_table(world, ai=0, game="greatwall", humans=("alice", "bob"), mode="coop",
                             reed_temple="overlord", raid_count="clans", start_hordes="clans")
    assert "2–5 players" in lobby.content and "counts the Reed clan too" in lobby.content
    await world["alice"].click(lobby, label="Start")
    state = table_of(env).state
    assert state.rulings == {"reed_temple": "overlord", "raid_count": "clans", "reed_claim": "discard",
                             "reed_company": "company", "start_hordes": "clans"}
    assert sum(len(s.hordes) for s in state.sections) == 4


async def test_the_team_moves_clerks_in_the_order_it_likes(world: dict[str, Any]) -> None:
    """ES p.19, "Indicador de Té": Tea order no longer orders the Clerk actions, the team does. When
    a card lets the other players move Clerks, each of them has a move panel at once (no secret
    round); the one who answers first moves first, and the other's panel is rebuilt on the board
    that move left, so each move is seen by the next."""
    env = world["env"]
    names = ("alice", "bob", "eve")
    humans = [world[name] for name in names]
    lobby = await open_table(world, ai=0, game="greatwall", humans=names, mode="coop")
    await world["alice"].click(lobby, label="Start")
    await play_until(humans, lambda: table_of(env).state.ask is not None
                     and table_of(env).state.ask.kind == "team_move" and len(table_of(env).state.ask.seats) > 1,
                     cycle=False)
    table = table_of(env)
    assert table.state.ask is not None and table.state.ask.kind == "team_move"
    pending = list(table.state.ask.seats)
    prompts = {p.seat: p for p in table.prompts()}
    assert set(prompts) == set(pending) and not any(p.secret for p in prompts.values())
    by_seat = {table.seat_of(world[name].id): world[name] for name in names}
    last = by_seat[pending[-1]]  # the lowest of them in Tea order goes first
    panel = current_panel(last)
    assert panel is not None and f":{prompts[pending[-1]].id}:" in interactive(panel)[0].custom_id
    seals = _texts(world).count("🔒")
    await answer(last.user, panel, cycle=False)
    assert not env.errors
    table = table_of(env)
    if table.state.ask is not None and table.state.ask.kind == "team_move":
        rest = table.prompts()
        assert {p.seat for p in rest} <= set(pending[:-1])
        for prompt in rest:  # a fresh panel for the move still to come, on the board as it is now
            assert prompt.id != prompts[prompt.seat].id
            panel = current_panel(by_seat[prompt.seat])
            assert panel is not None and f":{prompt.id}:" in interactive(panel)[0].custom_id
    assert _texts(world).count("🔒") == seals  # no secret round: no sealed answer, no reveal
