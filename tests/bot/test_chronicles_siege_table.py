"""A Siege of Diaoyucheng table through the real bot [IT AC, "L'Assedio di Diaoyucheng"]: alice picks
the scenario in the lobby (it sets co-op) beside two AI seats, the Fortress card is on the board from
the start, the bot restarts in the middle of the first Fall, and the game plays on through the first
Winter (its Night, after the Assault) into Year 2; no Demand is ever dealt, nothing is lost to the
restart, every line reaches the channel."""

from __future__ import annotations

from typing import Any

import pytest
from driver import channel_lines, greatwall_first_fall, in_year, play_on, restart_unchanged

from rendering.greatwall_text import panel

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


async def test_a_siege_year_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    """IT AC: "Questo Scenario può essere giocato solo in modalità cooperazione ... ad eccezione delle
    Richieste dell'Imperatore"; "Carta Scenario": the Fortress with its Defence track beside the board;
    "Fase della Notte": "Ogni Inverno, dopo la fase di Assalto"."""
    env = world["env"]
    lobby, table = await greatwall_first_fall(world, scenario="siege")
    assert "Siege of Diaoyucheng" in lobby.content
    state, pack = table.state, table.game.pack
    assert (state.mode, state.variants) == ("coop", ["siege"]) and state.demands == [None, None, None]
    shown = panel(table.game.view(state, None), "siege")  # public: the Fortress card
    assert shown is not None and shown["defence"] == pack.scenarios["siege"].defence_start
    await restart_unchanged(world, db_path)
    state = await play_on(world, in_year(2, "fall", "winter"))
    assert state.season == "over" or (state.year == 2 and state.season in ("fall", "winter"))
    lines = channel_lines(world)
    assert any("Night at the Fortress" in line for line in lines)  # the first Winter's Night
    assert not any("Demands met" in line for line in lines)
    assert state.demands == [None, None, None] and not state.fulfilled
    assert any(m.attachments for m in world["channel"].history())  # the board, with the Fortress
    assert not env.errors
