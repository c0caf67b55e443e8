"""AI-versus-AI games end on a real rule. Akhedena's full game has no round limit: it ends only when a
side holds the crown with the VP target on its turn ("Own the Crown and have 70 VP; 2 players or team
game: 50 VP ... a player can only win on their own turn", [Objetivo del Juego], akhedena-facts.md §3),
so its seats must play towards that (engine/ai/akhedena_plan.py) rather than manoeuvre for ever. The
quick game ends by a beaten hero or castle, or at its round limit [Modo Rápido]; the Great Wall and
Lords of Xidit end after their last season or year.

The default run plays the seeds that once stalled (hard against normal: seed 41 of the 2-player game
ran 50,000 decisions without an end); ``-m soak`` plays a seed range of every game, mode and pairing."""

from __future__ import annotations

import pytest

from engine.ai import greatwall_search
from engine.ai.match import play_match
from engine.games import get_game

CAP = 50_000  # bench/ai_strength.py gives a game no more
# Akhedena's ends by the rules: the crown win; in quick play a beaten hero or castle, or the round limit.
REAL_ENDS = {"standard": {"crown"}, "team": {"crown"}, "quick": {"hero", "castle", "rounds"}}


def _levels(seats: int, focus: str, field: str, seed: int, team: bool) -> list[str]:
    """``focus`` at one seat (and its partner in team play), rotated by the seed; ``field`` elsewhere."""
    return [focus if (s - seed) % seats == 0 or (team and (s - seed) % seats == 2) else field for s in range(seats)]


def _akhedena_ends(mode: str, seats: int, focus: str, field: str, seed: int) -> None:
    game = get_game("akhedena")
    result = play_match(game, {"mode": mode}, _levels(seats, focus, field, seed, mode == "team"), seed, CAP)
    assert result.state.end in REAL_ENDS[mode], (mode, seats, seed, result.state.end)
    assert result.outcome.winners


@pytest.mark.parametrize(("mode", "seats", "seed"), [("standard", 2, 41), ("standard", 2, 4), ("standard", 3, 22),
                                                      ("team", 4, 3)])
def test_akhedena_hard_against_normal_ends_on_the_crown(mode: str, seats: int, seed: int) -> None:
    _akhedena_ends(mode, seats, "hard", "normal", seed)


PAIRS = [("hard", "normal"), ("hard", "random"), ("hard", "easy"), ("normal", "normal"), ("hard", "hard"),
         ("easy", "normal")]


@pytest.mark.soak
@pytest.mark.parametrize(("mode", "seats"), [("standard", 2), ("standard", 3), ("standard", 4), ("team", 4),
                                             ("quick", 2)])
@pytest.mark.parametrize(("focus", "field"), PAIRS)
def test_akhedena_games_between_levels_all_end_on_a_real_rule(mode: str, seats: int, focus: str, field: str) -> None:
    for seed in range(40):
        _akhedena_ends(mode, seats, focus, field, seed)


@pytest.mark.soak
@pytest.mark.parametrize(("game_id", "options", "seats"), [
    ("greatwall", {}, 3), ("greatwall", {}, 4), ("greatwall", {"mode": "duel"}, 2), ("greatwall", {"mode": "solo"}, 1),
    ("greatwall", {"mode": "coop"}, 2), ("greatwall", {"mode": "coop"}, 4), ("xidit", {"length": "short"}, 4)])
def test_other_games_between_levels_all_end(monkeypatch: pytest.MonkeyPatch, game_id: str, options: dict[str, str],
                                            seats: int) -> None:
    """Their ends are the calendar's (last season, last year); a short search budget keeps it quick."""
    monkeypatch.setattr(greatwall_search, "BUDGET", greatwall_search.Budget(nodes=24, horizon=6))
    game = get_game(game_id)
    for seed in range(10):
        result = play_match(game, options, _levels(seats, "hard", "normal", seed, False), seed, CAP)
        assert result.outcome is not None and result.outcome.ranking
