"""Great Wall engine speed and balance: AI-vs-AI games per second, how games end, how close they are.

    python bench/engine_greatwall.py [games]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "engine"))

from greatwall_support import GAME, playout


def main(games: int) -> None:
    for seats in (3, 4):
        ends: Counter[str] = Counter()
        margins, years, winners = [], [], Counter[int]()
        start = time.perf_counter()
        for seed in range(games):
            state, _ = playout(seed, seats, random_share=0, check=False)
            ends.update(state.end_reasons)
            order = sorted((p.honor for p in state.players), reverse=True)
            margins.append(order[0] - order[1])
            years.append(state.year)
            outcome = GAME.outcome(state)
            assert outcome is not None
            winners[outcome.winners[0]] += 1
        elapsed = time.perf_counter() - start
        print(f"{seats}p: {games / elapsed:.1f} AI games/s; end reasons {dict(ends)}; years {Counter(years)}; "
              f"winner-runner-up margin median {statistics.median(margins)}; wins by seat {dict(winners)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
