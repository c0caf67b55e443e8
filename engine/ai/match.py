"""Whole games between AI levels: the strength measure of ``bench/ai_strength.py`` and the legality
tests of every level. Each seat answers from its own view at its own level; a searching level
samples its worlds from the table's state, reading only what its seat may know."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai import choose
from engine.core.game import Game, Outcome


@dataclass(frozen=True)
class MatchResult:
    outcome: Outcome
    decisions: int
    state: Any


def play_match(game: Game, options: dict[str, str], levels: Sequence[str], seed: int,
               max_decisions: int = 50_000, search: bool = True) -> MatchResult:
    """One seeded game with ``levels[seat]`` at each seat; raises if a level's answer is refused
    (``IllegalChoice`` propagates) or the game does not end within ``max_decisions``. ``search``
    False answers every level from its view alone (the hard level's heuristic, without its search)."""
    state = game.setup(len(levels), dict(options), seed)
    decisions = 0
    while prompts := game.prompts(state):
        prompt = prompts[0]
        view = game.view(state, prompt.seat)
        game.apply(state, prompt.seat, choose(game, view, prompt, seed * 1_000_003 + decisions,
                                              levels[prompt.seat], state if search else None, levels))
        decisions += 1
        if decisions >= max_decisions:
            raise RuntimeError(f"{game.id}: no end after {decisions} decisions (seed {seed})")
    outcome = game.outcome(state)
    assert outcome is not None
    return MatchResult(outcome, decisions, state)


def share_of_win(outcome: Outcome, seats: Sequence[int]) -> float:
    """The part of this game's win that ``seats`` earned: a shared win is split between the winners
    (a team win counts whole for any seat of the team)."""
    if not outcome.winners:
        return 0.0
    return len(set(seats) & set(outcome.winners)) / len(outcome.winners)
