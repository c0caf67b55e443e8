"""Skill ratings per game and server: openskill's Plackett-Luce model over finished games, in order.

Pure functions over :class:`bot.store.ResultRow`: no I/O, no discord. Each finished table is one
match; seats that share a place tie; Akhedena's team mode rates its two teams (seats 0+2 and 1+3,
as engine/akhedena/game.py pairs them). AI seats are rated too, one identity per AI level (so
beating a hard AI is worth more than beating an easy one), but only people are ever listed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from statistics import median

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.store import ResultRow

Identity = str  # "user:<id>", "ai:<level>", or a one-off name for a seat nobody claimed


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate the leaderboard ranks by: mu − 3σ (openskill's ordinal)."""
        return self.mu - 3 * self.sigma


def identity(row: ResultRow) -> Identity:
    if row.is_ai:
        return f"ai:{row.level}"
    if row.user_id is None:
        return f"seat:{row.table_id}:{row.seat}"
    return f"user:{row.user_id}"


def team_of(row: ResultRow) -> int:
    """The side a seat played on: Akhedena's team mode pairs seats by parity; a co-operative game
    (The Great Wall's ``coop``) is one team against the game itself, with no opponent to be rated
    against, so it leaves every rating as it was (its win or loss still counts in /stats); every other
    game is free-for-all (each seat its own side)."""
    if row.mode == "coop":
        return 0
    return row.seat % 2 if row.game == "akhedena" and row.mode == "team" else row.seat


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
