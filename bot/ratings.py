"""Skill ratings per game and server: openskill's Plackett-Luce model over finished games, in order.

Pure functions over :class:`bot.store.ResultRow`: no I/O, no discord. Each finished table is one
match; seats that share a place tie. What a result means is read from the game's declared outcome
kind (engine/core/game.py ``Capabilities.outcome_kind``), never from a mode name: a TEAMS table rates
its declared sides; a COOP or AGAINST_AUTOMATON table has no rated opponent and moves no rating (its
win or loss still counts in /stats). AI seats are rated too, one identity per AI level (so
beating a hard AI is worth more than beating an easy one), but only people are ever listed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from statistics import median

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.store import ResultRow
from engine.core.game import OutcomeKind
from engine.games import capabilities

Identity = str  # "user:<id>", "ai:<level>", or a one-off name for a seat nobody claimed


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate the leaderboard ranks by: mu − 3σ (openskill's ordinal)."""
        return self.mu - 3 * self.sigma


# What players see: openskill's own display form of the ordinal, ``ordinal(z=3, alpha, target)`` =
# alpha · (mu − 3σ) + target (openskill.py, ``PlackettLuceRating.ordinal``: "alpha" scales, "target"
# shifts). A new player's ordinal is 0 and it dips below 0 after early games (its σ is still wide), so
# the raw number reads "-2.8" after one game; on this scale a newcomer starts at 1000 and one lost game
# reads about 940–965, like the rating scales players know. Ranking is unchanged (a monotone map).
DISPLAY_ALPHA = 20.0
DISPLAY_TARGET = 1000.0
PROVISIONAL_GAMES = 3  # fewer rated games than this and the rating is shown as provisional


def display_rating(rating: Rating) -> int:
    """The rating as players read it: DISPLAY_TARGET + DISPLAY_ALPHA × ordinal, rounded."""
    return round(DISPLAY_ALPHA * rating.ordinal + DISPLAY_TARGET)


def outcome_kind(row: ResultRow) -> OutcomeKind:
    """The outcome kind the table declared when it finished, as stored with the result. A row from
    before kinds were stored (schema 8) is read by the game's declaration of its stored mode, which
    is what was stored then (a game no longer registered reads as free-for-all)."""
    if row.kind is not None:
        return OutcomeKind(row.kind)
    try:
        return capabilities(row.game).outcome_kind({"mode": row.mode})
    except KeyError:
        return OutcomeKind.FREE_FOR_ALL


def identity(row: ResultRow) -> Identity:
    if row.is_ai:
        return f"ai:{row.level}"
    if row.user_id is None:
        return f"seat:{row.table_id}:{row.seat}"
    return f"user:{row.user_id}"


def team_of(row: ResultRow) -> int:
    """The side a seat played on: a TEAMS table's stored side (its declared teams: Akhedena's team
    mode pairs seats 0+2 and 1+3); a COOP or solo table is one side against the game itself; every
    other seat is its own side (free-for-all)."""
    kind = outcome_kind(row)
    if kind is OutcomeKind.TEAMS:
        return row.side if row.side is not None else _declared_side(row)
    return 0 if kind in (OutcomeKind.COOP, OutcomeKind.AGAINST_AUTOMATON) else row.seat


def _declared_side(row: ResultRow) -> int:
    """A TEAMS seat's side for a row stored before sides were (schema 8): the game's declared teams."""
    try:
        sides = capabilities(row.game).teams({"mode": row.mode})
    except KeyError:
        sides = ()
    return next((n for n, side in enumerate(sides) if row.seat in side), row.seat)


def _matches(rows: Iterable[ResultRow]) -> list[list[ResultRow]]:
    """The finished tables, oldest first (the order the ratings must follow)."""
    tables: dict[int, list[ResultRow]] = {}
    for row in rows:
        tables.setdefault(row.table_id, []).append(row)
    ordered = sorted(tables.values(), key=lambda rs: (rs[0].finished_at, rs[0].table_id))
    return [sorted(rs, key=lambda r: r.seat) for rs in ordered]


def ratings(rows: Iterable[ResultRow]) -> dict[Identity, Rating]:
    """Every identity's rating after replaying these results (one game of one server) in order."""
    model = PlackettLuce()
    current: dict[Identity, PlackettLuceRating] = {}
    for match in _matches(rows):
        if not outcome_kind(match[0]).competitive:
            continue  # won or lost against the game: no rated opponent
        sides: dict[int, list[ResultRow]] = {}
        for row in match:
            sides.setdefault(team_of(row), []).append(row)
        if len(sides) < 2:
            continue  # nothing to compare
        teams = [[current.get(identity(r)) or model.rating() for r in side] for side in sides.values()]
        ranks = [float(min(r.place for r in side)) for side in sides.values()]
        updated = model.rate(teams, ranks=ranks)
        for side, new in zip(sides.values(), updated, strict=True):
            for row, rating in zip(side, new, strict=True):
                current[identity(row)] = rating
    return {who: Rating(r.mu, r.sigma) for who, r in current.items()}


def member_rating(table: dict[Identity, Rating], user_id: int) -> Rating | None:
    return table.get(f"user:{user_id}")


@dataclass(frozen=True)
class Habits:
    """How a member plays by post: deadlines the clock answered for them, and their median answer time."""

    missed: int
    games: int
    median_seconds: float | None


def habits(rows: Iterable[ResultRow]) -> Habits:
    mine = list(rows)
    times = [r.answer_seconds for r in mine if r.answer_seconds is not None]
    return Habits(sum(r.missed for r in mine), len(mine), median(times) if times else None)
