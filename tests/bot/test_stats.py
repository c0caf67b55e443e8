"""Per-guild results: the pure summaries and leaderboards of bot/stats.py on hand-made rows, then
``/stats`` and ``/leaderboard`` after whole games played through the bot (issue 6)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from driver import open_table

from bot.app import create_bot
from bot.cogs.stats import summary_text
from bot.i18n import LANGS, t
from bot.ratings import Habits, ratings, team_of
from bot.stats import MIN_GAMES, best_game, games_played, leaderboard, summary
from bot.store import ResultRow
from bot.tables import Table
from engine.ai import choose

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]  # a ceiling, not a wait

GUILD, OTHER = 100, 200
ALICE, BOB, EVE = 1, 2, 3


def seat(table: int, user: int | None, place: int, won: bool, *, game: str = "akhedena", guild: int | None = GUILD,
         name: str = "", at: float = 0.0) -> ResultRow:
    names = {ALICE: "alice", BOB: "bob", EVE: "eve"}
    return ResultRow(table, place - 1, guild, game, "quick", 2, user, name or names.get(user or 0, "🤖 Ada"),
                     user is None, "normal", place, won, at or float(table))


def duel(table: int, winner: int | None, loser: int | None, **kw: Any) -> list[ResultRow]:
    return [seat(table, winner, 1, True, **kw), seat(table, loser, 2, False, **kw)]


# -- bot/stats.py on hand-made rows ---------------------------------------------------------------

def test_a_summary_counts_games_wins_win_rate_and_average_place() -> None:
    rows = [*duel(1, ALICE, BOB), *duel(2, BOB, ALICE), *duel(3, ALICE, None), *duel(4, None, ALICE)]
    found = summary(rows, GUILD, ALICE)
    assert found is not None
    assert (found.total.played, found.total.wins) == (4, 2)
    assert found.total.win_rate == 0.5
    assert found.total.average_place == 1.5
    assert [(g.game, g.played, g.wins) for g in found.games] == [("akhedena", 4, 2)]
    assert found.best_game is None  # one game only: nothing to compare


def test_a_shared_win_is_a_win_for_every_winner() -> None:
    rows = [seat(1, ALICE, 1, True), seat(1, BOB, 1, True), seat(1, EVE, 3, False)]
    alice, bob, eve = (summary(rows, GUILD, u) for u in (ALICE, BOB, EVE))
    assert alice is not None and bob is not None and eve is not None
    assert alice.total.wins == bob.total.wins == 1
    assert eve.total.wins == 0 and eve.total.average_place == 3


def test_games_against_ai_count_for_the_human_and_ai_seats_are_never_ranked() -> None:
    rows = [r for n in range(1, 5) for r in duel(n, None, ALICE)]  # the AI won four times
    board = leaderboard(rows, GUILD, "akhedena")
    assert [s.record.user_id for s in board.ranked] == [ALICE]
    assert board.ranked[0].record.played == 4 and board.ranked[0].record.wins == 0
    assert not board.unranked
    assert all(s.record.name != "🤖 Ada" for s in board.ranked)


def test_members_with_fewer_than_the_minimum_are_listed_as_not_yet_ranked() -> None:
    rows = [*duel(1, BOB, ALICE), *duel(2, BOB, ALICE), *duel(3, ALICE, EVE)]
    board = leaderboard(rows, GUILD, "akhedena")
    assert MIN_GAMES == 3
    assert [s.record.user_id for s in board.ranked] == [ALICE]  # three games, even with fewer wins than bob
    assert [(r.user_id, r.played) for r in board.unranked] == [(BOB, 2), (EVE, 1)]
    assert leaderboard(rows, GUILD, "akhedena", min_games=1).ranked[0].record.user_id == BOB


def test_ranking_is_by_the_conservative_rating_and_ties_share_a_rank() -> None:
    rows: list[ResultRow] = []
    table = 0

    def play(user: int, wins: int, losses: int) -> None:
        nonlocal table
        for won in [True] * wins + [False] * losses:
            table += 1
            rows.append(seat(table, user, 1 if won else 2, won))
            rows.append(seat(table, None, 2 if won else 1, not won))

    play(ALICE, 3, 3)  # 3 wins, 50 %
    play(BOB, 3, 0)  # 3 wins, 100 %: ahead of alice
    play(EVE, 4, 6)  # more wins than bob but more losses too: the rating puts bob ahead
    board = leaderboard(rows, GUILD, "akhedena")
    assert (board.ranked[0].rank, board.ranked[0].record.user_id) == (1, BOB)
    assert [s.rating.ordinal for s in board.ranked] == sorted((s.rating.ordinal for s in board.ranked), reverse=True)
    tied = [seat(99, ALICE, 1, True), seat(99, BOB, 2, False), seat(99, EVE, 2, False)]  # a shared 2nd place
    board = leaderboard(tied, GUILD, "akhedena", min_games=1)
    assert [s.rank for s in board.ranked] == [1, 2, 2]


def test_more_wins_at_the_same_rate_give_a_surer_rating() -> None:
    """Three wins out of three and four out of four: the same rate, but the rating is surer (smaller σ)
    after more games, so the conservative estimate ranks the longer record first."""
    rows = [*(r for n in range(1, 4) for r in duel(n, ALICE, None)),
            *(r for n in range(4, 8) for r in duel(n, BOB, None))]
    board = leaderboard(rows, GUILD, "akhedena")
    assert [s.record.user_id for s in board.ranked] == [BOB, ALICE]


def test_in_a_four_player_free_for_all_the_winner_gains_the_most() -> None:
    rows = [ResultRow(1, n, GUILD, "xidit", "standard", 4, user, f"p{user}", False, "normal", n + 1, n == 0, 1.0)
            for n, user in enumerate((EVE, BOB, ALICE, 4))]
    skill = ratings(rows)
    fresh = ratings([]).get("user:1")
    assert fresh is None  # nobody is rated before a game
    mus = [skill[f"user:{u}"].mu for u in (EVE, BOB, ALICE, 4)]
    assert mus == sorted(mus, reverse=True) and mus[0] > 25 > mus[-1]
    assert len(set(mus)) == 4


def test_a_shared_place_is_a_tie() -> None:
    rows = [seat(1, ALICE, 1, True), seat(1, BOB, 1, True), seat(1, EVE, 3, False)]
    skill = ratings(rows)
    assert skill["user:1"].mu == skill["user:2"].mu > skill["user:3"].mu


def test_a_team_result_moves_both_team_mates() -> None:
    """Akhedena's team mode pairs seats 1+3 and 2+4 (engine/akhedena/game.py): the winning pair both gain,
    the losing pair both lose, by the same amount for equal ratings."""
    rows = [ResultRow(1, n, GUILD, "akhedena", "team", 4, 10 + n, f"p{n}", False, "normal",
                      1 if n % 2 == 0 else 3, n % 2 == 0, 1.0) for n in range(4)]
    skill = ratings(rows)
    assert skill["user:10"].mu == skill["user:12"].mu > 25 > skill["user:11"].mu == skill["user:13"].mu
    assert team_of(rows[0]) == team_of(rows[2]) != team_of(rows[1])


def test_a_coop_game_counts_its_shared_result_but_moves_no_rating() -> None:
    """A co-operative Great Wall table [ES p.18–19]: everyone shares place 1 and the win (or the loss);
    with no opponent it is not rated, but it counts as played (and won) in /stats."""
    rows = [ResultRow(1, n, GUILD, "greatwall", "coop", 3, 10 + n, f"p{n}", False, "normal", 1, True, 1.0)
            for n in range(3)]
    assert ratings(rows) == {}
    record = summary(rows, GUILD, 10)
    assert record is not None and (record.total.played, record.total.wins) == (1, 1)


def test_ai_seats_are_rated_by_level_but_never_listed() -> None:
    rows = [*(r for n in range(1, 4) for r in duel(n, None, ALICE))]
    skill = ratings(rows)
    assert skill["ai:normal"].mu > 25 > skill["user:1"].mu
    board = leaderboard(rows, GUILD, "akhedena", min_games=0)
    assert [s.record.user_id for s in board.ranked] == [ALICE] and not board.unranked


def test_stats_count_missed_deadlines_and_the_median_answer_time() -> None:
    rows = [replace(seat(1, ALICE, 1, True), missed=2, answer_seconds=30.0),
            replace(seat(2, ALICE, 1, True), missed=0, answer_seconds=90.0),
            replace(seat(3, ALICE, 1, True), missed=1, answer_seconds=None), *duel(4, BOB, None)]
    found = summary(rows, GUILD, ALICE)
    assert found is not None
    assert found.habits == Habits(3, 3, 60.0)
    text = summary_text("en", "alice", found, None)
    assert t("en", "stats.habits", missed=3, games=3, speed=t("en", "stats.seconds", n=60)) in text


def test_games_of_other_guilds_and_other_games_are_ignored() -> None:
    rows = [*duel(1, ALICE, BOB), *duel(2, ALICE, BOB, guild=OTHER), *duel(3, ALICE, BOB, guild=None),
            *duel(4, BOB, ALICE, game="xidit")]
    found = summary(rows, GUILD, ALICE)
    assert found is not None and (found.total.played, found.total.wins) == (2, 1)
    only = summary(rows, GUILD, ALICE, game="akhedena")
    assert only is not None and (only.total.played, only.total.wins) == (1, 1)
    assert summary(rows, GUILD, EVE) is None
    assert summary(rows, 300, ALICE) is None
    board = leaderboard(rows, GUILD, "akhedena", min_games=1)
    assert [(s.record.user_id, s.record.played, s.record.wins) for s in board.ranked] == [(ALICE, 1, 1), (BOB, 1, 0)]
    assert games_played(rows, GUILD) == ["akhedena", "xidit"]
    assert games_played(rows, 300) == []


def test_the_best_game_is_the_best_win_rate_among_games_played_enough() -> None:
    rows = [*duel(1, ALICE, None, game="xidit"),  # 1 of 1 in xidit: too few to count as best
            *(r for n in range(2, 5) for r in duel(n, ALICE, None, game="greatwall")),
            *duel(5, None, ALICE, game="greatwall"),  # 3 of 4
            *(r for n in range(6, 9) for r in duel(n, None, ALICE))]  # 0 of 3
    found = summary(rows, GUILD, ALICE)
    assert found is not None
    assert found.best_game == "greatwall"
    assert [g.game for g in found.games] == ["greatwall", "akhedena", "xidit"]  # most played first
    assert best_game(found.games, min_games=1) == "xidit"


def test_a_member_is_shown_under_the_name_of_their_latest_seat() -> None:
    rows = [*duel(1, ALICE, None, name="old alice", at=10.0), *duel(2, ALICE, None, name="Alice", at=20.0),
            *duel(3, ALICE, None, name="older alice", at=5.0)]
    found = summary(rows, GUILD, ALICE)
    assert found is not None and found.total.name == "Alice"


# -- catalogs -------------------------------------------------------------------------------------

DIR = Path(__file__).parents[2] / "bot" / "i18n"


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_the_stats_catalogs_match_english(lang: str) -> None:
    english = json.loads((DIR / "stats.en.json").read_text(encoding="utf-8"))
    other = json.loads((DIR / f"stats.{lang}.json").read_text(encoding="utf-8"))
    assert set(other) == set(english)
    for key, text in english.items():
        wanted = sorted(re.findall(r"\{(\w+)\}", text if isinstance(text, str) else text["other"]))
        forms = [other[key]] if isinstance(other[key], str) else [v for k, v in other[key].items() if k != "arg"]
        for form in forms:
            assert sorted(re.findall(r"\{(\w+)\}", form)) == wanted, key
            assert form.strip(), key


def test_the_habits_line_counts_games_in_russian() -> None:
    assert "за 1 партию" in t("ru", "stats.habits", missed=0, games=1, speed="—")
    assert "за 3 партии" in t("ru", "stats.habits", missed=0, games=3, speed="—")
    assert "за 5 партий" in t("ru", "stats.habits", missed=0, games=5, speed="—")
    assert "in 1 game ·" in t("en", "stats.habits", missed=0, games=1, speed="—")


# -- through the bot ------------------------------------------------------------------------------

async def play_game(world: dict[str, Any], humans: tuple[str, ...] = ("alice",)) -> Table:
    """A quick Akhedena duel (the humans plus AI seats up to two), opened and started through the bot;
    the humans' decisions are made by the engine's AI straight on the table, to the end."""
    env = world["env"]
    lobby = await open_table(world, ai=2 - len(humans), game="akhedena", humans=humans, mode="quick")
    await world["alice"].click(lobby, label="Start")
    [table] = [t for t in env.bot.tables.by_id.values() if t.row.status == "active"]
    step = 0
    while table.row.status == "active":
        prompt = next(p for p in table.prompts() if not table.seats[p.seat].is_ai)
        choice = choose(table.game, table.game.view(table.state, prompt.seat), prompt, step)
        async with table.lock:
            await table.submit(prompt.seat, prompt.id, choice)
        step += 1
    assert table.row.status == "over"
    return table


def won(table: Table, user_id: int) -> bool:
    outcome = table.game.outcome(table.state)
    assert outcome is not None
    return table.seat_of(user_id) in outcome.winners


def rate(wins: int, games: int) -> str:
    return f"{round(100 * wins / games)}%"


async def test_stats_and_leaderboard_show_the_finished_games(world: dict[str, Any]) -> None:
    alice, bob, channel = world["alice"], world["bob"], world["channel"]
    tables = [await play_game(world), await play_game(world, ("alice", "bob")), await play_game(world)]
    wins = sum(won(table, alice.id) for table in tables)
    bob_won = won(tables[1], bob.id)

    result = await alice.slash(channel, "stats", member=alice)
    assert not result.ephemeral  # results are public
    text = result.response.content
    assert "**alice**" in text
    assert t("en", "stats.totals", games=3, wins=wins, rate=rate(wins, 3), place=f"{(6 - wins) / 3:.1f}") in text
    assert t("en", "akhedena.name") in text

    result = await alice.slash(channel, "stats", member=bob)
    assert t("en", "stats.totals", games=1, wins=int(bob_won), rate=rate(bob_won, 1),
             place=f"{2 - bob_won:.1f}") in result.response.content

    result = await bob.slash(channel, "leaderboard", game="akhedena")
    assert not result.ephemeral
    text = result.response.content
    assert t("en", "leaderboard.title", game=t("en", "akhedena.name")) in text
    row = t("en", "leaderboard.row", rank=1, name="alice", rating="RATING", wins=wins, rate=rate(wins, 3), games=3)
    assert re.search(re.escape(row).replace("RATING", r"\d{3,4}"), text)  # the display scale (bot/ratings.py)
    entry = t("en", "leaderboard.unranked_entry", name="bob", games=1)
    assert t("en", "leaderboard.unranked", min=MIN_GAMES, names=entry) in text
    assert "🤖" not in text  # AI seats are never ranked
    assert not world["env"].errors


async def test_stats_for_one_game_and_the_leaderboard_of_every_game(world: dict[str, Any]) -> None:
    alice, channel = world["alice"], world["channel"]
    await play_game(world)

    result = await alice.slash(channel, "stats", game="akhedena")  # member: yourself by default
    assert t("en", "stats.title_game", name="alice", game=t("en", "akhedena.name")) in result.response.content
    result = await alice.slash(channel, "stats", game="xidit")
    assert result.ephemeral
    assert result.response.content == t("en", "stats.none_game", name="alice", game=t("en", "xidit.name"))

    result = await alice.slash(channel, "leaderboard")
    text = result.response.content
    assert t("en", "leaderboard.title", game=t("en", "akhedena.name")) in text
    assert t("en", "leaderboard.title", game=t("en", "xidit.name")) not in text  # never played here
    assert t("en", "leaderboard.nobody", min=MIN_GAMES) in text
    assert t("en", "leaderboard.unranked_entry", name="alice", games=1) in text
    result = await alice.slash(channel, "leaderboard", game="greatwall")
    assert result.ephemeral
    assert result.response.content == t("en", "leaderboard.empty_game", game=t("en", "greatwall.name"))


async def test_a_guild_without_finished_games_says_so(world: dict[str, Any]) -> None:
    alice, channel = world["alice"], world["channel"]
    lobby = await open_table(world, ai=1, game="akhedena", humans=("alice",), mode="quick")
    await alice.click(lobby, label="Start")  # started, not finished: nothing to count yet
    result = await alice.slash(channel, "stats")
    assert result.ephemeral and result.response.content == t("en", "stats.none", name="alice")
    result = await alice.slash(channel, "stats", member=world["eve"])
    assert result.response.content == t("en", "stats.none", name="eve")
    result = await alice.slash(channel, "leaderboard")
    assert result.ephemeral and result.response.content == t("en", "leaderboard.empty")
    assert not world["env"].errors


async def test_another_guild_sees_none_of_these_results(world: dict[str, Any]) -> None:
    env = world["env"]
    await play_game(world)
    other = env.create_guild("Chess Club")
    hall = other.create_text_channel("hall")
    alice_there = other.add_member(world["alice"].user)
    result = await alice_there.slash(hall, "stats")
    assert result.response.content == t("en", "stats.none", name="alice")
    result = await alice_there.slash(hall, "leaderboard", game="akhedena")
    assert result.response.content == t("en", "leaderboard.empty_game", game=t("en", "akhedena.name"))


async def test_outside_a_guild_the_commands_refuse(world: dict[str, Any]) -> None:
    user = world["alice"].user
    for command in ("stats", "leaderboard"):
        result = await user.slash(command)
        assert result.ephemeral and result.response.content == t("en", "stats.guild_only")


async def test_results_survive_a_restart(world: dict[str, Any], db_path: Path) -> None:
    env, alice = world["env"], world["alice"]
    table = await play_game(world)
    wins = int(won(table, alice.id))
    await env.restart_bot(create_bot(db_path=db_path))
    result = await alice.slash(world["channel"], "stats", member=alice)
    assert t("en", "stats.totals", games=1, wins=wins, rate=rate(wins, 1),
             place=f"{2 - wins:.1f}") in result.response.content
    assert not env.errors


def test_the_summary_reads_in_the_servers_language_with_its_decimal_comma() -> None:
    from bot.cogs.stats import board_lines, summary_text

    rows = [*duel(1, ALICE, None), *duel(2, None, ALICE, game="xidit"), *duel(3, None, ALICE, game="xidit")]
    found = summary(rows, GUILD, ALICE)
    assert found is not None
    text = summary_text("es", "alice", found, None)
    assert t("es", "stats.totals", games=3, wins=1, rate="33%", place="1,7") in text
    assert t("es", "stats.best", game=t("es", "akhedena.name")) in text
    lines = board_lines("ru", leaderboard(rows, GUILD, "xidit"))
    assert lines[0] == t("ru", "leaderboard.title", game=t("ru", "xidit.name"))
    assert t("ru", "leaderboard.nobody", min=MIN_GAMES) in lines
