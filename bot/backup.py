"""``python -m bot backup FILE``: a consistent copy of the SQLite store, safe while the bot runs.

SQLite's online backup API copies the database page by page under its own locking, so a bot writing
at the same time (WAL mode) never yields a torn copy. PostgreSQL has its own tool: ``pg_dump``.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

from bot.config import Settings

PG_HINT = """MUSTER_DB is a PostgreSQL database: back it up with PostgreSQL's own tool, e.g.
  pg_dump --format=custom --file={file} "{url}"
and restore with:  pg_restore --clean --dbname "<url>" {file}
"""


def backup_sqlite(source: str, target: Path) -> None:
    """Copy ``source`` into ``target`` (replaced if present) with the online backup API."""
    if not Path(source).exists():
        raise FileNotFoundError(source)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bot backup FILE", file=sys.stderr)
        return 2
    target = Path(argv[0])
    db = Settings.from_env().db
    if db.startswith(("postgresql://", "postgres://")):
        print(PG_HINT.format(file=target, url=db), file=sys.stderr)
        return 2
    if target.resolve() == Path(db).resolve():
        print("the backup must not overwrite the database itself", file=sys.stderr)
        return 2
    try:
        backup_sqlite(db, target)
    except (FileNotFoundError, sqlite3.Error) as error:
        print(f"backup failed: {error}", file=sys.stderr)
        return 1
    print(f"backed up {db} to {target}")
    return 0
