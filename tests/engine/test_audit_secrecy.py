"""The secrecy audit, strong form, for every registered game and mode: at mid-game states, change
every value hidden from all but one seat; every public output — the spectator's view, each other
seat's view and open prompts, and the board PNG — must stay byte-identical."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from games import SUPPORT, Case, cases, game_of, states_along

import engine
from engine.core.game import game_ids
from rendering import render

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


def test_every_game_registers_support() -> None:
    for module in pkgutil.iter_modules(engine.__path__):
        if module.ispkg and importlib.util.find_spec(f"engine.{module.name}.game") is not None:
            importlib.import_module(f"engine.{module.name}.game")
    assert set(game_ids()) <= set(SUPPORT), "register the new game in tests/engine/games.py"


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.label)
def test_hidden_values_never_change_public_outputs(case: Case) -> None:
    game = game_of(case)
    disturb = SUPPORT[case.game_id].disturb
    owner_saw = 0
    for state in states_along(case, seed=5, every=23, max_steps=600):
        for seat in range(case.seats):
            other = disturb(state, seat)
            for viewer in (None, *(s for s in range(case.seats) if s != seat)):
                assert game.view(state, viewer) == game.view(other, viewer), (case.label, seat, viewer)
            theirs = [p for p in game.prompts(state) if p.seat != seat]
            assert theirs == [p for p in game.prompts(other) if p.seat != seat]
            owner_saw += game.view(state, seat) != game.view(other, seat)
        public = game.view(state, None)
        assert render(game, public, NAMES[:case.seats]) == render(game, game.view(disturb(state, 0), None),
                                                                 NAMES[:case.seats])
    assert bool(owner_saw) == case.secrets  # the disturbance reaches something the owner does see
