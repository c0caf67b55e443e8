"""The public record through the bot: /game log pages, /game watch for a non-player, /game replay
of an earlier round. Each answer is checked against what the engine's spectator view says."""

from __future__ import annotations

from typing import Any

import pytest
from driver import open_table, play_until, table_of

from bot.history import LOG_PAGE, board_at_round, round_of
from bot.i18n import t, translator
from engine.core.codec import trusted_replay
from engine.core.prompt import Choice
from rendering import alt_text, render

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]  # a ceiling, not a wait


async def second_year(world: dict[str, Any]) -> Any:
    """A Xidit table (alice + 3 AI) played into its second year."""
    lobby = await open_table(world, ai=3, game="xidit", humans=("alice",), length="short")
    await world["alice"].click(lobby, label="Start")
    table = table_of(world["env"])
    await play_until([world["alice"]], lambda: table.state.year >= 2)
    assert table.state.year >= 2
    return table


async def test_the_log_pages_from_the_oldest_to_the_latest(world: dict[str, Any]) -> None:
    table = await second_year(world)
    pages = -(-await table.store.log_count(table.id) // LOG_PAGE)
    assert pages >= 2
    latest = await world["eve"].slash(world["channel"], "game log")
    assert latest.ephemeral
    assert t("en", "history.log_footer", page=pages, pages=pages) in latest.response.content
    first = await world["eve"].slash(world["channel"], "game log", page=1)
    assert t("en", "history.log_footer", page=1, pages=pages) in first.response.content
    assert first.response.content != latest.response.content
    beyond = await world["eve"].slash(world["channel"], "game log", page=pages + 50)
    assert beyond.response.content == latest.response.content


async def test_a_watcher_gets_the_spectator_board_and_nothing_else(world: dict[str, Any]) -> None:
    table = await second_year(world)
    result = await world["eve"].slash(world["channel"], "game watch")
    assert result.ephemeral
    [attachment] = result.followups[0].attachments if result.followups else result.response.attachments
    png = await attachment.read()
    assert png == render(table.game, table.game.view(table.state, None), table.names)


async def test_a_watcher_sees_the_board_in_their_own_language(world: dict[str, Any],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """/game watch answers only the caller: its board is in the caller's language, while /game board,
    posted in the channel for the whole table, stays in the table's language."""
    table = await second_year(world)
    assert table.row.lang == "en"
    monkeypatch.setattr("bot.cogs.game.lang_of", lambda locale: "ru")  # simcord's users are all en-US
    view = table.game.view(table.state, None)
    result = await world["eve"].slash(world["channel"], "game watch")
    [attachment] = result.followups[0].attachments if result.followups else result.response.attachments
    assert await attachment.read() == render(table.game, view, table.names, translator("ru"))
    assert attachment.description == alt_text(table.game, view, table.names, translator("ru"))[:1000]
    await world["eve"].slash(world["channel"], "game board")  # posted in the channel (the live status)
    [board] = world["channel"].last_message.attachments
    assert await board.read() == render(table.game, view, table.names)
    replay = await world["eve"].slash(world["channel"], "game replay", round=1)
    [past] = replay.followups[0].attachments if replay.followups else replay.response.attachments
    assert past.description is not None and past.description.startswith("Lords of Xidit, год 1 из")


async def test_replay_shows_the_board_at_the_start_of_a_round(world: dict[str, Any]) -> None:
    table = await second_year(world)
    result = await world["eve"].slash(world["channel"], "game replay", round=1)
    message = result.followups[0] if result.followups else result.response
    assert message.content == t("en", "history.replay", round=1)
    # the same board, found independently: replay until the spectator view first says year 1
    game = table.game
    state = game.setup(len(table.seats), table.row.options, table.row.seed)
    with trusted_replay():
        for action in await table.store.actions(table.id):
            if round_of(game.view(state, None)) == 1:
                break
            game.apply(state, action.seat, Choice.parse(action.choice))
    assert await message.attachments[0].read() == render(game, game.view(state, None), table.names)
    missing = await world["eve"].slash(world["channel"], "game replay", round=40)
    refusal = missing.followups[0] if missing.followups else missing.response
    assert refusal.content == t("en", "error.no_such_round", first=1, latest=table.state.year)


def test_board_at_round_reports_the_range_when_the_round_is_not_there() -> None:
    from engine.games import get_game

    game = get_game("xidit")
    past = board_at_round(game, 4, {"length": "short"}, 3, [], 5)
    assert past.view is None and past.rounds == (1, 1)
    assert board_at_round(game, 4, {"length": "short"}, 3, [], 1).view == game.view(
        game.setup(4, {"length": "short"}, 3), None)


def test_a_table_begun_under_earlier_rules_still_shows_the_boards_its_record_reaches() -> None:
    """A Great Wall table recorded before issue 20's rules fixes (Production's steps done by all
    before the next, ES p.11) holds an old combined Production answer that today's rules refuse. The
    past boards before it are still shown, and the range stops where the record can be followed."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
    from games import case_named, legacy_rows

    from engine.games import get_game

    row = next(r for r in legacy_rows("replays-v1.jsonl.gz") if r["case"] == "greatwall-4p" and "seed" in r)
    case = case_named(row["case"])
    game = get_game("greatwall")
    log = [(seat, text) for seat, text in row["log"]]
    past = board_at_round(game, case.seats, dict(case.options), row["seed"], log, 1)
    assert past.view == game.view(game.setup(case.seats, dict(case.options), row["seed"]), None)
    assert past.rounds == (1, 1)  # the old Production answer comes in year 1
    assert board_at_round(game, case.seats, dict(case.options), row["seed"], log, 3).view is None
