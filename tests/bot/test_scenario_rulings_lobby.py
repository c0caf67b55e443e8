"""The lobby offers the rulings a table reads, no more: co-op's ``time_loss`` (conflict C14, ES p.19 /
RU p.19: how co-op's Demand-counting end check treats the last Winter) at a co-op table, not at a
Siege of Diaoyucheng table, which plays co-op without the Emperor's Demands and is won by surviving
to the end [IT AC, "L'Assedio di Diaoyucheng"]."""

from __future__ import annotations

from typing import Any

import pytest
from driver import _component, open_table, set_options

from bot.i18n import translator


@pytest.mark.simcord(settle_timeout=60)
async def test_the_siege_lobby_does_not_offer_time_loss_and_co_op_does(world: dict[str, Any]) -> None:
    """IT AC: the Siege keeps co-op's setup (start_hordes, ES p.18 step 5) but not its end check."""
    tr = translator("en")
    lobby = await open_table(world, ai=0, game="greatwall", humans=("alice",))
    panel = await set_options(world, lobby, scenario="siege")
    offered = _component(panel, "mu:setopt:").values
    assert "time_loss" not in offered and "start_hordes" in offered
    text = next(m for m in world["channel"].history() if m.id == lobby.id).content
    assert f"{tr('option.time_loss')}:" not in text and f"{tr('option.start_hordes')}:" in text
    await set_options(world, lobby, scenario="off")
    panel = await set_options(world, lobby, mode="coop")
    offered = _component(panel, "mu:setopt:").values
    assert "time_loss" in offered and "start_hordes" in offered
    text = next(m for m in world["channel"].history() if m.id == lobby.id).content
    assert f"{tr('option.time_loss')}:" in text
    assert not world["env"].errors
