"""Time to render a Lords of Xidit board mid-game (5 players, long game, year 9) through
``rendering.render``: p50/p99 ms over many renders, and the PNG's size. One JSON line.

    python bench/render_xidit.py [renders]
"""

from __future__ import annotations

import sys
from typing import Any

from benchkit import Figure, emit, render_figure

from engine.ai import choose
from engine.xidit.game import XiditGame

NAMES = ["Alice", "Bruno", "Chiara", "Dmitri", "Elena"]


def mid_game_view(game: XiditGame, seats: int = 5, year: int = 9) -> dict[str, Any]:
    """Well into the game: guilds, bards and tiles everywhere (AI seats play up to ``year``)."""
    state = game.setup(seats, {"length": "long"}, 7)
    step = 0
    while state.year < year:
        prompt = game.prompts(state)[0]
        step += 1
        game.apply(state, prompt.seat, choose(game, game.view(state, prompt.seat), prompt, step))
    return game.view(state, None)


def figures(runs: int = 100) -> list[Figure]:
    game = XiditGame()
    view = mid_game_view(game)
    setup = {"game": "xidit", "mode": "long", "seats": 5, "position": "year 9, AI seats, seed 7"}
    return [render_figure(game, view, NAMES, runs, setup)]


if __name__ == "__main__":
    for figure in figures(int(sys.argv[1]) if len(sys.argv) > 1 else 100):
        emit(figure)
