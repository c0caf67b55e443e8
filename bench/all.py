"""Every benchmark figure, one JSON line per figure on stdout, printed as each is produced.

Each line states its setup (game, mode, seats, counts...) and, where the figure has a target, the
target and ``met``. Each group runs in its own process (the same scripts run alone, see README):

1. render        bench/render_xidit.py, render_greatwall.py, render_akhedena.py
2. engine        bench/engine_xidit.py, engine_greatwall.py, engine_akhedena.py
3. bot latency   bench/bot_latency.py (simcord: a DM-panel click vs /ping, 1 and 100 tables; then 100
                 tables over 1 and 2 worker processes on one PostgreSQL, when PostgreSQL is installed)
4. store         bench/store_append.py
5. scale         bench/scale_tables.py (memory per idle table, restore time; 1,000 and 10,000)
6. channel       bench/channel_posts.py (posts, boards and pings per decision, every game and mode;
                 --quick: 120 human answers a game)

A summary of targets met and missed goes to stderr. Exit status 0 unless a bench script failed
(a missed target is a figure, not a failure).

    python bench/all.py [--games 20] [--renders 100] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def groups(games: int, renders: int, quick: bool) -> list[tuple[str, list[str]]]:
    scale = ["--quick"] if quick else ["--full"]
    rounds = ["--rounds1", "20", "--roundsn", "4"] if quick else ["--rounds1", "40", "--roundsn", "8"]
    return [
        ("render xidit", ["render_xidit.py", str(renders)]),
        ("render greatwall", ["render_greatwall.py", str(renders)]),
        ("render akhedena", ["render_akhedena.py", str(renders)]),
        ("engine xidit", ["engine_xidit.py", str(games)]),
        ("engine greatwall", ["engine_greatwall.py", str(games)]),
        ("engine akhedena", ["engine_akhedena.py", str(games)]),
        ("bot latency", ["bot_latency.py", "--tables", "1,100", *rounds]),
        *([("bot latency, workers", ["bot_latency.py", "--store", "postgresql", "--tables", "100", "--workers", "1,2",
                                     "--window", "handler", "--roundsn", rounds[3]])] if _postgresql() else []),
        ("store", ["store_append.py", "5000"]),
        ("scale", ["scale_tables.py", *scale]),
        ("channel posts", ["channel_posts.py", "--limit", "120" if quick else "400"]),
    ]


def _postgresql() -> bool:
    """A PostgreSQL server can be started here (tests/pgserver.py finds its binaries), or MUSTER_DB names one."""
    sys.path.insert(0, str(HERE.parent / "tests"))
    from pgserver import pg_bin

    return pg_bin() is not None or os.environ.get("MUSTER_DB", "").startswith(("postgresql://", "postgres://"))


def main() -> int:
    parser = argparse.ArgumentParser(description="All benchmark figures as JSON lines")
    parser.add_argument("--games", type=int, default=20, help="AI playouts per engine configuration")
    parser.add_argument("--renders", type=int, default=100,
                        help="renders per board (p99 of 100 is the second slowest)")
    parser.add_argument("--quick", action="store_true",
                        help="scale at 1,000 tables only, fewer bot rounds (about 2 minutes)")
    args = parser.parse_args()
    failed: list[str] = []
    missed: list[str] = []
    met = 0
    started = time.perf_counter()
    for name, command in groups(args.games, args.renders, args.quick):
        t0 = time.perf_counter()
        with subprocess.Popen([sys.executable, str(HERE / command[0]), *command[1:]], cwd=HERE.parent,
                              stdout=subprocess.PIPE, text=True) as child:
            assert child.stdout is not None
            for line in child.stdout:
                print(line, end="", flush=True)
                try:
                    figure = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if figure.get("met") is True:
                    met += 1
                elif figure.get("met") is False:
                    missed.append(_label(figure))
        if child.returncode != 0:
            failed.append(f"{name} (exit {child.returncode})")
        print(f"[bench] {name}: {time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
    print(f"[bench] total {time.perf_counter() - started:.0f} s; targets met {met}, missed {len(missed)}"
          + "".join(f"\n[bench]   missed: {m}" for m in missed)
          + "".join(f"\n[bench]   FAILED: {f}" for f in failed), file=sys.stderr, flush=True)
    return 1 if failed else 0


def _label(figure: dict[str, object]) -> str:
    keys = ("figure", "method", "game", "mode", "seats", "tables")
    return " ".join(f"{figure[k]}" for k in keys if k in figure)


if __name__ == "__main__":
    sys.exit(main())
