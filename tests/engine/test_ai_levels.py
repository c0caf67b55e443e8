"""Every AI level of every registered game and mode plays whole games without a refused answer, and
is deterministic (same seed, same game). Strength is measured in bench/ai_strength.py, not here."""

from __future__ import annotations

import pytest
from games import Case, case_params, case_seed_params, cases, game_of

from engine.ai import BASELINE, LEVELS, greatwall_search, seat_ai
from engine.ai.match import play_match

ALL_LEVELS = (*LEVELS, BASELINE)


def _mixed(case: Case, seed: int) -> list[str]:
    """Every level at the table, rotated so each one plays every seat across seeds."""
    return [ALL_LEVELS[(seat + seed) % len(ALL_LEVELS)] for seat in range(case.seats)]


@pytest.fixture(autouse=True)
def _quick_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole games with searching seats run the same search on a short budget: the suite stays quick
    (the real budget plays whole games in the soak tests of test_ai_greatwall_search.py)."""
    monkeypatch.setattr(greatwall_search, "BUDGET", greatwall_search.Budget(nodes=24, horizon=6))


@pytest.mark.parametrize(("case", "seed"), case_seed_params((0, 1)))
def test_mixed_levels_play_a_whole_game_legally(case: Case, seed: int) -> None:
    game = game_of(case)
    result = play_match(game, case.options, _mixed(case, seed), seed)
    again = play_match(game, case.options, _mixed(case, seed), seed)
    assert result.outcome == again.outcome
    assert game.dumps(result.state) == game.dumps(again.state)


@pytest.mark.parametrize("level", ALL_LEVELS)
@pytest.mark.parametrize("case", case_params())
def test_one_level_everywhere_plays_a_whole_game(case: Case, level: str) -> None:
    result = play_match(game_of(case), case.options, [level] * case.seats, 7)
    assert result.outcome.ranking


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown AI level"):
        seat_ai(game_of(cases()[0]), "grandmaster")
