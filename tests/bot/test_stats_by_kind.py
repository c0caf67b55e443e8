"""/stats by the stored outcome kind (issue 21): a finished table stores its declared kind with every
seat's result (schema 8), and /stats and the ratings read it: a solo game is won or lost against the
automaton by a margin, a co-op game is the whole team's win or loss, and only games whose seats were
ranked against each other have places, an average place or a rating."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "scenarios"))
from greatwall_kit import GAME, PACK

from bot.cogs.stats import summary_text
from bot.i18n import t
from bot.ratings import outcome_kind, ratings, team_of
from bot.stats import leaderboard, summary
from bot.store import ResultRow, SeatRow, TableRow
from bot.tables import Table
from engine.core.game import Outcome, OutcomeKind
from engine.games import get_game
from engine.greatwall.flow import Ctx
from engine.greatwall.seasons import _final_scoring

pytestmark = pytest.mark.simcord(settle_timeout=5)  # a ceiling, not a wait

GUILD, ANN = 100, 7
SOLO, COOP, TEAMS = OutcomeKind.AGAINST_AUTOMATON.value, OutcomeKind.COOP.value, OutcomeKind.TEAMS.value


def solo(table: int, margin: int | None, won: bool | None = None) -> ResultRow:
    """Ann alone against Qin Jiushao; the stored place is 1 whatever happened (there is nobody else)."""
    won = (margin or 0) > 0 if won is None else won
    return ResultRow(table, 0, GUILD, "greatwall", "solo", 1, ANN, "ann", False, "normal", 1, won, float(table),
                     kind=SOLO, rival="gw.qin", margin=margin)


def coop(table: int, won: bool) -> list[ResultRow]:
    return [ResultRow(table, s, GUILD, "greatwall", "coop", 3, ANN + s, f"p{s}", False, "normal", 1, won,
                      float(table), kind=COOP) for s in range(3)]


def test_solo_games_read_as_won_and_lost_against_qin_with_the_best_and_last_margin() -> None:
    """ES p.17: in the solo game you win only with more Honor than Qin Jiushao's final Honor. A win by
    12 and losses by 30 and 95 are one game won and two lost against him, never three first places."""
    found = summary([solo(1, 12), solo(2, -30), solo(3, -95)], GUILD, ANN)
    assert found is not None and (found.total.played, found.total.wins) == (3, 1)
    text = summary_text("en", "ann", found, None)
    assert ("against Qin Jiushao: won 1 · lost 2 · best: beat Qin Jiushao by 12 points · "
            "last: lost to Qin Jiushao by 95 points") in text
    assert "place" not in text.lower() and "1." not in text and "rating" not in text


def test_a_solo_tie_reads_as_a_loss() -> None:
    """ES p.17: only more Honor than Qin Jiushao wins, so equal Honor is a loss."""
    found = summary([solo(1, 0, won=False)], GUILD, ANN)
    assert found is not None and found.total.wins == 0
    assert "last: tied with Qin Jiushao (a loss" in summary_text("en", "ann", found, "greatwall")


def test_a_solo_loss_stored_before_kinds_still_reads_as_a_loss() -> None:
    """ES p.17: a solo game is won or lost against Qin Jiushao. A row stored before schema 8 (place 1,
    no kind, no margin) is read by the game's declaration of its mode: a loss, never "1." or an
    average place of 1.0."""
    old = ResultRow(1, 0, GUILD, "greatwall", "solo", 1, ANN, "ann", False, "normal", 1, False, 1.0)
    found = summary([old], GUILD, ANN)
    assert found is not None and found.total.average_place is None
    text = summary_text("en", "ann", found, None)
    assert "won 0 · lost 1" in text and "last: lost to the game's automaton" in text
    assert "place" not in text.lower() and "1." not in text


def test_coop_games_read_as_the_teams_wins_and_losses() -> None:
    """ES p.18: in the co-operative game the players win or lose together: each game counts once as the
    team's win or loss for every partner, with no place and no rating between partners."""
    rows = [*coop(1, True), *coop(2, False), *coop(3, True)]
    for member in (ANN, ANN + 2):
        found = summary(rows, GUILD, member)
        assert found is not None
        text = summary_text("en", "p", found, "greatwall")
        assert "co-op, the whole team together: won 2 · lost 1" in text
        assert "place" not in text.lower() and "Rating" not in text
    assert ratings(rows) == {}


def test_the_average_place_counts_competitive_games_only() -> None:
    """A second place in a duel and a solo loss (ES p.17: a loss to Qin, not a place): the average
    place is 2.0, over the one game that ranked Ann against another player."""
    duel = [ResultRow(5, s, GUILD, "greatwall", "duel", 2, ANN + s, f"p{s}", False, "normal", 2 - s, s == 1, 5.0,
                      kind=OutcomeKind.FREE_FOR_ALL.value) for s in range(2)]
    found = summary([*duel, solo(6, -4)], GUILD, ANN)
    assert found is not None and found.total.average_place == 2.0
    text = summary_text("en", "ann", found, None)
    assert "Average place: 2.0" in text and "last: lost to Qin Jiushao by 4 points" in text


def test_ratings_read_the_stored_kind_and_side_not_a_mode_name() -> None:
    """Akhedena's team mode: partners across the table (seats 0+2, 1+3) win or lose together and are
    rated as one side. The stored kind and side decide, whatever the mode column says; a stored co-op
    result is never rated, even of a game whose own declaration is free-for-all."""
    teams = [ResultRow(1, s, GUILD, "akhedena", "", 4, 10 + s, f"p{s}", False, "normal", 1 + 2 * (s % 2), s % 2 == 0,
                       1.0, kind=TEAMS, side=s % 2) for s in range(4)]
    skill = ratings(teams)
    assert skill["user:10"].mu == skill["user:12"].mu > 25 > skill["user:11"].mu == skill["user:13"].mu
    assert [team_of(r) for r in teams] == [0, 1, 0, 1]
    together = [ResultRow(2, s, GUILD, "xidit", "", 2, 10 + s, "p", False, "normal", s + 1, True, 2.0, kind=COOP)
                for s in range(2)]
    assert outcome_kind(together[0]) is OutcomeKind.COOP and ratings(together) == {}


def test_the_leaderboard_ranks_nobody_on_solo_games() -> None:
    """Solo games have no rated opponent (ES p.17: the rival is Qin Jiushao, played by the game): three
    of them put Ann neither among the ranked nor the not-yet-ranked (it used to fail: no rating)."""
    board = leaderboard([solo(1, 5), solo(2, -5), solo(3, 7)], GUILD, "greatwall")
    assert not board.ranked and not board.unranked


def _finished_solo(honor: int) -> Table:
    state = GAME.setup(1, {"mode": "solo"}, 3)
    state.players[0].honor, state.players[1].honor = honor, 0
    _final_scoring(Ctx(state, PACK))  # Qin Jiushao's final Honor: 60 here
    row = TableRow(9, GUILD, 2, "greatwall", {"mode": "solo"}, 1, "over", None, "en")
    return Table(row, GAME, store=None, seats=[SeatRow(0, ANN, "ann", False)], state=state)  # type: ignore[arg-type]


def test_a_finished_solo_table_stores_its_kind_rival_and_margin() -> None:
    """ES p.17: 10 Honor against Qin Jiushao's final 60 loses by 50: the stored result says so, and
    /stats reads it back as a loss to Qin by 50 points."""
    table = _finished_solo(10)
    outcome = GAME.outcome(table.state)
    assert outcome is not None
    [row] = table._results(outcome, [])
    assert (row.kind, row.rival, row.margin, row.won, row.mode) == (SOLO, "gw.qin", -50, False, "solo")
    found = summary([row], GUILD, ANN)
    assert found is not None
    assert "last: lost to Qin Jiushao by 50 points" in summary_text("en", "ann", found, None)


def test_only_a_declared_mode_is_stored_as_the_mode() -> None:
    """Xidit declares no mode (its length is another option): its results store no mode. An Akhedena
    team table stores its declared mode and each seat's declared side."""
    xidit = get_game("xidit")
    row = TableRow(3, GUILD, 2, "xidit", {"length": "short"}, 1, "over", None, "en")
    seats = [SeatRow(s, 10 + s, f"p{s}", False) for s in range(4)]
    table = Table(row, xidit, store=None, seats=seats, state=None)  # type: ignore[arg-type]
    results = table._results(Outcome((0,), (0, 1, 2, 3)), [])
    assert {r.mode for r in results} == {""} and {r.kind for r in results} == {OutcomeKind.FREE_FOR_ALL.value}
    akhedena = get_game("akhedena")
    row = TableRow(4, GUILD, 2, "akhedena", {"mode": "team"}, 1, "over", None, "en")
    table = Table(row, akhedena, store=None, seats=seats, state=None)  # type: ignore[arg-type]
    outcome = Outcome((0, 2), (0, 2, 1, 3), places=(1, 1, 3, 3), kind=OutcomeKind.TEAMS, teams=((0, 2), (1, 3)))
    results = table._results(outcome, [])
    assert [(r.mode, r.kind, r.side) for r in results] == [("team", TEAMS, 0), ("team", TEAMS, 1),
                                                           ("team", TEAMS, 0), ("team", TEAMS, 1)]


async def test_stats_and_leaderboard_through_the_bot_after_solo_games(world: dict[str, Any]) -> None:
    """ES p.17: Alice's solo games are wins and losses against Qin Jiushao. /stats says so with the
    margins; /leaderboard ranks nobody on them and says why, rather than 'no finished games'."""
    env, alice, channel = world["env"], world["alice"], world["channel"]
    guild = world["guild"].id
    games = [replace(solo(n, margin), guild_id=guild, user_id=alice.id, name="alice")
             for n, margin in ((1, 12), (2, -95))]
    for row in games:
        await env.bot.store.finish(row.table_id, [row])
    text = (await alice.slash(channel, "stats")).response.content
    assert ("against Qin Jiushao: won 1 · lost 1 · best: beat Qin Jiushao by 12 points · "
            "last: lost to Qin Jiushao by 95 points") in text
    assert t("en", "stats.totals_unranked", games=2, wins=1, rate="50%") in text and "place" not in text.lower()
    result = await alice.slash(channel, "leaderboard", game="greatwall")
    assert result.ephemeral
    assert result.response.content == t("en", "leaderboard.unrated_game", game=t("en", "greatwall.name"))
    result = await alice.slash(channel, "leaderboard")
    assert result.response.content == t("en", "leaderboard.unrated")
    assert not env.errors
