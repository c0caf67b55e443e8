"""Durable storage: aiosqlite in WAL mode with numbered migrations.

Every method is one transaction, so a crash between two calls loses nothing that was acknowledged.
The class is the storage interface: a PostgreSQL implementation for a sharded, multi-process
deployment provides the same async methods (the SQL is plain and portable; ``INSERT OR IGNORE``
becomes ``ON CONFLICT DO NOTHING``).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
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
    # 2: play-by-post (issue 6): AI levels, missed deadlines in a row, table settings (clock, timeout
    # policy, pause), one deadline per seat, players' reminder preferences, the bot's heartbeat
    """
    ALTER TABLE seats ADD COLUMN level TEXT NOT NULL DEFAULT 'normal';
    ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
    CREATE TABLE deadlines (
        table_id INTEGER NOT NULL, seat INTEGER NOT NULL, prompt_id TEXT NOT NULL,
        due REAL NOT NULL, reminded INTEGER NOT NULL DEFAULT 0, next_at REAL NOT NULL,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE players (
        user_id INTEGER PRIMARY KEY, reminders INTEGER NOT NULL DEFAULT 1,
        quiet_from INTEGER, quiet_to INTEGER, utc_offset INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE results (
        table_id INTEGER NOT NULL, seat INTEGER NOT NULL, guild_id INTEGER, game TEXT NOT NULL,
        mode TEXT NOT NULL, seats INTEGER NOT NULL, user_id INTEGER, name TEXT NOT NULL,
        is_ai INTEGER NOT NULL, level TEXT NOT NULL, place INTEGER NOT NULL, won INTEGER NOT NULL,
        finished_at REAL NOT NULL, PRIMARY KEY (table_id, seat)
    );
    CREATE INDEX results_by_guild ON results(guild_id, game);
    """,
    # 3: Akhedena's round limit and movement after a battle became table options (issue 12) whose
    # defaults follow the rulebook; tables opened before keep the rules they were played with
    """
    UPDATE tables SET options = json_set(options, '$.rounds', 'on')
        WHERE game = 'akhedena' AND json_extract(options, '$.rounds') IS NULL;
    UPDATE tables SET options = json_set(options, '$.after_battle', 'move_on')
        WHERE game = 'akhedena' AND json_extract(options, '$.after_battle') IS NULL;
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
    level: str = "normal"  # an AI seat's strength (engine.ai.LEVELS)
    missed: int = 0  # deadlines this seat let pass in a row


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
    settings: dict[str, Any] = field(default_factory=dict)  # clock, on_timeout, paused_at


@dataclass
class ActionRow:
    seq: int
    seat: int
    choice: str
    prompt_id: str
    salt: str


@dataclass
class ResultRow:
    """One seat of a finished game (place 1 = best; shared wins all have ``won``)."""

    table_id: int
    seat: int
    guild_id: int | None
    game: str
    mode: str
    seats: int
    user_id: int | None
    name: str
    is_ai: bool
    level: str
    place: int
    won: bool
    finished_at: float


@dataclass
class Deadline:
    table_id: int
    seat: int
    prompt_id: str
    due: float  # unix time
    reminded: int  # reminder steps done for this decision (bot.clock.EXPIRED once handled)
    next_at: float  # when the clock looks at it next: a reminder, or the due time


@dataclass
class PlayerPrefs:
    """A member's reminder settings, for every table: quiet hours are whole hours of their local day
    (``utc_offset`` minutes from UTC); from == to means none."""

    reminders: bool = True
    quiet_from: int | None = None
    quiet_to: int | None = None
    utc_offset: int = 0


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
                           now: float, settings: dict[str, Any] | None = None) -> int:
        table_id = await self._write((
            "INSERT INTO tables (guild_id, channel_id, game, options, seed, status, host_id, lang,"
            " created_at, settings) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
            (guild_id, channel_id, game, json.dumps(options), seed, host_id, lang, now,
             json.dumps(settings or {})), False))
        assert table_id is not None
        return table_id

    async def set_settings(self, table_id: int, settings: dict[str, Any]) -> None:
        await self._write(("UPDATE tables SET settings = ? WHERE id = ?", (json.dumps(settings), table_id), False))

    async def set_status(self, table_id: int, status: str) -> None:
        await self._write(("UPDATE tables SET status = ? WHERE id = ?", (status, table_id), False))

    async def finish(self, table_id: int, results: list[ResultRow]) -> None:
        """The game is over: its status and every seat's result, in one transaction."""
        await self._write(
            ("UPDATE tables SET status = 'over' WHERE id = ?", (table_id,), False),
            ("INSERT OR REPLACE INTO results (table_id, seat, guild_id, game, mode, seats, user_id, name, is_ai,"
             " level, place, won, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
             [(table_id, r.seat, r.guild_id, r.game, r.mode, r.seats, r.user_id, r.name, int(r.is_ai), r.level,
               r.place, int(r.won), r.finished_at) for r in results], True))

    async def results(self, guild_id: int | None, game: str | None = None,
                      user_id: int | None = None) -> list[ResultRow]:
        """Finished games' seats in a guild (optionally one game, one member), newest first."""
        sql = ("SELECT table_id, seat, guild_id, game, mode, seats, user_id, name, is_ai, level, place, won,"
               " finished_at FROM results WHERE guild_id IS ?")
        params: list[Any] = [guild_id]
        if game is not None:
            sql, params = sql + " AND game = ?", [*params, game]
        if user_id is not None:
            sql, params = sql + " AND user_id = ?", [*params, user_id]
        rows = await self._rows(sql + " ORDER BY finished_at DESC, table_id DESC, seat", params)
        return [ResultRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], bool(r[8]), r[9], r[10], bool(r[11]),
                          r[12]) for r in rows]

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
            ("INSERT INTO seats (table_id, seat, user_id, name, is_ai, lang, dm_closed, level, missed)"
             " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
             [(table_id, s.seat, s.user_id, s.name, int(s.is_ai), s.lang, int(s.dm_closed), s.level, s.missed)
              for s in seats], True))

    async def seats(self, table_id: int) -> list[SeatRow]:
        rows = await self._rows("SELECT seat, user_id, name, is_ai, lang, dm_closed, level, missed FROM seats"
                                " WHERE table_id = ? ORDER BY seat", (table_id,))
        return [SeatRow(r[0], r[1], r[2], bool(r[3]), r[4], bool(r[5]), r[6], r[7]) for r in rows]

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

    async def log_count(self, table_id: int) -> int:
        row = await self._row("SELECT COUNT(*) FROM log WHERE table_id = ?", (table_id,))
        return int(row[0]) if row else 0

    async def log_slice(self, table_id: int, offset: int, limit: int) -> list[tuple[str, dict[str, Any]]]:
        """Public log lines in order, ``limit`` of them after the first ``offset``."""
        rows = await self._rows("SELECT key, args FROM log WHERE table_id = ? ORDER BY seq, line LIMIT ? OFFSET ?",
                                (table_id, limit, offset))
        return [(r[0], json.loads(r[1])) for r in rows]

    async def save_snapshot(self, table_id: int, seq: int, state: str) -> None:
        await self._write(
            ("INSERT OR REPLACE INTO snapshots (table_id, seq, state) VALUES (?, ?, ?)", (table_id, seq, state), False),
            ("DELETE FROM snapshots WHERE table_id = ? AND seq < ?", (table_id, seq), False))

    async def snapshot(self, table_id: int, before: int | None = None) -> tuple[int, str] | None:
        """The latest snapshot (or the latest one taken before action ``before``)."""
        limit = before if before is not None else 2**62
        row = await self._row("SELECT seq, state FROM snapshots WHERE table_id = ? AND seq < ?"
                              " ORDER BY seq DESC LIMIT 1", (table_id, limit))
        return (row[0], row[1]) if row else None

    async def take_back(self, table_id: int, seq: int) -> None:
        """Undo (agreed by the table): action ``seq``, the last one, disappears with its log lines and
        any snapshot that includes it, in one transaction."""
        await self._write(("DELETE FROM actions WHERE table_id = ? AND seq >= ?", (table_id, seq), False),
                          ("DELETE FROM log WHERE table_id = ? AND seq >= ?", (table_id, seq), False),
                          ("DELETE FROM snapshots WHERE table_id = ? AND seq >= ?", (table_id, seq), False))

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


    # -- clocks (issue 6) ---------------------------------------------------------------------------
    async def set_deadline(self, table_id: int, seat: int, prompt_id: str, due: float, next_at: float) -> None:
        await self._write(("INSERT OR REPLACE INTO deadlines (table_id, seat, prompt_id, due, reminded, next_at)"
                           " VALUES (?, ?, ?, ?, 0, ?)", (table_id, seat, prompt_id, due, next_at), False))

    async def deadlines(self, table_id: int | None = None) -> list[Deadline]:
        where, params = ("WHERE table_id = ?", (table_id,)) if table_id is not None else ("", ())
        rows = await self._rows(f"SELECT table_id, seat, prompt_id, due, reminded, next_at FROM deadlines {where}"
                                " ORDER BY table_id, seat", params)
        return [Deadline(*r) for r in rows]

    async def set_reminded(self, table_id: int, seat: int, reminded: int, next_at: float) -> None:
        await self._write(("UPDATE deadlines SET reminded = ?, next_at = ? WHERE table_id = ? AND seat = ?",
                           (reminded, next_at, table_id, seat), False))

    async def drop_deadline(self, table_id: int, seat: int | None = None) -> None:
        if seat is None:
            await self._write(("DELETE FROM deadlines WHERE table_id = ?", (table_id,), False))
        else:
            await self._write(("DELETE FROM deadlines WHERE table_id = ? AND seat = ?", (table_id, seat), False))

    async def shift_deadlines(self, seconds: float, table_id: int | None = None) -> None:
        """Move deadlines later: the bot's downtime (every table) or a pause (one table)."""
        where, params = ("WHERE table_id = ?", (seconds, seconds, table_id)) if table_id is not None \
            else ("", (seconds, seconds))
        await self._write((f"UPDATE deadlines SET due = due + ?, next_at = next_at + ? {where}", params, False))

    async def player(self, user_id: int) -> PlayerPrefs:
        row = await self._row("SELECT reminders, quiet_from, quiet_to, utc_offset FROM players WHERE user_id = ?",
                              (user_id,))
        return PlayerPrefs(bool(row[0]), row[1], row[2], row[3]) if row else PlayerPrefs()

    async def set_player(self, user_id: int, prefs: PlayerPrefs) -> None:
        await self._write(("INSERT OR REPLACE INTO players (user_id, reminders, quiet_from, quiet_to, utc_offset)"
                           " VALUES (?, ?, ?, ?, ?)", (user_id, int(prefs.reminders), prefs.quiet_from,
                                                       prefs.quiet_to, prefs.utc_offset), False))

    async def meta(self, key: str) -> str | None:
        row = await self._row("SELECT value FROM meta WHERE key = ?", (key,))
        return str(row[0]) if row else None

    async def set_meta(self, key: str, value: str) -> None:
        await self._write(("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value), False))


_TABLE_COLUMNS = "id, guild_id, channel_id, game, options, seed, status, host_id, lang, settings"


def _table_row(r: Any) -> TableRow:
    return TableRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5], r[6], r[7], r[8], json.loads(r[9]))
