"""The hard Great Wall seat's search (engine/ai/greatwall_search.py): it answers only within the
legal options, is reproducible from the decision seed, and never reads another seat's secrets —
resources and the Tactic hand behind the screen, claimed Hordes and supporting Advisors face down,
draft offers and face-down picks (ES p.5 / RU p.5, "General rules"), nor the order of any face-down
pile. Strength is measured in bench/ai_strength.py, never here."""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest
from games import SUPPORT
from greatwall_support import GAME

import engine.ai.greatwall_world as world_module
from engine.ai import choose
from engine.ai.greatwall import hard_search
from engine.ai.greatwall_search import Budget
from engine.ai.match import play_match
from engine.core.prompt import Choice, Prompt
from engine.core.rng import Rng
from engine.greatwall.state import State

MODES = [({}, 3), ({"mode": "solo"}, 1), ({"mode": "coop"}, 3), ({"mode": "duel"}, 2)]
SMALL = Budget(nodes=60, horizon=10)  # the real budget's search, shortened: the suite stays quick


def decisions(options: dict[str, str], seats: int, seed: int, every: int) -> Iterator[tuple[State, Prompt]]:
    """Every ``every``-th open decision of a game the normal seats play; the state is a copy."""
    state = GAME.setup(seats, dict(options), seed)
    step = 0
    while prompts := GAME.prompts(state):
        prompt = prompts[0]
        if step % every == 0:
            yield copy.deepcopy(state), prompt
        GAME.apply(state, prompt.seat, choose(GAME, GAME.view(state, prompt.seat), prompt, step, "normal"))
        step += 1


def hard(state: State, prompt: Prompt, seed: int) -> tuple[str, ...]:
    return hard_search(GAME, SMALL).choose(state, GAME.view(state, prompt.seat), prompt, Rng.from_seed(seed)).values


def disturbed(state: State, seat: int, salt: int) -> State:
    """The secrecy audit's disturbance of ``seat``'s secrets (tests/engine/games.py), plus what no seat
    knows (``Game.unknown``): the generator and the order of every face-down pile."""
    other: State = SUPPORT["greatwall"].disturb(state, seat)
    other.rng = (other.rng * 6364136223846793005 + salt) % (1 << 64)
    other.horde_deck[1:] = other.horde_deck[:0:-1]  # the top card's Invasion value is on the board
    for deck in (other.tactic_deck, other.advisor_deck, other.demand_deck, other.event_deck):
        deck.reverse()
    if other.qin is not None:
        other.qin.deck.reverse()
    if other.rat is not None:  # the Rat deck is face down [IT Rat]
        other.rat.deck.reverse()
    return other


@pytest.mark.parametrize(("options", "seats"), MODES, ids=lambda m: str(m))
def test_hard_answers_only_within_the_prompts_options(options: dict[str, str], seats: int) -> None:
    """Every answer fits the open prompt, and the rules accept it in the true state."""
    for index, (state, prompt) in enumerate(decisions(options, seats, seed=3, every=9)):
        choice = Choice(prompt.kind, hard(state, prompt, index))
        prompt.check(choice)
        GAME.apply(state, prompt.seat, choice)


@pytest.mark.parametrize(("options", "seats"), MODES[:3], ids=lambda m: str(m))
def test_hard_is_reproducible_from_the_decision_seed(options: dict[str, str], seats: int) -> None:
    for index, (state, prompt) in enumerate(decisions(options, seats, seed=4, every=23)):
        assert hard(state, prompt, index) == hard(copy.deepcopy(state), prompt, index)


def real_choices(options: dict[str, str], seats: int, seed: int, every: int) -> list[tuple[State, Prompt]]:
    """Decisions where the search weighs several candidate answers (a forced one proves nothing)."""
    return [(s, p) for s, p in decisions(options, seats, seed, every)
            if len(hard_search(GAME, SMALL).candidates(GAME.view(s, p.seat), p, Rng.from_seed(0))) > 1]


# (options, seats, every): the 3-player game at every third decision, the decisions where a peeking
# search is caught (the test below); the other modes more sparsely.
SECRET_MODES = [({}, 3, 3), ({"mode": "coop"}, 3, 11), ({"mode": "duel"}, 2, 11), ({}, 4, 11), ({"rat": "on"}, 3, 5)]


@pytest.mark.parametrize(("options", "seats", "every"), SECRET_MODES, ids=lambda m: str(m))
def test_hard_reads_no_other_seats_secrets(options: dict[str, str], seats: int, every: int) -> None:
    """The secrecy audit's disturbance of another seat's hidden values (and of everything no seat
    knows) leaves the deciding seat's view as it was, and so must leave its choice."""
    checked = 0
    for index, (state, prompt) in enumerate(real_choices(options, seats, seed=5, every=every)):
        for other in range(len(state.players)):
            if other == prompt.seat:
                continue
            changed = disturbed(state, other, index)
            assert GAME.view(changed, prompt.seat) == GAME.view(state, prompt.seat)
            assert hard(changed, prompt, index) == hard(state, prompt, index), (index, prompt.kind, other)
            checked += 1
    assert checked >= 10


def test_the_secrecy_check_catches_a_search_that_peeks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above has teeth: a sampler that keeps the true hidden values (a copy that only
    forgets face-down answers, which the engine could not replay) makes some choice follow another
    seat's secrets."""
    def peek(pack: object, state: State, seat: int, rng: Rng) -> State:
        world = copy.deepcopy(state)
        world_module._scrub_answers(world, seat)
        return world

    monkeypatch.setattr("engine.ai.greatwall_search.sample_world", peek)
    differ = 0
    for index, (state, prompt) in enumerate(real_choices({}, 3, seed=5, every=3)):
        others = [s for s in range(state.seats) if s != prompt.seat]
        differ += any(hard(disturbed(state, o, index), prompt, index) != hard(state, prompt, index) for o in others)
    assert differ > 0


@pytest.mark.soak
@pytest.mark.parametrize(("options", "seats"), MODES, ids=lambda m: str(m))
def test_hard_plays_whole_games_on_its_real_budget(options: dict[str, str], seats: int) -> None:
    """A table of hard seats searching with the real budget plays to a real end, legally."""
    result = play_match(GAME, options, ["hard"] * seats, 11)
    assert result.outcome.ranking


@pytest.mark.parametrize("options", [{}, {"rat": "on"}, {"mode": "solo"}], ids=str)
def test_every_face_down_pile_is_redrawn_in_a_sampled_world(options: dict[str, str]) -> None:
    """No seat knows the order of a face-down pile (ES p.5 / RU p.5; the Rat deck [IT Rat]), nor another
    seat's screen: two tables that differ only there give the same sampled world from the same dice."""
    seats = 1 if options.get("mode") == "solo" else 3
    for state, prompt in decisions(options, seats, seed=8, every=40):
        other = disturbed(state, (prompt.seat + 1) % seats, 1) if seats > 1 else disturbed(state, 0, 1)
        if seats == 1:  # solo: no other seat; only the piles and the generator differ
            other.players[0] = copy.deepcopy(state.players[0])
        worlds = [world_module.sample_world(GAME.pack, s, prompt.seat, Rng.from_seed(9)) for s in (state, other)]
        assert GAME.dumps(worlds[0]) == GAME.dumps(worlds[1])
