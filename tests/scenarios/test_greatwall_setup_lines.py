"""What an expansion's setup makes public is announced in the channel log at the start, as the draft's
reveal is: where Genghis Khan stands, his 2 Skills and the Emperor's Award drawn [IT GK, "Preparazione"
steps 4 and 7], and the Rat card revealed [IT Rat, "Preparazione" step 18]. The table starts from the
state setup returns, so these lines come with the draft's reveal (the first answer the log carries),
once, and before the Rat's placement is asked [IT Rat step 19]."""

from __future__ import annotations

import pytest
from greatwall_kit import GAME

from bot.i18n import translator
from bot.presenters import presenter_for
from engine.core.events import Event
from engine.core.prompt import Choice
from engine.greatwall.state import State


def _draft(options: dict[str, str], seats: int = 3) -> tuple[State, list[Event]]:
    """Set up and answer the draft (each seat its first offers): the events of those answers."""
    state = GAME.setup(seats, options, 4)
    events: list[Event] = []
    for prompt in GAME.prompts(state):
        events += GAME.apply(state, prompt.seat,
                             Choice(prompt.kind, tuple(prompt.options_for(i)[0].id for i in range(2))))
    return state, events


def _keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


@pytest.mark.parametrize("mode", ["standard", "coop", "solo", "duel"])
def test_setup_steps_4_and_7_the_khans_section_skills_and_award_are_announced_with_the_draft(mode: str) -> None:
    seats = {"standard": 3, "coop": 3, "solo": 1, "duel": 2}[mode]
    state, events = _draft({"mode": mode, "khan": "on"}, seats)
    lines = [e for e in events if e.key == "gw.khan_setup"]
    assert len(lines) == 1 and state.khan is not None
    assert lines[0].args == {"sec": state.khan.sec, "skills": state.khan.skills, "award": state.khan.award}
    assert _keys(events).index("gw.khan_setup") > _keys(events).index("gw.drafted")


def test_setup_step18_the_rat_card_is_announced_before_the_rat_is_placed() -> None:
    state, events = _draft({"rat": "on", "khan": "on"})
    assert state.rat is not None and state.ask is not None and state.ask.kind == "rat_place"  # step 19 next
    cards = [e for e in events if e.key == "gw.rat_card"]
    assert [e.args for e in cards] == [{"rat_card": state.rat.card}]
    assert "gw.khan_setup" in _keys(events) and "gw.rat_placed" not in _keys(events)


def test_the_khans_setup_line_reads_as_a_sentence_in_the_channel() -> None:
    _, events = _draft({"khan": "on"})
    line = next(e for e in events if e.key == "gw.khan_setup")
    text = presenter_for(GAME).line(translator("en"), line.key, line.args, ["A", "B", "C"])
    assert "Genghis Khan" in text and "{" not in text
