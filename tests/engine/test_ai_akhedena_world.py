"""The world a searching Akhedena seat samples (engine/ai/akhedena_world.py) keeps everything that seat
may know and redraws everything it may not. The rule read: [Colocación de cartas] "keep every Action
card and the Black card hidden (behind the screen or face down)", and [Información Pública] lists only
the Origin Point VP, Dragon cards and Gold as public; [Cómo usar las cartas negras]: a Black card is
declared face down and shown only after the army cards. The decks' order is unknown to everyone, the
engine's generator included (``Game.unknown``)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from akhedena_support import check_invariants
from games import SUPPORT, Case, states_along

from engine.ai import choose
from engine.ai.akhedena_world import sample_world
from engine.akhedena.game import AkhedenaGame
from engine.akhedena.state import State, card_type
from engine.core.prompt import Choice
from engine.core.rng import Rng

GAME = AkhedenaGame()
CASES = (Case("akhedena", 2, {"mode": "standard"}), Case("akhedena", 3, {"mode": "standard"}),
         Case("akhedena", 4, {"mode": "team"}))


def _states(case: Case) -> list[State]:
    return [s for s in states_along(case, seed=4, every=23, max_steps=600) if GAME.prompts(s)]


def _sample(state: State, seat: int, seed: int) -> State:
    return sample_world(GAME.pack, state, seat, Rng.from_seed(seed))


def _hidden(state: State, seat: int) -> Any:
    """What ``seat`` may not see: the others' cards, the decks' order, the generator."""
    others = [(p.hand, p.black) for p in state.players if p.seat != seat]
    return others, state.army_deck, state.general_deck, state.black_deck, state.action_deck, state.rng


def _redealt(state: State, seat: int) -> State:
    """Another true table the seat cannot tell apart: the cards it has not seen dealt the other way
    round (same counts everywhere), every deck in another order, another generator."""
    other = copy.deepcopy(state)
    rivals = [p for p in other.players if p.seat != seat]
    for where, deck in (("hand", other.action_deck), ("black", other.black_deck)):
        held = [getattr(p, where) for p in rivals]
        unseen = [c for cards in held for c in cards] + deck
        unseen.reverse()
        for p, cards in zip(rivals, held, strict=True):
            setattr(p, where, [unseen.pop() for _ in cards])
        deck[:] = unseen
    other.army_deck.reverse()
    other.general_deck.reverse()
    other.rng += 1
    return other


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_the_seat_sees_no_difference_in_the_sampled_world(case: Case) -> None:
    """The sample shows the seat exactly its view of the real table (its own cards, every count,
    the board), and it is a table the rules accept (the cards of every kind all accounted for)."""
    redrawn = 0
    for index, state in enumerate(_states(case)):
        seat = GAME.prompts(state)[0].seat
        for who in {seat, (seat + 1) % case.seats}:
            world = _sample(state, who, index)
            assert GAME.view(world, who) == GAME.view(state, who)
            assert who != seat or GAME.prompts(world) == GAME.prompts(state)  # its own question unchanged
            check_invariants(world)
            redrawn += _hidden(world, who) != _hidden(state, who)
    assert redrawn > 0  # the hidden part is really redrawn


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_another_seats_secrets_never_reach_the_sample(case: Case) -> None:
    """Two tables that differ only in what the seat cannot see (another seat's Action and Black
    cards, the decks' order, the generator) give the same world from the same dice."""
    compared = 0
    for index, state in enumerate(_states(case)):
        seat = GAME.prompts(state)[0].seat
        world = GAME.dumps(_sample(state, seat, index))
        changes = [_redealt(state, seat)]
        changes += [SUPPORT["akhedena"].disturb(state, o) for o in range(case.seats) if o != seat]
        for changed in changes:
            assert GAME.view(changed, seat) == GAME.view(state, seat)
            if _hidden(changed, seat) == _hidden(state, seat):
                continue
            assert GAME.dumps(_sample(changed, seat, index)) == world
            compared += 1
    assert compared > 0


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_a_sampled_world_plays_on_to_the_end(case: Case) -> None:
    """The engine simulates a sampled world like a real table: normal seats play it to a winner,
    every rule holding at each step."""
    states = _states(case)
    for index, state in enumerate(states[1::max(1, len(states) // 3)]):
        seat = GAME.prompts(state)[0].seat
        world = _sample(state, seat, index)
        step = 0
        while prompts := GAME.prompts(world):
            prompt = prompts[0]
            GAME.apply(world, prompt.seat, choose(GAME, GAME.view(world, prompt.seat), prompt, step, "normal"))
            check_invariants(world)
            step += 1
            assert step < 20_000
        outcome = GAME.outcome(world)
        assert outcome is not None and outcome.winners


def test_the_sample_is_reproducible_from_its_dice() -> None:
    """The same dice give the same world; other dice another one (deterministic, never a clock)."""
    state = _states(CASES[1])[3]
    seat = GAME.prompts(state)[0].seat
    once, again = _sample(state, seat, 7), _sample(copy.deepcopy(state), seat, 7)
    assert GAME.dumps(once) == GAME.dumps(again)
    assert len({GAME.dumps(_sample(state, seat, seed)) for seed in range(5)}) == 5


def test_a_march_card_chosen_in_the_open_stays_in_its_owners_hand() -> None:
    """[Movimiento después de una batalla]: the march card is chosen in Move & Fight before its unit
    is picked; it is already shown, so the sample leaves it where it is and the owner can finish."""
    state = next(s for s in states_along(CASES[0], seed=4, every=1, max_steps=300)
                 if GAME.prompts(s) and GAME.prompts(s)[0].kind == "fight")
    owner = GAME.prompts(state)[0].seat
    player = state.players[owner]
    march = next(c for c in state.action_deck if card_type(c) == "march")
    state.action_deck.remove(march)
    player.hand = [march, *player.hand[:2]]
    GAME.apply(state, owner, Choice("fight", (march,)))
    assert state.stack[-1]["k"] == "march"
    for seed in range(8):
        world = _sample(state, 1 - owner, seed)
        assert march in world.players[owner].hand
        check_invariants(world)
        prompt = GAME.prompts(world)[0]
        GAME.apply(world, owner, Choice("march", (prompt.options[0].id,)))
        assert march in world.action_discard
