"""Time to render one Lords of Xidit board mid-game, and the PNG's size. Prints one JSON line."""

from __future__ import annotations

import json
import time

from engine.ai import choose
from engine.xidit.game import XiditGame
from rendering.xidit import render_board


def main() -> None:
    game = XiditGame()
    state = game.setup(5, {"length": "long"}, 7)
    step = 0
    while state.year < 9:  # well into the game: guilds, bards, tiles everywhere
        prompt = game.prompts(state)[0]
        step += 1
        game.apply(state, prompt.seat, choose(game, game.view(state, prompt.seat), prompt, step))
    view = game.view(state, None)
    names = ["Alice", "Bruno", "Chiara", "Dmitri", "Elena"]
    runs = 10
    start = time.perf_counter()
    for _ in range(runs):
        png = render_board(view, game.pack, names)
    ms = (time.perf_counter() - start) / runs * 1000
    print(json.dumps({"figure": "xidit_render", "ms": round(ms, 1), "png_kb": round(len(png) / 1024, 1)}))


if __name__ == "__main__":
    main()
