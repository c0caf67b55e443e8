"""AI answers are shown after the same delay every time (here 30 s of simcord's virtual clock), so
how long an AI thinks cannot hint at what it holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from driver import answer, current_panel, open_table, table_of

from bot.app import MusterBot, create_bot

pytestmark = pytest.mark.simcord(settle_timeout=5)
DELAY = 30


@pytest.fixture
def simcord_bot(db_path: Path) -> MusterBot:
    return create_bot(db_path=db_path, ai_delay=DELAY)


@pytest.mark.parametrize("level", ["easy", "hard"])
async def test_the_ai_seats_answers_appear_after_the_same_delay(world: dict[str, Any], level: str) -> None:
    env, channel = world["env"], world["channel"]
    lobby = await open_table(world, ai=0, game="xidit", humans=("alice",), length="short")
    for _ in range(3):
        await world["alice"].slash(channel, "game addai", level=level)
    await world["alice"].click(lobby, label="Start")
    await env.advance_time(DELAY + 1)  # whatever the AI seats did at the start is shown by now
    table = table_of(env)
    panel = current_panel(world["alice"])
    assert panel is not None
    def shown() -> list[tuple[int, str]]:  # messages and their text: the log grows by edits
        return [(m.id, m.content or "") for m in channel.history()]

    posted, seq = shown(), table.seq
    await answer(world["alice"].user, panel)
    assert table.seq > seq + 1  # alice's placement and at least one AI answer are stored...
    await env.advance_time(DELAY - 2)
    assert shown() == posted  # ...but nothing is shown (posted or edited) before the delay
    await env.advance_time(3)
    assert shown() != posted
