"""The timeout policy "default" answers with the game's neutral option where the decision has one:
it must be legal wherever it is offered, at every decision of every registered game."""

from __future__ import annotations

import pytest
from games import Case, case_params, game_of

from engine.ai import choose, neutral_choice


@pytest.mark.parametrize("case", case_params())
def test_a_neutral_answer_is_always_legal(case: Case) -> None:
    game = game_of(case)
    state = game.setup(case.seats, dict(case.options), 5)
    offered = steps = 0
    while (prompts := game.prompts(state)) and steps < 600:
        prompt = prompts[0]
        neutral = neutral_choice(prompt)
        if neutral is not None:
            offered += 1
            game.apply(state, prompt.seat, neutral)  # IllegalChoice here fails the test
        else:
            game.apply(state, prompt.seat, choose(game, game.view(state, prompt.seat), prompt, steps))
        steps += 1
    assert steps > 0 and offered > 0
