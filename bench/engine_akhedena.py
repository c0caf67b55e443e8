"""Akhedena engine speed and balance per mode: AI-vs-AI games per second, mean ``apply`` time, how
games end and who wins. One JSON line per mode.

    python bench/engine_akhedena.py [games]
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "engine"))

from akhedena_support import GAME, MODES, playout


def main(games: int) -> None:
    for mode, seats in MODES:
        ends: Counter[str] = Counter()
        winners: Counter[int] = Counter()
        rounds, steps = [], 0
        start = time.perf_counter()
        for seed in range(games):
            state, log = playout(seed, mode, seats, random_share=0, check=False)
            outcome = GAME.outcome(state)
            assert outcome is not None
            ends[state.end] += 1
            winners[outcome.winners[0]] += 1
            rounds.append(state.round)
            steps += len(log)
        elapsed = time.perf_counter() - start
        print(json.dumps({"figure": "akhedena_engine", "mode": mode, "seats": seats, "games": games,
                          "games_per_s": round(games / elapsed, 2), "apply_ms": round(elapsed / steps * 1000, 3),
                          "mean_rounds": round(sum(rounds) / games, 1), "ends": dict(ends),
                          "first_winner_by_seat": dict(sorted(winners.items()))}))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
