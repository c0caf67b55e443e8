"""Play-by-post clocks with simcord's virtual clock: deadlines per decision, each timeout policy,
reminders and quiet hours, the bot's downtime credited after a restart, pause/resume, and replacing
a player who keeps missing deadlines."""

from __future__ import annotations

from typing import Any

import pytest
from driver import close_dms, current_panel, open_table, table_of

from bot.app import create_bot
from bot.clock import STRIKES
from bot.i18n import t

# A ceiling, not a wait: advancing a day wakes the bot's heartbeat ~100 times, each settled by simcord.
pytestmark = [pytest.mark.simcord(settle_timeout=30), pytest.mark.contract]
TEN_MINUTES = 600


async def start(world: dict[str, Any], humans: tuple[str, ...] = ("alice",), **options: str) -> Any:
    lobby = await open_table(world, ai=4 - len(humans), game="xidit", humans=humans, length="short", **options)
    await world["alice"].click(lobby, label="Start")
    return table_of(world["env"])


def said(world: dict[str, Any], text: str) -> list[str]:
    return [m.content for m in world["channel"].history() if text in (m.content or "")]


async def test_a_new_decision_gets_a_deadline_shown_as_a_discord_timestamp(world: dict[str, Any]) -> None:
    table = await start(world, clock="10m", on_timeout="ai")
    [deadline] = await table.store.deadlines(table.id)
    now = world["env"].now().timestamp()
    assert deadline.seat == table.seat_of(world["alice"].id)
    assert now + TEN_MINUTES - 5 <= deadline.due <= now + TEN_MINUTES
    assert said(world, f"<t:{int(deadline.due)}:R>")


async def test_at_the_deadline_the_seats_ai_decides_once(world: dict[str, Any]) -> None:
    env = world["env"]
    table = await start(world, clock="10m", on_timeout="ai")
    seat, seq = table.seat_of(world["alice"].id), table.seq
    prompt = table.open_prompt(seat)
    await env.advance_time(TEN_MINUTES - 30)
    assert table.open_prompt(seat) == prompt  # not before the deadline
    await env.advance_time(31)
    mine = [a for a in await table.store.actions(table.id, after=seq) if a.seat == seat]
    assert [a.prompt_id for a in mine] == [prompt.id]
    assert table.seats[seat].missed == 1
    assert said(world, t("en", "clock.took_ai", name=table.names[seat]))
    assert not env.errors


async def test_the_default_policy_passes_where_the_decision_has_a_pass(world: dict[str, Any]) -> None:
    env = world["env"]
    table = await start(world, clock="10m", on_timeout="default")
    seat = table.seat_of(world["alice"].id)
    for _ in range(12):  # placement has no pass: the seat's AI places; then the programme
        if table.state.phase == "program":
            break
        await env.advance_time(TEN_MINUTES + 1)
    assert table.state.phase == "program"
    seq = table.seq
    await env.advance_time(TEN_MINUTES + 1)
    [programme] = [a for a in await table.store.actions(table.id, after=seq) if a.seat == seat]
    assert programme.choice == "program:" + ",".join(["wait"] * 6)
    assert said(world, t("en", "clock.took_default", name=table.names[seat]))


async def test_the_wait_policy_pings_the_host_once_and_changes_nothing(world: dict[str, Any]) -> None:
    env = world["env"]
    table = await start(world, clock="10m", on_timeout="wait")
    seat, seq = table.seat_of(world["alice"].id), table.seq
    await env.advance_time(TEN_MINUTES + 1)
    await env.advance_time(3 * TEN_MINUTES)
    assert table.seq == seq
    notes = said(world, t("en", "clock.waiting", name=table.names[seat], host=f"<@{world['alice'].id}>"))
    assert len(notes) == 1
    assert table.seats[seat].missed == 1


async def test_reminders_come_half_way_and_near_the_end_by_dm(world: dict[str, Any]) -> None:
    env = world["env"]
    table = await start(world, clock="24h", on_timeout="ai")
    [deadline] = await table.store.deadlines(table.id)
    reminder = t("en", "clock.reminder", channel=f"<#{world['channel'].id}>", at=int(deadline.due))

    def reminders() -> int:
        return sum(reminder == m.content for m in world["alice"].user.dm_channel.history())

    await env.advance_time(12 * 3600 - 60)
    assert reminders() == 0
    await env.advance_time(120)
    assert reminders() == 1
    await env.advance_time(10 * 3600)  # past 2.4 h before the end: the second one
    assert reminders() == 2
    await env.advance_time(2 * 3600)
    assert reminders() == 2  # never spammy


async def test_quiet_hours_hold_a_reminder_until_they_end(world: dict[str, Any]) -> None:
    env = world["env"]
    start_hour = env.now().hour
    # quiet for the 4 hours around the half-way reminder (12 h from now), in the player's UTC+0
    quiet_from, quiet_to = (start_hour + 10) % 24, (start_hour + 14) % 24
    await world["alice"].slash(world["channel"], "game reminders", quiet_from=quiet_from, quiet_to=quiet_to,
                               utc_offset=0)
    table = await start(world, clock="24h", on_timeout="ai")
    [deadline] = await table.store.deadlines(table.id)
    reminder = t("en", "clock.reminder", channel=f"<#{world['channel'].id}>", at=int(deadline.due))
    await env.advance_time(13 * 3600)
    dms = [m.content for m in world["alice"].user.dm_channel.history()]
    assert reminder not in dms
    await env.advance_time(2 * 3600)  # quiet hours are over
    assert [m.content for m in world["alice"].user.dm_channel.history()].count(reminder) == 1


async def test_reminders_can_be_switched_off(world: dict[str, Any]) -> None:
    env = world["env"]
    result = await world["alice"].slash(world["channel"], "game reminders", enabled=False)
    assert result.ephemeral and t("en", "reminders.off") in result.response.content
    table = await start(world, clock="24h", on_timeout="ai")
    [deadline] = await table.store.deadlines(table.id)
    await env.advance_time(23 * 3600)
    reminder = t("en", "clock.reminder", channel=f"<#{world['channel'].id}>", at=int(deadline.due))
    assert reminder not in [m.content for m in world["alice"].user.dm_channel.history()]


async def test_a_restart_moves_pending_deadlines_by_the_downtime(world: dict[str, Any], db_path: Any) -> None:
    env = world["env"]
    table = await start(world, clock="12h", on_timeout="ai")
    [before] = await table.store.deadlines(table.id)
    down_since = env.now().timestamp() - 7200  # the process died two hours ago (its last heartbeat)
    await table.store.set_meta("heartbeat", str(down_since))
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    [after] = await table.store.deadlines(table.id)
    assert 7200 <= after.due - before.due <= 7200 + 60
    assert said(world, t("en", "clock.back_online", minutes=120))
    await env.advance_time(12 * 3600 + 1)  # the old due time passes: nothing yet
    assert table.seats[after.seat].missed == 0
    await env.advance_time(7200)
    assert table.seats[after.seat].missed == 1


async def test_pause_stops_the_clock_and_resume_moves_deadlines(world: dict[str, Any]) -> None:
    env = world["env"]
    table = await start(world, clock="10m", on_timeout="ai")
    [before] = await table.store.deadlines(table.id)
    result = await world["bob"].slash(world["channel"], "game pause")
    assert result.response.content == t("en", "error.not_host")
    await world["alice"].slash(world["channel"], "game pause")
    seq = table.seq
    await env.advance_time(3 * TEN_MINUTES)
    assert table.seq == seq
    await world["alice"].slash(world["channel"], "game resume")
    [after] = await table.store.deadlines(table.id)
    assert after.due - before.due >= 3 * TEN_MINUTES
    await env.advance_time(TEN_MINUTES + 1)
    assert table.seq > seq


async def test_a_player_who_keeps_missing_is_replaced_by_another_member(world: dict[str, Any]) -> None:
    env = world["env"]
    table = await start(world, clock="10m", on_timeout="ai")
    seat = table.seat_of(world["alice"].id)
    early = await world["alice"].slash(world["channel"], "game replace", seat=seat + 1, member=world["bob"])
    assert early.response.content == t("en", "error.cannot_replace", count=STRIKES)
    for _ in range(STRIKES):
        await env.advance_time(TEN_MINUTES + 1)
    assert table.seats[seat].missed == STRIKES
    assert said(world, f"`/game replace seat:{seat + 1}`")
    await world["alice"].slash(world["channel"], "game replace", seat=seat + 1, member=world["bob"])
    assert table.seats[seat].user_id == world["bob"].id and table.seats[seat].missed == 0
    assert current_panel(world["bob"]) is not None
    assert not env.errors


async def test_an_ai_seat_keeps_its_level(world: dict[str, Any], db_path: Any) -> None:
    env = world["env"]
    await world["alice"].slash(world["channel"], "game new", game="akhedena")
    lobby = world["channel"].last_message
    await world["alice"].slash(world["channel"], "game addai", level="hard")
    assert "(hard)" in next(m for m in world["channel"].history() if m.id == lobby.id).content
    await env.restart_bot(create_bot(db_path=db_path))
    assert [s.level for s in table_of(env).seats if s.is_ai] == ["hard"]


async def test_the_host_sets_the_clock_in_the_lobby_and_it_shows(world: dict[str, Any]) -> None:
    lobby = await open_table(world, ai=2, game="xidit", humans=("alice", "bob"), length="short")
    refused = await world["bob"].slash(world["channel"], "game clock", clock="24h")
    assert refused.response.content == t("en", "error.not_host")
    await world["alice"].slash(world["channel"], "game clock", clock="24h", on_timeout="wait")
    text = next(m for m in world["channel"].history() if m.id == lobby.id).content
    assert t("en", "clock.setting", clock="24h", policy=t("en", "option.on_timeout.wait")) in text
    assert table_of(world["env"]).row.settings == {"clock": "24h", "on_timeout": "wait"}


async def test_a_reminder_for_closed_dms_is_a_ping_in_the_channel(world: dict[str, Any]) -> None:
    env = world["env"]
    close_dms(env, world["alice"], None)
    table = await start(world, clock="24h", on_timeout="ai")
    [deadline] = await table.store.deadlines(table.id)
    await env.advance_time(12 * 3600 + 60)
    ping = t("en", "clock.reminder_ping", mention=f"<@{world['alice'].id}>", at=int(deadline.due))
    assert said(world, ping)


async def test_a_decision_whose_deadline_was_lost_in_a_crash_gets_one_at_start(world: dict[str, Any],
                                                                               db_path: Any) -> None:
    env = world["env"]
    table = await start(world, clock="10m", on_timeout="ai")
    await table.store.drop_deadline(table.id)  # the process died before the deadline was stored
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    [deadline] = await table.store.deadlines(table.id)
    assert deadline.seat == table.seat_of(world["alice"].id)
    await env.advance_time(TEN_MINUTES + 1)
    assert table.seats[deadline.seat].missed == 1
