"""Few DMs, issue 24: "a new DM (a notification) comes only when a decision arrives after the player
has been away from the panel". A player whose turn comes round again shortly after their own answer
is still at the panel: it is edited in place, silently. One who answered long before (PRESENT
seconds) was away: a new DM notifies them. Private notes ride on the panel sent or edited at the
same moment. Whether a seat is edited or notified reads only public facts and the seat's own
(bot/dm_panels.py); bench/channel_posts.py measures the counts per game and mode."""

from __future__ import annotations

from typing import Any

import pytest
from driver import answer, current_panel, open_table, table_of

from bot.dm_panels import PRESENT, headed, stays

pytestmark = pytest.mark.simcord(settle_timeout=30)


def bot_dms(member: Any) -> list[Any]:
    return [m for m in member.user.dm_channel.history() if m.author.bot]


async def _turns(world: dict[str, Any], pause: float, turns: int = 3) -> tuple[int, int]:
    """Akhedena quick play (turns go round the table): alice and bob answer their DM panels, bob
    after ``pause`` virtual seconds. Returns (alice's turns after her first, new DMs she got for them)."""
    env, alice, bob = world["env"], world["alice"], world["bob"]
    lobby = await open_table(world, ai=1, game="akhedena", mode="quick")
    await alice.click(lobby, label="Start")
    table = table_of(env)
    a_seat, b_seat = table.seat_of(alice.id), table.seat_of(bob.id)
    seen, came_back, new = len(bot_dms(alice)), 0, 0
    waiting = False
    for step in range(80):
        if table.row.status != "active" or came_back >= turns:
            break
        if table.open_prompt(a_seat) is not None:
            if waiting:  # her turn came round again
                came_back += 1
                new += len(bot_dms(alice)) - seen
                waiting = False
            await answer(alice.user, current_panel(alice), step, cycle=False)
            seen, waiting = len(bot_dms(alice)), table.open_prompt(a_seat) is None
        elif table.open_prompt(b_seat) is not None:
            if pause:
                await env.advance_time(pause)
            await answer(bob.user, current_panel(bob), step, cycle=False)
    assert came_back >= 1 and not env.errors
    return came_back, new


async def test_a_turn_that_comes_round_soon_edits_the_players_panel(world: dict[str, Any]) -> None:
    """bob answers at once: each time alice's turn comes round she is still at her panel, which is
    edited into the new decision: no new DM."""
    came_back, new = await _turns(world, pause=0)
    assert new == 0, f"{new} new DMs for {came_back} turns while she was at her panel"


async def test_a_turn_that_comes_after_a_long_while_is_a_new_dm(world: dict[str, Any]) -> None:
    """bob takes longer than PRESENT seconds each time: alice was away, so each turn of hers comes
    as a new DM (a notification)."""
    came_back, new = await _turns(world, pause=PRESENT + 60)
    assert new == came_back


def test_the_rule_reads_only_which_decisions_were_open_and_the_seats_own_times() -> None:
    """A seat that waited only for the decisions open at its answer stays on its message whenever
    its next one opens; once the table moved on past them, only its own answer's time decides.
    (Which decisions are open for the other seats is the same whatever a seat hides:
    tests/engine/test_audit_secrecy.py; every answer is shown in the channel as it happens.)"""
    assert stays(False, None, 10_000.0) and stays(False, 0.0, 10_000.0)
    assert stays(True, 100.0, 100.0 + PRESENT) and not stays(True, 100.0, 101.0 + PRESENT)
    assert not stays(True, None, 100.0)


def test_a_note_heads_the_panel_within_a_messages_length() -> None:
    assert headed("You drew: a card.", "Your turn.") == "You drew: a card.\n\nYour turn."
    assert headed("", "Your turn.") == "Your turn." and headed("Note.", "") == "Note."
    assert len(headed("x" * 3000, "y" * 1990)) <= 2000
