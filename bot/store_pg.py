"""The PostgreSQL store (asyncpg): for a bot that outgrows one SQLite file (``MUSTER_DB=postgresql://…``).

A pool of connections serves every table; each method is one transaction on one pooled connection,
so different tables' writes run side by side and a failing one rolls back only itself. The queries
are the shared ones of ``bot.store``, with SQLite's ``?`` placeholders rewritten to ``$1, $2, …``.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import asyncpg

from bot.store import MIGRATIONS, Statement, Store

POOL_SIZE = 10
# Any one number: every process that opens the store takes this lock while it migrates, so two
# starting together never run a migration twice.
_MIGRATION_LOCK = 0x6D757374


@functools.lru_cache(maxsize=256)
def pg_sql(sql: str) -> str:
    """SQLite's query as PostgreSQL reads it: ``$n`` placeholders, and ``IS ?`` (a comparison that is
    true for two NULLs) becomes ``IS NOT DISTINCT FROM $n``."""
    sql = sql.replace(" IS ?", " IS NOT DISTINCT FROM ?")
    counter = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


async def _keep_session(conn: asyncpg.Connection) -> None:
    """Nothing to reset when a connection goes back to the pool: the store never changes session
    settings, listens or holds session locks (asyncpg still rolls back a transaction left open), and
    skipping the default reset query saves a round trip per call."""


async def _execute(conn: asyncpg.Connection, sql: str, params: Any, many: bool) -> None:
    if not many:
        await conn.execute(pg_sql(sql), *params)
    elif params:  # asyncpg's executemany is atomic: every row or none
        await conn.executemany(pg_sql(sql), params)


class PostgresStore(Store):
    backend = "postgresql"

    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        self._pool: asyncpg.Pool | None = None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("store is not open")
        return self._pool

    async def open(self) -> None:
        self._pool = await asyncpg.create_pool(self.dsn, min_size=1, max_size=POOL_SIZE, reset=_keep_session)
        await self._migrate()

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    async def _write(self, *statements: Statement) -> None:
        async with self.pool.acquire() as conn:
            if len(statements) == 1:  # one statement is its own transaction: 2 round trips fewer
                await _execute(conn, *statements[0])
                return
            async with conn.transaction():
                for statement in statements:
                    await _execute(conn, *statement)

    async def _insert(self, sql: str, params: Any) -> int:
        async with self.pool.acquire() as conn, conn.transaction():
            return int(await conn.fetchval(pg_sql(sql), *params))

    async def _rows(self, sql: str, params: Any = ()) -> list[Any]:
        async with self.pool.acquire() as conn:
            return list(await conn.fetch(pg_sql(sql), *params))

    async def _migrate(self) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            current = await conn.fetchval("SELECT MAX(version) FROM schema_version") or 0
            for number, migration in enumerate(MIGRATIONS, start=1):
                if number > current:
                    await conn.execute(migration.script(self.backend))
                    await conn.execute("INSERT INTO schema_version VALUES ($1)", number)

    async def integrity_ok(self) -> bool:
        """The server guards its own pages; what a crash could leave behind is an index that a
        killed build left invalid, so that is what is checked."""
        row = await self._row("SELECT NOT EXISTS (SELECT 1 FROM pg_index WHERE NOT indisvalid)")
        return bool(row and row[0])
