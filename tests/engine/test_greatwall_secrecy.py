"""The Great Wall's hidden-information gate: one seat's secrets never change another seat's view."""

from __future__ import annotations

import copy
import json

from greatwall_support import GAME, playout

from engine.core.prompt import Choice
from engine.greatwall.state import State


def _states_along(seed: int, seats: int) -> list[State]:
    state = GAME.setup(seats, {}, seed)
    _, log = playout(seed, seats, check=False)
    snaps = []
    for seat, text in log:
        GAME.apply(state, seat, Choice.parse(text))
        snaps.append(copy.deepcopy(state))
    return snaps


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
