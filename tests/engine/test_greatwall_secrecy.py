"""The Great Wall's hidden-information gate: one seat's secrets never change another seat's view."""

from __future__ import annotations

import copy
import json

import pytest
from greatwall_support import GAME, playout

from engine.core.prompt import Choice
from engine.greatwall.state import Claimed, State


def _states_along(seed: int, seats: int) -> list[State]:
    state = GAME.setup(seats, {}, seed)
    _, log = playout(seed, seats, check=False)
    snaps = []
    for seat, text in log:
        GAME.apply(state, seat, Choice.parse(text))
        snaps.append(copy.deepcopy(state))
    return snaps


def _disturb(state: State, seat: int) -> State:
    """Change everything that is secret to ``seat`` alone: resources, the tactic hand, the
    identities of face-down claimed hordes and supporting advisors, draft offers, a pending pick."""
    other = copy.deepcopy(state)
    p = other.players[seat]
    p.res["gold"] += 3
    p.res["chi"] += 1
    if p.tactics:  # same count (public), other cards
        p.tactics[0] = next(t for t in GAME.pack.tactics if t not in p.tactics)
    p.claimed = [Claimed("scouts1" if c.card != "scouts1" else "scouts2", c.shame) for c in p.claimed] or []
    icons = GAME.pack.advisors
    p.support = [next(b for b in icons if b != a and icons[b].icons == icons[a].icons) for a in p.support]
    p.offer_generals = list(reversed(p.offer_generals))
    ask = other.ask
    if ask is not None and len(ask.seats) > 1 and seat in ask.answers:
        ask.answers[seat] = ["__changed__"]
    return other


@pytest.mark.parametrize(("seed", "seats"), [(1, 3), (2, 4)])
def test_a_seats_secrets_never_reach_another_view(seed: int, seats: int) -> None:
    for state in _states_along(seed, seats)[::4]:
        for seat in range(seats):
            disturbed = _disturb(state, seat)
            for viewer in (None, *[s for s in range(seats) if s != seat]):
                assert GAME.view(state, viewer) == GAME.view(disturbed, viewer), (state.season, seat)
            assert GAME.view(state, seat) != GAME.view(disturbed, seat)


def test_prompts_of_a_simultaneous_round_show_nothing_of_other_answers() -> None:
    state = GAME.setup(3, {}, 4)
    prompts = {p.seat: p for p in GAME.prompts(state)}
    GAME.apply(state, 0, Choice("draft", tuple(prompts[0].options_for(i)[0].id for i in range(2))))
    assert {p.seat: p for p in GAME.prompts(state)} == {s: prompts[s] for s in (1, 2)}


def test_spectator_view_has_no_private_part_and_is_json() -> None:
    for state in _states_along(4, 3)[::15]:
        view = GAME.view(state, None)
        assert "me" not in view
        json.dumps(view)


def test_events_keep_private_details_private() -> None:
    """Tactic draws and resource gains name the cards and amounts only in the drawer's private part."""
    state = GAME.setup(3, {}, 6)
    _, log = playout(6, 3, check=False)
    for seat, text in log:
        for event in GAME.apply(state, seat, Choice.parse(text)):
            if event.key == "gw.draw":
                assert set(event.args) == {"seat", "n"}
            if event.key == "gw.gain":
                assert set(event.args["gains"]) <= {"honor", "tactics"}
