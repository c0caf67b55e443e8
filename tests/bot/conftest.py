from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


# -- the API contract (tests/bot/contract.py) -------------------------------------------------------
# A module (or test) marked ``contract`` has every request the bot makes recorded at discord.py's
# HTTP layer and checked against Discord's documented fields and limits when the test ends.

import pytest
from contract import Recorder, install, problems


@pytest.fixture(autouse=True)
def api_contract(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    recorder = Recorder()
    marked = request.node.get_closest_marker("contract") is not None
    if marked:
        install(monkeypatch, recorder)
    yield recorder
    if marked:
        broken = [(r.kind, str(r.message.get("content") or "")[:60], found)
                  for r in recorder.messages() if (found := problems(r))]
        assert broken == [], broken
