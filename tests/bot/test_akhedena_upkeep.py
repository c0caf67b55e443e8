"""Issue 20: "I can't disband my army card — the game is stuck on me." A seat that started a battle
and cannot pay its only army card's upkeep lets the card go from its DM panel, and the table moves on
(across a restart: the button is a persistent component)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from driver import current_panel, interactive, open_table, table_of

from bot.app import create_bot

sys.path.insert(0, str(Path(__file__).parents[1] / "scenarios"))
from akhedena_kit import PACK, answer, fighting, put

pytestmark = pytest.mark.simcord(settle_timeout=5)


def _upkeep_beyond_the_purse(state: Any, seat: int) -> str:
    """The table's position cleared; ``seat``'s general with one crossbow (upkeep 2) has beaten a
    general without army cards, and ``seat`` holds 1 Gold. Returns the crossbow's card id."""
    state.pieces, state.walls, state.stack = [], [], []
    for player in state.players:
        player.hero = player.hero or list(PACK.heroes)[player.seat]
        player.hand, player.black, player.gold, player.food = [], [], 12, 5
    state.active = seat
    general = put(state, seat, "general", "g04", "H5", "crossbow1")
    target = put(state, (seat + 1) % len(state.players), "general", "g01", "H6")
    fighting(state, seat)
    for value in (general.id, "stay", target.id):
        answer(state, value)
    state.players[seat].gold = 1
    assert PACK.armies["crossbow1"].upkeep == 2
    return str(general.army[0])


async def test_a_seat_that_cannot_pay_upkeep_disbands_its_only_card_and_the_table_moves_on(
        world: dict[str, Any], db_path: Any) -> None:
    """[Detalles de la Carta de Ejército] 6. Costo de Mantenimiento: after a battle they started, a
    player pays their cards' upkeep; a card they cannot pay for is disbanded (discarded). Seen in a
    3-player game: 1 Gold, one crossbow of upkeep 2 — keeping it is refused, letting it go is offered."""
    env, alice = world["env"], world["alice"]
    lobby = await open_table(world, ai=2, game="akhedena", humans=("alice",))
    await alice.click(lobby, label="Start")
    table = table_of(env)
    seat = table.seat_of(alice.id)
    card = _upkeep_beyond_the_purse(table.state, seat)
    await table.store.save_snapshot(table.id, table.seq, table.game.dumps(table.state))
    table.state_changed()
    await env.bot.delivery.sync_panels(table)
    await env.restart_bot(create_bot(db_path=db_path))

    panel = current_panel(alice)
    assert panel is not None and table_of(env).open_prompt(seat).kind == "upkeep"
    ids = [i.custom_id for i in interactive(panel)]
    keep = next(c for c in ids if c.startswith("mu:opt:") and c.endswith(f":{card}"))
    refused = await alice.user.click(panel, custom_id=keep)
    assert "costs 2 Gold; you have 1" in (refused.followups[-1].content if refused.followups else "")
    assert table_of(env).open_prompt(seat).kind == "upkeep"

    await alice.user.click(panel, label="Keep none (disband)")
    table = table_of(env)
    general = next(p for p in table.state.pieces if p.seat == seat and p.kind == "general")
    assert general.army == [] and card in table.state.army_discard
    assert table.state.players[seat].gold == 1
    after = table.open_prompt(seat)
    assert after is None or after.kind != "upkeep"
    notes = [m.content or "" for m in alice.user.dm_channel.history()]
    assert any("You chose: Keep none (disband)" in n for n in notes), notes[-3:]
    assert not env.errors
