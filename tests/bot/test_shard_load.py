"""The short version of bench/shard_load.py in the default suite: two worker processes on one
PostgreSQL database, a dozen tables over four shards, a click in flight on every table, one worker
killed and restarted while DM clicks for its tables wait in the store. It asserts what the design
promises (nothing lost, each table written by its owner only, a restart loads only its own tables),
never how fast: the figures come from the bench."""

from __future__ import annotations

import sys
from pathlib import Path

from pgserver import PgServer

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from shard_load import drive


def test_two_workers_lose_nothing_and_keep_to_their_tables(pg_server: PgServer) -> None:
    figure = drive(pg_server.new_database(), workers=2, shards=4, tables=12, rounds=2, ttl=1.0)
    assert figure["results"] == {"applied": figure["clicks"]}, figure["results"]
    assert figure["handed_over"] >= figure["clicks_while_owner_down"] > 0
    for check in ("every_click_one_outcome", "applied_clicks_stored_once", "each_table_written_by_its_owner_only",
                  "restart_loaded_only_its_own_tables", "first_start_loaded_only_own_tables"):
        assert figure[check], (check, figure)
