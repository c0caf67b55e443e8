"""Time to render an Akhedena board mid-game through ``rendering.render``: the full game (4 players,
round 12) and quick play (2 players, round 3); p50/p99 ms over many renders and the PNG's size.
Then a seat's own picture (rendering/seat.py, issue 16) at every open decision of a full game: p50/p99
ms, the largest picture's size in px and KB. One JSON line per figure.

    python bench/render_akhedena.py [renders]
"""

from __future__ import annotations

import sys
from typing import Any

from benchkit import Figure, emit, render_figure, summary_ms

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


def seat_figure(decisions: int = 300) -> Figure:
    """Every open decision of a 3-player game (AI seats, seed 7) up to ``decisions``, each seat's
    picture drawn once from its own view and prompt (one warm-up first)."""
    import io
    import time

    from PIL import Image

    from rendering import seat_picture

    game = AkhedenaGame()
    state = game.setup(3, {"mode": "standard"}, 7)
    times: list[float] = []
    sizes: list[tuple[int, int, int]] = []
    seat_picture(game, game.view(state, 0), None, NAMES[:3])
    while len(times) < decisions and (prompts := game.prompts(state)):
        prompt = prompts[0]
        view = game.view(state, prompt.seat)
        start = time.perf_counter()
        png = seat_picture(game, view, prompt, NAMES[:3]) or b""
        times.append((time.perf_counter() - start) * 1000)
        width, height = Image.open(io.BytesIO(png)).size
        sizes.append((width, height, len(png)))
        game.apply(state, prompt.seat, choose(game, view, prompt, len(times)))
    stats = summary_ms(times, 1)
    return {"figure": "seat picture", "game": "akhedena", "mode": "standard", "seats": 3,
            "pictures": len(times), "p50_ms": stats["p50"], "p99_ms": stats["p99"],
            "max_px": f"{max(s[0] for s in sizes)}x{max(s[1] for s in sizes)}",
            "p50_kb": round(sorted(s[2] for s in sizes)[len(sizes) // 2] / 1024, 1),
            "max_kb": round(max(s[2] for s in sizes) / 1024, 1)}


if __name__ == "__main__":
    for figure in figures(int(sys.argv[1]) if len(sys.argv) > 1 else 100):
        emit(figure)
    emit(seat_figure())
