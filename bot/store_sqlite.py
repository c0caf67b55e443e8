"""The default store: one SQLite file through aiosqlite, in WAL mode, nothing to install or run."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store import MIGRATIONS, Statement, Store


class StoreOpenError(Exception):
    """The SQLite file cannot serve as the store: a message key (``store.*``) and its arguments, shown
    to the operator instead of sqlite's bare "unable to open database file"."""

    def __init__(self, key: str, **args: str) -> None:
        super().__init__(key)
        self.key, self.args_ = key, args


def open_error(path: str, error: BaseException) -> StoreOpenError:
    """Which of the usual causes it is, judged from the file system (sqlite's own text says little)."""
    folder = Path(path).resolve().parent
    if not folder.is_dir():
        return StoreOpenError("store.no_folder", path=path, folder=str(folder))
    target = Path(path) if Path(path).exists() else folder
    if not os.access(target, os.R_OK | os.W_OK):
        return StoreOpenError("store.not_writable", path=path, folder=str(folder))
    if isinstance(error, sqlite3.DatabaseError) and "not a database" in str(error):
        return StoreOpenError("store.not_a_database", path=path)
    return StoreOpenError("store.cannot_open", path=path, reason=str(error))


def check_sqlite(path: str) -> None:
    """Open ``path`` (created if missing, as the store would) and read its header, before anything
    else starts; raise StoreOpenError with the cause."""
    try:
        conn = sqlite3.connect(path)
        try:
            conn.execute("PRAGMA schema_version").fetchone()
        finally:
            conn.close()
    except (sqlite3.Error, OSError) as error:
        raise open_error(path, error) from error


class SqliteStore(Store):
    backend = "sqlite"

    def __init__(self, path: Path | str) -> None:
        super().__init__()
        self.path = str(path)
        # One connection serves every table. A transaction must not interleave with another
        # coroutine's statements (its commit would publish half of ours, its rollback undo them):
        # each runs whole in the connection's thread, one after another (``_in_thread``).
        self._db: aiosqlite.Connection | None = None

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("store is not open")
        return self._db

    async def open(self) -> None:
        try:
            self._db = await aiosqlite.connect(self.path)
            await self.db.executescript("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
        except (sqlite3.Error, OSError) as error:
            await self.close()
            raise open_error(self.path, error) from error
        await self._migrate()

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def _in_thread(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``work`` on the connection in its own thread, in one hop: a transaction's statements,
        its commit or rollback and its cursors (created and dropped there, never on the event loop)
        cost one wake-up of the event loop, not one per statement. With 100 clicks in flight a
        wake-up waits for a whole turn of a busy loop: see docs/store.md "A click's cost".
        (``_execute`` is aiosqlite's own queue to its thread; the version is pinned in pyproject.)"""
        return await self.db._execute(work, self.db._conn)  # type: ignore[no-untyped-call]

    async def _write(self, *statements: Statement) -> None:
        def transaction(conn: sqlite3.Connection) -> None:
            try:
                for sql, params, many in statements:
                    (conn.executemany if many else conn.execute)(sql, params)
                conn.commit()
            except BaseException:
                conn.rollback()
                raise

        await self._in_thread(transaction)

    async def _insert(self, sql: str, params: Any) -> int:
        def transaction(conn: sqlite3.Connection) -> Any:
            try:
                row = conn.execute(sql, params).fetchone()
                conn.commit()
            except BaseException:
                conn.rollback()
                raise
            return row

        row = await self._in_thread(transaction)
        assert row is not None
        return int(row[0])

    async def _rows(self, sql: str, params: Any = ()) -> list[Any]:
        rows: list[Any] = await self._in_thread(lambda conn: conn.execute(sql, params).fetchall())
        return rows

    async def _migrate(self) -> None:
        await self.db.executescript("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);")
        async with self.db.execute("SELECT MAX(version) FROM schema_version") as cur:
            row = await cur.fetchone()
        current = (row[0] if row else None) or 0
        for number, migration in enumerate(MIGRATIONS, start=1):
            if number > current:
                await self.db.executescript(
                    f"BEGIN; {migration.script(self.backend)} INSERT INTO schema_version VALUES ({number}); COMMIT;")

    async def integrity_ok(self) -> bool:
        """SQLite's own check of the file (the crash and migration tests ask it)."""
        row = await self._row("PRAGMA integrity_check")
        return bool(row and row[0] == "ok")
