"""Fixtures every bot-floor test folder shares: a bot on a fresh database inside a simcord world with
one guild, one channel and three members (alice, bob, eve); the store's two backends (a SQLite file,
a database on a throwaway PostgreSQL server started once per session)."""

from __future__ import annotations

import itertools
import os
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pgserver import PgServer, pg_bin
from store_backends import BACKENDS, Backend, postgresql_backend, sqlite_backend

from bot.app import create_bot

# The toy game (tests/toy) registers through the public registries of every floor before any test
# module is collected, as a bundled game would: the audits, the fuzz suite and the slash command's
# generated choices pick it up. Appended, so tests/ never shadows a project package.
sys.path.append(str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent / "engine"))  # the audit's support registry (``games``)
import toy
from chronicles_toys import registered_toys

toy.install()


@pytest.fixture
def toy_scenarios() -> Iterator[None]:
    """Two toy Ancient Chronicles scenarios, registered for one test (tests/chronicles_toys.py)."""
    with registered_toys():
        yield


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "muster.db"


@pytest.fixture
def simcord_bot(db_path: Path, request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    bot = create_bot(db_path=db_path)
    # A test's tables get seeds fixed by the test's id: a failing table replays exactly as it was.
    bot.tables.seeds = itertools.count(zlib.crc32(request.node.nodeid.encode()) << 16).__next__
    return bot


@pytest.fixture
async def world(simcord_env: Any) -> dict[str, Any]:
    env = simcord_env
    guild = env.create_guild("Board Games")
    channel = guild.create_text_channel("games")
    members = {n: guild.add_member(env.create_user(n)) for n in ("alice", "bob", "eve")}
    return {"env": env, "guild": guild, "channel": channel, **members}


# -- the store's backends (tests/store_backends.py) ---------------------------------------------------


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """One throwaway PostgreSQL server for the whole session (each test gets its own database)."""
    if pg_bin() is None:
        message = "PostgreSQL is not installed (apt-get install postgresql): the PostgreSQL store suite cannot run"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    server = PgServer().start()
    yield server
    server.stop()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    """A fresh database on each store backend."""
    if request.param == "sqlite":
        return sqlite_backend(str(tmp_path / "muster.db"))
    return postgresql_backend(request.getfixturevalue("pg_server").new_database())
