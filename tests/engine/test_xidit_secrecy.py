"""The hidden-information gate: what one seat's secrets are never changes another seat's view."""

from __future__ import annotations

import copy
import json

import pytest
from xidit_support import GAME, playout

from engine.core.errors import IllegalChoice
from engine.core.prompt import Choice
from engine.xidit.state import State


def _states_along(seed: int) -> list[State]:
    """Snapshots of one game at every step."""
    state = GAME.setup(4, {"length": "short"}, seed)
    _, log = playout(seed, 4, "short", check=False)
    snaps = []
    for seat, text in log:
        GAME.apply(state, seat, Choice.parse(text))
        snaps.append(copy.deepcopy(state))
    return snaps


def _disturb(state: State, seat: int) -> State:
    """Change everything that is secret to ``seat`` alone."""
    other = copy.deepcopy(state)
    p = other.players[seat]
    p.gold += 7
    p.bastion += 1
    p.bards_left -= 1
    p.units["mage"] += 2
    p.stories_left -= 1
    p.waiting_stories += 1
    if other.phase == "program" and p.orders is not None:
        p.orders = ["wait"] * 6 if p.orders != ["wait"] * 6 else ["act"] * 6
    if other.census is not None and seat in other.census.shown:
        other.census.shown[seat] += 1
    return other


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_seats_secrets_never_reach_another_view(seed: int) -> None:
    for state in _states_along(seed)[::3]:
        for seat in range(4):
            disturbed = _disturb(state, seat)
            for viewer in (None, *[s for s in range(4) if s != seat]):
                assert GAME.view(state, viewer) == GAME.view(disturbed, viewer), (state.phase, seat)
            assert GAME.view(state, seat) != GAME.view(disturbed, seat)


def test_spectator_view_has_no_private_part() -> None:
    for state in _states_along(4)[::10]:
        view = GAME.view(state, None)
        assert "me" not in view
        json.dumps(view)  # views are plain JSON


@pytest.mark.parametrize("text", ["program:blue,blue", "program:fly,act,act,act,act,act",
                                  "rewards:gold", "place", "place:", "::", "census:99"])
def test_illegal_choices_change_nothing(text: str) -> None:
    state = GAME.setup(4, {}, 9)
    seat = GAME.prompts(state)[0].seat
    before = GAME.dumps(state)
    with pytest.raises(IllegalChoice):
        GAME.apply(state, seat, Choice.parse(text))
    assert GAME.dumps(state) == before


def test_wrong_seat_is_refused() -> None:
    state = GAME.setup(4, {}, 9)
    seat = GAME.prompts(state)[0].seat
    before = GAME.dumps(state)
    with pytest.raises(IllegalChoice) as err:
        GAME.apply(state, (seat + 1) % 4, Choice.of("place", "1"))
    assert err.value.reason == "not_your_turn"
    assert GAME.dumps(state) == before


def test_taken_city_is_refused_at_setup() -> None:
    state = GAME.setup(4, {}, 9)
    first = GAME.prompts(state)[0].seat
    GAME.apply(state, first, Choice.of("place", "7"))
    second = GAME.prompts(state)[0].seat
    with pytest.raises(IllegalChoice):
        GAME.apply(state, second, Choice.of("place", "7"))
