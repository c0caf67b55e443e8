"""Durable storage: the ``Store`` interface and the SQL both backends share (the numbered migrations
are in bot/store_migrations.py).

Every method is one transaction, so a crash between two calls loses nothing that was acknowledged.
Two implementations: ``SqliteStore`` (bot/store_sqlite.py: aiosqlite in WAL mode, embedded, the
default) and ``PostgresStore`` (bot/store_pg.py: asyncpg, for deployments that outgrow one file).
``open_store`` picks one from ``MUSTER_DB``: a path is SQLite, a ``postgresql://`` URL is PostgreSQL.
The queries live here once, written with ``?`` placeholders in SQL both databases accept (upserts
are ``ON CONFLICT ... DO UPDATE``); the PostgreSQL backend rewrites the placeholders and the one
SQLite-only operator (``IS ?``) itself.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

# The schema's steps live in bot/store_migrations.py; they are read from here too, as before.
from bot.store_migrations import MIGRATIONS as MIGRATIONS
from bot.store_migrations import Migration as Migration
from bot.store_migrations import pg_types as pg_types
from bot.stored import a_change

Statement = tuple[str, Any, bool]  # (sql, parameters, executemany?)


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
    palette: str = "standard"  # the seat's own picture: "standard" or "cb" (colour-blind safe)


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
    """One seat of a finished game (place 1 = best; shared wins all have ``won``). ``kind`` is the
    table's declared outcome kind (engine/core/game.py OutcomeKind); a place means something only
    when that kind ranks seats against each other. None: a row written before kinds were stored."""

    table_id: int
    seat: int
    guild_id: int | None
    game: str
    mode: str  # the table's value of the game's declared ``mode`` option; "" for a game without one
    seats: int
    user_id: int | None
    name: str
    is_ai: bool
    level: str
    place: int
    won: bool
    finished_at: float
    missed: int = 0  # the seat's decisions the clock made because the deadline passed
    answer_seconds: float | None = None  # median time the seat took to answer (None: never answered)
    kind: str | None = None  # the declared OutcomeKind's value (None: written before issue 21)
    side: int | None = None  # TEAMS: the index of the seat's side in the declared teams
    rival: str | None = None  # AGAINST_AUTOMATON: the automaton's name (a message key)
    margin: int | None = None  # AGAINST_AUTOMATON: the player's final score minus the rival's (None: no
    # final scores decided it, e.g. a sudden loss)


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
    away: bool = False  # on vacation: each table's policy gives their turns to the AI or stops their clock


class Store(ABC):
    """The bot's storage. Implementations provide the transaction primitives; the queries are shared.

    Posted message ids and drafts are read on every click: they are kept in memory once read or
    written. That is sound because one process owns a table (its shard's worker, docs/store.md) and
    every write of those rows goes through this object; a table that ends is forgotten."""

    backend: str  # "sqlite" or "postgresql": which variant of each migration runs

    def __init__(self) -> None:
        self._messages: dict[tuple[int, str], tuple[int, int, str] | None] = {}
        self._drafts: dict[tuple[int, int], tuple[str, list[str | None]] | None] = {}

    def _forget(self, table_id: int) -> None:
        """The table ended: its cached rows go (they are never read again)."""
        self._messages = {k: v for k, v in self._messages.items() if k[0] != table_id}
        self._drafts = {k: v for k, v in self._drafts.items() if k[0] != table_id}

    @abstractmethod
    async def open(self) -> None:
        """Connect and bring the schema up to the newest migration."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def _write(self, *statements: Statement) -> None:
        """Run ``statements`` as one transaction, committed before returning (rolled back on error)."""

    @abstractmethod
    async def _insert(self, sql: str, params: Any) -> int:
        """One ``INSERT ... RETURNING id`` in its own transaction: the new row's id."""

    @abstractmethod
    async def _rows(self, sql: str, params: Any = ()) -> list[Any]: ...

    async def _row(self, sql: str, params: Any = ()) -> Any:
        rows = await self._rows(sql, params)
        return rows[0] if rows else None

    @abstractmethod
    async def integrity_ok(self) -> bool:
        """The database's own consistency check passes (tests ask it after crashes and migrations)."""

    async def schema_versions(self) -> list[int]:
        """The migrations this database has run, in order (each exactly once)."""
        return [int(r[0]) for r in await self._rows("SELECT version FROM schema_version ORDER BY version")]

    # -- tables ---------------------------------------------------------------------------------
    @a_change
    async def create_table(self, guild_id: int | None, channel_id: int, game: str,
                           options: dict[str, str], seed: int, host_id: int | None, lang: str,
                           now: float, settings: dict[str, Any] | None = None) -> int:
        return await self._insert(
            "INSERT INTO tables (guild_id, channel_id, game, options, seed, status, host_id, lang,"
            " created_at, settings) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?) RETURNING id",
            (guild_id, channel_id, game, json.dumps(options), seed, host_id, lang, now, json.dumps(settings or {})))

    @a_change
    async def set_settings(self, table_id: int, settings: dict[str, Any]) -> None:
        await self._write(("UPDATE tables SET settings = ? WHERE id = ?", (json.dumps(settings), table_id), False))

    @a_change
    async def set_options(self, table_id: int, options: dict[str, str]) -> None:
        await self._write(("UPDATE tables SET options = ? WHERE id = ?", (json.dumps(options), table_id), False))

    @a_change
    async def set_status(self, table_id: int, status: str) -> None:
        await self._write(("UPDATE tables SET status = ? WHERE id = ?", (status, table_id), False))
        if status not in ("lobby", "active"):
            self._forget(table_id)

    @a_change
    async def finish(self, table_id: int, results: list[ResultRow]) -> None:
        """The game is over: its status and every seat's result, in one transaction."""
        self._forget(table_id)
        await self._write(
            ("UPDATE tables SET status = 'over' WHERE id = ?", (table_id,), False),
            (_UPSERT_RESULT,
             [(table_id, r.seat, r.guild_id, r.game, r.mode, r.seats, r.user_id, r.name, int(r.is_ai), r.level,
               r.place, int(r.won), r.finished_at, r.missed, r.answer_seconds, r.kind, r.side, r.rival, r.margin)
              for r in results], True))

    async def results(self, guild_id: int | None, game: str | None = None,
                      user_id: int | None = None) -> list[ResultRow]:
        """Finished games' seats in a guild (optionally one game, one member), newest first."""
        sql = ("SELECT table_id, seat, guild_id, game, mode, seats, user_id, name, is_ai, level, place, won,"
               " finished_at, missed, answer_seconds, kind, side, rival, margin FROM results WHERE guild_id IS ?")
        params: list[Any] = [guild_id]
        if game is not None:
            sql, params = sql + " AND game = ?", [*params, game]
        if user_id is not None:
            sql, params = sql + " AND user_id = ?", [*params, user_id]
        rows = await self._rows(sql + " ORDER BY finished_at DESC, table_id DESC, seat", params)
        return [ResultRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], bool(r[8]), r[9], r[10], bool(r[11]),
                          *r[12:19]) for r in rows]

    async def answer_times(self, table_id: int) -> list[tuple[int, float | None]]:
        """Each action's seat and the seconds since the table's previous action (when the decision
        was at the latest offered), or None for an answer nobody clicked (the clock or an AI made it)."""
        rows = await self._rows(
            "SELECT a.seat, a.created_at - p.created_at, a.interaction_id FROM actions a"
            " JOIN actions p ON p.table_id = a.table_id AND p.seq = a.seq - 1"
            " WHERE a.table_id = ? ORDER BY a.seq", (table_id,))
        return [(r[0], float(r[1]) if r[2] is not None else None) for r in rows]

    async def open_tables(self) -> list[TableRow]:
        rows = await self._rows(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status IN ('lobby', 'active')")
        return [_table_row(r) for r in rows]

    async def tables_of(self, user_id: int) -> list[TableRow]:
        """The open tables (lobby or playing) where the user has a seat, in every server, oldest first."""
        columns = ", ".join(f"t.{c.strip()}" for c in _TABLE_COLUMNS.split(","))
        rows = await self._rows(f"SELECT {columns} FROM tables t JOIN seats s ON s.table_id = t.id"
                                " WHERE s.user_id = ? AND t.status IN ('lobby', 'active') ORDER BY t.id", (user_id,))
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
    @a_change
    async def save_seats(self, table_id: int, seats: list[SeatRow]) -> None:
        await self._write(
            ("DELETE FROM seats WHERE table_id = ?", (table_id,), False),
            ("INSERT INTO seats (table_id, seat, user_id, name, is_ai, lang, dm_closed, level, missed, palette)"
             " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
             [(table_id, s.seat, s.user_id, s.name, int(s.is_ai), s.lang, int(s.dm_closed), s.level, s.missed,
               s.palette) for s in seats], True))

    async def seats(self, table_id: int) -> list[SeatRow]:
        rows = await self._rows("SELECT seat, user_id, name, is_ai, lang, dm_closed, level, missed, palette"
                                " FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))
        return [SeatRow(r[0], r[1], r[2], bool(r[3]), r[4], bool(r[5]), r[6], r[7], r[8]) for r in rows]

    # -- actions, log and snapshots -------------------------------------------------------------
    async def seen_interaction(self, interaction_id: int) -> bool:
        return await self._row("SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,)) is not None

    @a_change
    async def append(self, table_id: int, actions: list[tuple[ActionRow, int | None]],
                     log: list[tuple[int, int, str, dict[str, Any]]], now: float,
                     snapshot: tuple[int, str] | None = None, drop: Sequence[str] = ()) -> None:
        """Actions (with their interaction ids), their public log lines, the snapshot after them and
        the message rows they close (a clicked panel): one click's writes, in one transaction."""
        await self._write(*self._append_statements(table_id, actions, log, now, snapshot, drop))
        for kind in drop:
            self._messages[(table_id, kind)] = None

    @staticmethod
    def _append_statements(table_id: int, actions: list[tuple[ActionRow, int | None]],
                           log: list[tuple[int, int, str, dict[str, Any]]], now: float,
                           snapshot: tuple[int, str] | None, drop: Sequence[str]) -> list[Statement]:
        statements: list[Statement] = [
            ("INSERT INTO actions (table_id, seq, seat, choice, prompt_id, interaction_id, salt, created_at)"
             " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
             [(table_id, a.seq, a.seat, a.choice, a.prompt_id, iid, a.salt, now) for a, iid in actions], True),
            ("INSERT INTO log (table_id, seq, line, key, args) VALUES (?, ?, ?, ?, ?)",
             [(table_id, seq, line, key, json.dumps(args)) for seq, line, key, args in log], True)]
        if snapshot is not None:
            statements += _snapshot_statements(table_id, *snapshot)
        statements += [("DELETE FROM messages WHERE table_id = ? AND kind = ?", (table_id, kind), False)
                       for kind in drop]
        return statements

    async def actions(self, table_id: int, after: int = 0) -> list[ActionRow]:
        rows = await self._rows("SELECT seq, seat, choice, prompt_id, salt FROM actions WHERE table_id = ?"
                                " AND seq > ? ORDER BY seq", (table_id, after))
        return [ActionRow(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def recent_log(self, table_id: int, limit: int) -> list[tuple[str, dict[str, Any]]]:
        rows = await self._rows("SELECT key, args FROM log WHERE table_id = ? ORDER BY seq DESC, line DESC"
                                " LIMIT ?", (table_id, limit))
        return [(r[0], json.loads(r[1])) for r in reversed(rows)]

    async def log_after(self, table_id: int, seq: int) -> list[tuple[str, dict[str, Any]]]:
        """Public log lines of the actions after ``seq``, in order."""
        rows = await self._rows("SELECT key, args FROM log WHERE table_id = ? AND seq > ? ORDER BY seq, line",
                                (table_id, seq))
        return [(r[0], json.loads(r[1])) for r in rows]

    async def log_count(self, table_id: int) -> int:
        row = await self._row("SELECT COUNT(*) FROM log WHERE table_id = ?", (table_id,))
        return int(row[0]) if row else 0

    async def log_slice(self, table_id: int, offset: int, limit: int) -> list[tuple[str, dict[str, Any]]]:
        """Public log lines in order, ``limit`` of them after the first ``offset``."""
        rows = await self._rows("SELECT key, args FROM log WHERE table_id = ? ORDER BY seq, line LIMIT ? OFFSET ?",
                                (table_id, limit, offset))
        return [(r[0], json.loads(r[1])) for r in rows]

    async def save_snapshot(self, table_id: int, seq: int, state: str) -> None:
        await self._write(*_snapshot_statements(table_id, seq, state))

    async def snapshot(self, table_id: int, before: int | None = None) -> tuple[int, str] | None:
        """The latest snapshot (or the latest one taken before action ``before``)."""
        limit = before if before is not None else 2**62
        row = await self._row("SELECT seq, state FROM snapshots WHERE table_id = ? AND seq < ?"
                              " ORDER BY seq DESC LIMIT 1", (table_id, limit))
        return (row[0], row[1]) if row else None

    @a_change
    async def take_back(self, table_id: int, seq: int) -> None:
        """Undo (agreed by the table): action ``seq``, the last one, disappears with its log lines and
        any snapshot that includes it, in one transaction."""
        await self._write(("DELETE FROM actions WHERE table_id = ? AND seq >= ?", (table_id, seq), False),
                          ("DELETE FROM log WHERE table_id = ? AND seq >= ?", (table_id, seq), False),
                          ("DELETE FROM snapshots WHERE table_id = ? AND seq >= ?", (table_id, seq), False))

    # -- posted messages and drafts -------------------------------------------------------------
    async def set_message(self, table_id: int, kind: str, channel_id: int, message_id: int,
                          tag: str = "") -> None:
        await self._write((_UPSERT_MESSAGE, (table_id, kind, channel_id, message_id, tag), False))
        self._messages[(table_id, kind)] = (channel_id, message_id, tag)

    async def message(self, table_id: int, kind: str) -> tuple[int, int, str] | None:
        if (table_id, kind) not in self._messages:
            row = await self._row("SELECT channel_id, message_id, tag FROM messages WHERE table_id = ? AND kind = ?",
                                  (table_id, kind))
            self._messages[(table_id, kind)] = (row[0], row[1], row[2]) if row else None
        return self._messages[(table_id, kind)]

    async def drop_message(self, table_id: int, kind: str) -> None:
        await self._write(("DELETE FROM messages WHERE table_id = ? AND kind = ?", (table_id, kind), False))
        self._messages[(table_id, kind)] = None

    @a_change
    async def set_draft(self, table_id: int, seat: int, prompt_id: str, data: list[str | None]) -> None:
        await self._write((_UPSERT_DRAFT, (table_id, seat, prompt_id, json.dumps(data)), False))
        self._drafts[(table_id, seat)] = (prompt_id, list(data))

    async def draft(self, table_id: int, seat: int, prompt_id: str) -> list[str | None] | None:
        if (table_id, seat) not in self._drafts:
            row = await self._row("SELECT prompt_id, data FROM drafts WHERE table_id = ? AND seat = ?",
                                  (table_id, seat))
            self._drafts[(table_id, seat)] = (row[0], list(json.loads(row[1]))) if row else None
        cached = self._drafts[(table_id, seat)]
        return list(cached[1]) if cached is not None and cached[0] == prompt_id else None

    # -- clocks (issue 6) ---------------------------------------------------------------------------
    async def set_deadline(self, table_id: int, seat: int, prompt_id: str, due: float, next_at: float) -> None:
        await self._write((_UPSERT_DEADLINE, (table_id, seat, prompt_id, due, next_at), False))

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

    @a_change
    async def extend_deadline(self, table_id: int, seat: int, seconds: float) -> None:
        """One seat's deadline (and its next reminder) moves later: a player's extension."""
        await self._write(("UPDATE deadlines SET due = due + ?, next_at = next_at + ? WHERE table_id = ? AND seat = ?",
                           (seconds, seconds, table_id, seat), False))

    async def player(self, user_id: int) -> PlayerPrefs:
        row = await self._row("SELECT reminders, quiet_from, quiet_to, utc_offset, away FROM players"
                              " WHERE user_id = ?", (user_id,))
        return PlayerPrefs(bool(row[0]), row[1], row[2], row[3], bool(row[4])) if row else PlayerPrefs()

    @a_change
    async def set_player(self, user_id: int, prefs: PlayerPrefs) -> None:
        await self._write((_UPSERT_PLAYER, (user_id, int(prefs.reminders), prefs.quiet_from,
                                                       prefs.quiet_to, prefs.utc_offset, int(prefs.away)), False))

    # -- shard-owning workers (bot/shards.py) ---------------------------------------------------------
    async def claim_shards(self, shards: Sequence[int], count: int, owner: str, now: float,
                           until: float) -> list[tuple[int, int, str, float]]:
        """Take (or renew) the leases of ``shards`` for ``owner`` where they are free, expired or
        already its own; then every lease as it now stands: (shard, shard_count, owner, expires_at)."""
        await self._write((_CLAIM_SHARD, [(shard, count, owner, until, now) for shard in shards], True))
        rows = await self._rows("SELECT shard, shard_count, owner, expires_at FROM shard_leases ORDER BY shard")
        return [(int(r[0]), int(r[1]), str(r[2]), float(r[3])) for r in rows]

    async def release_shards(self, owner: str) -> None:
        await self._write(("DELETE FROM shard_leases WHERE owner = ?", (owner,), False))

    async def forward(self, shard: int, table_id: int, payload: str, now: float) -> None:
        """A click for a table of another worker's ``shard``: kept for its owner, who takes it."""
        await self._write(("INSERT INTO inbox (shard, table_id, payload, created_at) VALUES (?, ?, ?, ?)",
                           (shard, table_id, payload, now), False))

    async def take_forwarded(self, shards: Sequence[int]) -> list[tuple[int, str]]:
        """The clicks forwarded to ``shards``, oldest first, removed once read: (table id, payload).
        Only the shards' owner takes them (one process per shard), so the read and the delete need
        no lock between them; a crash between the two hands the clicks over again, and the table's
        unique interaction ids apply each once."""
        marks = ", ".join("?" * len(shards))
        rows = await self._rows(f"SELECT id, table_id, payload FROM inbox WHERE shard IN ({marks}) ORDER BY id",
                                tuple(shards))
        if rows:
            await self._write(("DELETE FROM inbox WHERE id = ?", [(r[0],) for r in rows], True))
        return [(int(r[1]), str(r[2])) for r in rows]

    async def meta(self, key: str) -> str | None:
        row = await self._row("SELECT value FROM meta WHERE key = ?", (key,))
        return str(row[0]) if row else None

    async def set_meta(self, key: str, value: str) -> None:
        await self._write((_UPSERT_META, (key, value), False))


def _upsert(table: str, columns: str, keys: str, values: str | None = None) -> str:
    """An insert that replaces the row with the same ``keys``: SQLite (3.24+) and PostgreSQL spell it alike."""
    names = [c.strip() for c in columns.split(",")]
    updates = ", ".join(f"{c} = excluded.{c}" for c in names if c not in {k.strip() for k in keys.split(",")})
    values = values or ", ".join("?" * len(names))
    return f"INSERT INTO {table} ({columns}) VALUES ({values}) ON CONFLICT ({keys}) DO UPDATE SET {updates}"


_UPSERT_RESULT = _upsert("results", "table_id, seat, guild_id, game, mode, seats, user_id, name, is_ai, level, place,"
                         " won, finished_at, missed, answer_seconds, kind, side, rival, margin", "table_id, seat")
_UPSERT_SNAPSHOT = _upsert("snapshots", "table_id, seq, state", "table_id, seq")
_UPSERT_MESSAGE = _upsert("messages", "table_id, kind, channel_id, message_id, tag", "table_id, kind")
_UPSERT_DRAFT = _upsert("drafts", "table_id, seat, prompt_id, data", "table_id, seat")
_UPSERT_DEADLINE = _upsert("deadlines", "table_id, seat, prompt_id, due, reminded, next_at", "table_id, seat",
                           "?, ?, ?, ?, 0, ?")
_UPSERT_PLAYER = _upsert("players", "user_id, reminders, quiet_from, quiet_to, utc_offset, away", "user_id")
_UPSERT_META = _upsert("meta", "key, value", "key")
_CLAIM_SHARD = (_upsert("shard_leases", "shard, shard_count, owner, expires_at", "shard")
                + " WHERE shard_leases.owner = excluded.owner OR shard_leases.expires_at < ?")
_TABLE_COLUMNS = "id, guild_id, channel_id, game, options, seed, status, host_id, lang, settings"


def _snapshot_statements(table_id: int, seq: int, state: str) -> list[Statement]:
    """The table's snapshot at ``seq``, replacing the older ones."""
    return [(_UPSERT_SNAPSHOT, (table_id, seq, state), False),
            ("DELETE FROM snapshots WHERE table_id = ? AND seq < ?", (table_id, seq), False)]


def _table_row(r: Any) -> TableRow:
    return TableRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5], r[6], r[7], r[8], json.loads(r[9]))

