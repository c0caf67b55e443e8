"""Which store ``MUSTER_DB`` names: the one place that knows both backends (neither imports it)."""

from __future__ import annotations

from pathlib import Path

from bot.store import Store


def open_store(location: Path | str) -> Store:
    """The store ``MUSTER_DB`` names, not yet opened: a ``postgresql://`` (or ``postgres://``) URL is
    PostgreSQL, anything else a SQLite file path. PostgreSQL's driver is imported only when asked for
    (it is an optional dependency)."""
    text = str(location)
    if text.startswith(("postgresql://", "postgres://")):
        from bot.store_pg import PostgresStore

        return PostgresStore(text)
    from bot.store_sqlite import SqliteStore

    return SqliteStore(location)
