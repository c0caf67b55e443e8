"""Every earlier schema version of the store upgrades to the current one, keeping its data."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.store import MIGRATIONS, Store


def _old_database(path: Path, version: int) -> None:
    """A database as a bot of schema ``version`` left it, with a game in progress when it can hold one."""
    with sqlite3.connect(path) as conn:
        conn.executescript("CREATE TABLE schema_version (version INTEGER NOT NULL);")
        for number, script in enumerate(MIGRATIONS[:version], start=1):
            conn.executescript(f"BEGIN; {script} INSERT INTO schema_version VALUES ({number}); COMMIT;")
        if version >= 1:
            conn.execute("INSERT INTO tables (id, guild_id, channel_id, game, options, seed, status, host_id, lang,"
                         " created_at) VALUES (1, 5, 6, 'akhedena', ?, 42, 'active', 7, 'es', 0)",
                         (json.dumps({"mode": "standard"}),))
            conn.execute("INSERT INTO seats (table_id, seat, user_id, name, is_ai) VALUES (1, 0, 7, 'ana', 0)")
            conn.execute("INSERT INTO actions (table_id, seq, seat, choice, prompt_id, interaction_id, created_at)"
                         " VALUES (1, 1, 0, 'draft_hero:henry', 'draft_hero0', 99, 0)")


@pytest.mark.parametrize("version", range(len(MIGRATIONS) + 1))  # the newest too: reopened as is
async def test_an_old_database_upgrades_and_keeps_its_games(tmp_path: Path, version: int) -> None:
    path = tmp_path / "old.db"
    _old_database(path, version)
    store = Store(path)
    await store.open()
    try:
        async with store.db.execute("SELECT MAX(version) FROM schema_version") as cur:
            assert (await cur.fetchone())[0] == len(MIGRATIONS)
        async with store.db.execute("PRAGMA integrity_check") as cur:
            assert (await cur.fetchone())[0] == "ok"
        if version >= 1:
            [row] = await store.open_tables()
            # Tables opened before the options existed keep the rules they were played with (3).
            kept = {"rounds": "on", "after_battle": "move_on"} if version < 3 else {}
            assert (row.game, row.options, row.lang) == ("akhedena", {"mode": "standard", **kept}, "es")
            assert [a.choice for a in await store.actions(1)] == ["draft_hero:henry"]
            assert await store.seen_interaction(99)
    finally:
        await store.close()


async def test_opening_twice_runs_no_migration_again(tmp_path: Path) -> None:
    for _ in range(2):
        store = Store(tmp_path / "db.sqlite")
        await store.open()
        async with store.db.execute("SELECT COUNT(*) FROM schema_version") as cur:
            assert (await cur.fetchone())[0] == len(MIGRATIONS)
        await store.close()
