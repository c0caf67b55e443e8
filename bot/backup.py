"""``python -m bot backup FILE``: a consistent copy of the SQLite store, safe while the bot runs.

SQLite's online backup API (through Python's sqlite3 module: the image needs no ``sqlite3`` program)
copies the database page by page under its own locking, so a bot writing at the same time (WAL mode)
never yields a torn copy. PostgreSQL has its own tool: ``pg_dump``. Messages are catalog keys in the
operator's language (bot.config.cli_lang).
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

from bot.config import Settings, cli_lang, is_postgresql
from bot.i18n import t
from bot.store_sqlite import StoreOpenError, open_error


class BackupError(Exception):
    def __init__(self, key: str, **args: str) -> None:
        super().__init__(key)
        self.key, self.args_ = key, args


def backup_sqlite(source: str, target: Path) -> None:
    """Copy ``source`` into ``target`` (replaced if present) with the online backup API."""
    if not Path(source).is_file():
        raise BackupError("backup.no_database", path=source)
    try:
        src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        src.execute("PRAGMA schema_version").fetchone()
    except sqlite3.Error as error:
        raise open_error(source, error) from error
    try:
        try:
            dst = sqlite3.connect(target)
        except sqlite3.Error as error:
            raise BackupError("backup.cannot_write", path=str(target)) from error
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()


def main(argv: list[str]) -> int:
    lang = cli_lang()
    if len(argv) != 1:
        print(t(lang, "backup.usage"), file=sys.stderr)
        return 2
    target = Path(argv[0])
    db = Settings.from_env().db
    if is_postgresql(db):
        print(t(lang, "backup.postgresql", file=str(target), url=db), file=sys.stderr)
        return 2
    if target.resolve() == Path(db).resolve():
        print(t(lang, "backup.same_file", path=db), file=sys.stderr)
        return 2
    try:
        backup_sqlite(db, target)
    except (BackupError, StoreOpenError) as error:
        print(t(lang, error.key, **error.args_), file=sys.stderr)
        return 1
    except sqlite3.Error as error:
        print(t(lang, "backup.failed", path=db, reason=str(error)), file=sys.stderr)
        return 1
    print(t(lang, "backup.done", path=db, target=str(target)))
    return 0
