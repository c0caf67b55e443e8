"""Store: durable action appends per second with ``bot.store.Store`` (aiosqlite, WAL, the store's own
``synchronous`` setting), one action per ``Store.append`` call as the bot makes per choice (the
action with its public log lines, one transaction, committed before the call returns).

Two figures:

- sequential: one writer, each append awaited before the next (one table's lock serialises it so);
- concurrent: many tables appending at once on the bot's one shared Store (different tables never
  wait on each other's lock), then the database is reopened and every acknowledged append checked.

    python bench/store_append.py [appends]
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from benchkit import Figure, emit, summary_ms

from bot.store import ActionRow, Store

TARGET_PER_S = 2000.0
SYNCHRONOUS = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}


Actions = list[tuple[ActionRow, int | None]]
LogLines = list[tuple[int, int, str, dict[str, Any]]]


def _action(table: int, seq: int) -> tuple[Actions, LogLines]:
    """One choice as the bot stores it: the action (with a click's interaction id) and two log lines."""
    row = ActionRow(seq, seq % 2, f"market:trade{seq % 7}", f"market{seq}", "")
    log = [(seq, 0, "ak.log.market", {"seat": seq % 2, "card": "sabre1.0"}),
           (seq, 1, "ak.log.gold", {"seat": seq % 2, "gold": seq % 9})]
    return [(row, table * 1_000_000 + seq)], log


async def _open(path: Path) -> tuple[Store, str, str]:
    store = Store(path)
    await store.open()
    async with store.db.execute("PRAGMA journal_mode") as cur:
        journal = (await cur.fetchone() or ["?"])[0]
    async with store.db.execute("PRAGMA synchronous") as cur:
        sync = (await cur.fetchone() or [-1])[0]
    return store, str(journal), SYNCHRONOUS.get(int(sync), str(sync))


async def sequential(path: Path, count: int) -> Figure:
    store, journal, sync = await _open(path)
    table = await store.create_table(1, 1, "akhedena", {"mode": "standard"}, 1, 1, "en", 0.0)
    times: list[float] = []
    start = time.perf_counter()
    for seq in range(1, count + 1):
        actions, log = _action(table, seq)
        t0 = time.perf_counter()
        await store.append(table, actions, log, time.time())
        times.append((time.perf_counter() - t0) * 1000)
    elapsed = time.perf_counter() - start
    await store.close()
    rate = count / elapsed
    return {"figure": "store_append", "mode": "sequential", "appends": count, "tables": 1,
            "per_append": "1 action + 2 log lines, one Store.append call (one transaction)",
            "journal_mode": journal, "synchronous": sync, "appends_per_s": round(rate),
            "append_ms": summary_ms(times, 3), "target": f">= {TARGET_PER_S:g} appends/s",
            "met": rate >= TARGET_PER_S}


async def concurrent(path: Path, tables: int, each: int) -> Figure:
    store, journal, sync = await _open(path)
    ids = [await store.create_table(1, 100 + n, "akhedena", {"mode": "standard"}, n, 1, "en", 0.0)
           for n in range(tables)]
    acknowledged: set[tuple[int, int]] = set()
    errors: Counter[str] = Counter()

    async def table_writer(table: int) -> None:
        for seq in range(1, each + 1):
            actions, log = _action(table, seq)
            try:
                await store.append(table, actions, log, time.time())
            except Exception as error:  # what the bot would see: the click fails, the table reloads
                errors[f"{type(error).__name__}: {error}"[:80]] += 1
            else:
                acknowledged.add((table, seq))

    start = time.perf_counter()
    await asyncio.gather(*(table_writer(t) for t in ids))
    elapsed = time.perf_counter() - start
    await store.close()
    store, _, _ = await _open(path)  # what is durable, as a restart would see it
    async with store.db.execute("SELECT table_id, seq FROM actions") as cur:
        stored = {(int(r[0]), int(r[1])) for r in await cur.fetchall()}
    await store.close()
    lost, unacked = len(acknowledged - stored), len(stored - acknowledged)
    rate = len(acknowledged) / elapsed
    return {"figure": "store_append", "mode": "concurrent", "tables": tables, "appends_per_table": each,
            "appends": tables * each, "per_append": "1 action + 2 log lines, one Store.append call",
            "journal_mode": journal, "synchronous": sync, "acknowledged_appends_per_s": round(rate),
            "failed_appends": sum(errors.values()), "errors": dict(errors),
            "acknowledged_but_not_stored": lost, "failed_but_stored": unacked,
            "target": f">= {TARGET_PER_S:g} durable appends/s, every acknowledged append stored",
            "met": rate >= TARGET_PER_S and lost == 0 and not errors}


async def run(count: int) -> list[Figure]:
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        out.append(await sequential(Path(tmp) / "sequential.db", count))
    with tempfile.TemporaryDirectory() as tmp:
        out.append(await concurrent(Path(tmp) / "concurrent.db", 100, max(1, count // 100)))
    return out


def figures(count: int = 5000) -> list[Figure]:
    return asyncio.run(run(count))


if __name__ == "__main__":
    for figure in figures(int(sys.argv[1]) if len(sys.argv) > 1 else 5000):
        emit(figure)
