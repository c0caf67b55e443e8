"""Absences (issue 16): `/game extend` moves a player's deadline once per game (the host sets how many),
and `/game away` is a vacation that each table's timeout policy turns into the AI playing the absent
player's turns (policies "ai" and "default") or their clock standing still (policy "wait")."""

from __future__ import annotations

from typing import Any

import pytest
from driver import start_alone

from bot.i18n import t

# A ceiling, not a wait: advancing time wakes the bot's heartbeat, each settled by simcord.
pytestmark = pytest.mark.simcord(settle_timeout=30)
TEN_MINUTES = 600


def _said(world: dict[str, Any], text: str) -> bool:
    return any(text in (m.content or "") for m in world["channel"].history())


async def test_an_extension_moves_the_deadline_once(world: dict[str, Any]) -> None:
    env = world["env"]
    table = await start_alone(world, clock="10m", on_timeout="ai")
    seat = table.seat_of(world["alice"].id)
    prompt = table.open_prompt(seat)
    [before] = await table.store.deadlines(table.id)
    done = await world["alice"].slash(world["channel"], "game extend")
    assert not done.ephemeral  # the table sees it
    [after] = await table.store.deadlines(table.id)
    assert after.due == before.due + TEN_MINUTES
    assert done.response.content == t("en", "extend.done", name="alice", at=int(after.due))
    again = await world["alice"].slash(world["channel"], "game extend")
    assert again.ephemeral and again.response.content == t("en", "error.no_extension_left", count=1)
    await env.advance_time(TEN_MINUTES + 30)  # past the first deadline: still alice's decision
    assert table.open_prompt(seat) == prompt and table.seats[seat].missed == 0
    await env.advance_time(TEN_MINUTES)  # past the extended one: the policy answers
    assert table.open_prompt(seat, prompt.id) is None and table.seats[seat].missed == 1
    assert not env.errors


async def test_the_host_sets_the_number_of_extensions(world: dict[str, Any]) -> None:
    table = await start_alone(world, clock="10m", extensions=2)
    assert t("en", "extend.setting", count=2) in world["channel"].history()[0].content
    [before] = await table.store.deadlines(table.id)
    for _ in range(2):
        assert not (await world["alice"].slash(world["channel"], "game extend")).ephemeral
    [after] = await table.store.deadlines(table.id)
    assert after.due == before.due + 2 * TEN_MINUTES
    third = await world["alice"].slash(world["channel"], "game extend")
    assert third.response.content == t("en", "error.no_extension_left", count=2)


async def test_no_extension_without_a_clock_or_a_seat(world: dict[str, Any]) -> None:
    await start_alone(world, extensions=0)
    refused = await world["alice"].slash(world["channel"], "game extend")
    assert refused.response.content == t("en", "error.no_clock")
    stranger = await world["bob"].slash(world["channel"], "game extend")
    assert stranger.response.content == t("en", "error.not_seated")


async def test_zero_extensions_refuses_the_first(world: dict[str, Any]) -> None:
    await start_alone(world, clock="10m", extensions=0)
    refused = await world["alice"].slash(world["channel"], "game extend")
    assert refused.response.content == t("en", "error.no_extension_left", count=0)


@pytest.mark.simcord(settle_timeout=60)  # the AI may play alice's turns to the end of the game
@pytest.mark.parametrize("policy", ["ai", "default"])
async def test_on_vacation_the_ai_plays_your_turns_without_strikes(world: dict[str, Any], policy: str) -> None:
    env = world["env"]
    table = await start_alone(world, clock="24h", on_timeout=policy)
    seat, seq = table.seat_of(world["alice"].id), table.seq
    prompt = table.open_prompt(seat)
    done = await world["alice"].user.slash("game away", enabled=True)  # from a DM: every table
    assert done.ephemeral and _said(world, t("en", "away.ai", name="alice"))
    await env.advance_time(5)  # long before the 24 h deadline
    mine = [a for a in await table.store.actions(table.id, after=seq) if a.seat == seat]
    assert mine and mine[0].prompt_id == prompt.id
    assert table.seats[seat].missed == 0  # a vacation is not a missed deadline
    await world["alice"].slash(world["channel"], "game away", enabled=False)
    if table.row.status == "active":  # (the AI may have played alice's turns to the end of the game)
        assert _said(world, t("en", "away.back", name="alice"))


async def test_on_vacation_a_waiting_table_stops_your_clock(world: dict[str, Any]) -> None:
    env = world["env"]
    table = await start_alone(world, clock="10m", on_timeout="wait")
    seat = table.seat_of(world["alice"].id)
    prompt = table.open_prompt(seat)
    await world["alice"].slash(world["channel"], "game away", enabled=True)
    assert _said(world, t("en", "away.frozen", name="alice"))
    assert await table.store.deadlines(table.id) == []
    await env.advance_time(6 * TEN_MINUTES)
    assert table.open_prompt(seat) == prompt and table.seats[seat].missed == 0
    assert not _said(world, t("en", "clock.waiting", name="alice", host=f"<@{world['alice'].id}>"))
    await world["alice"].slash(world["channel"], "game away", enabled=False)
    [deadline] = await table.store.deadlines(table.id)
    assert deadline.prompt_id == prompt.id and deadline.due >= env.now().timestamp() + TEN_MINUTES - 5


async def test_on_vacation_a_table_without_a_clock_simply_waits(world: dict[str, Any]) -> None:
    env = world["env"]
    table = await start_alone(world)
    seat = table.seat_of(world["alice"].id)
    prompt = table.open_prompt(seat)
    await world["alice"].slash(world["channel"], "game away", enabled=True)
    assert _said(world, t("en", "away.none", name="alice"))
    await env.advance_time(3 * 86_400)
    assert table.open_prompt(seat) == prompt
    assert (await table.store.player(world["alice"].id)).away
