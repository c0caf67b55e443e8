"""An AI seat that searches is told every seat's AI level as the table shows it beside the names (a
person: none), so it can expect a rival AI to play at its level (engine/ai/greatwall_search.py
``Search.players``). Nothing else about the other seats reaches it but its own view."""

from __future__ import annotations

from typing import Any

import pytest
from driver import open_table, table_of

import bot.tables as tables_module
from engine.ai import choose
from engine.core.prompt import Choice

pytestmark = pytest.mark.simcord(settle_timeout=5)


async def test_the_ai_seats_answer_knowing_every_seats_shown_level(world: dict[str, Any],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []

    def recording(*args: Any, **kwargs: Any) -> Choice:
        seen.append(kwargs.get("levels"))
        return choose(*args, **kwargs)

    monkeypatch.setattr(tables_module, "choose", recording)
    lobby = await open_table(world, ai=0, game="xidit", humans=("alice",), length="short")
    for level in ("hard", "easy", "normal"):
        await world["alice"].slash(world["channel"], "game addai", level=level)
    await world["alice"].click(lobby, label="Start")
    table = table_of(world["env"])
    shown = [None if not s.is_ai else s.level for s in table.seats]
    assert sorted(str(level) for level in shown) == ["None", "easy", "hard", "normal"]
    assert seen and all(levels == shown for levels in seen)
