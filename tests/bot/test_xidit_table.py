"""A Lords of Xidit table driven through the real bot: slash commands, lobby buttons, DM panels."""

from __future__ import annotations

from typing import Any

import pytest
from driver import current_panel, interactive, open_table, play_until, set_options, table_of

from bot.app import create_bot
from engine.core.prompt import Choice

# settle_timeout is a ceiling, not a wait: a loaded CI machine needs room
pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


async def test_lobby_seats_and_start(world: dict[str, Any]) -> None:
    lobby = await open_table(world)
    table = table_of(world["env"])
    assert [s.name for s in table.seats][:2] == ["alice", "bob"]
    assert sum(s.is_ai for s in table.seats) == 2
    refreshed = world["channel"].history()[0]
    assert "alice" in refreshed.content and "bob" in refreshed.content
    await world["alice"].click(lobby, label="Start")
    assert table.row.status == "active"
    # Placement: whoever must place a pawn now has a DM panel (AI seats already played theirs).
    waiting = {table.seats[p.seat].name for p in table.prompts()}
    assert waiting <= {"alice", "bob"}
    for name in waiting:
        assert current_panel(world[name]) is not None


async def test_year_one_through_dm_panels_then_restart_and_year_two(world: dict[str, Any],
                                                                      db_path: Any) -> None:
    env = world["env"]
    lobby = await open_table(world)
    await world["alice"].click(lobby, label="Start")
    humans = [world["alice"], world["bob"]]
    await play_until(humans, lambda: table_of(env).state.year >= 2)
    table = table_of(env)
    assert table.state.year == 2 and table.state.phase == "program"
    seq = table.seq
    before = table.game.dumps(table.state)
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.seq == seq
    assert table.game.dumps(table.state) == before
    # The DM panels sent before the restart still work.
    await play_until(humans, lambda: table_of(env).state.year >= 3)
    assert table_of(env).state.year == 3
    assert not env.errors


async def test_channel_never_shows_a_secret_before_the_reveal(world: dict[str, Any]) -> None:
    env = world["env"]
    lobby = await open_table(world)
    await world["alice"].click(lobby, label="Start")
    await play_until([world["alice"], world["bob"]],
                     lambda: table_of(env).state.phase == "program")
    table = table_of(env)
    panel = current_panel(world["alice"])
    assert panel is not None
    slots = [i for i in interactive(panel) if i.custom_id.startswith("mu:slot:")]
    assert len(slots) == 6
    for index, select in enumerate(slots):
        await world["alice"].user.select(panel, ["red" if index % 2 else "black"], custom_id=select.custom_id)
        panel = current_panel(world["alice"])
    await world["alice"].user.click(panel, label="Lock in")
    alice_seat = table.seat_of(world["alice"].id)
    assert table.state.players[alice_seat].orders is not None
    secret = "black,red,black,red,black,red"
    seen = "\n".join(m.content or "" for m in world["channel"].history(viewer=world["eve"]))
    assert "locked in" in seen
    assert secret not in seen and "Red road" not in seen
    for message in world["bob"].user.dm_channel.history():
        assert secret not in (message.content or "")


async def test_a_choice_stored_but_not_published_still_reaches_the_players(world: dict[str, Any],
                                                                           db_path: Any) -> None:
    """Kill the bot right after a choice is stored and before anything is sent: after the restart
    the players who must decide next get their panels."""
    env = world["env"]
    lobby = await open_table(world)
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    while table.state.phase == "place":
        prompt = table.prompts()[0]
        async with table.lock:  # stored, never published: the crash comes before delivery
            await table.submit(prompt.seat, prompt.id, Choice("place", (prompt.options[0].id,)))
    assert table.state.phase == "program"
    await env.restart_bot(create_bot(db_path=db_path))
    for name in ("alice", "bob"):
        panel = current_panel(world[name])
        assert panel is not None
        assert any(i.custom_id.startswith("mu:slot:") for i in interactive(panel))


async def test_status_board_and_log_commands(world: dict[str, Any]) -> None:
    env = world["env"]
    lobby = await open_table(world)
    await world["alice"].click(lobby, label="Start")
    await play_until([world["alice"], world["bob"]], lambda: table_of(env).state.phase == "program")
    status = await world["eve"].slash(world["channel"], "game status")
    assert status.ephemeral and "in play" in status.response.content
    log = await world["bob"].slash(world["channel"], "game log")
    assert log.ephemeral and "Year 1 begins" in log.response.content
    before = len(world["channel"].history())
    await world["eve"].slash(world["channel"], "game board")
    posted = world["channel"].history()[before:]
    assert any(m.attachments and m.attachments[0].filename == "board.png" for m in posted)
    assert any("Lords of Xidit, year 1" in (m.attachments[0].description or "") for m in posted if m.attachments)


async def test_the_slash_commands_run_the_lobby(world: dict[str, Any]) -> None:
    channel = world["channel"]
    await world["alice"].slash(channel, "game new", game="xidit", seat=False)
    await set_options(world, channel.last_message, length="short")
    busy = await world["bob"].slash(channel, "game new", game="xidit")
    assert busy.ephemeral and "already has an open table" in busy.response.content
    for name in ("alice", "bob", "eve"):
        joined = await world[name].slash(channel, "game join")
        assert joined.ephemeral
    again = await world["bob"].slash(channel, "game join")
    assert again.ephemeral and "already have a seat" in again.response.content
    await world["eve"].slash(channel, "game leave")
    await world["alice"].slash(channel, "game addai")
    await world["alice"].slash(channel, "game addai")
    await world["alice"].slash(channel, "game start")
    table = table_of(world["env"])
    assert table.row.status == "active" and table.row.options["length"] == "short"
    assert [s.name for s in table.seats][:2] == ["alice", "bob"] and len(table.seats) == 4


async def test_three_humans_get_an_ai_fourth(world: dict[str, Any]) -> None:
    channel = world["channel"]
    await world["alice"].slash(channel, "game new", game="xidit")
    for name in ("bob", "eve"):  # alice, the host, is seated by /game new
        await world[name].slash(channel, "game join")
    await world["alice"].slash(channel, "game start")
    table = table_of(world["env"])
    assert table.row.status == "active"
    assert [s.is_ai for s in table.seats] == [False, False, False, True]


@pytest.mark.parametrize("lang", ["en", "es", "ru", "it"])
def test_titan_ban_lines_and_the_empty_stories_option_read_in_every_language(lang: str) -> None:
    """The log says why an Action did nothing after a titan (or a titan was refused after a clear)
    and why no threat replaced a cleared one; the stories reward that builds nothing says so on its
    label; in every catalog."""
    from bot.games.xidit import XiditPresenter
    from bot.i18n import catalog, translator
    from engine.core.prompt import Option
    from engine.xidit.game import XiditGame

    presenter, tr, names = XiditPresenter(XiditGame()), translator(lang), ["Ana", "Bo", "Cy", "Di"]
    for key in ("xidit.threat_after_titan", "xidit.titan_after_clear"):
        text = presenter.line(tr, key, {"seat": 1, "city": 4}, names)
        assert "Bo" in text and "4" in text and "{" not in text
    empty = presenter.line(tr, "xidit.threat_queue_empty", {}, names)
    assert empty == catalog(lang)["xidit.threat_queue_empty"]
    label = presenter.option_label(tr, Option("stories", "xidit.reward.stories_none"), names)
    assert label == catalog(lang)["xidit.reward.stories_none"]
    assert label != catalog(lang)["xidit.reward.stories"]
