"""Scale: resident memory per idle table, and the time to restore N open tables on start.

A database of N open tables is written through the Store API (``create_table``, ``save_seats``,
``set_status``, ``append``, ``save_snapshot`` — the calls a Table makes, not the Table API itself,
which would play every game through the AI one stored action at a time):

- 40% lobby tables: 1 to 3 human seats, not started;
- 60% started tables, a third each of Akhedena standard (1 human + 1 AI), Lords of Xidit long
  (1 human + 3 AI) and The Great Wall (1 human + 3 AI), each idle mid-game waiting for its human:
  stopped 10% to 90% into an AI-played game (its actions and log lines stored as the bot stores
  them) with the snapshot a Table saves every 50 actions.

Then a fresh child process (so that memory is its own) opens the store and runs
``TableManager.load_all()``: restore time is wall clock (open + load_all), memory is the VmRSS
delta across it after ``gc.collect()``, divided by N. Engine modules and data packs are loaded
before the baseline (a one-off, not a per-table cost).

    python bench/scale_tables.py            # --quick: 1,000 tables
    python bench/scale_tables.py --full     # 1,000 and 10,000 tables
    python bench/scale_tables.py --tables 2000
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchkit import Figure, emit, rss_kb

from bot.backends import open_store
from bot.store import ActionRow, SeatRow
from bot.tables import AI_NAMES
from engine.ai import choose
from engine.games import get_game

MEMORY_TARGET_BYTES = 1_000_000_000  # 10,000 idle tables < 1 GB
RESTORE_TARGET_S = 10.0  # restore 10,000 tables < 10 s
TARGET_TABLES = 10_000
LOBBY_SHARE = 0.4
STARTED = (("akhedena", {"mode": "standard"}, 2), ("xidit", {"length": "long"}, 4), ("greatwall", {}, 4))
POOL = 16  # distinct game histories per game; tables reuse them (same seed, same actions)
MIX = ("40% lobby (1-3 humans); 60% started, idle mid-game waiting for their human (stopped 10%-90% into "
       "an AI-played game, snapshot where the table waits for its human, as the bot does): "
       "1/3 each akhedena standard 1 human + 1 AI, "
       "xidit long 1 human + 3 AI, greatwall 1 human + 3 AI")


@dataclass
class History:
    """An AI-played game up to a point where seat 0 (the human) must decide."""

    game: str
    options: dict[str, str]
    seats: int
    seed: int
    actions: list[ActionRow] = field(default_factory=list)
    log: list[tuple[int, int, str, dict[str, Any]]] = field(default_factory=list)
    snapshot: tuple[int, str] | None = None


def play(game_id: str, options: dict[str, str], seats: int, seed: int, fraction: float) -> History:
    """Play a whole AI game, then keep it up to the first point past ``fraction`` of its decisions
    where seat 0 (the human) must decide: there the table waits, idle."""
    game = get_game(game_id)
    state = game.setup(seats, options, seed)
    actions: list[ActionRow] = []
    log: list[tuple[int, int, str, dict[str, Any]]] = []
    human_waits: list[int] = []  # numbers of stored actions after which seat 0 has an open prompt
    snapshots: dict[int, str] = {}
    while prompts := game.prompts(state):
        if any(p.seat == 0 for p in prompts):
            human_waits.append(len(actions))
            snapshots[len(actions)] = game.dumps(state)  # the bot snapshots a table that waits for a person
        prompt = next((p for p in prompts if p.seat != 0), prompts[0])  # the bot lets AI seats play first
        seq = len(actions) + 1
        choice = choose(game, game.view(state, prompt.seat), prompt, seed * 1_000_003 + seq)
        events = game.apply(state, prompt.seat, choice)
        salt = f"{seed:08x}{seq:08x}" if prompt.secret else ""
        actions.append(ActionRow(seq, prompt.seat, str(choice), prompt.id, salt))
        log += [(seq, n, e.key, e.args) for n, e in enumerate(events) if e.key]
    cut = next(n for n in human_waits if n >= int(len(actions) * fraction))
    history = History(game_id, options, seats, seed, actions[:cut], [x for x in log if x[0] <= cut])
    history.snapshot = (cut, snapshots[cut]) if cut else None
    return history


def histories() -> list[History]:
    pool = []
    for game_id, options, seats in STARTED:
        for index in range(POOL):
            fraction = 0.1 + 0.8 * index / (POOL - 1)  # from early to late in the game
            pool.append(play(game_id, options, seats, 1000 + index, fraction))
    return pool


async def build(path: Path, count: int, pool: list[History]) -> dict[str, int]:
    store = open_store(path)
    await store.open()
    kinds = {"lobby": 0, "started": 0, "actions": 0}
    for index in range(count):
        channel = 10_000_000 + index
        if index % 5 < 2:  # 40% lobby
            game_id, options, _ = STARTED[index % 3]
            table = await store.create_table(1, channel, game_id, options, index, index, "en", 0.0)
            humans = 1 + index % 3
            await store.save_seats(table, [SeatRow(s, 100 + index * 4 + s, f"Player {s}", False)
                                           for s in range(humans)])
            kinds["lobby"] += 1
            continue
        h = pool[index % len(pool)]
        table = await store.create_table(1, channel, h.game, h.options, h.seed, index, "en", 0.0)
        seats = [SeatRow(0, 100 + index * 4, "Human", False)]
        seats += [SeatRow(s, None, f"🤖 {AI_NAMES[s - 1]}", True) for s in range(1, h.seats)]
        await store.save_seats(table, seats)
        await store.set_status(table, "active")
        await store.append(table, [(a, None) for a in h.actions], h.log, 0.0)
        if h.snapshot is not None:
            await store.save_snapshot(table, *h.snapshot)
        kinds["started"] += 1
        kinds["actions"] += len(h.actions)
    await store.close()
    return kinds


async def restore(path: Path) -> dict[str, Any]:
    """In a fresh process: the baseline, then open the store and load every open table."""
    from bot.tables import TableManager

    for game_id, _, _ in STARTED:  # modules and data packs: loaded once per process, not per table
        get_game(game_id)
    gc.collect()
    before = rss_kb()
    start = time.perf_counter()
    store = open_store(path)
    await store.open()
    manager = TableManager(store)
    loaded = await manager.load_all()
    elapsed = time.perf_counter() - start
    gc.collect()
    after = rss_kb()
    await store.close()
    return {"loaded": loaded, "restore_s": elapsed, "rss_before_kb": before, "rss_after_kb": after}


def measure(count: int, pool: list[History]) -> Figure:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "scale.db"
        start = time.perf_counter()
        kinds = asyncio.run(build(path, count, pool))
        build_s = time.perf_counter() - start
        db_mb = sum(p.stat().st_size for p in Path(tmp).iterdir()) / 1e6
        child = subprocess.run([sys.executable, __file__, "--child", str(path)], check=True,
                               capture_output=True, text=True)
        result = json.loads(child.stdout.strip().splitlines()[-1])
    delta = (result["rss_after_kb"] - result["rss_before_kb"]) * 1024
    figure: Figure = {
        "figure": "scale_idle_tables", "tables": count, "mix": MIX,
        "how_created": "rows written with the Store API (create_table, save_seats, set_status, append, "
                       f"save_snapshot); {POOL} AI-played histories per game reused across tables",
        "lobby_tables": kinds["lobby"], "started_tables": kinds["started"], "stored_actions": kinds["actions"],
        "db_mb": round(db_mb, 1), "db_build_s": round(build_s, 1), "loaded": result["loaded"],
        "restore_s": round(result["restore_s"], 2),
        "restore_measured": "fresh process: Store.open + TableManager.load_all, wall clock",
        "rss_delta_mb": round(delta / 1e6, 1), "rss_per_table_kb": round(delta / count / 1024, 1),
        "memory_measured": "VmRSS after load_all minus before (gc.collect() both times), divided by tables"}
    if count == TARGET_TABLES:
        figure["target"] = "10,000 idle tables < 1 GB RSS and restore < 10 s"
        figure["met"] = delta < MEMORY_TARGET_BYTES and result["restore_s"] < RESTORE_TARGET_S
        figure["met_memory"] = delta < MEMORY_TARGET_BYTES
        figure["met_restore"] = result["restore_s"] < RESTORE_TARGET_S
    else:
        figure["target"] = "stated for 10,000 tables (< 1 GB, restore < 10 s): run with --full; nothing extrapolated"
    return figure


def figures(counts: list[int]) -> Iterator[Figure]:
    """One figure per table count, as each is measured (the game histories are played once)."""
    pool = histories()
    for count in counts:
        yield measure(count, pool)


def main() -> None:
    parser = argparse.ArgumentParser(description="Memory per idle table and restore time")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="1,000 tables (the default)")
    size.add_argument("--full", action="store_true", help="1,000 and 10,000 tables")
    size.add_argument("--tables", type=int, help="this many tables")
    size.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        print(json.dumps(asyncio.run(restore(args.child))))
        return
    counts = [args.tables] if args.tables else [1_000, TARGET_TABLES] if args.full else [1_000]
    for figure in figures(counts):
        emit(figure)


if __name__ == "__main__":
    main()
