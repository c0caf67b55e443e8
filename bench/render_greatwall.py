"""Time to render a Great Wall board mid-game (4 clans, then 5, year 3, fall) through ``rendering.render``:
p50/p99 ms over many renders, and the PNG's size; again with names in emoji, CJK and Arabic (the font
fallback chain). Then a seat's own picture (rendering/seat.py) at every open decision of a 3-clan game
that has one. One JSON line per figure.

    python bench/render_greatwall.py [renders]
"""

from __future__ import annotations

import sys
from typing import Any

from benchkit import Figure, emit, render_figure, seat_figure

from engine.ai import choose
from engine.greatwall.game import GreatWallGame

NAMES = ["Alice", "Bruno", "Chiara", "Dmitri"]
FIVE_NAMES = [*NAMES, "Elena"]  # the fifth player [IT 5P]: a fifth clan on the board
# Discord nicknames in other scripts: drawn through the font fallback chain (rendering/fonts.py).
WORLD_NAMES = ["🐉 Drako", "李雷", "محمد علي", "🤖 Ada"]


# Every expansion a 5-player table can play at once (issue 22): the Khan's line, the Award, the Rat.
EXPANSIONS = {"khan": "on", "rat": "on"}


def mid_game_view(game: GreatWallGame, seats: int = 4, options: dict[str, str] | None = None) -> dict[str, Any]:
    """Hordes, soldiers, walls and overseers in play: AI seats play to year 3's fall."""
    state = game.setup(seats, dict(options or {}), 7)
    step = 0
    while (state.year < 3 or state.season != "fall") and game.prompts(state):  # or the game ended first
        prompt = game.prompts(state)[0]
        step += 1
        game.apply(state, prompt.seat, choose(game, game.view(state, prompt.seat), prompt, step))
    return game.view(state, None)


def figures(runs: int = 100) -> list[Figure]:
    game = GreatWallGame()
    view = mid_game_view(game)
    setup = {"game": "greatwall", "mode": "standard", "seats": 4, "position": "year 3 fall, AI seats, seed 7"}
    world = {**setup, "names": "emoji, CJK, Arabic (font fallback chain)"}
    five = {**setup, "seats": 5, "position": "year 3 fall, AI seats, seed 7 (the fifth player)"}
    expansions = {**five, "expansions": "khan, rat"}
    return [render_figure(game, view, NAMES, runs, setup), render_figure(game, view, WORLD_NAMES, runs, world),
            render_figure(game, mid_game_view(game, 5), FIVE_NAMES, runs, five),
            render_figure(game, mid_game_view(game, 5, EXPANSIONS), FIVE_NAMES, runs, expansions)]


if __name__ == "__main__":
    for figure in figures(int(sys.argv[1]) if len(sys.argv) > 1 else 100):
        emit(figure)
    emit(seat_figure(GreatWallGame(), {}, NAMES[:3]))
    emit(seat_figure(GreatWallGame(), EXPANSIONS, FIVE_NAMES))  # the expansions' strip under each picture
