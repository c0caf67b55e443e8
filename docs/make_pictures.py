"""Redraw the README's board pictures: a seeded game of each, stopped part-way, as the channel sees it
(``<game>-board.png``). The DM panel pictures (``panel-<game>.png``) come from the real bot's panels:
bench/readme_panels.py.

    .venv/bin/python docs/make_pictures.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "engine")]

from games import Case, game_of, playout  # noqa: E402

from rendering import render  # noqa: E402

# (case, decisions played before the picture): mid-game, with hordes, orders or armies on the board
PICTURES = {"greatwall": (Case("greatwall", 3), 260), "xidit": (Case("xidit", 4, {"length": "short"}), 60),
            "akhedena": (Case("akhedena", 2, {"mode": "standard"}), 160)}
NAMES = ["Ana", "Bruno", "Chen", "Dana"]


def main() -> None:
    for game_id, (case, steps) in PICTURES.items():
        state, _ = playout(case, 11, max_steps=steps)
        game = game_of(case)
        png = render(game, game.view(state, None), NAMES[:case.seats])
        assert png is not None
        (ROOT / "docs" / f"{game_id}-board.png").write_bytes(png)


if __name__ == "__main__":
    main()
