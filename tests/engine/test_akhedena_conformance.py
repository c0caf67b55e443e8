"""Akhedena conformance: seeded games of every mode to the end with invariants after every step,
replay == live, JSON round trip, determinism, illegal choices changing nothing."""

from __future__ import annotations

import random

import pytest
from akhedena_support import GAME, MODES, playout, replay

from engine.core.errors import IllegalChoice
from engine.core.prompt import Choice

# Three seeds of every mode by default (random shares 0, 13 and 26%); four more under -m soak, which
# also plays a thousand of each.
CASES = [pytest.param(seed, mode, seats, marks=[pytest.mark.soak] if seed >= 3 else [])
         for seed in range(7) for mode, seats in MODES]


@pytest.mark.parametrize(("seed", "mode", "seats"), CASES)
def test_playout_to_the_end(seed: int, mode: str, seats: int) -> None:
    state, log = playout(seed, mode, seats, random_share=(seed * 13) % 60)
    outcome = GAME.outcome(state)
    assert outcome is not None and state.over
    assert sorted(outcome.ranking) == list(range(seats))
    assert state.end in ({"crown", "rounds"} if mode != "quick" else {"hero", "castle", "rounds"})
    assert GAME.dumps(replay(seed, mode, seats, log)) == GAME.dumps(state)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(1000))
@pytest.mark.parametrize(("mode", "seats"), [("standard", 2), ("standard", 3), ("standard", 4), ("team", 4),
                                             ("quick", 2)])
def test_soak_playouts(seed: int, mode: str, seats: int) -> None:
    state, log = playout(90_000 + seed, mode, seats, random_share=seed % 50)
    assert GAME.outcome(state) is not None
    assert GAME.dumps(replay(90_000 + seed, mode, seats, log)) == GAME.dumps(state)


@pytest.mark.parametrize(("mode", "seats"), [("standard", 3), ("quick", 2)])
def test_json_round_trip_at_every_kind_of_decision(mode: str, seats: int) -> None:
    _, log = playout(3, mode, seats)
    state = GAME.setup(seats, {"mode": mode}, 3)
    kinds = set()
    for seat, text in log:
        kind = GAME.prompts(state)[0].kind
        if kind not in kinds:
            kinds.add(kind)
            copy = GAME.loads(GAME.dumps(state))
            assert copy == state
            assert GAME.prompts(copy) == GAME.prompts(state)
        GAME.apply(state, seat, Choice.parse(text))
    expected = {"qturn", "qmove"} if mode == "quick" else {"draft_hero", "place", "hero_move", "action", "market"}
    assert expected <= kinds


def test_disturbing_global_random_changes_nothing() -> None:
    random.seed(1)
    first = playout(11, "standard", 3, check=False)
    random.seed(987654)
    random.random()
    second = playout(11, "standard", 3, check=False)
    assert first[1] == second[1]


@pytest.mark.parametrize("text", ["draft_hero:nobody", "draft_hero:henry,ysolde", "draft_hero:", "market:done",
                                  "::", "place:A1"])
def test_illegal_choices_change_nothing(text: str) -> None:
    state = GAME.setup(3, {}, 9)
    seat = GAME.prompts(state)[0].seat
    before = GAME.dumps(state)
    with pytest.raises(IllegalChoice):
        GAME.apply(state, seat, Choice.parse(text))
    assert GAME.dumps(state) == before


def test_a_seat_out_of_turn_is_refused() -> None:
    state = GAME.setup(2, {}, 4)
    other = 1 - GAME.prompts(state)[0].seat
    with pytest.raises(IllegalChoice) as refused:
        GAME.apply(state, other, Choice.parse("draft_hero:henry"))
    assert refused.value.reason == "not_your_turn"


@pytest.mark.parametrize(("mode", "seats"), [("team", 3), ("team", 2), ("chess", 2)])
def test_bad_modes_and_seat_counts_are_refused(mode: str, seats: int) -> None:
    with pytest.raises(IllegalChoice):
        GAME.setup(seats, {"mode": mode}, 1)
