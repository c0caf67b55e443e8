"""Store: durable action appends per second through the ``bot.store.Store`` interface, on either
backend: SQLite (aiosqlite, WAL, the store's own ``synchronous`` setting) or PostgreSQL (asyncpg; a
throwaway server from Debian's package with its default durability, fsync and synchronous commit on,
on a unix socket, unless ``MUSTER_DB`` names one). One action per ``Store.append`` call as the bot
makes per choice (the action with its public log lines, one transaction, committed before the call
returns).

Two figures:

- sequential: one writer, each append awaited before the next (one table's lock serialises it so);
- concurrent: many tables appending at once on the bot's one shared Store (different tables never
  wait on each other's lock), then the database is reopened and every acknowledged append checked.

    python bench/store_append.py [appends] [sqlite|postgresql]
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from benchkit import ROOT, Figure, emit, summary_ms

from bot.backends import open_store
from bot.store import ActionRow, Store
from bot.store_sqlite import SqliteStore

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


async def _open(location: Path | str) -> tuple[Store, str, str]:
    """The store and its durability settings: (journal, sync) for SQLite, (fsync, synchronous_commit)
    for PostgreSQL."""
    store = open_store(location)
    await store.open()
    if not isinstance(store, SqliteStore):
        fsync, commit = await store._row("SELECT current_setting('fsync'), current_setting('synchronous_commit')")
        return store, f"fsync={fsync}", f"synchronous_commit={commit}"
    async with store.db.execute("PRAGMA journal_mode") as cur:
        journal = (await cur.fetchone() or ["?"])[0]
    async with store.db.execute("PRAGMA synchronous") as cur:
        sync = (await cur.fetchone() or [-1])[0]
    return store, str(journal), SYNCHRONOUS.get(int(sync), str(sync))


async def sequential(path: Path | str, count: int) -> Figure:
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
    return {"figure": "store_append", "backend": store.backend, "mode": "sequential", "appends": count, "tables": 1,
            "per_append": "1 action + 2 log lines, one Store.append call (one transaction)",
            "journal_mode": journal, "synchronous": sync, "appends_per_s": round(rate),
            "append_ms": summary_ms(times, 3), "target": f">= {TARGET_PER_S:g} appends/s",
            "met": rate >= TARGET_PER_S}


async def concurrent(path: Path | str, tables: int, each: int) -> Figure:
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
    stored = {(t, a.seq) for t in ids for a in await store.actions(t)}
    await store.close()
    lost, unacked = len(acknowledged - stored), len(stored - acknowledged)
    rate = len(acknowledged) / elapsed
    return {"figure": "store_append", "backend": store.backend, "mode": "concurrent", "tables": tables,
            "appends_per_table": each,
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


async def run_postgresql(count: int, new_database: Any) -> list[Figure]:
    return [await sequential(new_database(), count), await concurrent(new_database(), 100, max(1, count // 100))]


def figures(count: int = 5000, backend: str = "sqlite") -> list[Figure]:
    if backend == "sqlite":
        return asyncio.run(run(count))
    url = os.environ.get("MUSTER_DB", "")
    if url.startswith(("postgresql://", "postgres://")):  # a server of one's own: the same database twice
        return asyncio.run(run_postgresql(count, lambda: url))
    sys.path.insert(0, str(ROOT / "tests"))
    from pgserver import PgServer

    server = PgServer(durable=True).start()
    try:
        return asyncio.run(run_postgresql(count, server.new_database))
    finally:
        server.stop()


if __name__ == "__main__":
    args = sys.argv[1:]
    for figure in figures(int(args[0]) if args else 5000, args[1] if len(args) > 1 else "sqlite"):
        emit(figure)
