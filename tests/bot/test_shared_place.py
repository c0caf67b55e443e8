"""A shared place (Outcome.places): an Akhedena table stopped by its round limit with two players that
nothing separates. The channel's summary, the stored results (and so /stats and /leaderboard) give
both the first place and the win; an Outcome without places still reads 1, 2, 3…"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[1] / "scenarios"))
from akhedena_kit import GAME, board, frames

from bot.delivery import Delivery
from bot.store import SeatRow, TableRow
from bot.tables import Table
from engine.core.game import Outcome

NAMES = ["Ann", "Bo", "Cy"]


def _tied_table() -> Table:
    state = board(seats=3)
    state.players[0].origin_vp, state.players[1].origin_vp, state.players[2].origin_vp = 30, 10, 30
    state.round_limit = state.round = 4
    frames(state, {"k": "turn_end", "seat": 2})
    row = TableRow(7, 1, 2, "akhedena", {"mode": "standard", "rounds": "on"}, 1, "over", None, "en")
    seats = [SeatRow(i, 100 + i, n, False) for i, n in enumerate(NAMES)]
    return Table(row, GAME, store=None, seats=seats, state=state)  # type: ignore[arg-type]


def test_an_outcome_without_places_counts_one_two_three() -> None:
    assert Outcome((2,), (2, 0, 1)).placed() == [(1, 2), (2, 0), (3, 1)]


def test_the_summary_names_every_winner_of_a_shared_first_place() -> None:
    table = _tied_table()
    text = Delivery.summary(Any, table)  # type: ignore[arg-type]  # it reads nothing of the client
    assert "Ann, Cy" in text.splitlines()[0]
    assert "**1.** Ann" in text and "**1.** Cy" in text and "**3.** Bo" in text


def test_the_stored_results_give_both_the_first_place_and_the_win() -> None:
    table = _tied_table()
    outcome = GAME.outcome(table.state)
    assert outcome is not None
    results = {r.seat: (r.place, r.won) for r in table._results(outcome, [])}
    assert results == {0: (1, True), 1: (3, False), 2: (1, True)}
