"""Akhedena engine speed per mode: whole AI games per second, mean ``apply`` ms timed alone, the AI's
ms per decision, and how the games ended. One JSON line per mode and seat count.

    python bench/engine_akhedena.py [games]
"""

from __future__ import annotations

import sys
from typing import Any

from benchkit import Figure, emit, engine_figure

CONFIGS = (("standard", 2), ("standard", 3), ("standard", 4), ("team", 4), ("quick", 2))


def _ends(state: Any) -> list[str]:
    return [str(state.end)]


def figures(games: int = 20) -> list[Figure]:
    return [engine_figure("akhedena", {"mode": mode}, seats, games, _ends) for mode, seats in CONFIGS]


if __name__ == "__main__":
    for figure in figures(int(sys.argv[1]) if len(sys.argv) > 1 else 20):
        emit(figure)
