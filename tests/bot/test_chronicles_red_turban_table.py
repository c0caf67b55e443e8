"""A Red Turban Rebellion table through the real bot [IT AC, "La Rivolta dei Turbanti Rossi"]: alice
picks the scenario in the lobby (it sets co-op) beside two AI seats, the bot restarts in the middle of
the first Fall, and the game plays on into Year 2, whose Spring asks the team for Peace or War after the
Time marker moves and before the new Hordes; no Demand is ever dealt, nothing is lost to the restart."""

from __future__ import annotations

from typing import Any

import pytest
from driver import open_table, play_until, table_of

from bot.app import create_bot
from rendering.greatwall_text import panel

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


def _lines(world: dict[str, Any]) -> list[str]:
    return [m.content or "" for m in world["channel"].history()]


def _asked(env: Any, kind: str) -> bool:
    ask = table_of(env).state.ask
    return ask is not None and ask.kind == kind


async def test_a_red_turban_year_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    """IT AC: "Questo Scenario può essere giocato solo in modalità cooperazione ... ad eccezione delle
    Richieste dell'Imperatore"; "Scelta dello Stato": "Ogni Primavera, dopo aver fatto avanzare il
    Tempo, i giocatori decidono se vogliono essere in stato di Pace o stato di Guerra"."""
    env, alice = world["env"], world["alice"]
    lobby = await open_table(world, ai=2, game="greatwall", humans=("alice",), scenario="red_turban")
    assert "Red Turban Rebellion" in lobby.content
    await alice.click(lobby, label="Start")
    await play_until([alice], lambda: _asked(env, "place"), cycle=False)
    table = table_of(env)
    state = table.state
    assert (state.mode, state.variants) == ("coop", ["red_turban"]) and state.demands == [None, None, None]
    shown = panel(table.game.view(state, None), "turban")  # public: the reference card's state
    assert shown is not None and shown["state"] is None
    before, seq = table.game.dumps(state), table.seq
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.seq == seq and table.game.dumps(table.state) == before
    await play_until([alice], lambda: table_of(env).state.season == "over" or (
        table_of(env).state.year > 1 and table_of(env).state.season in ("summer", "fall", "winter")),
        limit=600, cycle=False)
    state = table_of(env).state
    lines = _lines(world)
    assert state.year == 2 and state.season in ("summer", "fall", "winter"), (state.year, state.season)
    assert state.chronicle is not None and state.chronicle["state"] in ("peace", "war")
    assert any("War:" in line or "Peace —" in line for line in lines)  # the team's state, in the channel
    assert not any("Demands met" in line for line in lines)
    assert any(m.attachments for m in world["channel"].history())
    assert not env.errors
