"""The Great Wall's economy decisions reach a human seat through the real bot: the wall/barricade
payment mix [ES p.13] opens in the DM panel on the old automatic mix, and a different mix is one
click; with DMs closed the same panel comes through /hand."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from driver import answer, close_dms, current_panel, interactive, open_table, table_of

from bot.local import LocalTable
from engine.core.prompt import Choice
from engine.greatwall.flow import Ctx, run
from engine.greatwall.state import Claimed

sys.path.insert(0, str(Path(__file__).parents[1] / "scenarios"))
from greatwall_kit import GAME, cleared, jobs
from greatwall_kit import answer as kit_answer

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
    table.state_changed()
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
    close_dms(env, alice)
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


def test_local_play_answers_the_new_economy_prompts(tmp_path: Any) -> None:
    """``python -m bot play greatwall`` reads the new prompts generically: a single pick (the mix),
    a composed panel (which soldiers move) and an exact multi-pick (which Shame tokens go)."""
    def local(state: Any, replies: list[str]) -> tuple[LocalTable, list[str]]:
        lines: list[str] = []
        feed = iter(replies)
        table = SimpleNamespace(game=GAME, state=state, names=["A", "B", "C"])
        return LocalTable(table, tmp_path, "en", lambda _: next(feed), lines.append), lines  # type: ignore[arg-type]

    state = cleared()
    state.players[0].res.update({"wood": 2, "stone": 1, "gold": 1})
    state.clerks_at["encampment"] = [0]
    jobs(state, {"op": "activate", "loc": "encampment", "advanced": False})
    kit_answer(state, 0, "bar.0", "tac.none")
    term, lines = local(state, ["4"])
    text = term.read_choice(GAME.prompts(state)[0])
    assert any("1 Stone + 1 Gold" in line for line in lines)
    GAME.apply(state, 0, Choice.parse(text))
    assert state.players[0].res["wood"] == 2

    state = cleared()
    state.sections[0].firing = [0, 0]
    state.sections[0].rest = {0: {"spearman": 3, "archer": 0, "horseman": 0}}
    state.clerks_at["logistics"] = [0]
    jobs(state, {"op": "activate", "loc": "logistics", "advanced": False})
    kit_answer(state, 0, "0-1")
    term, lines = local(state, ["2", "4"])  # 1 to a firing spot and 1 to rest; spearmen: move 0
    GAME.apply(state, 0, Choice.parse(term.read_choice(GAME.prompts(state)[0])))
    assert state.sections[1].firing == [0] and state.sections[0].rest[0]["spearman"] == 3

    state = cleared()
    state.players[0].shamed["spearman"] = 2
    state.players[0].claimed = [Claimed("raiders1", shame=1)]
    state.players[0].res["chi"] = 4
    jobs(state, {"op": "summer"})
    kit_answer(state, 0, "shame.2", "tac.none")  # first in Tea order: the tokens are picked at once
    term, lines = local(state, ["1 3"])
    GAME.apply(state, 0, Choice.parse(term.read_choice(GAME.prompts(state)[0])))
    assert state.players[0].shamed["spearman"] == 1 and state.players[0].claimed[0].shame == 0
