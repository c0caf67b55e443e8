"""Time to render an Akhedena board mid-game through ``rendering.render``: the full game (4 players,
round 12) and quick play (2 players, round 3); p50/p99 ms over many renders and the PNG's size.
Then a seat's own picture (rendering/seat.py, issue 16) at every open decision of a full game: p50/p99
ms, the largest picture's size in px and KB. One JSON line per figure.

    python bench/render_akhedena.py [renders]
"""

from __future__ import annotations

import sys
from typing import Any

from benchkit import Figure, emit, render_figure, seat_figure

from engine.ai import choose
from engine.akhedena.game import AkhedenaGame

NAMES = ["Alice", "Bruno", "Chiara", "Dmitri"]
BOARDS = (("standard", 4, 12), ("quick", 2, 3))  # mode, seats, round reached


def mid_game_view(game: AkhedenaGame, mode: str, seats: int, rounds: int) -> dict[str, Any]:
    state = game.setup(seats, {"mode": mode}, 7)
    step = 0
    while state.round < rounds and game.prompts(state) and not state.over:
        prompt = game.prompts(state)[0]
        game.apply(state, prompt.seat, choose(game, game.view(state, prompt.seat), prompt, step))
        step += 1
    return game.view(state, None)


def figures(runs: int = 100) -> list[Figure]:
    game = AkhedenaGame()
    out = []
    for mode, seats, rounds in BOARDS:
        view = mid_game_view(game, mode, seats, rounds)
        setup = {"game": "akhedena", "mode": mode, "seats": seats,
                 "position": f"round {rounds}, AI seats, seed 7"}
        out.append(render_figure(game, view, NAMES[:seats], runs, setup))
    return out


if __name__ == "__main__":
    for figure in figures(int(sys.argv[1]) if len(sys.argv) > 1 else 100):
        emit(figure)
    emit(seat_figure(AkhedenaGame(), {"mode": "standard"}, NAMES[:3]))
