"""The end of a solo Great Wall game in the channel [ES p.17]: you win only by beating Qin Jiushao's
final Honor; otherwise you lose to him, and the summary says so and by how much (with Qin's Honor
beside yours). The stored place is never read as a rank: solo is declared against an automaton."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[1] / "scenarios"))
from greatwall_kit import GAME, PACK

from bot.delivery import Delivery
from bot.store import SeatRow, TableRow
from bot.tables import Table
from engine.greatwall.flow import Ctx
from engine.greatwall.seasons import _final_scoring


def _finished(honor: int) -> Table:
    state = GAME.setup(1, {"mode": "solo"}, 3)
    state.players[0].honor, state.players[1].honor = honor, 0
    _final_scoring(Ctx(state, PACK))
    row = TableRow(9, 1, 2, "greatwall", {"mode": "solo"}, 1, "over", None, "en")
    return Table(row, GAME, store=None, seats=[SeatRow(0, 100, "Ann", False)], state=state)  # type: ignore[arg-type]


def test_a_lost_solo_game_has_no_winner_and_shows_qins_honor() -> None:
    table = _finished(10)
    text = Delivery.summary(Any, table)  # type: ignore[arg-type]  # it reads nothing of the client
    assert "loses to Qin Jiushao by 50 points" in text.splitlines()[0] and "Qin Jiushao's Honor 60" in text
    outcome = GAME.outcome(table.state)
    assert outcome is not None and outcome.winners == ()
    assert {r.seat: (r.place, r.won) for r in table._results(outcome, [])} == {0: (1, False)}


def test_beating_qins_final_honor_wins() -> None:
    text = Delivery.summary(Any, _finished(61))  # type: ignore[arg-type]
    assert "**Ann** beats Qin Jiushao by 1 point" in text.splitlines()[0]
