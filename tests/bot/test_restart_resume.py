"""A crash right after a human's choice is stored, before the AI seats answer it: after the restart
the AI seats play on by themselves, and the human gets the next panel."""

from __future__ import annotations

from typing import Any

import pytest
from driver import current_panel, open_table, table_of

from bot.app import create_bot
from bot.tables import Table
from engine.core.prompt import Choice

pytestmark = pytest.mark.simcord(settle_timeout=5)  # a ceiling, not a wait: a loaded CI machine needs room


async def test_ai_turns_pending_at_a_crash_are_played_after_the_restart(world: dict[str, Any], db_path: Any,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    env = world["env"]
    lobby = await open_table(world, ai=1, game="akhedena", humans=("alice",))
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    alice = table.seat_of(world["alice"].id)

    async def crashed(self: Table, steps: list[Any], interaction_id: int | None = None,
                      closing: tuple[str, ...] = ()) -> list[Any]:
        # The human's choice is stored and the process dies before any AI seat moves (today a long
        # run of AI turns is stored in chunks, so such a crash can happen between two chunks).
        await self._persist(steps, interaction_id, closing)
        return steps

    monkeypatch.setattr(Table, "_run_ai", crashed)
    while table.open_prompt(alice) is not None:  # alice sets up; then it is the AI's turn
        prompt = table.open_prompt(alice)
        await table.submit(alice, prompt.id, Choice(prompt.kind, (prompt.options[0].id,)))
    assert table.prompts() and all(p.seat != alice for p in table.prompts())
    monkeypatch.undo()
    seq = table.seq
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.seq > seq  # the AI seat moved on its own
    assert table.open_prompt(alice) is not None and current_panel(world["alice"]) is not None
    assert not env.errors
