"""A table without a clock (issue 16, "My games"): the host may ask for one gentle nudge per decision
that has waited a day; it is sent once per wait, never inside the player's quiet hours, and never
when nobody asked for it."""

from __future__ import annotations

from typing import Any

import pytest
from driver import start_alone

from bot.clock import NUDGE_AFTER
from bot.i18n import t

# A ceiling, not a wait: advancing a day wakes the bot's heartbeat ~100 times, each settled by simcord.
pytestmark = [pytest.mark.simcord(settle_timeout=30), pytest.mark.contract]
HOUR = 3600


def _nudges(world: dict[str, Any]) -> list[str]:
    text = t("en", "nudge.dm", channel=f"<#{world['channel'].id}>")
    return [m.content for m in world["alice"].user.dm_channel.history() if m.content == text]


async def test_one_nudge_after_a_day_of_waiting_and_only_once(world: dict[str, Any]) -> None:
    env = world["env"]
    await start_alone(world, nudge=True)
    assert t("en", "nudge.setting") in world["channel"].history()[0].content
    await env.advance_time(NUDGE_AFTER - HOUR)
    assert _nudges(world) == []
    await env.advance_time(2 * HOUR)
    assert len(_nudges(world)) == 1
    await env.advance_time(NUDGE_AFTER + HOUR)  # the same wait again: no second nudge
    assert len(_nudges(world)) == 1
    assert not env.errors


async def test_no_nudge_unless_the_host_asked(world: dict[str, Any]) -> None:
    env = world["env"]
    table = await start_alone(world)
    await env.advance_time(NUDGE_AFTER + HOUR)
    assert _nudges(world) == [] and await table.store.deadlines(table.id) == []


async def test_a_nudge_waits_for_the_end_of_quiet_hours(world: dict[str, Any]) -> None:
    env = world["env"]
    hour = int(((env.now().timestamp() + NUDGE_AFTER) // HOUR) % 24)  # UTC hour when the nudge is due
    await world["alice"].slash(world["channel"], "game reminders", quiet_from=hour, quiet_to=(hour + 3) % 24,
                               utc_offset=0)
    await start_alone(world, nudge=True)
    await env.advance_time(NUDGE_AFTER + 60)
    assert _nudges(world) == []  # inside quiet hours
    await env.advance_time(3 * HOUR)
    assert len(_nudges(world)) == 1


async def test_a_player_who_turned_reminders_off_gets_no_nudge(world: dict[str, Any]) -> None:
    env = world["env"]
    await world["alice"].slash(world["channel"], "game reminders", enabled=False)
    await start_alone(world, nudge=True)
    await env.advance_time(NUDGE_AFTER + HOUR)
    assert _nudges(world) == []
