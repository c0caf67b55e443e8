"""Durable storage: aiosqlite in WAL mode with numbered migrations.

Every method is one transaction, so a crash between two calls loses nothing that was acknowledged.
The class is the storage interface: a PostgreSQL implementation for a sharded, multi-process
deployment provides the same async methods (the SQL is plain and portable; ``INSERT OR IGNORE``
becomes ``ON CONFLICT DO NOTHING``).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

Statement = tuple[str, Any, bool]  # (sql, parameters, executemany?)

MIGRATIONS: tuple[str, ...] = (
    # 1: the first schema
    """
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER, channel_id INTEGER NOT NULL, game TEXT NOT NULL,
        options TEXT NOT NULL, seed INTEGER NOT NULL, status TEXT NOT NULL,
        host_id INTEGER, lang TEXT NOT NULL DEFAULT 'en', created_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX one_open_table_per_channel ON tables(channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        table_id INTEGER NOT NULL, seat INTEGER NOT NULL, user_id INTEGER, name TEXT NOT NULL,
        is_ai INTEGER NOT NULL, lang TEXT NOT NULL DEFAULT 'en', dm_closed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE actions (
        table_id INTEGER NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL,
        choice TEXT NOT NULL, prompt_id TEXT NOT NULL, interaction_id INTEGER UNIQUE,
        salt TEXT NOT NULL DEFAULT '', created_at REAL NOT NULL,
        PRIMARY KEY (table_id, seq)
    );
    CREATE TABLE snapshots (
        table_id INTEGER NOT NULL, seq INTEGER NOT NULL, state TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    );
    CREATE TABLE messages (
        table_id INTEGER NOT NULL, kind TEXT NOT NULL, channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL, tag TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (table_id, kind)
    );
    CREATE TABLE drafts (
        table_id INTEGER NOT NULL, seat INTEGER NOT NULL, prompt_id TEXT NOT NULL,
        data TEXT NOT NULL, PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE log (
        table_id INTEGER NOT NULL, seq INTEGER NOT NULL, line INTEGER NOT NULL,
        key TEXT NOT NULL, args TEXT NOT NULL, PRIMARY KEY (table_id, seq, line)
    );
    """,
)


@dataclass
class SeatRow:
    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    lang: str = "en"
    dm_closed: bool = False


@dataclass
class TableRow:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, str]
    seed: int
    status: str
    host_id: int | None
    lang: str


@dataclass
class ActionRow:
    seq: int
    seat: int
    choice: str
    prompt_id: str
    salt: str


class Store:
    def __init__(self, path: Path | str) -> None:
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

    async def _write(self, *statements: Statement) -> int | None:
        """Run ``statements`` as one transaction, alone on the connection; the last row id."""
        async with self._lock:
            try:
                for sql, params, many in statements:
                    await (self._cursor.executemany(sql, params) if many else self._cursor.execute(sql, params))
                await self.db.commit()
            except BaseException:
                await self.db.rollback()
                raise
            return self._cursor.lastrowid

    async def _rows(self, sql: str, params: Any = ()) -> list[Any]:
        async with self._lock:
            await self._cursor.execute(sql, params)
            return list(await self._cursor.fetchall())

    async def _row(self, sql: str, params: Any = ()) -> Any:
        rows = await self._rows(sql, params)
        return rows[0] if rows else None

    async def _migrate(self) -> None:
        await self.db.executescript("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);")
        async with self.db.execute("SELECT MAX(version) FROM schema_version") as cur:
            row = await cur.fetchone()
        current = (row[0] if row else None) or 0
        for number, script in enumerate(MIGRATIONS, start=1):
            if number > current:
                await self.db.executescript(f"BEGIN; {script} INSERT INTO schema_version VALUES ({number}); COMMIT;")

    # -- tables ---------------------------------------------------------------------------------
    async def create_table(self, guild_id: int | None, channel_id: int, game: str,
                           options: dict[str, str], seed: int, host_id: int | None, lang: str,
                           now: float) -> int:
        table_id = await self._write((
            "INSERT INTO tables (guild_id, channel_id, game, options, seed, status, host_id, lang,"
            " created_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
            (guild_id, channel_id, game, json.dumps(options), seed, host_id, lang, now), False))
        assert table_id is not None
        return table_id

    async def set_status(self, table_id: int, status: str) -> None:
        await self._write(("UPDATE tables SET status = ? WHERE id = ?", (status, table_id), False))

    async def open_tables(self) -> list[TableRow]:
        rows = await self._rows(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status IN ('lobby', 'active')")
        return [_table_row(r) for r in rows]

    async def table(self, table_id: int) -> TableRow | None:
        r = await self._row(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        return _table_row(r) if r else None

    async def last_table(self, channel_id: int) -> TableRow | None:
        """The channel's most recent table, whatever its status."""
        r = await self._row(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                            (channel_id,))
        return _table_row(r) if r else None

    # -- seats ----------------------------------------------------------------------------------
    async def save_seats(self, table_id: int, seats: list[SeatRow]) -> None:
        await self._write(
            ("DELETE FROM seats WHERE table_id = ?", (table_id,), False),
            ("INSERT INTO seats (table_id, seat, user_id, name, is_ai, lang, dm_closed) VALUES (?, ?, ?, ?, ?, ?, ?)",
             [(table_id, s.seat, s.user_id, s.name, int(s.is_ai), s.lang, int(s.dm_closed)) for s in seats], True))

    async def seats(self, table_id: int) -> list[SeatRow]:
        rows = await self._rows("SELECT seat, user_id, name, is_ai, lang, dm_closed FROM seats WHERE table_id = ?"
                                " ORDER BY seat", (table_id,))
        return [SeatRow(r[0], r[1], r[2], bool(r[3]), r[4], bool(r[5])) for r in rows]

    # -- actions, log and snapshots -------------------------------------------------------------
    async def seen_interaction(self, interaction_id: int) -> bool:
        return await self._row("SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,)) is not None

    async def append(self, table_id: int, actions: list[tuple[ActionRow, int | None]],
                     log: list[tuple[int, int, str, dict[str, Any]]], now: float) -> None:
        """Actions (with their interaction ids) and their public log lines, in one transaction."""
        await self._write(
            ("INSERT INTO actions (table_id, seq, seat, choice, prompt_id, interaction_id, salt, created_at)"
             " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
             [(table_id, a.seq, a.seat, a.choice, a.prompt_id, iid, a.salt, now) for a, iid in actions], True),
            ("INSERT INTO log (table_id, seq, line, key, args) VALUES (?, ?, ?, ?, ?)",
             [(table_id, seq, line, key, json.dumps(args)) for seq, line, key, args in log], True))

    async def actions(self, table_id: int, after: int = 0) -> list[ActionRow]:
        rows = await self._rows("SELECT seq, seat, choice, prompt_id, salt FROM actions WHERE table_id = ?"
                                " AND seq > ? ORDER BY seq", (table_id, after))
        return [ActionRow(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def recent_log(self, table_id: int, limit: int) -> list[tuple[str, dict[str, Any]]]:
        rows = await self._rows("SELECT key, args FROM log WHERE table_id = ? ORDER BY seq DESC, line DESC"
                                " LIMIT ?", (table_id, limit))
        return [(r[0], json.loads(r[1])) for r in reversed(rows)]

    async def save_snapshot(self, table_id: int, seq: int, state: str) -> None:
        await self._write(
            ("INSERT OR REPLACE INTO snapshots (table_id, seq, state) VALUES (?, ?, ?)", (table_id, seq, state), False),
            ("DELETE FROM snapshots WHERE table_id = ? AND seq < ?", (table_id, seq), False))

    async def snapshot(self, table_id: int) -> tuple[int, str] | None:
        row = await self._row("SELECT seq, state FROM snapshots WHERE table_id = ? ORDER BY seq DESC LIMIT 1",
                              (table_id,))
        return (row[0], row[1]) if row else None

    # -- posted messages and drafts -------------------------------------------------------------
    async def set_message(self, table_id: int, kind: str, channel_id: int, message_id: int,
                          tag: str = "") -> None:
        await self._write(("INSERT OR REPLACE INTO messages (table_id, kind, channel_id, message_id, tag)"
                           " VALUES (?, ?, ?, ?, ?)", (table_id, kind, channel_id, message_id, tag), False))

    async def message(self, table_id: int, kind: str) -> tuple[int, int, str] | None:
        row = await self._row("SELECT channel_id, message_id, tag FROM messages WHERE table_id = ? AND kind = ?",
                              (table_id, kind))
        return (row[0], row[1], row[2]) if row else None

    async def drop_message(self, table_id: int, kind: str) -> None:
        await self._write(("DELETE FROM messages WHERE table_id = ? AND kind = ?", (table_id, kind), False))

    async def set_draft(self, table_id: int, seat: int, prompt_id: str, data: list[str | None]) -> None:
        await self._write(("INSERT OR REPLACE INTO drafts (table_id, seat, prompt_id, data) VALUES (?, ?, ?, ?)",
                           (table_id, seat, prompt_id, json.dumps(data)), False))

    async def draft(self, table_id: int, seat: int, prompt_id: str) -> list[str | None] | None:
        row = await self._row("SELECT data FROM drafts WHERE table_id = ? AND seat = ? AND prompt_id = ?",
                              (table_id, seat, prompt_id))
        return list(json.loads(row[0])) if row else None


_TABLE_COLUMNS = "id, guild_id, channel_id, game, options, seed, status, host_id, lang"


def _table_row(r: Any) -> TableRow:
    return TableRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5], r[6], r[7], r[8])
