"""AI strength: win rates of one level against a field of another, seats rotated game by game.

    python bench/ai_strength.py [games] [game_id ...]

One JSON line per (game, mode, focus level, field level): ``focus_win_rate`` is the focus seat's share
of wins (ties split) over ``games`` games; ``fair_share`` is what an equal player would get (1/seats,
or 1/teams in team mode). Seeds 0..games-1; deterministic.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from benchkit import Figure, emit

from engine.ai import BASELINE, LEVELS
from engine.ai.match import play_match, share_of_win
from engine.games import get_game

# (game, options, seats, partner offset for team play or None)
CONFIGS: tuple[tuple[str, dict[str, str], int, int | None], ...] = (
    ("xidit", {"length": "short"}, 4, None),
    ("greatwall", {}, 3, None),
    ("akhedena", {"mode": "standard"}, 2, None),
    ("akhedena", {"mode": "quick"}, 2, None),
)
HARDEST, WEAKEST = LEVELS[-1], LEVELS[0]
MATCHUPS = ((HARDEST, BASELINE), (HARDEST, WEAKEST), (LEVELS[1], BASELINE), (WEAKEST, BASELINE),
            (HARDEST, LEVELS[1]))


def match_figure(game_id: str, options: dict[str, str], seats: int, partner: int | None,
                 focus: str, field: str, games: int) -> Figure:
    game = get_game(game_id)
    won = 0.0
    start = time.perf_counter()
    decisions = 0
    for seed in range(games):
        seat = seed % seats
        team = [seat] if partner is None else [seat, (seat + partner) % seats]
        levels = [focus if s in team else field for s in range(seats)]
        result = play_match(game, options, levels, seed)
        won += share_of_win(result.outcome, team)
        decisions += result.decisions
    elapsed = time.perf_counter() - start
    fair = (2 / seats) if partner is not None else 1 / seats
    out: dict[str, Any] = {
        "figure": "ai_strength", "game": game_id, "options": options, "seats": seats,
        "focus": focus, "field": field, "games": games, "seeds": f"0..{games - 1}",
        "focus_win_rate": round(won / games, 3), "fair_share": round(fair, 3),
        "ms_per_decision": round(elapsed / max(decisions, 1) * 1000, 3), "seconds": round(elapsed, 1)}
    return out


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for g, o, s, p in CONFIGS:
        if len(sys.argv) > 2 and g not in sys.argv[2:]:
            continue
        for focus, field in MATCHUPS:
            emit(match_figure(g, o, s, p, focus, field, n))
