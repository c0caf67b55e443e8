"""The Great Wall's economy decisions reach a human seat through the real bot: the wall/barricade
payment mix [ES p.13] opens in the DM panel on the old automatic mix, and a different mix is one
click; with DMs closed the same panel comes through /hand."""

from __future__ import annotations

from typing import Any

import pytest
from driver import answer, current_panel, interactive, open_table, table_of

from engine.greatwall.flow import Ctx, run

pytestmark = pytest.mark.simcord(settle_timeout=5)


async def _to_command_pick(world: dict[str, Any], via_hand: bool) -> Any:
    """Start alice + 2 AI and answer alice's decisions until her Fall command pick is open."""
    env = world["env"]
    lobby = await open_table(world, ai=2, game="greatwall", humans=("alice",))
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    seat = table.seat_of(world["alice"].id)
    for _ in range(40):
        prompt = table_of(env).open_prompt(seat)
        if prompt is not None and prompt.kind == "command":
            return table_of(env)
        message = await _panel(world, via_hand)
        assert message is not None
        await answer(world["alice"] if via_hand else world["alice"].user, message, cycle=False)
    raise AssertionError("alice never reached a command pick")


async def _panel(world: dict[str, Any], via_hand: bool) -> Any:
    if via_hand:
        hand = await world["alice"].slash(world["channel"], "hand")
        assert hand.ephemeral
        return hand.response
    return current_panel(world["alice"])


async def _barricade_to_pay(world: dict[str, Any], table: Any) -> int:
    """Alice's Encampment activation has picked a barricade; she holds 2 Wood, 1 Stone, 1 Gold and
    the Warehouse is empty, so the mix is hers to choose. (The Fall resumes afterwards.)"""
    seat = table.seat_of(world["alice"].id)
    state = table.state
    state.players[seat].res.update({"wood": 2, "stone": 1, "gold": 1})
    state.warehouse.update({"wood": 0, "stone": 0, "gold": 0})
    state.sections[0].barricades = 0
    state.ask = None
    state.tasks += [{"op": "fall"}, {"op": "build_pay", "seat": seat, "builds": [["bar", 0, 2]], "per_build": 0}]
    run(Ctx(state, table.game.pack))
    await world["env"].bot.delivery.sync_panels(table)
    prompt = table.open_prompt(seat)
    assert prompt is not None and prompt.kind == "pay" and prompt.default == ("w2-s0-g0",)
    return seat


async def test_the_payment_mix_is_the_players_in_the_dm_panel(world: dict[str, Any]) -> None:
    table = await _to_command_pick(world, via_hand=False)
    seat = await _barricade_to_pay(world, table)
    panel = current_panel(world["alice"])
    assert panel is not None
    ids = [i.custom_id for i in interactive(panel)]
    pick = next(c for c in ids if c.endswith(":w0-s1-g1"))
    assert any(c.endswith(":w2-s0-g0") for c in ids)  # the old mix is offered (highlighted), not forced
    await world["alice"].user.click(panel, custom_id=pick)
    table = table_of(world["env"])
    assert table.state.players[seat].res["wood"] == 2
    assert table.state.players[seat].res["stone"] == 0 and table.state.players[seat].res["gold"] == 0
    assert table.state.sections[0].barricades == 1
    assert not world["env"].errors


async def test_the_payment_mix_through_hand_when_dms_are_closed(world: dict[str, Any]) -> None:
    env = world["env"]
    alice = world["alice"]
    env.inject_error("POST", f"/channels/{alice.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user")
    table = await _to_command_pick(world, via_hand=True)
    seat = await _barricade_to_pay(world, table)
    hand = await alice.slash(world["channel"], "hand")
    assert hand.ephemeral
    pick = next(i.custom_id for i in interactive(hand.response) if i.custom_id.endswith(":w0-s1-g1"))
    await alice.click(hand.response, custom_id=pick)
    table = table_of(env)
    assert table.state.players[seat].res["wood"] == 2 and table.state.sections[0].barricades == 1
    assert table.seats[seat].dm_closed
    assert not env.errors
