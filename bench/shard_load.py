"""Shard-owning workers under load (issue 15): several worker processes on one PostgreSQL database,
simulated guilds spread over the shards, a click in flight on every table at once.

Each worker is a process running the bot's own table layer (``TableManager``, ``Table.submit``, the
store, ``bot.shards``: ownership, leases, the inbox) behind a minimal simulated gateway: this driver
plays Discord and sends every click, as a message on a pipe, to the worker Discord would send it to:
a channel click to the owner of the guild's shard, a DM click to the worker of shard 0. A worker that
receives a click for another worker's table hands it over through the store (what ``MusterBot`` does
with the raw interaction); the owner takes it from its inbox and applies it. The discord.py half of
the handover is tested in tests/bot/test_shards.py.

Midway, one worker is killed (SIGKILL) and, while it is down, DM clicks for its tables arrive at the
worker of shard 0, which hands them over; the restarted worker loads exactly its own shards' open
tables and applies the clicks waiting for it. Checked at the end: every click has exactly one
outcome, every applied click is in the store once, each table was written by its owner only.

    python bench/shard_load.py [--workers 3] [--shards 6] [--tables 300] [--rounds 4]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

from benchkit import ROOT, Figure, emit, summary_ms

from bot.backends import open_store
from bot.shards import POLL_S, TTL_S, Inbox, Leases, Ownership, every, owner_shard
from bot.store import Store
from bot.tables import TableError, TableManager
from engine.ai import choose

GAME, MODE = "akhedena", "standard"
HUMAN = 1_000  # user id of table i's human: HUMAN + i


# -- a worker process ---------------------------------------------------------------------------------
def worker_main(url: str, spec: str, count: int, name: str, conn: Connection, ttl: float) -> None:
    asyncio.run(_serve(url, Ownership.parse(spec, count), name, conn, ttl))


async def _serve(url: str, ownership: Ownership, name: str, conn: Connection, ttl: float) -> None:
    store = open_store(url)
    await store.open()
    await Leases(store, ownership, ttl=ttl).claim()
    tables = TableManager(store, ownership=ownership)
    await tables.load_all()
    for table in tables.by_id.values():  # a restart: AI turns pending at the crash are played
        async with table.lock:
            await table.resume()
    conn.send(("ready", name, sorted(tables.by_id)))
    worker = _Worker(store, tables, ownership, name, conn)
    inbox = Inbox(store, ownership, worker.apply)
    poll = asyncio.create_task(every(POLL_S, inbox.take, "inbox"))
    loop = asyncio.get_running_loop()
    stop = loop.create_future()
    tasks: set[asyncio.Task[None]] = set()

    def readable() -> None:
        while conn.poll():
            message = conn.recv()
            if message is None:
                if not stop.done():
                    stop.set_result(None)
                return
            task = loop.create_task(worker.receive(message))
            tasks.add(task)
            task.add_done_callback(tasks.discard)

    loop.add_reader(conn.fileno(), readable)
    await stop
    poll.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await store.close()


@dataclass
class _Worker:
    store: Store
    tables: TableManager
    ownership: Ownership
    name: str
    conn: Connection

    async def receive(self, click: dict[str, Any]) -> None:
        """A click as the gateway delivered it here: ours to apply, or handed over to its owner."""
        if click["table"] not in self.tables.by_id:
            shard = await owner_shard(self.store, self.ownership, click["table"])
            if shard is not None:
                await self.store.forward(shard, click["table"], _encode(click), time.time())
                self.conn.send(("handed", click["iid"], self.name))
                return
        await self.apply(click)

    async def apply(self, click: dict[str, Any]) -> None:
        table = self.tables.by_id.get(click["table"])
        if table is None:
            self.conn.send(("done", click["iid"], click["table"], self.name, "error.stale"))
            return
        async with table.lock:
            seat = table.seat_of(click["user"])
            prompt = table.open_prompt(seat) if seat is not None and table.row.status == "active" else None
            if seat is None or prompt is None:
                result = "no_decision"
            else:
                choice = choose(table.game, table.game.view(table.state, seat), prompt, click["iid"])
                try:
                    await table.submit(seat, prompt.id, choice, interaction_id=click["iid"])
                    result = "applied"
                except TableError as error:
                    result = error.key
        self.conn.send(("done", click["iid"], click["table"], self.name, result))


def _encode(click: dict[str, Any]) -> str:
    return json.dumps(click)


# -- the driver ---------------------------------------------------------------------------------------
@dataclass
class Run:
    url: str
    workers: int
    shards: int
    tables: int
    rounds: int
    ttl: float = TTL_S
    specs: dict[str, str] = field(default_factory=dict)  # worker name -> its shard range
    pipes: dict[str, Connection] = field(default_factory=dict)
    procs: dict[str, Any] = field(default_factory=dict)
    guild_of: dict[int, int] = field(default_factory=dict)  # table id -> guild id
    human_of: dict[int, int] = field(default_factory=dict)  # table id -> its human's user id
    sent: dict[int, float] = field(default_factory=dict)  # iid -> when sent
    outcomes: dict[int, list[tuple[str, str, int]]] = field(default_factory=lambda: defaultdict(list))
    done_at: dict[int, float] = field(default_factory=dict)
    handed: int = 0
    loaded: dict[str, list[list[int]]] = field(default_factory=lambda: defaultdict(list))
    expected: dict[str, list[int]] = field(default_factory=dict)  # a restarted worker's tables
    restart_wave: list[int] = field(default_factory=list)  # DM clicks sent while their owner was down

    def owner(self, guild_id: int | None) -> str:
        shard = Ownership(frozenset({0}), self.shards).shard_of(guild_id)
        return next(n for n, spec in self.specs.items() if shard in Ownership.parse(spec, self.shards).shards)


async def _setup(run: Run) -> None:
    """The tables, opened and started before the workers come up (as by an earlier deployment)."""
    store = open_store(run.url)
    await store.open()
    manager = TableManager(store)
    for i in range(run.tables):
        guild = ((i % (run.shards * 4)) + 1) << 22  # guilds spread evenly over the shards
        table = await manager.create(guild, 10_000 + i, GAME, {"mode": MODE}, HUMAN + i, "en")
        await table.join(HUMAN + i, f"p{i}", "en")
        await table.add_ai()
        await table.start()
        run.guild_of[table.id], run.human_of[table.id] = guild, HUMAN + i
    await store.close()


def _start(run: Run, name: str) -> None:
    ctx = multiprocessing.get_context("spawn")
    mine, theirs = ctx.Pipe()
    proc = ctx.Process(target=worker_main, daemon=True,
                       args=(run.url, run.specs[name], run.shards, name, theirs, run.ttl))
    proc.start()
    run.pipes[name], run.procs[name] = mine, proc


def _pump(run: Run, until: Any, timeout: float = 120.0) -> None:
    """Read the workers' reports until ``until()`` holds."""
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            raise TimeoutError("workers did not report in time")
        for conn in wait([c for n, c in run.pipes.items() if run.procs[n].is_alive()], timeout=1.0):
            assert isinstance(conn, Connection)
            try:
                report = conn.recv()
            except EOFError:
                continue
            kind = report[0]
            if kind == "ready":
                run.loaded[report[1]].append(report[2])
            elif kind == "handed":
                run.handed += 1
            elif kind == "done":
                _, iid, table, worker, result = report
                run.outcomes[iid].append((worker, result, table))
                run.done_at.setdefault(iid, time.perf_counter())


def _send(run: Run, table_ids: list[int], via: str, next_iid: Iterator[int], skip: str | None = None) -> list[int]:
    """One click on each table, all in flight at once; ``via`` "dm" or "mixed" (every other one DM)."""
    iids = []
    for n, table in enumerate(table_ids):
        dm = via == "dm" or n % 2 == 1
        target = run.owner(None) if dm else run.owner(run.guild_of[table])
        if target == skip:
            continue
        iid = next(next_iid)
        run.sent[iid] = time.perf_counter()
        run.pipes[target].send({"iid": iid, "table": table, "user": run.human_of[table]})
        iids.append(iid)
    return iids


def drive(url: str, workers: int, shards: int, tables: int, rounds: int, ttl: float = TTL_S) -> Figure:
    """The whole run; ``ttl``: the workers' lease time (the killed worker's restart waits it out)."""
    run = Run(url, workers, shards, tables, rounds, ttl)
    per = shards // workers
    run.specs = {f"w{k}": f"{k * per}-{(k + 1) * per - 1 if k < workers - 1 else shards - 1}" for k in range(workers)}
    setup_start = time.perf_counter()
    asyncio.run(_setup(run))
    setup_s = time.perf_counter() - setup_start
    for name in run.specs:
        _start(run, name)
    _pump(run, lambda: len(run.loaded) == workers)
    ids = sorted(run.guild_of)
    iids = iter(range(1, 10**9))
    start = time.perf_counter()
    victim = f"w{workers - 1}"  # not shard 0's worker: DM clicks reach the worker of shard 0
    for number in range(rounds):
        if number == rounds // 2:  # a crash: the victim's DM clicks wait in the inbox meanwhile
            run.procs[victim].kill()
            run.procs[victim].join()
            theirs = [t for t in ids if run.owner(run.guild_of[t]) == victim]
            wanted = run.handed
            wave = _send(run, theirs, "dm", iids)
            wanted += len(wave)
            _pump(run, lambda n=wanted: run.handed >= n)  # all waiting in the victim's inbox
            run.expected[victim] = theirs
            _start(run, victim)
            _pump(run, lambda w=wave: len(run.loaded[victim]) == 2 and all(i in run.outcomes for i in w))
            run.restart_wave = wave
        wave = _send(run, ids, "mixed", iids)
        _pump(run, lambda w=wave: all(i in run.outcomes for i in w))
    elapsed = time.perf_counter() - start
    for conn in run.pipes.values():
        with contextlib.suppress(Exception):
            conn.send(None)
    for proc in run.procs.values():
        proc.join(timeout=30)
    return asyncio.run(_check(run, setup_s, elapsed, victim))


async def _check(run: Run, setup_s: float, elapsed: float, victim: str) -> Figure:
    store = open_store(run.url)
    await store.open()
    stored = Counter(int(r[0]) for r in await store._rows("SELECT interaction_id FROM actions"
                                                           " WHERE interaction_id IS NOT NULL"))
    await store.close()
    results = Counter(result for out in run.outcomes.values() for _, result, _ in out)
    applied = {iid for iid, out in run.outcomes.items() if any(r == "applied" for _, r, _ in out)}
    writers: dict[int, set[str]] = defaultdict(set)
    for out in run.outcomes.values():
        for worker, result, table in out:
            if result == "applied":
                writers[table].add(worker)
    waited = set(run.restart_wave)
    latencies = [(run.done_at[i] - run.sent[i]) * 1000 for i in run.sent if i in run.done_at and i not in waited]
    down = [(run.done_at[i] - run.sent[i]) * 1000 for i in waited if i in run.done_at]
    checks = {
        "every_click_one_outcome": all(len(run.outcomes.get(i, [])) == 1 for i in run.sent),
        "applied_clicks_stored_once": all(stored[i] == 1 for i in applied) and set(stored) == applied,
        "each_table_written_by_its_owner_only": all(
            ws == {run.owner(run.guild_of[t])} for t, ws in writers.items()),
        "restart_loaded_only_its_own_tables": run.loaded[victim][-1] == sorted(run.expected[victim]),
        "first_start_loaded_only_own_tables": all(
            loads[0] == sorted(t for t in run.guild_of if run.owner(run.guild_of[t]) == name)
            for name, loads in run.loaded.items()),
    }
    return {"figure": "shard_workers_load", "store": "postgresql", "workers": run.workers, "shards": run.shards,
            "tables": run.tables, "guilds": run.shards * 4, "rounds": run.rounds, "game": GAME, "mode": MODE,
            "clicks": len(run.sent), "clicks_in_flight_per_round": run.tables,
            "harness": "worker processes running bot.tables/bot.shards behind a simulated gateway (pipes)",
            "handed_over": run.handed, "results": dict(results), "setup_s": round(setup_s, 1),
            "elapsed_s": round(elapsed, 2),
            "click_to_outcome_ms": summary_ms(latencies),
            "measured": "perf_counter from the driver sending a click to the worker's report that it was applied",
            "killed_and_restarted": victim, "lease_s": run.ttl,
            "clicks_while_owner_down": len(waited), "clicks_while_owner_down_ms": summary_ms(down) if down else {},
            "restarted_worker_tables": len(run.loaded[victim][-1]), **checks, "met": all(checks.values())}


@contextlib.contextmanager
def database() -> Iterator[str]:
    url = os.environ.get("MUSTER_DB", "")
    if url.startswith(("postgresql://", "postgres://")):
        yield url
        return
    sys.path.insert(0, str(ROOT / "tests"))
    from pgserver import PgServer

    server = PgServer(durable=True).start()
    try:
        yield server.new_database()
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--shards", type=int, default=6)
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    with database() as url:
        emit(drive(url, args.workers, args.shards, args.tables, args.rounds))


if __name__ == "__main__":
    main()
