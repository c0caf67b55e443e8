"""The Great Wall seat AI levels: the random baseline stays legal, and the hard seat keeps the
promises it is built on (Honor from kept command cards, no lone-worker Shame)."""

from __future__ import annotations

import pytest
from greatwall_support import GAME, until_prompt

from engine.ai import choose, greatwall_search
from engine.ai.match import play_match


@pytest.fixture(autouse=True)
def _quick_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole games with searching seats run the same search on a short budget: the suite stays quick
    (the real budget plays whole games in the soak tests of test_ai_greatwall_search.py)."""
    monkeypatch.setattr(greatwall_search, "BUDGET", greatwall_search.Budget(nodes=24, horizon=6))


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_the_random_baseline_is_never_refused(seats: int, seed: int) -> None:
    result = play_match(GAME, {}, ["random"] * seats, seed)  # apply raises on a refused answer
    assert result.outcome.ranking


@pytest.mark.parametrize("seed", range(3))
def test_hard_keeps_its_command_cards_for_honor_while_its_hand_lasts(seed: int) -> None:
    state, prompt = until_prompt("reclaim", seed)
    assert len(state.players[prompt.seat].hand) >= 5  # the first Summer: one card played
    choice = choose(GAME, GAME.view(state, prompt.seat), prompt, seed, "hard")
    assert choice.values[0] == "honor"


@pytest.mark.parametrize("seed", range(4))
def test_hard_never_works_a_shame_location_alone(seed: int) -> None:
    levels = ["hard", "normal", "random"]
    state = GAME.setup(3, {}, seed)
    step = 0
    alone = 0
    while prompts := GAME.prompts(state):
        prompt = prompts[0]
        view = GAME.view(state, prompt.seat)
        events = GAME.apply(state, prompt.seat, choose(GAME, view, prompt, step, levels[prompt.seat]))
        alone += sum(1 for e in events if e.key == "gw.shame" and e.args["seat"] == 0
                     and e.args["reason"] == "alone")
        step += 1
    assert alone == 0


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
@pytest.mark.parametrize("seed", range(3))
def test_every_level_answers_the_duel_overlord_prompts(level: str, seed: int) -> None:
    """2 players with the Reed clan [ES p.15]: whatever the level, the Overlord's answers for Reed are
    legal (apply raises on a refused one)."""
    result = play_match(GAME, {"mode": "duel"}, [level] * 2, seed)
    assert sorted(result.outcome.ranking) == [0, 1]


def test_the_overlord_puts_reeds_free_barricade_where_the_wall_is_most_in_danger() -> None:
    """The normal Overlord sends the Reed clan's free Barricade [ES p.15] to the Section whose Hordes
    out-power its Wall the most."""
    from engine.greatwall.flow import Ctx, run

    state = GAME.setup(2, {"mode": "duel"}, 3)
    for prompt in GAME.prompts(state):
        GAME.apply(state, prompt.seat, choose(GAME, GAME.view(state, prompt.seat), prompt, 0, "normal"))
    state.ask, state.tasks, state.active = None, [{"op": "reed_at", "loc": "encampment"}], 0
    for section in state.sections:
        section.barricades = 0
    state.sections[1].hordes += state.sections[0].hordes
    state.sections[0].hordes = []
    run(Ctx(state, GAME.pack))
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "reed_barricade" and prompt.seat == 0
    assert choose(GAME, GAME.view(state, 0), prompt, 0, "normal").values == ("sec1",)
