"""Operations: Prometheus metrics, the health endpoint, JSON logs and the in-flight click ledger.

The endpoint is a tiny aiohttp server on the bot's own event loop rather than prometheus-client's
threaded server: the health answer must await the store (``SELECT 1`` through the same connection
the bot uses) and the "reminders due" gauge reads the clock's deadlines from the store, both async;
a thread could not await them without a second connection. aiohttp comes with discord.py already.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger("muster.ops")

STORE_CALLS = ("_write", "_insert", "_rows")  # every statement of either backend goes through one


class Metrics:
    """One registry per bot (tests build many bots in one process: the global registry would refuse
    the second set of names)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.open_tables = Gauge("muster_open_tables", "Tables loaded (lobby or active)", registry=r)
        self.clicks = Counter("muster_clicks", "Component clicks handled", registry=r)
        self.handed_over = Counter("muster_clicks_handed_over", "Clicks handed to the worker of the table's shard",
                                   registry=r)
        self.click_seconds = Histogram("muster_click_seconds", "Click handler latency", registry=r)
        self.store_seconds = Histogram("muster_store_seconds", "Store call latency", ["call"], registry=r)
        self.reminders_due = Gauge("muster_reminders_due", "Clock deadlines whose reminder or expiry is due",
                                   registry=r)


def time_store(store: Store, metrics: Metrics) -> None:
    """Time the backend's three primitives (instance attributes shadow the methods: neither backend
    needs to know about metrics)."""
    for name in STORE_CALLS:
        original: Callable[..., Awaitable[Any]] = getattr(store, name)
        setattr(store, name, _timed(original, metrics.store_seconds.labels(name)))


def _timed(call: Callable[..., Awaitable[Any]], histogram: Any) -> Callable[..., Awaitable[Any]]:
    async def timed(*args: Any) -> Any:
        with histogram.time():
            return await call(*args)
    return timed


class InFlight:
    """The clicks being handled, so a shutdown lets them finish before the store closes."""

    def __init__(self) -> None:
        self.tasks: set[asyncio.Task[Any]] = set()
        self.closing = False
        self._idle = asyncio.Event()
        self._idle.set()

    def enter(self) -> None:
        task = asyncio.current_task()
        if task is not None:
            self.tasks.add(task)
            self._idle.clear()

    def leave(self) -> None:
        task = asyncio.current_task()
        if task is not None:
            self.tasks.discard(task)
            if not self.tasks:
                self._idle.set()

    async def quiet(self, longest: float = 2.0) -> None:
        """Return once no click is being handled, or after ``longest`` seconds: work that no one
        waits for (drawing a board) yields to the clicks, without starving under a steady load."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), timeout=longest)

    async def drain(self, timeout: float) -> None:
        pending = [t for t in self.tasks if t is not asyncio.current_task()]
        if pending:
            await asyncio.wait(pending, timeout=timeout)


class OpsServer:
    """``/healthz`` and ``/metrics`` on ``host:port`` (loopback by default). It is handed what it reads
    (not the bot, which builds it: no import circle): ``ready`` says the gateway is ready and the bot
    is not shutting down; ``open_tables`` counts the loaded tables."""

    def __init__(self, host: str, port: int, metrics: Metrics, store: Store, ready: Callable[[], bool],
                 open_tables: Callable[[], int]) -> None:
        self.host, self.port, self.metrics, self.store = host, port, metrics, store
        self.ready, self.open_tables = ready, open_tables
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._health_page)
        app.router.add_get("/metrics", self._metrics_page)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:  # tests ask for any free port: remember the one given
            self.port = self._runner.addresses[0][1]
        log.info("metrics and health on http://%s:%d", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def healthy(self) -> bool:
        """Ready on the gateway, not shutting down, and the store answers within 5 seconds."""
        if not self.ready():
            return False
        try:
            await asyncio.wait_for(self.store._row("SELECT 1"), timeout=5)
        except Exception:
            return False
        return True

    async def _health_page(self, request: web.Request) -> web.Response:
        if await self.healthy():
            return web.Response(text="ok\n")
        return web.Response(status=503, text="unavailable\n")

    async def _metrics_page(self, request: web.Request) -> web.Response:
        m = self.metrics
        m.open_tables.set(self.open_tables())
        due = await self._reminders_due()
        if due is not None:  # the store is down: /healthz says so; the gauge keeps its last value
            m.reminders_due.set(due)
        body = generate_latest(m.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _reminders_due(self) -> int | None:
        from bot.clock import EXPIRED

        try:
            deadlines = await self.store.deadlines()
        except Exception:
            return None
        moment = time.time()
        return sum(1 for d in deadlines if d.reminded < EXPIRED and d.next_at <= moment)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message (and the traceback when there is one)."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def setup_logging(level: str, fmt: str) -> None:
    """Plain text lines (the default) or JSON lines (``MUSTER_LOG_FORMAT=json``)."""
    handler = logging.StreamHandler()
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
