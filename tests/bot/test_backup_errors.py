"""A missing or unreadable database gets a clear message naming the file and what to check, in the
operator's language (LANG), for ``python -m bot backup`` and for ``python -m bot`` at start —
never a bare "backup failed: muster.db" or a traceback."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.i18n import t


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.setattr("bot.config.load_dotenv", lambda: None)
    for key in ("MUSTER_DATA_DIR", "LC_ALL", "LC_MESSAGES", "MUSTER_METRICS_PORT"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    return monkeypatch


def test_backup_with_no_database_says_where_it_looked(env: pytest.MonkeyPatch, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "muster.db"
    env.setenv("MUSTER_DB", str(db))
    assert main(["backup", str(tmp_path / "copy.db")]) == 1
    err = capsys.readouterr().err
    assert err.strip() == t("en", "backup.no_database", path=str(db)).strip()
    assert str(db) in err and "MUSTER_DB" in err and not (tmp_path / "copy.db").exists()


def test_backup_of_a_file_that_is_no_database(env: pytest.MonkeyPatch, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "muster.db"
    db.write_text("not a database at all" * 100)
    env.setenv("MUSTER_DB", str(db))
    assert main(["backup", str(tmp_path / "copy.db")]) == 1
    assert capsys.readouterr().err.strip() == t("en", "store.not_a_database", path=str(db)).strip()


def test_backup_messages_follow_the_operators_language(env: pytest.MonkeyPatch, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "muster.db"
    env.setenv("MUSTER_DB", str(db))
    env.setenv("LANG", "ru_RU.UTF-8")
    assert main(["backup", str(tmp_path / "copy.db")]) == 1
    err = capsys.readouterr().err
    assert err.strip() == t("ru", "backup.no_database", path=str(db)).strip() != t("en", "backup.no_database",
                                                                                    path=str(db)).strip()


def test_backup_into_a_missing_folder_names_the_target(env: pytest.MonkeyPatch, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "muster.db"
    sqlite3.connect(db).execute("CREATE TABLE x (y)").connection.close()
    env.setenv("MUSTER_DB", str(db))
    target = tmp_path / "nowhere" / "copy.db"
    assert main(["backup", str(target)]) == 1
    assert capsys.readouterr().err.strip() == t("en", "backup.cannot_write", path=str(target)).strip()


def test_backup_success_says_what_it_copied(env: pytest.MonkeyPatch, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "muster.db"
    sqlite3.connect(db).execute("CREATE TABLE x (y)").connection.close()
    env.setenv("MUSTER_DB", str(db))
    assert main(["backup", str(tmp_path / "copy.db")]) == 0
    assert capsys.readouterr().out.strip() == t("en", "backup.done", path=str(db),
                                                target=str(tmp_path / "copy.db")).strip()


@pytest.mark.parametrize("case", ["no_folder", "not_a_database"])
def test_start_refuses_an_unusable_database_before_connecting(env: pytest.MonkeyPatch, tmp_path: Path, capsys,  # type: ignore[no-untyped-def]
                                                              case: str) -> None:
    """Checked before the gateway login: the operator reads why at once, with the path."""
    db = tmp_path / "missing" / "muster.db" if case == "no_folder" else tmp_path / "muster.db"
    if case == "not_a_database":
        db.write_text("garbage" * 200)
    env.setenv("MUSTER_DB", str(db))
    env.setenv("DISCORD_TOKEN", "x")
    env.setattr("bot.app.create_bot", lambda *a, **k: pytest.fail("must not start"))
    assert main([]) == 1
    key = "store.no_folder" if case == "no_folder" else "store.not_a_database"
    args = {"path": str(db), "folder": str(db.parent)}
    assert capsys.readouterr().err.strip() == t("en", key, **args).strip()


async def test_the_store_itself_reports_an_unusable_file(tmp_path: Path) -> None:
    from bot.store_sqlite import SqliteStore, StoreOpenError

    db = tmp_path / "muster.db"
    db.write_text("garbage" * 200)
    store = SqliteStore(db)
    with pytest.raises(StoreOpenError) as caught:
        await store.open()
    assert caught.value.key == "store.not_a_database" and store._db is None
