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
