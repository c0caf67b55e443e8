"""Time to render one Great Wall board mid-game (4 clans, year 3), and the PNG's size. One JSON line."""

from __future__ import annotations

import json
import time

from engine.ai import choose
from engine.greatwall.game import GreatWallGame
from rendering import render


def main() -> None:
    game = GreatWallGame()
    state = game.setup(4, {}, 7)
    step = 0
    while state.year < 3 or state.season != "fall":  # hordes, soldiers, walls and overseers in play
        prompt = game.prompts(state)[0]
        step += 1
        game.apply(state, prompt.seat, choose(game, game.view(state, prompt.seat), prompt, step))
    view = game.view(state, None)
    names = ["Alice", "Bruno", "Chiara", "Dmitri"]
    runs = 10
    start = time.perf_counter()
    for _ in range(runs):
        png = render(game, view, names) or b""
    ms = (time.perf_counter() - start) / runs * 1000
    print(json.dumps({"figure": "greatwall_render", "ms": round(ms, 1), "png_kb": round(len(png) / 1024, 1)}))


if __name__ == "__main__":
    main()
