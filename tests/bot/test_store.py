"""The store and table loading without Discord: migrations, snapshots + replay, atomic appends."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import MIGRATIONS, ActionRow, Store
from bot.tables import SNAPSHOT_EVERY, TableManager
from engine.ai import choose


async def _played_table(path: Path, choices: int) -> tuple[int, str, int]:
    store = Store(path)
    await store.open()
    manager = TableManager(store)
    table = await manager.create(1, 99, "xidit", {"length": "short"}, 1, "en")
    await table.join(7, "Human", "en")
    for _ in range(3):
        await table.add_ai()
    await table.start()
    step = 0
    while table.seq < choices and table.row.status == "active":
        prompt = next(p for p in table.prompts() if p.seat == 0)
        await table.submit(0, prompt.id, choose(table.game, table.game.view(table.state, 0), prompt, step))
        step += 1
    result = (table.id, table.game.dumps(table.state), table.seq)
    await store.close()
    return result


async def test_reload_from_snapshot_and_log_equals_live_state(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    table_id, live, seq = await _played_table(path, SNAPSHOT_EVERY + 17)
    store = Store(path)
    await store.open()
    snapshot = await store.snapshot(table_id)
    assert snapshot is not None and 0 < snapshot[0] <= seq
    manager = TableManager(store)
    assert await manager.load_all() == 1
    table = manager.by_id[table_id]
    assert table.seq == seq
    assert table.game.dumps(table.state) == live
    await store.close()


async def test_migrations_run_once_and_reopen_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    for _ in range(2):
        store = Store(path)
        await store.open()
        try:
            async with store.db.execute("SELECT COUNT(*), MAX(version) FROM schema_version") as cur:
                row = await cur.fetchone()
        finally:
            await store.close()
        assert row == (len(MIGRATIONS), len(MIGRATIONS))


async def test_an_interaction_id_is_stored_once(tmp_path: Path) -> None:
    import sqlite3

    store = Store(tmp_path / "m.db")
    await store.open()
    action = ActionRow(1, 0, "place:1", "place0", "")
    await store.append(1, [(action, 55)], [(1, 0, "k", {})], 0.0)
    with pytest.raises(sqlite3.IntegrityError):
        await store.append(1, [(ActionRow(2, 0, "place:2", "place1", ""), 55)], [(2, 0, "k", {})], 0.0)
    assert [a.seq for a in await store.actions(1)] == [1]
    assert await store.recent_log(1, 10) == [("k", {})]  # the failed append left no log line either
    await store.close()


async def test_concurrent_appends_on_many_tables_are_all_stored_despite_a_failing_one(tmp_path: Path) -> None:
    """One connection serves every table: a failing transaction's rollback must not undo another
    table's acknowledged append, and no commit may publish half of another's."""
    import asyncio
    import contextlib
    import sqlite3

    store = Store(tmp_path / "c.db")
    await store.open()
    ids = [await store.create_table(None, 100 + i, "akhedena", {}, 1, None, "en", 0.0) for i in range(30)]
    acknowledged: list[tuple[int, int]] = []

    async def play(table_id: int) -> None:
        for seq in range(1, 16):
            await store.append(table_id, [(ActionRow(seq, 0, "x:y", "p", ""), None)],
                               [(seq, 0, "k", {"n": seq}), (seq, 1, "k", {})], 0.0)
            acknowledged.append((table_id, seq))
            if seq % 3 == 0:  # a duplicate seq: refused by the database, rolled back
                with contextlib.suppress(sqlite3.IntegrityError):
                    await store.append(table_id, [(ActionRow(seq, 0, "x:y", "p", ""), None)],
                                       [(seq, 5, "k", {})], 0.0)

    await asyncio.gather(*(play(t) for t in ids))
    stored = {(t, a.seq) for t in ids for a in await store.actions(t)}
    await store.close()
    assert len(acknowledged) == 30 * 15 and set(acknowledged) == stored
