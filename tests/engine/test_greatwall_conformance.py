"""Great Wall conformance: seeded games to the end with invariants after every step, replay == live,
JSON round trip, determinism, the AI never refused, illegal choices changing nothing."""

from __future__ import annotations

import random

import pytest
from greatwall_support import GAME, playout, replay

from engine.core.errors import IllegalChoice
from engine.core.prompt import Choice
from engine.greatwall.state import State

CASES = [(seed, seats) for seed in range(25) for seats in (3, 4)]


@pytest.mark.parametrize(("seed", "seats"), CASES)
def test_playout_to_the_end(seed: int, seats: int) -> None:
    state, log = playout(seed, seats, random_share=(seed * 13) % 60)
    outcome = GAME.outcome(state)
    assert outcome is not None and state.season == "over"
    assert sorted(outcome.ranking) == list(range(seats))
    assert state.end_reasons and set(state.end_reasons) <= {"walls", "shame", "time"}
    honors = [state.players[s].honor for s in outcome.ranking]
    assert honors == sorted(honors, reverse=True)
    assert GAME.dumps(replay(seed, seats, log)) == GAME.dumps(state)


@pytest.mark.parametrize("seed", range(12))
def test_duel_playout_to_the_end(seed: int) -> None:
    """2 players and the Reed clan [ES p.15]: to the end with the invariants (check_reed among them)
    after every step; the outcome ranks the 2 players; replay == live."""
    duel = {"mode": "duel"}
    state, log = playout(seed, 2, random_share=(seed * 13) % 60, options=duel)
    outcome = GAME.outcome(state)
    assert outcome is not None and sorted(outcome.ranking) == [0, 1] and state.reed == 2
    assert GAME.dumps(replay(seed, 2, log, duel)) == GAME.dumps(state)


@pytest.mark.parametrize("seed", range(12))
def test_solo_playout_to_the_end(seed: int) -> None:
    """1 player against Qin Jiushao with the Reed clan [ES p.16–17]: to the end with the invariants
    (check_qin, check_reed) after every step; the outcome names you or nobody; replay == live."""
    solo = {"mode": "solo", "qin_level": ("normal", "honor50", "honor100")[seed % 3],
            "qin_advisors": ("one", "both")[seed % 2], "qin_advanced": ("highest", "lowest")[seed % 2]}
    state, log = playout(seed, 1, random_share=(seed * 13) % 60, options=solo)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranking == (0,) and outcome.winners in ((), (0,))
    assert state.qin is not None and state.qin.seat == 1 and state.reed == 2
    won = state.players[0].honor > state.players[1].honor and not state.qin.lost
    assert outcome.winners == ((0,) if won else ())
    assert GAME.dumps(replay(seed, 1, log, solo)) == GAME.dumps(state)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(2000))
def test_soak_playouts(seed: int) -> None:
    seats = 3 + seed % 2
    state, log = playout(50_000 + seed, seats, random_share=seed % 50)
    assert GAME.outcome(state) is not None
    assert GAME.dumps(replay(50_000 + seed, seats, log)) == GAME.dumps(state)


def test_json_round_trip_at_every_kind_of_decision() -> None:
    state = GAME.setup(4, {}, 3)
    _, log = playout(3, 4)
    kinds = set()
    for seat, text in log:
        if state.ask is not None and state.ask.kind not in kinds:
            kinds.add(state.ask.kind)
            copy = GAME.loads(GAME.dumps(state))
            assert copy == state
            assert GAME.prompts(copy) == GAME.prompts(state)
        GAME.apply(state, seat, Choice.parse(text))
    assert {"draft", "command", "place", "move", "summer_shame", "reclaim", "upgrade", "donate"} <= kinds


COOP = [(seed, seats) for seed in range(8) for seats in (2, 3, 4)]


def _coop_options(seed: int, seats: int) -> dict[str, str]:
    """At 2 players (with the Reed clan [ES p.15, p.19]) every other seed plays the other readings."""
    if seats != 2 or seed % 2 == 0:
        return {}
    return {"start_hordes": "clans", "reed_temple": "overlord", "raid_count": "clans", "reed_claim": "next",
            "reed_company": "alone"}


@pytest.mark.parametrize(("seed", "seats"), COOP)
def test_coop_playout_to_the_end(seed: int, seats: int) -> None:
    """Co-op [ES p.18–19] to the end, invariants after every step (at 2 players the Reed clan's
    too, greatwall_support.check_reed): one shared result, for the players only."""
    options = _coop_options(seed, seats)
    state, log = playout(seed, seats, random_share=(seed * 13) % 60, mode="coop", options=options)
    outcome = GAME.outcome(state)
    assert outcome is not None and state.season == "over" and state.won is not None
    assert outcome.places == (1,) * seats and sorted(outcome.ranking) == list(range(seats))
    assert outcome.winners == (tuple(range(seats)) if state.won else ())
    assert state.end_reasons[0] in {"demands", "time", "shame", "shame_due"}
    assert GAME.dumps(replay(seed, seats, log, mode="coop", options=options)) == GAME.dumps(state)


def test_coop_json_round_trip_at_every_kind_of_decision() -> None:
    kinds: set[str] = set()
    for seed in (1, 2):
        state = GAME.setup(4, {"mode": "coop"}, seed)
        _, log = playout(seed, 4, mode="coop")
        for seat, text in log:
            if state.ask is not None and state.ask.kind not in kinds:
                kinds.add(state.ask.kind)
                copy = GAME.loads(GAME.dumps(state))
                assert copy == state
                assert GAME.prompts(copy) == GAME.prompts(state)
            GAME.apply(state, seat, Choice.parse(text))
    assert {"demands", "coop_shame", "team_move", "team_order", "reclaim_card"} <= kinds


def test_disturbing_global_random_changes_nothing() -> None:
    random.seed(1)
    first = playout(11, 3, check=False)
    random.seed(987654)
    random.random()
    second = playout(11, 3, check=False)
    assert first[1] == second[1]


@pytest.mark.parametrize("text", ["draft:yang_ye", "draft:x,y", "draft:", "command:despotism", "::",
                                  "move:skip,skip"])
def test_illegal_choices_change_nothing(text: str) -> None:
    state = GAME.setup(3, {}, 9)
    seat = GAME.prompts(state)[0].seat
    before = GAME.dumps(state)
    with pytest.raises(IllegalChoice):
        GAME.apply(state, seat, Choice.parse(text))
    assert GAME.dumps(state) == before


def test_a_rule_broken_across_slots_is_refused_and_changes_nothing() -> None:
    """Two recruits paid from resources enough for one: refused with a reason, state untouched."""
    state = _first_recruit_of_two()
    assert state.ask is not None
    seat = state.ask.seats[0]
    player = state.players[seat]
    player.res.update({"wood": 1, "stone": 2, "gold": 0, "chi": 0})
    prompt = GAME.prompts(state)[0]
    fresh = [o.id for o in prompt.options_for(0) if o.id.startswith("spearman.rest")]
    values = [fresh[0]] * (prompt.slots - 1) + ["tac.none"]
    before = GAME.dumps(state)
    with pytest.raises(IllegalChoice) as err:
        GAME.apply(state, seat, Choice.of("recruit", *values))
    assert err.value.reason == "cannot_pay"
    assert GAME.dumps(state) == before


def test_wrong_seat_is_refused() -> None:
    state = GAME.setup(3, {}, 9)
    choice = _first(state, 0)
    GAME.apply(state, 0, choice)
    before = GAME.dumps(state)
    with pytest.raises(IllegalChoice) as err:
        GAME.apply(state, 0, choice)
    assert err.value.reason == "not_your_turn"
    assert GAME.dumps(state) == before


def _first(state: State, seat: int) -> Choice:
    prompt = next(p for p in GAME.prompts(state) if p.seat == seat)
    return Choice(prompt.kind, tuple(prompt.options_for(i)[0].id for i in range(prompt.slots)))


def _first_recruit_of_two() -> State:
    for seed in range(40):
        _, log = playout(seed, 3, check=False)
        state = GAME.setup(3, {}, seed)
        for seat, text in log:
            if state.ask is not None and state.ask.kind == "recruit" and state.ask.data["n"] >= 2:
                return state
            GAME.apply(state, seat, Choice.parse(text))
    raise AssertionError("no two-clerk recruit in 40 games")
