"""Great Wall engine speed: whole AI games per second (3 and 4 clans), mean ``apply`` ms timed alone,
the AI's ms per decision, and how the games ended. One JSON line per seat count.

    python bench/engine_greatwall.py [games]
"""

from __future__ import annotations

import sys
from typing import Any

from benchkit import Figure, emit, engine_figure


def _ends(state: Any) -> list[str]:
    return list(state.end_reasons)


def figures(games: int = 20) -> list[Figure]:
    return [engine_figure("greatwall", {}, seats, games, _ends) for seats in (3, 4)]


if __name__ == "__main__":
    for figure in figures(int(sys.argv[1]) if len(sys.argv) > 1 else 20):
        emit(figure)
