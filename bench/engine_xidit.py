"""Engine speed: whole Lords of Xidit games per second (AI seats, no invariant checks).

Prints one JSON line per figure. Run: .venv/bin/python bench/engine_xidit.py [games]
"""

from __future__ import annotations

import json
import sys
import time

from engine.ai import choose, random_choice
from engine.core.rng import Rng
from engine.xidit.game import XiditGame


def play(game: XiditGame, seed: int, smart: bool) -> int:
    state = game.setup(4 + seed % 2, {"length": "long"}, seed)
    steps = 0
    while prompts := game.prompts(state):
        prompt = prompts[0]
        decision = seed * 1_000_003 + steps
        if smart:
            choice = choose(game, game.view(state, prompt.seat), prompt, decision)
        else:
            choice = random_choice(prompt, Rng.from_seed(decision))
        game.apply(state, prompt.seat, choice)
        steps += 1
    return steps


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    game = XiditGame()
    for label, smart in (("random", False), ("sensible_ai", True)):
        start = time.perf_counter()
        steps = sum(play(game, seed, smart) for seed in range(games))
        elapsed = time.perf_counter() - start
        print(json.dumps({"figure": f"xidit_playouts_per_second_{label}",
                          "value": round(games / elapsed, 1), "games": games,
                          "choices_per_second": round(steps / elapsed)}))


if __name__ == "__main__":
    main()
