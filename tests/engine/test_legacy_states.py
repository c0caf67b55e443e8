"""A table saved by an earlier version goes on after an upgrade: the bot keeps a snapshot of every
table waiting for a person, so the states in tests/engine/legacy/ (one per open decision of every
game and mode, captured by that version's engine — see capture.py there) must load with today's
engine, show their open decisions and play on. A rules change that alters a saved state's shape or
an open decision migrates it in the game's ``loads``."""

from __future__ import annotations

from typing import Any

import pytest
from games import legacy_rows

from engine.ai import choose
from engine.games import get_game

FOLLOW_ON = 40  # decisions played after loading: the saved decision and what it leads to


def _rows() -> list[dict[str, Any]]:
    return legacy_rows("states-v*.jsonl.gz")


@pytest.mark.parametrize("row", _rows(), ids=lambda r: f"{r['file'].split('.')[0]}-{r['case']}-{r['kind']}")
def test_a_saved_state_loads_and_plays_on(row: dict[str, Any]) -> None:
    game = get_game(row["case"].split("-")[0])
    state = game.loads(row["state"])
    prompts = game.prompts(state)
    assert prompts, "a saved table waiting for a person must still have a decision open"
    for step in range(FOLLOW_ON):
        if not (prompts := game.prompts(state)):
            break
        prompt = prompts[0]
        game.apply(state, prompt.seat, choose(game, game.view(state, prompt.seat), prompt, step))
    assert game.loads(game.dumps(state)) is not None
