"""Per-guild statistics over finished games: a member's summary and a leaderboard per game.

Pure functions over :class:`bot.store.ResultRow` (one row per seat of a finished game): no I/O, no
discord. Only rows of the guild asked for count. AI seats are never members (they are neither
summarized nor ranked), but a game a person played against AI seats counts for that person, and the
AI seats' skill counts in the ratings (bot/ratings.py). Places count only in games whose declared
outcome kind ranks seats against each other (free-for-all, teams): a co-op game is won or lost by the
team together (``Together``), a solo game is won or lost against the game's automaton by a margin
(``Versus``), never "1st".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.ratings import Habits, Rating, habits, member_rating, outcome_kind, ratings
from bot.store import ResultRow
from engine.core.game import OutcomeKind

MIN_GAMES = 3  # games of one kind a member needs before the leaderboard ranks them


class _Rates:
    """Win rate and average place from a record's counts (the place over ranked games only)."""

    played: int
    wins: int
    place_total: int
    ranked: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def average_place(self) -> float | None:
        """None when no game ranked the member against others (only co-op or solo games)."""
        return self.place_total / self.ranked if self.ranked else None


@dataclass(frozen=True)
class Record(_Rates):
    """A member's results in a set of games (one game, or every game)."""

    user_id: int
    name: str  # the name of the member's most recent seat
    played: int
    wins: int
    place_total: int  # the sum of their places (1 = best) in ranked games
    ranked: int = 0  # games whose outcome kind ranks seats against each other


Ending = tuple[bool, int | None]  # against an automaton: (won, margin); the margin is None when no
# final scores decided the game (e.g. a sudden loss)


@dataclass(frozen=True)
class Versus:
    """A member's games against one automaton (a solo game: won only by beating it, by a margin)."""

    rival: str | None  # its name's message key (None: games stored before the rival was)
    won: int
    lost: int
    best: Ending  # the widest win, else the narrowest loss
    last: Ending  # the most recent game


@dataclass(frozen=True)
class Together:
    """A member's co-op games: the whole table won or lost each of them together."""

    won: int
    lost: int


@dataclass(frozen=True)
class GameRecord(_Rates):
    """One game's line of a member's summary."""

    game: str
    played: int
    wins: int
    place_total: int
    ranked: int = 0
    rating: Rating | None = None  # the member's skill in this game (this server)
    versus: tuple[Versus, ...] = ()  # solo games, per automaton
    together: Together | None = None  # co-op games


@dataclass(frozen=True)
class Summary:
    """Everything ``/stats`` says about one member of one guild."""

    total: Record
    games: tuple[GameRecord, ...]  # most played first
    best_game: str | None  # None when the member played only one game
    habits: Habits = field(default_factory=lambda: Habits(0, 0, None))  # reliability and speed, same games


@dataclass(frozen=True)
class Standing:
    rank: int  # equal ratings share a rank (1, 1, 3…)
    record: Record
    rating: Rating


@dataclass(frozen=True)
class Leaderboard:
    game: str
    ranked: tuple[Standing, ...]
    unranked: tuple[Record, ...]  # fewer than ``min_games`` games: most played first
    min_games: int


def member_rows(rows: Iterable[ResultRow], guild_id: int | None) -> list[ResultRow]:
    """The seats people (not AI) held in finished games of this guild."""
    return [r for r in rows if r.guild_id == guild_id and not r.is_ai and r.user_id is not None]


def _places(rows: list[ResultRow]) -> tuple[int, int]:
    """(the sum of the places, how many games) over the rows whose place means something: games
    that rank seats against each other."""
    ranked = [r for r in rows if outcome_kind(r).competitive]
    return sum(r.place for r in ranked), len(ranked)


def _record(user_id: int, rows: list[ResultRow]) -> Record:
    latest = max(rows, key=lambda r: (r.finished_at, r.table_id))
    return Record(user_id, latest.name, len(rows), sum(r.won for r in rows), *_places(rows))


def _by_member(rows: list[ResultRow]) -> dict[int, list[ResultRow]]:
    grouped: dict[int, list[ResultRow]] = {}
    for row in rows:
        if row.user_id is not None:
            grouped.setdefault(row.user_id, []).append(row)
    return grouped


def _ending_key(ending: Ending) -> tuple[bool, float]:
    won, margin = ending
    return won, margin if margin is not None else -float("inf")


def versus(rows: list[ResultRow]) -> tuple[Versus, ...]:
    """The member's solo games (outcome kind AGAINST_AUTOMATON), per rival."""
    by_rival: dict[str | None, list[ResultRow]] = {}
    for row in sorted(rows, key=lambda r: (r.finished_at, r.table_id)):
        if outcome_kind(row) is OutcomeKind.AGAINST_AUTOMATON:
            by_rival.setdefault(row.rival, []).append(row)
    found = []
    for rival, games in by_rival.items():
        endings = [(r.won, r.margin) for r in games]
        won = sum(w for w, _ in endings)
        found.append(Versus(rival, won, len(endings) - won, max(endings, key=_ending_key), endings[-1]))
    return tuple(found)


def together(rows: list[ResultRow]) -> Together | None:
    """The member's co-op games (outcome kind COOP), won and lost; None when they played none."""
    coop = [r for r in rows if outcome_kind(r) is OutcomeKind.COOP]
    won = sum(r.won for r in coop)
    return Together(won, len(coop) - won) if coop else None


def _game_records(rows: list[ResultRow], skill: dict[str, Rating | None]) -> tuple[GameRecord, ...]:
    grouped: dict[str, list[ResultRow]] = {}
    for row in rows:
        grouped.setdefault(row.game, []).append(row)
    records = [GameRecord(game, len(rs), sum(r.won for r in rs), *_places(rs), skill.get(game), versus(rs),
                          together(rs)) for game, rs in grouped.items()]
    return tuple(sorted(records, key=lambda g: (-g.played, g.game)))


def best_game(games: tuple[GameRecord, ...], min_games: int = MIN_GAMES) -> str | None:
    """The game with the best win rate (then more wins, then a better average place), among the
    games played at least ``min_games`` times when there are any; None for fewer than two games."""
    if len(games) < 2:
        return None
    seasoned = [g for g in games if g.played >= min_games] or list(games)
    return min(seasoned, key=lambda g: (-g.win_rate, -g.wins, g.average_place or float("inf"), g.game)).game


def summary(rows: Iterable[ResultRow], guild_id: int | None, user_id: int,
            game: str | None = None) -> Summary | None:
    """A member's results in this guild (optionally in one game); None if they finished none.
    ``rows`` must hold every seat of the guild's games asked for (the ratings need the opponents)."""
    rows = [r for r in rows if r.guild_id == guild_id]
    mine = [r for r in member_rows(rows, guild_id)
            if r.user_id == user_id and (game is None or r.game == game)]
    if not mine:
        return None
    skill = {g: member_rating(ratings(r for r in rows if r.game == g), user_id) for g in {r.game for r in mine}}
    games = _game_records(mine, skill)
    return Summary(_record(user_id, mine), games, best_game(games), habits(mine))


def _rank_key(rating: Rating) -> float:
    return -round(rating.ordinal, 1)  # what the leaderboard shows: equal shown ratings share a rank


def leaderboard(rows: Iterable[ResultRow], guild_id: int | None, game: str,
                min_games: int = MIN_GAMES) -> Leaderboard:
    """Members of this guild ranked in ``game`` by their conservative skill rating (mu − 3σ), once
    they finished ``min_games`` games; AI seats are rated (they move people's ratings) but never listed.
    Only games whose outcome kind ranks seats against each other count: a co-op or solo game has no
    rated opponent (its win or loss is in /stats)."""
    rows = [r for r in rows if r.guild_id == guild_id and r.game == game and outcome_kind(r).competitive]
    skill = ratings(rows)
    played = member_rows(rows, guild_id)
    records = [_record(user_id, rs) for user_id, rs in _by_member(played).items()]
    eligible = sorted(((r, skill[f"user:{r.user_id}"]) for r in records if r.played >= min_games),
                      key=lambda pair: (_rank_key(pair[1]), pair[0].name))
    ranked: list[Standing] = []
    for index, (record, rating) in enumerate(eligible):
        tied = bool(ranked) and _rank_key(ranked[-1].rating) == _rank_key(rating)
        ranked.append(Standing(ranked[-1].rank if tied else index + 1, record, rating))
    waiting = sorted((r for r in records if r.played < min_games), key=lambda r: (-r.played, r.name))
    return Leaderboard(game, tuple(ranked), tuple(waiting), min_games)


def games_played(rows: Iterable[ResultRow], guild_id: int | None) -> list[str]:
    """The games with at least one finished game by a member of this guild, most played first."""
    tables: dict[str, set[int]] = {}
    for row in member_rows(rows, guild_id):
        tables.setdefault(row.game, set()).add(row.table_id)
    return sorted(tables, key=lambda g: (-len(tables[g]), g))
