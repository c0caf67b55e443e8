"""The store suite's two backends: a ``Backend`` is one fresh database (a SQLite file or a database on
the session's throwaway PostgreSQL server) with raw access for what the interface does not offer
(building an old schema, reading columns the bot never reads back)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

import asyncpg

from bot.backends import open_store
from bot.store import MIGRATIONS, Store
from bot.store_pg import pg_sql

BACKENDS = ("sqlite", "postgresql")


@dataclass
class Backend:
    name: str
    location: str  # what MUSTER_DB would say: a file path or a postgresql:// URL
    integrity_error: type[Exception]  # what the database raises on a duplicate key

    def store(self) -> Store:
        return open_store(self.location)

    async def execute(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Statements (``?`` placeholders, scripts when without parameters) in one transaction."""
        if self.name == "sqlite":
            with sqlite3.connect(self.location) as conn:
                for sql, params in statements:
                    conn.execute(sql, params) if params else conn.executescript(sql)
            return
        conn = await asyncpg.connect(self.location)
        try:
            async with conn.transaction():
                for sql, params in statements:
                    await conn.execute(pg_sql(sql), *params)
        finally:
            await conn.close()

    async def fetch(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        if self.name == "sqlite":
            with sqlite3.connect(self.location) as conn:
                return [tuple(r) for r in conn.execute(sql, params).fetchall()]
        conn = await asyncpg.connect(self.location)
        try:
            return [tuple(r) for r in await conn.fetch(pg_sql(sql), *params)]
        finally:
            await conn.close()

    async def migrate_to(self, version: int) -> None:
        """The schema as a bot of ``version`` left it (0: an empty database with the version table)."""
        statements: list[tuple[str, tuple[Any, ...]]] = [("CREATE TABLE schema_version (version INTEGER NOT NULL)", ())]
        for number, migration in enumerate(MIGRATIONS[:version], start=1):
            statements += [(migration.script(self.name), ()), (f"INSERT INTO schema_version VALUES ({number})", ())]
        await self.execute(statements)


def sqlite_backend(path: str) -> Backend:
    return Backend("sqlite", path, sqlite3.IntegrityError)


def postgresql_backend(url: str) -> Backend:
    return Backend("postgresql", url, asyncpg.UniqueViolationError)
