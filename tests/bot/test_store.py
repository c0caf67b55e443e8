"""The store and table loading without Discord, on both backends (SQLite and PostgreSQL): migrations,
snapshots + replay, atomic appends, every method of the interface."""

from __future__ import annotations

import pytest
from store_backends import Backend

from bot.store import MIGRATIONS, ActionRow, Deadline, PlayerPrefs, ResultRow, SeatRow
from bot.tables import SNAPSHOT_EVERY, TableManager
from engine.ai import choose


async def _played_table(backend: Backend, choices: int) -> tuple[int, str, int]:
    store = backend.store()
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


async def test_reload_from_snapshot_and_log_equals_live_state(backend: Backend) -> None:
    table_id, live, seq = await _played_table(backend, SNAPSHOT_EVERY + 17)
    store = backend.store()
    await store.open()
    snapshot = await store.snapshot(table_id)
    assert snapshot is not None and 0 < snapshot[0] <= seq
    manager = TableManager(store)
    assert await manager.load_all() == 1
    table = manager.by_id[table_id]
    assert table.seq == seq
    assert table.game.dumps(table.state) == live
    await store.close()


async def test_migrations_run_once_and_reopen_cleanly(backend: Backend) -> None:
    for _ in range(2):
        store = backend.store()
        await store.open()
        try:
            versions = await store.schema_versions()
        finally:
            await store.close()
        assert versions == list(range(1, len(MIGRATIONS) + 1))


async def test_an_interaction_id_is_stored_once(backend: Backend) -> None:
    store = backend.store()
    await store.open()
    action = ActionRow(1, 0, "place:1", "place0", "")
    await store.append(1, [(action, 55)], [(1, 0, "k", {})], 0.0)
    with pytest.raises(backend.integrity_error):
        await store.append(1, [(ActionRow(2, 0, "place:2", "place1", ""), 55)], [(2, 0, "k", {})], 0.0)
    assert [a.seq for a in await store.actions(1)] == [1]
    assert await store.recent_log(1, 10) == [("k", {})]  # the failed append left no log line either
    await store.close()


async def test_concurrent_appends_on_many_tables_are_all_stored_despite_a_failing_one(backend: Backend) -> None:
    """One connection serves every table: a failing transaction's rollback must not undo another
    table's acknowledged append, and no commit may publish half of another's."""
    import asyncio
    import contextlib

    store = backend.store()
    await store.open()
    ids = [await store.create_table(None, 100 + i, "akhedena", {}, 1, None, "en", 0.0) for i in range(30)]
    acknowledged: list[tuple[int, int]] = []

    async def play(table_id: int) -> None:
        for seq in range(1, 16):
            await store.append(table_id, [(ActionRow(seq, 0, "x:y", "p", ""), None)],
                               [(seq, 0, "k", {"n": seq}), (seq, 1, "k", {})], 0.0)
            acknowledged.append((table_id, seq))
            if seq % 3 == 0:  # a duplicate seq: refused by the database, rolled back
                with contextlib.suppress(backend.integrity_error):
                    await store.append(table_id, [(ActionRow(seq, 0, "x:y", "p", ""), None)],
                                       [(seq, 5, "k", {})], 0.0)

    await asyncio.gather(*(play(t) for t in ids))
    stored = {(t, a.seq) for t in ids for a in await store.actions(t)}
    await store.close()
    assert len(acknowledged) == 30 * 15 and set(acknowledged) == stored


SNOWFLAKE = 1_234_567_890_123_456_789  # Discord ids need 64 bits (PostgreSQL's INTEGER has 32)


async def test_tables_seats_and_results_round_trip(backend: Backend) -> None:
    store = backend.store()
    await store.open()
    try:
        first = await store.create_table(SNOWFLAKE, SNOWFLAKE + 1, "xidit", {"length": "short"}, 2**47, SNOWFLAKE,
                                         "ru", 1.5, {"clock": 3600})
        await store.set_status(first, "over")  # one open table per channel
        second = await store.create_table(None, SNOWFLAKE + 1, "akhedena", {}, 3, None, "en", 2.0)
        assert second > first
        await store.set_settings(second, {"paused_at": 9.5})
        row = await store.table(first)
        assert row is not None
        assert (row.guild_id, row.channel_id, row.options, row.seed, row.status, row.host_id, row.lang,
                row.settings) == (SNOWFLAKE, SNOWFLAKE + 1, {"length": "short"}, 2**47, "over", SNOWFLAKE, "ru",
                                  {"clock": 3600})
        assert [t.id for t in await store.open_tables()] == [second]
        last = await store.last_table(SNOWFLAKE + 1)
        assert last is not None and last.id == second and last.settings == {"paused_at": 9.5}
        assert await store.table(999) is None and await store.last_table(1) is None
        seats = [SeatRow(0, SNOWFLAKE, "ana", False, "es", True), SeatRow(1, None, "AI", True, level="hard", missed=2)]
        await store.save_seats(second, seats)
        await store.save_seats(second, seats)  # saving again replaces, never duplicates
        assert await store.seats(second) == seats
        results = [ResultRow(second, s, None, "akhedena", "standard", 2, u, n, ai, "normal", s + 1, s == 0, 7.0)
                   for s, u, n, ai in ((0, SNOWFLAKE, "ana", False), (1, None, "AI", True))]
        await store.finish(second, results)
        await store.finish(second, results)  # a repeated finish replaces the rows
        assert (await store.table(second) or row).status == "over"
        assert await store.results(None) == results  # NULL guild: "IS" matches it on both backends
        assert await store.results(None, "akhedena", SNOWFLAKE) == results[:1]
        assert await store.results(SNOWFLAKE) == [] and await store.results(None, "xidit") == []
    finally:
        await store.close()


async def test_a_players_open_tables_in_every_server(backend: Backend) -> None:
    """/games asks for the open tables where a member has a seat, whatever the server (or none)."""
    store = backend.store()
    await store.open()
    try:
        made = [await store.create_table(g, SNOWFLAKE + i, "xidit", {}, 1, None, "en", 1.0)
                for i, g in enumerate((SNOWFLAKE, None, SNOWFLAKE + 5, SNOWFLAKE))]
        for table_id in made:
            await store.save_seats(table_id, [SeatRow(0, SNOWFLAKE, "ana", False), SeatRow(1, None, "AI", True)])
        await store.save_seats(made[3], [SeatRow(0, SNOWFLAKE + 9, "bo", False)])  # not ana's
        await store.set_status(made[1], "active")
        await store.set_status(made[2], "over")
        assert [t.id for t in await store.tables_of(SNOWFLAKE)] == made[:2]
        assert [t.id for t in await store.tables_of(SNOWFLAKE + 9)] == made[3:]
        assert await store.tables_of(42) == []
    finally:
        await store.close()


async def test_answer_times_and_missed_deadlines_reach_the_results(backend: Backend) -> None:
    """An answer's time is measured from the table's previous action; an answer nobody clicked (the
    clock's) is a missed deadline. Both are kept per seat of a finished game for /stats."""
    store = backend.store()
    await store.open()
    try:
        table = await store.create_table(SNOWFLAKE, 5, "xidit", {}, 1, None, "en", 1.0)
        for seq, seat, at, clicked in ((1, 0, 100.0, 11), (2, 1, 130.0, None), (3, 0, 190.0, None),
                                       (4, 0, 200.0, 12)):
            await store.append(table, [(ActionRow(seq, seat, "c", "p", "s"), clicked)], [], at)
        assert await store.answer_times(table) == [(1, None), (0, None), (0, 10.0)]
        rows = [ResultRow(table, 0, SNOWFLAKE, "xidit", "short", 2, 7, "ana", False, "normal", 1, True, 9.0, 1, 10.0)]
        await store.finish(table, rows)
        assert await store.results(SNOWFLAKE) == rows
    finally:
        await store.close()


async def test_log_snapshots_and_take_back(backend: Backend) -> None:
    store = backend.store()
    await store.open()
    try:
        for seq in range(1, 6):
            await store.append(1, [(ActionRow(seq, seq % 2, f"c:{seq}", f"p{seq}", "s"), SNOWFLAKE + seq)],
                               [(seq, 0, "k", {"n": seq}), (seq, 1, "l", {})], float(seq))
        assert await store.seen_interaction(SNOWFLAKE + 3) and not await store.seen_interaction(3)
        assert [a.seq for a in await store.actions(1, after=3)] == [4, 5]
        assert await store.log_count(1) == 10
        assert await store.recent_log(1, 3) == [("l", {}), ("k", {"n": 5}), ("l", {})]
        assert await store.log_slice(1, 2, 2) == [("k", {"n": 2}), ("l", {})]
        await store.save_snapshot(1, 2, "two")
        await store.save_snapshot(1, 4, "four")  # older snapshots go
        await store.save_snapshot(1, 4, "four again")  # the same seq is replaced
        assert await store.snapshot(1) == (4, "four again")
        assert await store.snapshot(1, before=4) is None
        await store.take_back(1, 4)
        assert [a.seq for a in await store.actions(1)] == [1, 2, 3]
        assert await store.log_count(1) == 6 and await store.snapshot(1) is None
        await store.append(1, [], [], 0.0)  # nothing to store is still one (empty) transaction
    finally:
        await store.close()


async def test_messages_drafts_deadlines_players_and_meta(backend: Backend) -> None:
    store = backend.store()
    await store.open()
    try:
        await store.set_message(1, "board", SNOWFLAKE, SNOWFLAKE + 9)
        await store.set_message(1, "board", SNOWFLAKE, SNOWFLAKE + 10, "tag")
        assert await store.message(1, "board") == (SNOWFLAKE, SNOWFLAKE + 10, "tag")
        await store.drop_message(1, "board")
        assert await store.message(1, "board") is None
        await store.set_draft(1, 0, "p1", ["a", None])
        await store.set_draft(1, 0, "p2", ["b"])
        assert await store.draft(1, 0, "p1") is None and await store.draft(1, 0, "p2") == ["b"]
        await store.set_deadline(1, 0, "p", 100.0, 50.0)
        await store.set_deadline(2, 1, "q", 200.0, 150.0)
        await store.set_reminded(1, 0, 2, 90.0)
        await store.shift_deadlines(10.0)
        await store.shift_deadlines(5.0, table_id=2)
        assert await store.deadlines() == [Deadline(1, 0, "p", 110.0, 2, 100.0), Deadline(2, 1, "q", 215.0, 0, 165.0)]
        await store.extend_deadline(2, 1, 60.0)  # one seat's extension, the other deadline stays
        assert await store.deadlines() == [Deadline(1, 0, "p", 110.0, 2, 100.0), Deadline(2, 1, "q", 275.0, 0, 225.0)]
        await store.set_deadline(1, 0, "p2", 300.0, 250.0)  # a new decision starts its reminders afresh
        assert await store.deadlines(1) == [Deadline(1, 0, "p2", 300.0, 0, 250.0)]
        await store.drop_deadline(1, 0)
        await store.drop_deadline(2)
        assert await store.deadlines() == []
        assert await store.player(SNOWFLAKE) == PlayerPrefs()
        prefs = PlayerPrefs(False, 22, 7, -300)
        await store.set_player(SNOWFLAKE, prefs)
        await store.set_player(SNOWFLAKE, prefs)
        assert await store.player(SNOWFLAKE) == prefs
        away = PlayerPrefs(False, 22, 7, -300, away=True)
        await store.set_player(SNOWFLAKE, away)
        assert await store.player(SNOWFLAKE) == away
        assert await store.meta("heartbeat") is None
        await store.set_meta("heartbeat", "1")
        await store.set_meta("heartbeat", "2")
        assert await store.meta("heartbeat") == "2"
        assert await store.integrity_ok()
    finally:
        await store.close()


def test_muster_db_chooses_the_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    """A path is SQLite (the default); a postgresql:// URL is PostgreSQL, kept whole (as a Path its
    double slash would collapse)."""
    from bot.backends import open_store
    from bot.config import Settings
    from bot.store_pg import PostgresStore
    from bot.store_sqlite import SqliteStore

    url = "postgresql://muster:secret@db.internal:5432/muster"
    monkeypatch.setenv("MUSTER_DB", url)
    store = open_store(Settings.from_env().db)
    assert isinstance(store, PostgresStore) and store.dsn == url
    monkeypatch.delenv("MUSTER_DB")
    assert Settings.from_env().db == "muster.db"
    assert isinstance(open_store("muster.db"), SqliteStore)
    assert isinstance(open_store("postgres://u@h/d"), PostgresStore)
