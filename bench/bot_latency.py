"""Bot latency through simcord (offline, in-process Discord): a game action versus a bare ``/ping``.

The action: the human of an Akhedena table (standard mode, the human plus one AI seat) answers the
open decision in their DM panel — a button or a select, the option the seat's AI would pick — and the
bot applies it, lets the AI seat play, and posts what it posts (log lines, the board PNG when the
board changed, the next DM panel: a new DM, or the answered one edited into it). The ping: a trivial
``/ping`` app command registered on the bot object here, in the bench only, answering "pong".

Measured with 1 table, and with N tables (N channels, one table each) where, in every round, the
other N-1 tables have a click in flight (emitted, not yet handled) when the measured interaction is
sent. Each sample is wall clock (``time.perf_counter``) around the awaited simcord call. Two figures
per table count:

- ``await``: the awaited simcord call itself. It returns once the bot has *settled* — all its work,
  the other tables' in-flight clicks included — and simcord's settle loop sleeps its idle interval
  (50 ms) whenever only a bookkeeping callback is left, which a ping hits every time.
- ``handler``: from the same start to the moment the bot's handler for *this* interaction returned
  (``MusterBot.on_click`` wrapped here, or the end of the ping callback): the bot's own latency,
  without settle polling and without waiting for the other tables.

- ``ack``: from an interaction's emit to the bot's first answer to it (``defer``, a message, an
  edit: the interaction response, patched here to note the time): what Discord waits for (3 s), for
  the measured interactions and every in-flight click.

``--store postgresql`` runs the same on a throwaway PostgreSQL server (tests/pgserver.py, durable
settings) or on the one ``MUSTER_DB`` names; ``--label`` tags the JSON lines (e.g. before/after).

    python bench/bot_latency.py [--tables 1,100] [--rounds1 40] [--roundsn 8] [--store sqlite|postgresql]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import functools
import logging
import multiprocessing
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import simcord
from benchkit import ROOT, Figure, emit, summary_ms

from bot.app import MusterBot, create_bot
from bot.ui.components import Click
from engine.ai import choose

GAME, MODE = "akhedena", "standard"
TARGET_RATIO = 2.0
ACK_TARGET_MS = 1000.0
# Under asyncpg's idle-connection lifetime (300 s): simcord's settle counts a timer due before its
# deadline as work to wait for, so a longer deadline waits out the pool's timer on PostgreSQL.
SETTLE_S = 120


@dataclass
class Probe:
    """When the bot finished handling each user's latest interaction (perf_counter seconds)."""

    done: dict[int, float] = field(default_factory=dict)
    acked: dict[int, float] = field(default_factory=dict)  # user id -> first answer to their latest interaction
    prompt_calls: int = 0  # ``game.prompts`` calls, counted while a measured action is handled
    watched: tuple[int, asyncio.Event] | None = None  # the measured user and the event its handler sets
    panel: dict[int, float] = field(default_factory=dict)  # user id -> their latest DM panel was sent

    def finished(self, user_id: int) -> None:
        self.done[user_id] = time.perf_counter()
        if self.watched is not None and self.watched[0] == user_id:
            self.watched[1].set()
    store_calls: int = 0  # the store's primitives (_write, _insert, _rows) called, every table


def instrument(bot: MusterBot, probe: Probe) -> None:
    """Bench-only additions to this bot object: a ``/ping`` command and a timing wrapper on clicks."""

    @bot.tree.command(name="ping", description="Bench only: answers pong")
    async def ping(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("pong")
        probe.finished(interaction.user.id)

    handler = bot.on_click

    async def on_click(interaction: discord.Interaction[Any], click: Click) -> None:
        try:
            await handler(interaction, click)
        finally:
            probe.finished(interaction.user.id)

    bot.on_click = on_click  # type: ignore[method-assign]
    set_message = bot.store.set_message

    async def panel_recorded(table_id: int, kind: str, channel_id: int, message_id: int, tag: str = "") -> None:
        """A seat's panel is recorded once it is delivered, however it went: a new DM, the clicked
        panel edited into the next decision, or a parked one edited (bot/dm_panels.py)."""
        await set_message(table_id, kind, channel_id, message_id, tag)
        table = bot.tables.by_id.get(table_id)
        user = table.seats[int(kind.split(":", 1)[1])].user_id if table and kind.startswith("panel:") else None
        if message_id and user is not None:
            probe.panel[user] = time.perf_counter()

    bot.store.set_message = panel_recorded  # type: ignore[method-assign]


@contextlib.contextmanager
def ack_probe(probe: Probe) -> Iterator[None]:
    """Note when each interaction is first answered: every InteractionResponse method that answers."""
    cls = discord.InteractionResponse
    names = ("defer", "send_message", "edit_message", "send_modal")
    originals = {name: getattr(cls, name) for name in names}

    def wrap(method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def answered(self: Any, *args: Any, **kwargs: Any) -> Any:
            probe.acked.setdefault(self._parent.user.id, time.perf_counter())
            return await method(self, *args, **kwargs)
        return answered

    for name, method in originals.items():
        setattr(cls, name, wrap(method))
    try:
        yield
    finally:
        for name, method in originals.items():
            setattr(cls, name, method)


def count_store_calls(bot: MusterBot, probe: Probe) -> None:
    """Bench-only: count the store's primitive calls (each is one transaction or one query), and
    ``append`` where a backend writes it without them (PostgreSQL: one statement)."""
    from bot.store import Store

    own_append = type(bot.store).append is not Store.append
    for name in ("_write", "_insert", "_rows", *(("append",) if own_append else ())):
        original = getattr(bot.store, name)

        async def counted(*args: Any, original: Callable[..., Awaitable[Any]] = original, **kwargs: Any) -> Any:
            probe.store_calls += 1
            return await original(*args, **kwargs)

        setattr(bot.store, name, counted)


def count_prompts(bot: MusterBot, probe: Probe) -> None:
    """Bench-only: count every ``game.prompts`` call of the tables' games (wrapped per game object)."""
    for table in bot.tables.by_id.values():
        prompts = table.game.prompts

        def counted(state: Any, prompts: Callable[[Any], Any] = prompts) -> Any:
            probe.prompt_calls += 1
            return prompts(state)

        table.game.prompts = counted  # type: ignore[method-assign]


@contextlib.contextmanager
def in_flight(env: simcord.Env) -> Iterator[None]:
    """Inside, simcord calls emit their gateway event and return at once instead of settling: the
    interaction is in flight (queued on the bot's loop) when the call returns."""

    async def no_settle(**_: Any) -> None:
        return None

    env._settle_internal = no_settle  # type: ignore[method-assign]
    try:
        yield
    finally:
        del env._settle_internal


@dataclass
class Seat:
    """One table of the run: its channel, its human (a guild member) and the table id."""

    channel: Any
    member: Any
    table_id: int = 0


class World:
    def __init__(self, env: simcord.Env, bot: MusterBot, count: int) -> None:
        self.env, self.bot = env, bot
        guild = env.create_guild("Bench")
        self.seats = [Seat(guild.create_text_channel(f"table-{i}"), guild.add_member(env.create_user(f"p{i}")))
                      for i in range(count)]

    async def open_tables(self) -> None:
        """/game new, Join, Add AI, Start at every table: each step in flight everywhere, then settled."""
        with in_flight(self.env):
            for seat in self.seats:
                # MODE is Akhedena's default (the full game): nothing to set in the lobby's settings
                await seat.member.slash(seat.channel, "game new", game=GAME)
        await self.env.settle(timeout=SETTLE_S)
        for label in ("Join", "Add AI", "Start"):
            with in_flight(self.env):
                for seat in self.seats:
                    await seat.member.click(seat.channel.last_message, label=label)
            await self.env.settle(timeout=SETTLE_S)
        by_channel = {t.row.channel_id: t.id for t in self.bot.tables.by_id.values()}
        for seat in self.seats:
            seat.table_id = by_channel[seat.channel.id]

    def panel(self, seat: Seat) -> tuple[Any, list[tuple[str, list[str]]]] | None:
        """The human's DM panel for their open decision, with its components; None when there is no
        open decision, or no panel for it (after a failed click the bot may not have sent one)."""
        table = self.bot.tables.by_id[seat.table_id]
        prompt = table.open_prompt(0) if table.row.status == "active" else None
        if prompt is None:
            return None
        dm = seat.member.user.dm_channel
        last = dm.last_message
        for message in [last] if last is not None else []:
            items = _items(message)
            if any(f":{prompt.id}:" in cid for cid, _ in items):
                return message, items
        for message in reversed(dm.history()):  # the newest DM is a note: look further back
            items = _items(message)
            if any(f":{prompt.id}:" in cid for cid, _ in items):
                return message, items
        return None

    def ready(self, seat: Seat) -> bool:
        return self.panel(seat) is not None

    def answer(self, seat: Seat, turn: int) -> Callable[[], Awaitable[Any]]:
        """The human's answer to their open decision, the option their AI would pick, ready to send:
        finding the panel and choosing happen here, so that a timed window holds only the simcord call."""
        table = self.bot.tables.by_id[seat.table_id]
        prompt = table.open_prompt(0)
        found = self.panel(seat)
        assert prompt is not None and found is not None
        choice = choose(table.game, table.game.view(table.state, 0), prompt, turn * 7919 + seat.table_id)
        user = seat.member.user
        panel, items = found
        selects = [(cid, values) for cid, values in items if values]
        if selects:
            cid, values = next(((c, v) for c, v in selects if choice.values[0] in v), selects[0])
            picked = [v for v in choice.values if v in values] or values[:1]
            return functools.partial(user.select, panel, picked, custom_id=cid)
        wanted = f":{choice.values[0]}" if choice.values else ""
        cid = next((c for c, _ in items if c.endswith(wanted)), items[0][0])
        return functools.partial(user.click, panel, custom_id=cid)

    async def press(self, seat: Seat, turn: int) -> None:
        await self.answer(seat, turn)()


def _items(message: Any) -> list[tuple[str, list[str]]]:
    """(custom_id, select values) of the bot's components on a message (values empty for buttons)."""
    found: list[tuple[str, list[str]]] = []

    def walk(components: list[Any]) -> None:
        for raw in components:
            get = raw.get if isinstance(raw, dict) else (lambda k, r=raw: getattr(r, k, None))
            cid = get("custom_id")
            if cid and str(cid).startswith("mu:"):
                found.append((str(cid), [o["value"] if isinstance(o, dict) else o.value
                                         for o in (get("options") or [])]))
            walk(list(get("components") or get("children") or []))

    walk(list(message.components if message is not None else []))
    return found


@contextlib.contextmanager
def quiet_bot_log() -> Iterator[list[logging.LogRecord]]:
    """The bot logs each failed interaction with its traceback: collect them instead of printing."""
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    logger = logging.getLogger("muster")
    handler, propagate = Keep(logging.ERROR), logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        yield records
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate


async def measure(count: int, rounds: int, location: Callable[[Path], str | Path], label: str = "",
                  window: str = "settle") -> list[Figure]:
    setup_s, samples, backend = await sample(count, rounds, location, window)
    return _figures(count, rounds, setup_s, samples, backend, label, window)


async def sample(count: int, rounds: int, location: Callable[[Path], str | Path], window: str = "settle",
                 sync: Callable[[], object] | None = None) -> tuple[float, Samples, str]:
    """One bot on its own simcord with ``count`` tables: (setup seconds, samples, store backend).
    ``sync``: called once the bot has started and before each round (worker processes open their
    tables and start their rounds together)."""
    probe = Probe()
    with tempfile.TemporaryDirectory() as tmp, quiet_bot_log(), ack_probe(probe):
        bot = create_bot(db_path=location(Path(tmp)))
        instrument(bot, probe)
        count_store_calls(bot, probe)
        async with simcord.run(bot, settle_timeout=SETTLE_S) as env:
            try:
                world = World(env, bot, count)
                if sync is not None:  # every worker has loaded the open tables before any opens its own:
                    sync()  # a late starter would load another worker's tables, whose channels it lacks
                setup_start = time.perf_counter()
                await world.open_tables()
                setup_s = time.perf_counter() - setup_start
                count_prompts(bot, probe)
                samples = await _rounds(world, probe, rounds, window, sync)
                samples.errors = [f"{type(e).__name__}: {e}"[:80] for e in [*env.errors, *bot.errors]]
            finally:
                await env.settle(timeout=SETTLE_S)
                await bot.store.close()  # simcord never calls bot.close(): the store's thread would linger
    return setup_s, samples, bot.store.backend


@dataclass
class Samples:
    action_await: list[float] = field(default_factory=list)
    action_handler: list[float] = field(default_factory=list)
    ping_await: list[float] = field(default_factory=list)
    ping_handler: list[float] = field(default_factory=list)
    next_panel: list[float] = field(default_factory=list)  # measured action → the human's next panel (new or edited)
    prompt_calls: list[int] = field(default_factory=list)  # game.prompts calls per measured action
    boards: int = 0  # measured actions after which the bot posted a board PNG
    background: list[float] = field(default_factory=list)  # in-flight clicks: emit → handler done
    ack: list[float] = field(default_factory=list)  # every click (measured and in flight): emit → first answer
    unacked: int = 0  # clicks whose handler returned without answering the interaction
    skipped: int = 0  # in-flight clicks not sent: the table had no open panel (game over, or a failure)
    errors: list[str] = field(default_factory=list)  # what the bot raised (it answers them)
    clicks: int = 0  # clicks sent in action rounds (measured and in flight)
    store_calls: int = 0  # store primitive calls during action rounds


async def _rounds(world: World, probe: Probe, rounds: int, window: str = "settle",
                  sync: Callable[[], object] | None = None) -> Samples:
    """Alternate action and ping rounds; the measured table moves round to round. ``window``:
    "settle" awaits the measured call as simcord returns it (settled); "handler" sends it in flight
    too and waits only for its handler, so that simcord's settle loop (which scans every pending
    task each time one finishes: quadratic in the clicks in flight) does not run inside the window."""
    out = Samples()
    seats = world.seats
    for number in range(rounds * 2):
        if sync is not None:
            sync()
        kind = "action" if number % 2 == 0 else "ping"
        measured = seats[(number // 2 * 37) % len(seats)]
        if not world.ready(measured):
            measured = next(s for s in seats if world.ready(s))
        emitted: dict[int, float] = {}
        probe.acked.clear()
        store_before = probe.store_calls
        with in_flight(world.env):
            for seat in seats:
                if seat is measured:
                    continue
                if not world.ready(seat):
                    out.skipped += 1
                    continue
                send = world.answer(seat, number)
                emitted[seat.member.id] = time.perf_counter()
                await send()
        posted_before = _attachments(measured)
        send = (world.answer(measured, number) if kind == "action"
                else functools.partial(measured.member.slash, measured.channel, "ping"))
        probe.done.clear()
        probe.panel.pop(measured.member.id, None)
        emitted_at = dict(emitted)
        calls_before = probe.prompt_calls
        start = time.perf_counter()
        await _send_measured(world, probe, measured, send, window)
        await_ms = (time.perf_counter() - start) * 1000
        handler_ms = (probe.done[measured.member.id] - start) * 1000
        if kind == "action":
            out.action_await.append(await_ms)
            out.action_handler.append(handler_ms)
            out.prompt_calls.append(probe.prompt_calls - calls_before)
            if (sent := probe.panel.get(measured.member.id)) is not None:
                out.next_panel.append((sent - start) * 1000)
            out.boards += _attachments(measured) > posted_before
        else:
            out.ping_await.append(await_ms)
            out.ping_handler.append(handler_ms)
        out.background += [(probe.done[uid] - at) * 1000 for uid, at in emitted.items() if uid in probe.done]
        await world.env.settle(timeout=SETTLE_S)  # every handler has returned: each click's answer is known
        if kind == "action":
            emitted_at[measured.member.id] = start
            out.clicks += len(emitted_at)
            out.store_calls += probe.store_calls - store_before
        out.ack += [(probe.acked[uid] - at) * 1000 for uid, at in emitted_at.items() if uid in probe.acked]
        out.unacked += sum(uid not in probe.acked for uid in emitted_at)
    return out


async def _send_measured(world: World, probe: Probe, measured: Seat, send: Callable[[], Awaitable[Any]],
                         window: str) -> None:
    if window == "settle":
        await send()
        return
    probe.watched = (measured.member.id, asyncio.Event())
    try:
        with in_flight(world.env):
            await send()
        await asyncio.wait_for(probe.watched[1].wait(), SETTLE_S)
    finally:
        probe.watched = None


def _attachments(seat: Seat) -> int:
    last = seat.channel.last_message
    return sum(bool(m.attachments) for m in seat.channel.history()) if last is not None else 0


def _figures(count: int, rounds: int, setup_s: float, s: Samples, backend: str, label: str,
             window: str = "settle") -> list[Figure]:
    setup: Figure = {
        "label": label, "store": backend,
        "harness": f"simcord {simcord.__version__}, discord.py {discord.__version__}, in-process",
        "game": GAME, "mode": MODE, "seats": "2 (1 human + 1 AI)", "tables": count,
        "concurrent_clicks_in_flight": count - 1, "rounds_per_kind": rounds,
        "action": "human answers the open decision in the DM panel (button or select, the AI's pick)",
        "ping": "/ping app command registered on the bot object in the bench only",
        "setup_s": round(setup_s, 1), "in_flight_clicks_skipped_no_panel": s.skipped,
        "bot_errors": len(s.errors), "bot_error_types": dict(Counter(s.errors)),
        "window": window, "cores": os.cpu_count()}
    out = []
    methods = (("await", s.action_await, s.ping_await), ("handler", s.action_handler, s.ping_handler))
    for method, action, ping in methods[0 if window == "settle" else 1:]:  # "handler": the call is in flight
        a, p = summary_ms(action), summary_ms(ping)
        figure: Figure = {
            "figure": "bot_action_vs_ping", "method": method, **setup,
            "measured": ("perf_counter around the awaited simcord call (returns when the bot has settled)"
                         if method == "await" else
                         "perf_counter from the awaited call's start to the bot's handler for it returning"),
            "action_ms": a, "ping_ms": p, "actions_that_posted_a_board": s.boards,
            "ratio_p50": round(a["p50"] / p["p50"], 2), "ratio_mean": round(a["mean"] / p["mean"], 2),
            "target": f"action <= {TARGET_RATIO:g}x ping (p50)", "met": a["p50"] <= TARGET_RATIO * p["p50"]}
        if method == "await":
            figure["note"] = ("each await ends when simcord has settled all bot work; a ping's await includes "
                              "simcord's 50 ms settle idle sleep (its handler takes about 1 ms): see method=handler")
        if method == "handler" and s.next_panel:
            figure["until_next_panel_ms"] = summary_ms(s.next_panel)  # delivered: a new DM or an edit
        if method == "handler" and s.prompt_calls:
            figure["prompt_calls_per_click"] = round(sum(s.prompt_calls) / len(s.prompt_calls), 1)
        if method == "handler" and s.background:
            figure["in_flight_clicks_ms"] = summary_ms(s.background)
        out.append(figure)
    out.append({"figure": "bot_click_ack", **setup,
                "measured": "perf_counter from a click's emit to the bot's first interaction response to it "
                            "(defer, message or edit), for the measured clicks and every click in flight",
                "ack_ms": summary_ms(s.ack), "clicks": len(s.ack) + s.unacked, "unanswered": s.unacked,
                "store_calls_per_click": round(s.store_calls / max(1, s.clicks), 1),
                "target": f"p99 <= {ACK_TARGET_MS:g} ms, every click answered",
                "met": bool(s.ack) and summary_ms(s.ack)["p99"] <= ACK_TARGET_MS and s.unacked == 0})
    return out


# -- several worker processes (issue 15) ------------------------------------------------------------
def _worker(index: int, url: str, count: int, rounds: int, window: str, barrier: Any, results: Any) -> None:
    """One worker process: a whole bot on its own simcord with its share of the tables, on the shared
    database; every round starts when every worker is ready for it, so all the clicks are in flight
    at once across the workers."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    _own_ids(index)
    try:
        setup_s, samples, backend = asyncio.run(
            sample(count, rounds, lambda tmp: url, window, sync=lambda: barrier.wait(timeout=SETTLE_S * 4)))
        results.put((setup_s, vars(samples), backend))  # a dict: the parent's Samples is another class
    except BaseException as error:
        barrier.abort()
        results.put(error)
        raise


def _own_ids(index: int) -> None:
    """simcord mints snowflakes from a clock that starts at the same instant in every process: each
    worker's starts ``index`` days later, so that its guild, channels and users are its own (a channel
    holds one open table, in the shared database)."""
    from simcord import _clock

    start = _clock.Clock.__init__

    def later(self: Any) -> None:
        start(self)
        self._epoch += datetime.timedelta(days=index)

    _clock.Clock.__init__ = later  # type: ignore[method-assign]


def measure_workers(workers: int, count: int, rounds: int, url: str, label: str, window: str) -> list[Figure]:
    """``count`` tables spread over ``workers`` processes on one PostgreSQL database, a click in flight
    on every table; the figures merge every worker's samples."""
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(workers), ctx.Queue()
    shares = [count // workers + (k < count % workers) for k in range(workers)]
    procs = [ctx.Process(target=_worker, args=(k, url, share, rounds, window, barrier, results))
             for k, share in enumerate(shares)]
    for proc in procs:
        proc.start()
    got = [results.get(timeout=SETTLE_S * 20) for _ in procs]
    for proc in procs:
        proc.join(timeout=60)
    failed = [g for g in got if isinstance(g, BaseException)]
    if failed:
        raise RuntimeError(f"a worker failed: {failed[0]!r}")
    merged = Samples()
    for _, part, _ in got:
        for name, value in part.items():
            setattr(merged, name, getattr(merged, name) + value)
    figures = _figures(count, rounds, max(g[0] for g in got), merged, got[0][2], label, window)
    for figure in figures:
        figure.update({"workers": workers, "tables_per_worker": shares,
                       "harness": figure["harness"] + f", {workers} worker processes (one bot and one simcord "
                                  "each, its own guild), one PostgreSQL database"})
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="1,100", help="comma-separated table counts")
    parser.add_argument("--rounds1", type=int, default=40, help="samples of each kind with 1 table")
    parser.add_argument("--roundsn", type=int, default=8, help="samples of each kind with more tables")
    parser.add_argument("--store", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--label", default="", help="tags every JSON line (e.g. before, after)")
    parser.add_argument("--window", choices=("settle", "handler"), default="settle",
                        help="settle: await the measured call until simcord settles; handler: send it in "
                             "flight and wait for its handler only (no settle loop in the window)")
    parser.add_argument("--workers", default="", help="comma-separated worker process counts (PostgreSQL only)")
    args = parser.parse_args()
    if args.workers and args.store != "postgresql":
        parser.error("--workers needs --store postgresql: SQLite serves one process (docs/store.md)")
    with _locations(args.store) as location:
        for count in (int(n) for n in args.tables.split(",")):
            rounds = args.rounds1 if count == 1 else args.roundsn
            for workers in [int(k) for k in args.workers.split(",")] if args.workers else [0]:
                figures = (measure_workers(workers, count, rounds, str(location(Path())), args.label, args.window)
                           if workers else asyncio.run(measure(count, rounds, location, args.label, args.window)))
                for figure in figures:
                    emit(figure)


@contextlib.contextmanager
def _locations(store: str) -> Iterator[Callable[[Path], str | Path]]:
    """Where each run's store lives: a file in the run's temporary directory, or a fresh database
    on the PostgreSQL server ``MUSTER_DB`` names (one database for every run) or a throwaway one."""
    if store == "sqlite":
        yield lambda tmp: tmp / "bench.db"
        return
    url = os.environ.get("MUSTER_DB", "")
    if url.startswith(("postgresql://", "postgres://")):
        yield lambda tmp: url
        return
    sys.path.insert(0, str(ROOT / "tests"))
    from pgserver import PgServer

    server = PgServer(durable=True).start()
    try:
        yield lambda tmp: server.new_database()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
