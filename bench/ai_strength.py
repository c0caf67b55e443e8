"""AI strength: win rates of one level against a field of another, seats rotated game by game, and
the win rates of a table of one level where the whole table wins or loses together (co-op) or plays
an automaton (solo).

    python bench/ai_strength.py [games] [game_id | game_id:mode | game_id:mode:seats ...] [--no-search] [--hard-only]
        [--field=<level>] [--first=<seed>] [--levels-hidden]

(a mode is a scenario, an expansion or a length where the line has one: greatwall:siege:3, greatwall:khan,
xidit:long:5)

One JSON line per (game, mode, focus level, field level): ``focus_win_rate`` is the focus seat's share
of wins (ties split) over ``games`` games; ``fair_share`` is what an equal player would get (1/seats,
or 1/teams in team mode). A co-op or solo line has ``win_rate``: the share of games the table won.
Where the whole table can lose (the Great Wall's Great Famine), ``nobody_won`` counts such
games (0 for every seat) and ``focus_win_rate_when_won`` is the focus share over the games someone
won: the focus rate can be no higher than the share of games someone won. ``focus_ms`` is the focus
level's CPU time per decision (mean and max, thread time: other load on the
machine does not inflate it). Seeds 0..games-1 (``--first=S``: S..S+games-1, to develop on seeds the
reported lines do not use); deterministic. ``--no-search`` plays the hard level's
heuristic alone (what "hard" was before its search: the before/after lines of the README table).
The hard seat's search is told its rivals' AI levels, as a table shows them beside the names, and plays
each rival in its rollouts at that level; ``--levels-hidden`` tells it none, so that it plays every rival
as it would a person (the hard heuristic): how it fares against rivals it cannot read.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from benchkit import Figure, emit

from engine.ai import BASELINE, LEVELS, choose
from engine.ai.match import share_of_win
from engine.core.game import Game, Outcome
from engine.games import get_game

# (game, options, seats, partner offset for team play or None): every competitive game, mode and seat
# count. Akhedena's team mode seats the pairs (0, 2) and (1, 3), so a focus seat's partner sits two
# seats on. The Great Wall's expansions (Khan, Rat) and its competitive Ancient Chronicles scenarios
# have a line each at the seat counts they allow.
_GW_SCENARIOS = ("long_winter", "great_famine", "emperors_visit", "ghost_festival")
CONFIGS: tuple[tuple[str, dict[str, str], int, int | None], ...] = (
    *(("xidit", {"length": length}, seats, None) for length in ("short", "long") for seats in (4, 5)),
    *(("greatwall", {}, seats, None) for seats in (3, 4, 5)),
    ("greatwall", {"mode": "duel"}, 2, None),
    *(("greatwall", {name: "on"}, seats, None) for name in ("khan", "rat") for seats in (3, 4, 5)),
    *(("greatwall", {"scenario": name}, seats, None) for name in _GW_SCENARIOS for seats in (3, 4)),
    *(("akhedena", {"mode": "standard"}, seats, None) for seats in (2, 3, 4)),
    ("akhedena", {"mode": "team"}, 4, 2),
    *(("akhedena", {"mode": "quick"}, seats, None) for seats in (2, 3, 4)),
)
# Tables that win or lose together (co-op) or against the game's automaton (solo): (game, options, seats).
TABLES: tuple[tuple[str, dict[str, str], int], ...] = (
    ("greatwall", {"mode": "solo"}, 1),
    *(("greatwall", {"mode": "coop"}, seats) for seats in (2, 3, 4, 5)),
    *(("greatwall", {"scenario": name}, seats) for name in ("siege", "red_turban") for seats in (2, 3, 4)),
)
HARDEST, WEAKEST = LEVELS[-1], LEVELS[0]
MATCHUPS = ((HARDEST, BASELINE), (HARDEST, WEAKEST), (LEVELS[1], BASELINE), (WEAKEST, BASELINE),
            (HARDEST, LEVELS[1]))


class Clock:
    """CPU time the focus seats' AI spent per decision."""

    def __init__(self) -> None:
        self.total, self.longest, self.decisions = 0.0, 0.0, 0

    def figure(self) -> dict[str, float]:
        return {"mean": round(self.total / max(self.decisions, 1) * 1000, 2), "max": round(self.longest * 1000, 1),
                "decisions": self.decisions}


def timed_match(game: Game, options: dict[str, str], levels: list[str], seed: int, focus: list[int],
                clock: Clock, search: bool, shown: bool = True) -> tuple[Outcome, int]:
    """engine/ai/match.py's ``play_match``, with the focus seats' decisions timed."""
    state = game.setup(len(levels), dict(options), seed)
    decisions = 0
    while prompts := game.prompts(state):
        prompt = prompts[0]
        view = game.view(state, prompt.seat)
        start = time.thread_time()
        choice = choose(game, view, prompt, seed * 1_000_003 + decisions, levels[prompt.seat],
                        state if search else None, levels if shown else None)
        if prompt.seat in focus:
            spent = time.thread_time() - start
            clock.total, clock.decisions = clock.total + spent, clock.decisions + 1
            clock.longest = max(clock.longest, spent)
        game.apply(state, prompt.seat, choice)
        decisions += 1
        if decisions >= 50_000:
            raise RuntimeError(f"{game.id}: no end after {decisions} decisions (seed {seed})")
    outcome = game.outcome(state)
    assert outcome is not None
    return outcome, decisions


def match_figure(game_id: str, options: dict[str, str], seats: int, partner: int | None,
                 focus: str, field: str, games: int, search: bool = True, first: int = 0,
                 shown: bool = True) -> Figure:
    game = get_game(game_id)
    won = 0.0
    start = time.perf_counter()
    decisions = lost = 0
    clock = Clock()
    for seed in range(first, first + games):
        seat = seed % seats
        team = [seat] if partner is None else [seat, (seat + partner) % seats]
        levels = [focus if s in team else field for s in range(seats)]
        outcome, n = timed_match(game, options, levels, seed, team, clock, search, shown)
        won += share_of_win(outcome, team)
        lost += not outcome.winners
        decisions += n
    elapsed = time.perf_counter() - start
    fair = (2 / seats) if partner is not None else 1 / seats
    out: dict[str, Any] = {
        "figure": "ai_strength", "game": game_id, "options": options, "seats": seats,
        "focus": focus, "field": field, "games": games, "seeds": f"{first}..{first + games - 1}", "search": search,
        "levels_shown": shown, "focus_win_rate": round(won / games, 3), "fair_share": round(fair, 3),
        "nobody_won": lost, "focus_win_rate_when_won": round(won / max(games - lost, 1), 3),
        "focus_ms": clock.figure(),
        "ms_per_decision": round(elapsed / max(decisions, 1) * 1000, 3), "seconds": round(elapsed, 1)}
    return out


def table_figure(game_id: str, options: dict[str, str], seats: int, level: str, games: int,
                 search: bool = True, first: int = 0) -> Figure:
    """A table of ``level`` seats: the share of games it won (co-op: all together; solo: the seat
    beat the automaton)."""
    game = get_game(game_id)
    won = 0
    clock = Clock()
    start = time.perf_counter()
    for seed in range(first, first + games):
        outcome, _ = timed_match(game, options, [level] * seats, seed, list(range(seats)), clock, search)
        won += bool(outcome.winners)
    return {"figure": "ai_table", "game": game_id, "options": options, "seats": seats, "level": level,
            "games": games, "seeds": f"{first}..{first + games - 1}", "search": search,
            "win_rate": round(won / games, 3), "focus_ms": clock.figure(),
            "seconds": round(time.perf_counter() - start, 1)}


def wanted(game_id: str, options: dict[str, str], seats: int, filters: list[str]) -> bool:
    """A line is run when no filter is given, or one names its game, game:mode or game:mode:seats (the
    mode is the scenario, the expansion or the length where the line has one, e.g. greatwall:siege:3,
    greatwall:khan, xidit:long:5)."""
    expansion = next((name for name in ("khan", "rat") if options.get(name) == "on"), None)
    mode = options.get("scenario") or expansion or options.get("mode", options.get("length", "standard"))
    return not filters or bool({game_id, f"{game_id}:{mode}", f"{game_id}:{mode}:{seats}"} & set(filters))


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    search = "--no-search" not in sys.argv
    shown = "--levels-hidden" not in sys.argv
    hard_only = "--hard-only" in sys.argv  # hard against random and normal, and hard tables
    matchups = [m for m in MATCHUPS if not hard_only or (m[0] == HARDEST and m[1] in (BASELINE, LEVELS[1]))]
    # --field=<level>: only the matchups against that field (one half of a slow line, e.g. a rerun)
    fields = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--field=")]
    matchups = [m for m in matchups if not fields or m[1] in fields]
    n = int(args[0]) if args else 200
    first = int(next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--first=")), "0"))
    filters = args[1:]
    for g, o, s, p in CONFIGS:
        if wanted(g, o, s, filters):
            for focus, field in matchups:
                emit(match_figure(g, o, s, p, focus, field, n, search, first, shown))
    for g, o, s in TABLES:
        if wanted(g, o, s, filters):
            for level in (HARDEST,) if hard_only else (HARDEST, LEVELS[1]):
                emit(table_figure(g, o, s, level, n, search, first))
