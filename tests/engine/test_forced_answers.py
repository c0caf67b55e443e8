"""A decision with a single legal answer is not asked alone, where not asking reveals nothing
(issue 24). The Great Wall's assault window: a seat with no tactic card at all can only answer "No
tactic"; how many tactic cards a seat holds is public (every view shows the count), so it is not
asked. A seat holding cards is asked even when none of them fits the assault: which cards it holds
is behind its screen [ES p.5, "General rules"], and not asking it would tell the others.

Old logs hold the answers those seats gave when they were asked: they still replay, to the same
final state."""

from __future__ import annotations

import hashlib
from typing import Any

from games import case_named, cases, game_of, legacy_rows

from engine.ai import choose
from engine.core.prompt import Choice


def _brace_rounds(mode_label: str, seeds: range) -> tuple[int, int]:
    """(brace prompts to seats without any tactic card, assault windows a seat without one saw)."""
    case = case_named(mode_label)
    game = game_of(case)
    empty_asked, empty_seen = 0, 0
    for seed in seeds:
        state = game.setup(case.seats, dict(case.options), seed)
        for step in range(3000):
            prompts = game.prompts(state)
            if not prompts:
                break
            if any(p.kind == "brace" for p in prompts) or (state.ask is None and _next_op(state) == "assault"):
                humans = state.tea_humans()
                empty_seen += any(not state.players[s].tactics for s in humans)
            empty_asked += sum(1 for p in prompts if p.kind == "brace" and not state.players[p.seat].tactics)
            prompt = prompts[0]
            game.apply(state, prompt.seat, choose(game, game.view(state, prompt.seat), prompt, seed * 7919 + step))
    return empty_asked, empty_seen


def _next_op(state: Any) -> str | None:
    return state.tasks[-1].get("op") if state.tasks else None


def test_a_seat_without_tactic_cards_is_not_asked_at_the_assault_window() -> None:
    """FAQ #1: a tactic is played at its printed timing; with no card there is nothing to
    play, and the card count is public: the seat is not asked."""
    asked, seen = _brace_rounds(next(c.label for c in cases() if c.game_id == "greatwall"), range(1, 7))
    assert seen, "no assault window found a seat without tactic cards: the test could not fail"
    assert asked == 0


def test_old_logs_with_answers_of_seats_now_answered_alone_still_replay_to_the_same_end() -> None:
    """Every stored Great Wall replay (captured when every seat was asked at the assault window)
    replays without a refusal and ends on the state it ended on then, byte for byte."""
    rows = [r for r in legacy_rows("replays-v*.jsonl.gz") if "seed" in r and r["case"].startswith("greatwall")]
    assert rows
    checked = 0
    for row in rows:
        case = case_named(row["case"])
        if row["file"].startswith("replays-v1"):
            continue  # v1 predates issue 20's reshaping: its games end elsewhere for another reason
        game = game_of(case)
        state = game.setup(case.seats, dict(case.options), row["seed"])
        for seat, text in row["log"]:
            game.apply(state, seat, Choice.parse(text))
        assert hashlib.sha256(game.dumps(state).encode()).hexdigest() == row["hashes"][-1], row["case"]
        checked += 1
    assert checked
