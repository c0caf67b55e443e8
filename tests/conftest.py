"""Fixtures every bot-floor test folder shares: a bot on a fresh database inside a simcord world with
one guild, one channel and three members (alice, bob, eve)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from bot.app import create_bot

# The toy game (tests/toy) registers through the public registries of every floor before any test
# module is collected, as a bundled game would: the audits, the fuzz suite and the slash command's
# generated choices pick it up. Appended, so tests/ never shadows a project package.
sys.path.append(str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent / "engine"))  # the audit's support registry (``games``)
import toy

toy.install()


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
