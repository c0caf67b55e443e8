"""A Red Turban Rebellion table through the real bot [IT AC, "La Rivolta dei Turbanti Rossi"]: alice
picks the scenario in the lobby (it sets co-op) beside two AI seats, the bot restarts in the middle of
the first Fall, and the game plays on into Year 2, whose Spring asks the team for Peace or War after the
Time marker moves and before the new Hordes; no Demand is ever dealt, nothing is lost to the restart."""

from __future__ import annotations

from typing import Any

import pytest
from driver import channel_lines, greatwall_first_fall, in_year, play_on, restart_unchanged

from rendering.greatwall_text import panel

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


async def test_a_red_turban_year_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    """IT AC: "Questo Scenario può essere giocato solo in modalità cooperazione ... ad eccezione delle
    Richieste dell'Imperatore"; "Scelta dello Stato": "Ogni Primavera, dopo aver fatto avanzare il
    Tempo, i giocatori decidono se vogliono essere in stato di Pace o stato di Guerra"."""
    env = world["env"]
    lobby, table = await greatwall_first_fall(world, scenario="red_turban")
    assert "Red Turban Rebellion" in lobby.content
    state = table.state
    assert (state.mode, state.variants) == ("coop", ["red_turban"]) and state.demands == [None, None, None]
    shown = panel(table.game.view(state, None), "turban")  # public: the reference card's state
    assert shown is not None and shown["state"] is None
    await restart_unchanged(world, db_path)
    state = await play_on(world, in_year(2, "summer", "fall", "winter"))
    lines = channel_lines(world)
    assert state.year == 2 and state.season in ("summer", "fall", "winter"), (state.year, state.season)
    assert state.chronicle is not None and state.chronicle["state"] in ("peace", "war")
    assert any("War:" in line or "Peace —" in line for line in lines)  # the team's state, in the channel
    assert not any("Demands met" in line for line in lines)
    assert any(m.attachments for m in world["channel"].history())
    assert not env.errors
