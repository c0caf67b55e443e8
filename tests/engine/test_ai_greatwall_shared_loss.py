"""The hard search's evaluation of a table that lost together: at the Great Famine the game ends at
once and every player loses when the Wound token reaches 5 or less (IT AC, "La Grande Carestia": "il
gioco finisce immediatamente e tutti i giocatori perdono"). Such an end is a loss for the searching
seat however far ahead it scored, never the plain margin of a game still going."""

from __future__ import annotations

from greatwall_support import GAME

from engine.ai.greatwall_search import WIN, value
from engine.greatwall.chronicles.great_famine import famine, numbers
from engine.greatwall.flow import Ctx


def test_a_table_that_lost_together_is_a_loss_for_the_searching_seat() -> None:
    state = GAME.setup(3, {"scenario": "great_famine"}, 7)
    ctx = Ctx(state, GAME.pack)
    going = value(GAME, GAME.pack, state, 0)
    assert state.chronicle is not None
    state.chronicle["cap"] = numbers(ctx).loss_at
    famine(ctx)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ()
    assert all(value(GAME, GAME.pack, state, seat) < going - WIN / 2 for seat in range(3))


def test_a_cap_falling_towards_its_limit_weighs_against_every_seat() -> None:
    """The same table, its cap fallen further by the fourth Spring: the loss it heads for ("tutti i
    giocatori perdono") counts against every seat's evaluation as a chance of that loss (policy:
    engine/ai/greatwall_great_famine.py ``famine_risk``), though no score has moved."""
    state = GAME.setup(3, {"scenario": "great_famine"}, 7)
    ctx = Ctx(state, GAME.pack)
    state.year, state.season = 4, "spring"
    assert state.chronicle is not None
    start = numbers(ctx).cap
    state.chronicle["cap"] = start - 1
    steady = [value(GAME, GAME.pack, state, seat) for seat in range(3)]
    state.chronicle["cap"] = start - 9
    falling = [value(GAME, GAME.pack, state, seat) for seat in range(3)]
    assert all(f < s - WIN / 4 for f, s in zip(falling, steady, strict=True))
