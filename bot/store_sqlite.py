"""The default store: one SQLite file through aiosqlite, in WAL mode, nothing to install or run."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store import MIGRATIONS, Statement, Store


class SqliteStore(Store):
    backend = "sqlite"

    def __init__(self, path: Path | str) -> None:
        super().__init__()
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        self._cursor: aiosqlite.Cursor
        # One connection serves every table: a transaction must not interleave with another
        # coroutine's statements (its commit would publish half of ours, its rollback undo them).
        self._lock = asyncio.Lock()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("store is not open")
        return self._db

    async def open(self) -> None:
        self._db = await aiosqlite.connect(self.path)
        await self.db.executescript("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
        await self._migrate()
        # One cursor, used only under the lock: no cursor is ever dropped (and finalized) on the
        # event loop's thread while the connection's thread is busy, and a write costs 1 hop less.
        self._cursor = await self.db.cursor()

    async def close(self) -> None:
        if self._db is not None:
            await self._cursor.close()
            await self._db.close()
            self._db = None

    async def _write(self, *statements: Statement) -> None:
        async with self._lock:
            try:
                for sql, params, many in statements:
                    await (self._cursor.executemany(sql, params) if many else self._cursor.execute(sql, params))
                await self.db.commit()
            except BaseException:
                await self.db.rollback()
                raise

    async def _insert(self, sql: str, params: Any) -> int:
        async with self._lock:
            try:
                await self._cursor.execute(sql, params)
                row = await self._cursor.fetchone()
                await self.db.commit()
            except BaseException:
                await self.db.rollback()
                raise
        assert row is not None
        return int(row[0])

    async def _rows(self, sql: str, params: Any = ()) -> list[Any]:
        async with self._lock:
            await self._cursor.execute(sql, params)
            return list(await self._cursor.fetchall())

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
