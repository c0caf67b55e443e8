from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

# No example database, and hypothesis's caches in the temp dir: the suite writes nothing in the repo.
set_hypothesis_home_dir(Path(tempfile.gettempdir()) / "muster-fuzz-hypothesis")
settings.register_profile("muster-fuzz", database=None, print_blob=True)
settings.load_profile("muster-fuzz")

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "bot"))  # driver.py: find panels in DMs, open a table

from bot.app import create_bot  # noqa: E402


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "muster.db"


@pytest.fixture
def simcord_bot(db_path: Path):  # type: ignore[no-untyped-def]
    return create_bot(db_path=db_path)


@pytest.fixture
async def world(simcord_env: Any) -> dict[str, Any]:
    env = simcord_env
    guild = env.create_guild("Board Games")
    channel = guild.create_text_channel("games")
    members = {n: guild.add_member(env.create_user(n)) for n in ("alice", "bob", "eve")}
    return {"env": env, "guild": guild, "channel": channel, **members}
