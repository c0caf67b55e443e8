"""Every AI level of every game answers within the open prompt's legal options, from what its own seat
may know: the secrecy audit's disturbance of another seat's hidden values (tests/engine/games.py
``disturb``) leaves the deciding seat's view as it was, and so must leave every level's answer as it
was, with or without the table's state at hand (a searching level samples its worlds from it). Hidden
information is each game's own: the Great Wall's screens and face-down picks (ES p.5 / RU p.5, "General
rules"), Akhedena's Action and Black cards ("Action and Black cards are hidden", [Preparación]), Lords of
Xidit's screen and programmes. And an answer is reproducible from its seed."""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Sequence

import pytest
from games import SUPPORT, Case, case_params, cases, game_of, states_along

import engine.ai as engine_ai
from engine.ai import BASELINE, LEVELS, AIFactory, choose, greatwall_search, register_ai
from engine.core.prompt import Choice, Prompt
from engine.core.rng import Rng

ALL_LEVELS = (*LEVELS, BASELINE)


@pytest.fixture(autouse=True)
def _quick_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The searching level keeps its search, on a short budget (the suite stays quick)."""
    monkeypatch.setattr(greatwall_search, "BUDGET", greatwall_search.Budget(nodes=24, horizon=6))


@pytest.mark.parametrize("case", case_params())
def test_no_level_reads_another_seats_secrets_and_every_answer_is_legal(case: Case) -> None:
    game = game_of(case)
    checked = 0
    for index, state in enumerate(states_along(case, seed=6, every=29, max_steps=500)):
        prompts = game.prompts(state)
        if not prompts:
            continue
        prompt = prompts[0]
        view = game.view(state, prompt.seat)
        for level in ALL_LEVELS:
            seed = index * 31 + len(level)
            answer = choose(game, view, prompt, seed, level, state)
            prompt.check(answer)  # within the options (the shape and the picks)
            game.apply(copy.deepcopy(state), prompt.seat, answer)  # and the rules accept it
            assert choose(game, view, prompt, seed, level, copy.deepcopy(state)) == answer  # reproducible
            for other in range(case.seats):
                if other == prompt.seat or not case.secrets:
                    continue
                changed = SUPPORT[case.game_id].disturb(state, other)
                assert game.view(changed, prompt.seat) == view
                assert choose(game, game.view(changed, prompt.seat), prompt, seed, level, changed) == answer, \
                    (level, prompt.kind, other)
                checked += 1
    assert checked > 0 or case.seats == 1 or not case.secrets  # solo: no other seat


class _Peeker:
    """A level that looks at the whole table (every seat's hidden cards included) to pick its answer."""

    def __init__(self, game: object, level: str) -> None:
        self.game = game

    def choose(self, view: object, prompt: Prompt, rng: Rng) -> Choice:
        return Choice(prompt.kind, (prompt.options[0].id,))

    def search(self, state: object, view: object, prompt: Prompt, rng: Rng,
               levels: Sequence[str | None] | None = None) -> Choice:
        hidden = hashlib.sha256(self.game.dumps(state).encode()).digest()[0]  # type: ignore[attr-defined]
        if prompt.slots > 1 or prompt.pick_max != 1 or prompt.pick_min != 1:
            return self.choose(state, prompt, rng)
        return Choice(prompt.kind, (prompt.options[hidden % len(prompt.options)].id,))


def test_the_check_catches_a_level_that_peeks() -> None:
    """The check above has teeth: a level that reads the table's hidden values answers differently
    once another seat's secrets are disturbed."""
    case = next(c for c in cases() if c.game_id == "akhedena" and c.seats == 2)
    register_ai("akhedena", _Peeker)
    try:
        with pytest.raises(AssertionError):
            test_no_level_reads_another_seats_secrets_and_every_answer_is_legal(case)
    finally:
        register_ai("akhedena", _bundled_factory("akhedena"))


def _bundled_factory(game_id: str) -> AIFactory:
    return dict(engine_ai._bundled())[game_id]
