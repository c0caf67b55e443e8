"""Time to render an Akhedena board mid-game (4 players, round 12; quick play, 2 players), and
the PNG's size. One JSON line per board."""

from __future__ import annotations

import json
import statistics
import time

from engine.ai import choose
from engine.akhedena.game import AkhedenaGame
from rendering import render


def _mid_game(game: AkhedenaGame, mode: str, seats: int, rounds: int) -> dict[str, object]:
    state = game.setup(seats, {"mode": mode}, 7)
    step = 0
    while state.round < rounds and game.prompts(state) and not state.over:
        prompt = game.prompts(state)[0]
        game.apply(state, prompt.seat, choose(game, game.view(state, prompt.seat), prompt, step))
        step += 1
    return game.view(state, None)


def main() -> None:
    game = AkhedenaGame()
    names = ["Alice", "Bruno", "Chiara", "Dmitri"]
    for mode, seats, rounds in (("standard", 4, 12), ("quick", 2, 3)):
        view = _mid_game(game, mode, seats, rounds)
        times = []
        for _ in range(30):
            start = time.perf_counter()
            png = render(game, view, names[:seats]) or b""
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        print(json.dumps({"figure": "akhedena_render", "mode": mode, "seats": seats,
                          "p50_ms": round(statistics.median(times), 1), "p99_ms": round(times[-1], 1),
                          "png_kb": round(len(png) / 1024, 1)}))


if __name__ == "__main__":
    main()
