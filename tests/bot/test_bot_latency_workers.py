"""The multi-worker mode of bench/bot_latency.py in the default suite, small: two worker processes,
each a whole bot on its own simcord with its share of the tables, on one PostgreSQL database, every
round's clicks in flight in both at once. It asserts that the figures are whole (every worker's
samples merged, every click answered, no bot error), never how fast: the figures come from the bench."""

from __future__ import annotations

import sys
from pathlib import Path

from pgserver import PgServer

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from bot_latency import measure_workers


def test_two_workers_share_the_tables_and_answer_every_click(pg_server: PgServer) -> None:
    figures = measure_workers(2, 5, 1, pg_server.new_database(), "test", "handler")
    handler = next(f for f in figures if f["figure"] == "bot_action_vs_ping")
    ack = next(f for f in figures if f["figure"] == "bot_click_ack")
    assert handler["workers"] == ack["workers"] == 2
    assert handler["tables_per_worker"] == [3, 2]
    assert handler["action_ms"]["n"] == 2 and handler["ping_ms"]["n"] == 2  # one of each per worker
    assert ack["unanswered"] == 0 and ack["clicks"] == ack["ack_ms"]["n"] >= 5, ack
    assert handler["bot_errors"] == 0, handler["bot_error_types"]
