"""Operations through the real bot: /metrics serves the Prometheus metrics after a few clicks of a
simcord table, /healthz answers 503 until the gateway is ready and 200 after (503 again once closing),
JSON log lines parse, and ``python -m bot backup`` copies a live SQLite store that opens with its tables."""

from __future__ import annotations

import json
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from driver import answer, current_panel, table_of

from bot.app import MusterBot, create_bot
from bot.config import Settings
from bot.ops import JsonFormatter

pytestmark = pytest.mark.simcord(settle_timeout=30)
ROOT = Path(__file__).parents[2]


@pytest.fixture
def simcord_bot(db_path: Path) -> MusterBot:
    return create_bot(db_path=db_path, metrics_port=0)  # any free port, on 127.0.0.1


async def _get(bot: MusterBot, path: str) -> tuple[int, str]:
    assert bot.ops is not None and bot.ops.host == "127.0.0.1"
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{bot.ops.port}{path}") as r:
        return r.status, await r.text()


def _sample(text: str, name: str) -> float:
    return next(float(line.split()[-1]) for line in text.splitlines() if line.startswith(name + " ")
                or line.startswith(name + "{"))


async def test_metrics_are_served_after_a_few_clicks(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    await world["alice"].slash(channel, "game new", game="toy")  # secret first move: the default mode
    lobby = channel.last_message
    await world["bob"].click(lobby, label="Join")  # alice, the host, is seated by /game new
    await world["alice"].click(lobby, label="Start")
    panel = current_panel(world["alice"])
    assert panel is not None
    await answer(world["alice"].user, panel, cycle=False)
    status, text = await _get(env.bot, "/metrics")
    assert status == 200
    assert _sample(text, "muster_open_tables") == 1
    assert _sample(text, "muster_clicks_total") >= 3  # a join, a start, a panel answer
    assert _sample(text, "muster_click_seconds_count") == _sample(text, "muster_clicks_total")
    assert _sample(text, 'muster_store_seconds_count{call="_write"}') > 0
    assert "muster_reminders_due" in text
    assert table_of(env).row.status == "active" and not env.errors


async def test_health_is_200_when_ready_and_503_when_closing(world: dict[str, Any]) -> None:
    bot = world["env"].bot
    assert bot.is_ready()
    assert await _get(bot, "/healthz") == (200, "ok\n")
    bot.inflight.closing = True  # what close() says first: the orchestrator stops routing to us
    assert (await _get(bot, "/healthz"))[0] == 503
    bot.inflight.closing = False


@pytest.mark.simcord(enabled=False)
async def test_health_is_503_before_the_gateway_is_ready(tmp_path: Path) -> None:
    bot = create_bot(db_path=tmp_path / "m.db", metrics_port=0)
    await bot.store.open()
    assert bot.ops is not None
    await bot.ops.start()
    try:
        assert (await _get(bot, "/healthz"))[0] == 503
        assert (await _get(bot, "/metrics"))[0] == 200
    finally:
        await bot.ops.stop()
        await bot.store.close()


def test_metrics_are_off_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("MUSTER_METRICS_PORT", "MUSTER_METRICS_HOST", "MUSTER_LOG_FORMAT"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings.from_env()
    assert settings.metrics_port is None and settings.metrics_host == "127.0.0.1"
    assert settings.log_format == "text"
    assert create_bot(db_path=":memory:").ops is None


def test_json_log_lines_parse() -> None:
    record = logging.LogRecord("muster", logging.ERROR, __file__, 1, "table %s: «%s»", (7, "ß"), None)
    try:
        raise ValueError("boom")
    except ValueError:
        record.exc_info = sys.exc_info()
    entry = json.loads(JsonFormatter().format(record))
    assert entry["level"] == "ERROR" and entry["logger"] == "muster" and entry["message"] == "table 7: «ß»"
    assert "ValueError: boom" in entry["exc"] and "\n" not in JsonFormatter().format(record)


async def test_backup_copies_a_live_store(world: dict[str, Any], db_path: Path, tmp_path: Path) -> None:
    """The bot keeps its store open (WAL mode) while ``python -m bot backup`` copies it."""
    channel = world["channel"]
    await world["alice"].slash(channel, "game new", game="toy")  # secret first move: the default mode
    copy = tmp_path / "copy.db"
    env = {"MUSTER_DB": str(db_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "bot", "backup", str(copy)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(copy) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"tables", "seats", "actions", "schema_version"} <= names
        assert db.execute("SELECT game FROM tables").fetchall() == [("toy",)]


def test_backup_of_postgresql_points_to_pg_dump(tmp_path: Path) -> None:
    env = {"MUSTER_DB": "postgresql://muster@127.0.0.1/muster", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "bot", "backup", str(tmp_path / "x.dump")], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "pg_dump" in done.stderr


@pytest.mark.simcord(enabled=False)
async def test_close_lets_the_click_in_flight_finish_before_the_store_closes(tmp_path: Path) -> None:
    """SIGTERM's close() while a click is being handled: the click's store write still lands."""
    import asyncio

    bot = create_bot(db_path=tmp_path / "m.db")
    await bot.store.open()
    release = asyncio.Event()

    async def slow_route(interaction: Any, click: Any) -> None:
        await release.wait()
        await bot.store.set_meta("clicked", "yes")

    bot.router.route = slow_route  # type: ignore[method-assign]
    click = asyncio.create_task(bot.on_click(None, None))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    closing = asyncio.create_task(bot.close())
    await asyncio.sleep(0.05)
    assert not closing.done() and bot.store._db is not None  # waiting for the click
    release.set()
    await asyncio.wait_for(asyncio.gather(click, closing), timeout=10)
    assert not bot.errors and bot.store._db is None
    store = type(bot.store)(tmp_path / "m.db")
    await store.open()
    assert await store.meta("clicked") == "yes"
    await store.close()
