"""Lords of Xidit engine speed: whole AI games per second (4 seats, long and short game), mean
``apply`` ms timed alone, and the AI's ms per decision. One JSON line per length.

    python bench/engine_xidit.py [games]
"""

from __future__ import annotations

import sys

from benchkit import Figure, emit, engine_figure

CONFIGS = (({"length": "long"}, 4), ({"length": "short"}, 4))


def figures(games: int = 20) -> list[Figure]:
    return [engine_figure("xidit", options, seats, games) for options, seats in CONFIGS]


if __name__ == "__main__":
    for figure in figures(int(sys.argv[1]) if len(sys.argv) > 1 else 20):
        emit(figure)
