"""The PostgreSQL store (asyncpg): for a bot that outgrows one SQLite file (``MUSTER_DB=postgresql://…``).

A pool of connections serves every table; each method is one transaction on one pooled connection,
so different tables' writes run side by side and a failing one rolls back only itself. The queries
are the shared ones of ``bot.store``, with SQLite's ``?`` placeholders rewritten to ``$1, $2, …``.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Sequence
from typing import Any

import asyncpg

from bot.store import MIGRATIONS, ActionRow, Statement, Store

POOL_SIZE = 10
# Any one number: every process that opens the store takes this lock while it migrates, so two
# starting together never run a migration twice.
_MIGRATION_LOCK = 0x6D757374


# Store.append in one statement: the rows travel as JSON arrays ($1 actions, $2 log lines), the snapshot
# ($4 seq, $5 state) is written when $5 is not null, $6 lists the message kinds to drop.
_APPEND = """
WITH a AS (INSERT INTO actions (table_id, seq, seat, choice, prompt_id, interaction_id, salt, created_at)
           SELECT table_id, seq, seat, choice, prompt_id, interaction_id, salt, created_at
           FROM json_populate_recordset(NULL::actions, $1::json)),
     l AS (INSERT INTO log (table_id, seq, line, key, args)
           SELECT table_id, seq, line, key, args FROM json_populate_recordset(NULL::log, $2::json)),
     s AS (INSERT INTO snapshots (table_id, seq, state) SELECT $3::bigint, $4::bigint, $5::text
           WHERE $5::text IS NOT NULL
           ON CONFLICT (table_id, seq) DO UPDATE SET state = excluded.state),
     o AS (DELETE FROM snapshots WHERE table_id = $3::bigint AND seq < $4::bigint AND $5::text IS NOT NULL),
     m AS (DELETE FROM messages WHERE table_id = $3::bigint AND kind = ANY($6::text[]))
SELECT 1
"""


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
        super().__init__()
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

    async def append(self, table_id: int, actions: list[tuple[ActionRow, int | None]],
                     log: list[tuple[int, int, str, dict[str, Any]]], now: float,
                     snapshot: tuple[int, str] | None = None, drop: Sequence[str] = ()) -> None:
        """The same writes as the shared ``Store.append``, as one statement: one round trip instead of
        a transaction's four or more (a statement is atomic on its own)."""
        rows = [{"table_id": table_id, "seq": a.seq, "seat": a.seat, "choice": a.choice, "prompt_id": a.prompt_id,
                 "interaction_id": iid, "salt": a.salt, "created_at": now} for a, iid in actions]
        lines = [{"table_id": table_id, "seq": seq, "line": line, "key": key, "args": json.dumps(args)}
                 for seq, line, key, args in log]
        seq, state = snapshot if snapshot is not None else (0, None)
        async with self.pool.acquire() as conn:
            await conn.execute(_APPEND, json.dumps(rows), json.dumps(lines), table_id, seq, state, list(drop))
        for kind in drop:
            self._messages[(table_id, kind)] = None

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
