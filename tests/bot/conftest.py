from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from bot.app import create_bot  # noqa: E402


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "muster.db"


@pytest.fixture
def simcord_bot(db_path: Path):  # type: ignore[no-untyped-def]
    return create_bot(db_path=db_path)
