"""The Great Wall combat decisions that became the player's reach a human seat through the bot: a
firing archer's owner gets the wound-spot prompt in a DM panel (default preselected) and answers a
different spot; the same through /hand when the seat's DMs are closed [ES p.9, FAQ #39]."""

from __future__ import annotations

from typing import Any

import pytest
from driver import answer, close_dms, current_panel, interactive, open_table, table_of

pytestmark = pytest.mark.simcord(settle_timeout=5)


def _arm_archer(table: Any, seat: int) -> None:
    """While the draft is open, put one of ``seat``'s archers in the left section's firing spots and
    schedule that section's firing right after the draft (before Fall), as Winter would."""
    state = table.state
    state.sections[0].firing.append(seat)
    state.players[seat].reserve["archer"] -= 1
    state.tasks.append({"op": "fire", "sec": 0, "seat": seat})


def _not_default(prompt: Any) -> str:
    return next(o.id for o in prompt.options if o.id not in prompt.default)


async def test_the_firing_archers_owner_picks_a_spot_in_the_dm_panel(world: dict[str, Any]) -> None:
    env = world["env"]
    alice = world["alice"]
    lobby = await open_table(world, ai=2, game="greatwall", humans=("alice",))
    await alice.click(lobby, label="Start")
    table = table_of(env)
    seat = table.seat_of(alice.id)
    _arm_archer(table, seat)
    await answer(alice.user, current_panel(alice), cycle=False)  # the draft
    prompt = table.open_prompt(seat)
    assert prompt is not None and prompt.kind == "volley" and prompt.default
    panel = current_panel(alice)
    assert panel is not None
    spots = [i.custom_id for i in interactive(panel)]
    assert len(spots) == len(prompt.options)  # every free spot, and no way not to fire (FAQ #39)
    pick = _not_default(prompt)
    card = table.state.sections[0].hordes[0]
    await alice.user.click(panel, custom_id=next(c for c in spots if c.endswith(pick)))
    assert int(pick.split(".")[1]) in card.wounds
    assert int(prompt.default[0].split(".")[1]) not in card.wounds
    assert not env.errors


async def test_the_same_spot_choice_through_hand_with_dms_closed(world: dict[str, Any]) -> None:
    env = world["env"]
    alice = world["alice"]
    close_dms(env, alice)
    lobby = await open_table(world, ai=2, game="greatwall", humans=("alice",))
    await alice.click(lobby, label="Start")
    table = table_of(env)
    seat = table.seat_of(alice.id)
    _arm_archer(table, seat)
    hand = await alice.slash(world["channel"], "hand")
    await answer(alice, hand.response, cycle=False)  # the draft, through /hand
    prompt = table.open_prompt(seat)
    assert prompt is not None and prompt.kind == "volley"
    hand = await alice.slash(world["channel"], "hand")
    assert hand.ephemeral
    pick = _not_default(prompt)
    card = table.state.sections[0].hordes[0]
    await alice.click(hand.response, custom_id=next(i.custom_id for i in interactive(hand.response)
                                                    if i.custom_id.endswith(pick)))
    assert int(pick.split(".")[1]) in card.wounds and table.seats[seat].dm_closed
    assert not env.errors
