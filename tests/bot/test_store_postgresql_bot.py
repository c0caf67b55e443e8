"""The real bot on PostgreSQL (``MUSTER_DB=postgresql://…``) in a simcord world: a Xidit table played
through its first year on DM panels, the bot restarted, the table carries on into year three — the
same test as on SQLite (test_xidit_table.py), with the bot's database on the session's server."""

from __future__ import annotations

import pytest
from pgserver import PgServer
from test_xidit_table import test_year_one_through_dm_panels_then_restart_and_year_two as _xidit_year


@pytest.fixture
def db_path(pg_server: PgServer) -> str:
    return pg_server.new_database()


test_xidit_year_one_restart_and_year_two_on_postgresql = _xidit_year
