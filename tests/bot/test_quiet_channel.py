"""The quiet channel (issue 16): one live status message edited in place, the log of a step gathered
into one message, boards only at milestones and on ``/game board``, a restart that finds its status
message again, reminders held by quiet hours that never come in pairs, and a moved deadline that
shows in the live status. (The post counts themselves are measured by bench/channel_posts.py.)"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from driver import answer, close_dms, open_table, play_until, table_of

from bot.app import create_bot
from bot.feed import LIMIT
from bot.i18n import t, translator
from bot.presenters import presenter_for

pytestmark = [pytest.mark.simcord(settle_timeout=30), pytest.mark.contract]


async def start(world: dict[str, Any], humans: tuple[str, ...] = ("alice",), **options: str) -> Any:
    lobby = await open_table(world, ai=4 - len(humans), game="xidit", humans=humans, length="short", **options)
    await world["alice"].click(lobby, label="Start")
    return table_of(world["env"])


async def status_message(world: dict[str, Any], table: Any) -> Any:
    stored = await table.store.message(table.id, "status")
    assert stored is not None and stored[1]
    return next(m for m in world["channel"].history() if m.id == stored[1])


def waiting_posts(world: dict[str, Any]) -> list[Any]:
    marker = t("en", "table.waiting", names="").strip()
    return [m for m in world["channel"].history() if marker in (m.content or "")]


def boards(world: dict[str, Any]) -> list[Any]:
    return [m for m in world["channel"].history() if m.attachments]


async def test_the_status_is_one_message_edited_in_place(world: dict[str, Any]) -> None:
    table = await start(world, humans=("alice", "bob"))
    first = await status_message(world, table)
    seq = table.seq
    await play_until([world["alice"], world["bob"]], lambda: table.seq > seq, limit=1)
    assert table.seq > seq
    now = await status_message(world, table)
    if not boards(world):  # no milestone yet: the very same message, edited
        assert now.id == first.id
    assert len(waiting_posts(world)) <= 1  # never a second live status showing who we wait for


async def test_the_log_of_a_step_is_one_message_that_grows(world: dict[str, Any]) -> None:
    env = world["env"]
    env.bot.delivery.boards.quiet = None  # drained inside the click below: no gap to wait for
    table = await start(world, humans=("alice",))
    seen: list[tuple[bool, int, str]] = []  # per change: a milestone?, the log message, its text
    publish = env.bot.delivery.publish

    async def watched(t_: Any, steps: list[Any], board: bool = False, actor: int | None = None) -> None:
        await publish(t_, steps, board=board, actor=actor)
        await env.bot.delivery.boards.drain()
        stored = await table.store.message(table.id, "log")
        assert stored is not None
        text = next((m.content for m in world["channel"].history() if m.id == stored[1]), "")
        seen.append((any(e.board for s in steps for e in s.events), stored[1], text))

    env.bot.delivery.publish = watched
    await play_until([world["alice"]], lambda: table.row.status == "over", limit=12, cycle=False)
    grew = 0
    for (_, before_id, before), (milestone, after_id, after) in pairwise(seen):
        if milestone or not before_id:
            continue
        if after_id != before_id:  # a new message only once the old one is full
            full = next(m.content for m in world["channel"].history() if m.id == before_id)
            assert len(full) + 1 + len(after.split("\n")[0]) > LIMIT
            continue
        assert after.startswith(before)  # the same message, grown
        grew += after != before
    assert grew >= 2


async def test_boards_come_at_milestones_and_on_request_only(world: dict[str, Any]) -> None:
    env = world["env"]
    env.bot.delivery.boards.quiet = None  # drained inside the click below: no gap to wait for
    table = await start(world, humans=("alice",))
    published: list[tuple[bool, int]] = []  # (a milestone among the steps, boards posted)
    publish = env.bot.delivery.publish

    async def counted(t_: Any, steps: list[Any], board: bool = False, actor: int | None = None) -> None:
        before = len(boards(world))
        await publish(t_, steps, board=board, actor=actor)
        await env.bot.delivery.boards.drain()
        published.append((board or any(e.board for s in steps for e in s.events), len(boards(world)) - before))

    env.bot.delivery.publish = counted
    await play_until([world["alice"]], lambda: table.row.status == "over", limit=12, cycle=False)
    assert table.row.status == "active"
    assert any(m for m, _ in published) and not all(m for m, _ in published)
    assert all(posted == 0 for milestone, posted in published if not milestone)
    assert all(posted == 1 for milestone, posted in published if milestone)
    before = len(boards(world))
    await world["alice"].slash(world["channel"], "game board")
    assert len(boards(world)) == before + 1


async def test_a_restart_keeps_the_same_status_message(world: dict[str, Any], db_path: Any) -> None:
    env = world["env"]
    table = await start(world, humans=("alice",))
    stored = await table.store.message(table.id, "status")
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert await table.store.message(table.id, "status") == stored
    assert not [m for m in world["channel"].history() if m.id != stored[1]
                and t("en", "table.waiting", names="").strip() in (m.content or "")]


async def test_lines_a_crash_kept_from_the_channel_are_posted_after_the_restart(world: dict[str, Any],
                                                                                db_path: Any) -> None:
    """Nothing acknowledged is lost: an action stored but never published (the process died in
    between) has its lines in the channel after the restart."""
    env = world["env"]
    table = await start(world, humans=("alice",))
    await play_until([world["alice"]], lambda: False, limit=1)  # at least one action with its lines
    log = await table.store.message(table.id, "log")
    assert log is not None
    # the channel showed the log up to an earlier action than the store holds
    await table.store.set_message(table.id, "log", log[0], log[1], '{"text": "", "seq": 0}')
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    stored = await table.store.message(table.id, "log")
    assert stored is not None and f'"seq": {table.seq}' in stored[2]
    presenter, tr = presenter_for(table.game), translator("en")
    [key, args] = (await table.store.log_after(table.id, 0))[0]
    line = presenter.line(tr, key, args, table.names)
    assert sum(line in (m.content or "") for m in world["channel"].history()) >= 2  # shown again


async def test_an_edit_that_fails_falls_back_to_a_new_post(world: dict[str, Any]) -> None:
    env = world["env"]
    table = await start(world, humans=("alice",))
    old = await status_message(world, table)
    env.inject_error("PATCH", f"/channels/{world['channel'].id}/messages/{old.id}", status=404, code=10008,
                     message="Unknown Message", times=None)
    await play_until([world["alice"]], lambda: False, limit=1)
    stored = await table.store.message(table.id, "status")
    assert stored is not None and stored[1] != old.id
    assert not env.errors


async def test_a_long_log_starts_a_new_message_before_the_limit(world: dict[str, Any]) -> None:
    env = world["env"]
    table = await start(world, humans=("alice",))
    lines = [f"{i} " + "x" * 700 for i in range(6)]
    await env.bot.delivery.feed.log(table, lines)
    texts = [m.content for m in world["channel"].history() if "x" * 700 in (m.content or "")]
    assert all(len(text) <= LIMIT for text in texts)
    assert "\n".join(texts).count("x" * 700) == 6  # every line, once
    assert len(texts) >= 3


async def test_reminders_held_by_quiet_hours_never_come_in_pairs(world: dict[str, Any]) -> None:
    env = world["env"]
    start_hour = env.now().hour
    # quiet over both reminder times of a 24 h clock (+12 h and +21.6 h), ending before the due time
    await world["alice"].slash(world["channel"], "game reminders", quiet_from=(start_hour + 11) % 24,
                               quiet_to=(start_hour + 23) % 24, utc_offset=0)
    table = await start(world, clock="24h", on_timeout="ai")
    [deadline] = await table.store.deadlines(table.id)
    reminder = t("en", "clock.reminder", channel=f"<#{world['channel'].id}>", at=int(deadline.due))

    def reminders() -> int:
        return [m.content for m in world["alice"].user.dm_channel.history()].count(reminder)

    await env.advance_time(22 * 3600)
    assert reminders() == 0
    await env.advance_time(3600 + 1800)  # quiet hours are over
    assert reminders() == 1


async def test_a_moved_deadline_shows_in_the_live_status(world: dict[str, Any]) -> None:
    env = world["env"]
    table = await start(world, clock="12h", on_timeout="ai")
    [before] = await table.store.deadlines(table.id)
    assert f"<t:{int(before.due)}:R>" in (await status_message(world, table)).content
    await world["alice"].slash(world["channel"], "game pause")
    assert t("en", "live.paused") in (await status_message(world, table)).content
    await env.advance_time(2 * 3600)
    await world["alice"].slash(world["channel"], "game resume")
    [after] = await table.store.deadlines(table.id)
    assert after.due > before.due
    status = (await status_message(world, table)).content
    assert f"<t:{int(after.due)}:R>" in status and f"<t:{int(before.due)}:R>" not in status


async def test_a_player_with_closed_dms_is_not_pinged_for_the_decision_after_their_own(
        world: dict[str, Any]) -> None:
    env = world["env"]
    close_dms(env, world["bob"], None)
    table = await start(world, humans=("alice", "bob"))
    seat = table.seat_of(world["bob"].id)
    ping = t("en", "table.your_turn", mention=f"<@{world['bob'].id}>")
    for _ in range(6):
        if table.open_prompt(seat) is None:
            break
        pings = sum(m.content == ping for m in world["channel"].history())
        hand = await world["bob"].slash(world["channel"], "hand")
        await answer(world["bob"], hand.response, 0, cycle=False)
        if table.open_prompt(seat) is not None:  # his next decision came while he was answering
            assert sum(m.content == ping for m in world["channel"].history()) == pings


async def test_a_closed_table_stops_showing_whom_it_waits_for(world: dict[str, Any]) -> None:
    table = await start(world, humans=("alice",))
    assert t("en", "table.waiting", names="").strip() in (await status_message(world, table)).content
    await world["alice"].slash(world["channel"], "game abort")
    status = (await status_message(world, table)).content
    assert t("en", "live.aborted") in status and not waiting_posts(world)
