"""A Great Wall table with the Rat through the real bot [IT "Espansione Ratto"]: three humans turn the
Rat on in the lobby, the top Tea player places it from a DM panel after the draft ("Preparazione"
19), the bot restarts in the middle of the first Fall, and the year plays on: the Rat pays the
Clerks at its Location, moves after the Fall's Horde defeat check ("Carte Ratto"), and a new Rat card
is revealed in the next Summer; every line of it in the channel, nothing lost to the restart."""

from __future__ import annotations

from typing import Any

import pytest
from driver import current_panel, open_table, play_until, table_of

from bot.app import create_bot

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


def _texts(world: dict[str, Any]) -> str:
    return "\n".join(m.content or "" for m in world["channel"].history())


def _asked(env: Any, kind: str) -> bool:
    ask = table_of(env).state.ask
    return ask is not None and ask.kind == kind


async def test_humans_play_a_rat_year_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    env = world["env"]
    names = ("alice", "bob", "eve")
    humans = [world[name] for name in names]
    lobby = await open_table(world, ai=0, game="greatwall", humans=names, rat="on")
    assert "With the Rat" in lobby.content
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    assert table.state.rat is not None and table.state.rat.loc is None and len(table.state.rat.shown) == 1
    # Step 19: once the draft sets the Tea order, its top player alone places the Rat.
    await play_until(humans, lambda: _asked(env, "rat_place"), cycle=False)
    table = table_of(env)
    placer = next(h for h in humans if table.seat_of(h.id) == table.state.tea[0])
    assert all(current_panel(h) is None for h in humans if h is not placer)
    await play_until([placer], lambda: not _asked(env, "rat_place"), cycle=False)
    placed = table_of(env).state.rat.loc
    assert placed is not None and "puts the Rat on the" in _texts(world)
    # A restart in the middle of the first Fall loses nothing; the Rat stays where it was put.
    await play_until(humans, lambda: _asked(env, "place"), cycle=False)
    table = table_of(env)
    before, seq = table.game.dumps(table.state), table.seq
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.seq == seq and table.game.dumps(table.state) == before
    # On through the Fall (the Rat must move after its last Horde defeat check), Winter, Spring and
    # Summer (a new Rat card) into Year 2's Fall.
    await play_until(humans, lambda: table_of(env).state.season == "over" or (
        table_of(env).state.year > 1 and table_of(env).state.season == "fall"), limit=600, cycle=False)
    state = table_of(env).state
    assert state.year == 2 and state.season == "fall"
    assert state.rat is not None and len(state.rat.shown) == 2 and state.rat.loc not in (None, "warehouse")
    assert state.rat.loc != placed  # "must move" it to another Location ("Carte Ratto")
    texts = _texts(world)
    assert "moves the Rat to the" in texts and "A new Rat card is revealed" in texts
    assert any(m.attachments for m in world["channel"].history())
    assert not env.errors
