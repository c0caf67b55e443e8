"""The stalled Akhedena table: "round 10, three people: my hero's die move showed 4 steps; my DM panel
never came". A hero beside a tunnel reaches more than 125 squares; its real panel must fit Discord
and offer every square, in an order whose narrowing ranges read well (by column, then row)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "scenarios"))
from akhedena_kit import GAME, board, frames, prompt, put
from test_panel_fit import check_prompt

from bot.i18n import LANGS
from engine.akhedena.board import parse
from engine.akhedena.state import Dice


def _hero_by_the_tunnel() -> object:
    state = board(seats=3)
    state.round = 10
    put(state, 0, "hero", "henry", "H4", "sword1")               # beside the north entrance (H3)
    state.dice = Dice("blank", 4, "N")
    frames(state, {"k": "hero_move", "seat": 0})
    return state


@pytest.mark.parametrize("lang", LANGS)
def test_a_hero_die_move_of_more_than_125_squares_has_a_panel_that_fits(lang: str) -> None:
    state = _hero_by_the_tunnel()
    move = prompt(state)  # type: ignore[arg-type]
    assert move.kind == "hero_move" and len(move.options) > 125
    check_prompt(GAME, state, move, lang)


def test_the_squares_are_offered_by_column_then_row() -> None:
    move = prompt(_hero_by_the_tunnel())  # type: ignore[arg-type]
    squares = [parse(o.id, 15) for o in move.options if o.id != "stay"]
    assert all(sq is not None for sq in squares)
    assert squares == sorted(squares, key=lambda sq: (sq[1], sq[0]))  # type: ignore[index]
