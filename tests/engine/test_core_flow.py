"""The one flow dialect (engine/core/flow.py, engine/core/runner.py): a base context every game's
``Ctx`` subclasses, and one registration signature per decision, whose builder and answer live in one
module. A toy state shows the contract; Xidit (engine/xidit) is the real game written this way."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from engine.core import runner
from engine.core.flow import BaseCtx
from engine.core.prompt import Option, Prompt
from engine.core.rng import Rng
from engine.core.runner import Answers, Frame, Rules, Waiting


@dataclass
class Tally:
    """Seats asked at once; each answer is kept as it comes; an automatic step adds a card drawn."""

    seats: list[int] = field(default_factory=lambda: [0, 1])
    kept: dict[int, str] = field(default_factory=dict)
    forced: int = 0
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=lambda: ["a", "b", "c"])
    rng: int = 7


@dataclass
class TallyCtx(BaseCtx[Tally, None]):
    prefix: ClassVar[str] = "tally"

    def ready(self) -> bool:
        return len(self.state.kept) < len(self.state.seats)

    def next_task(self) -> Frame | None:
        return None

    def waiting(self) -> Waiting | None:
        asked = [s for s in self.state.seats if s not in self.state.kept]
        return Waiting("pick", asked, {}, None) if asked else None

    def close(self, open_: Waiting) -> None:
        return None


def tally_rules(each: bool, auto: Any = None) -> Rules[TallyCtx]:
    rules: Rules[TallyCtx] = Rules("tally")

    @rules.builder("pick")
    def _ask(ctx: TallyCtx, item: Any, seat: int) -> Prompt:
        return Prompt(seat, "pick", "pick", "tally.ask", (Option("x", "tally.x"), Option("y", "tally.y")))

    @rules.decision("pick", each=each, auto=auto)
    def _keep(ctx: TallyCtx, item: Any, answers: Answers) -> None:
        for seat, values in answers.items():
            ctx.state.kept[seat] = values[0]
            ctx.emit("kept", seat=seat)

    return rules.seal()


def test_the_base_context_emits_with_the_game_prefix_and_keeps_the_rng_in_the_state() -> None:
    """The Great Wall [ES p.14, War Academy] and Akhedena [Tomar 1 carta de acción] both refill an
    empty deck from its discard, shuffled: one ``draw`` serves both."""
    ctx = TallyCtx(Tally(), None)
    ctx.emit("hello", board=True, private={1: ("tally.secret", {})}, n=2)
    assert [(e.key, e.args, e.private, e.board) for e in ctx.events] == [
        ("tally.hello", {"n": 2}, {1: ("tally.secret", {})}, True)]
    ctx.settle()
    assert ctx.state.rng == 7  # nothing drawn: the state's generator is as it was
    card = ctx.draw(ctx.state.deck, ctx.state.discard)
    expected = ["a", "b", "c"]
    Rng(7).shuffle(expected)
    assert card == expected[0] and ctx.state.deck == expected[1:] and ctx.state.discard == []
    ctx.settle()
    rng = Rng(7)
    rng.shuffle(["a", "b", "c"])
    assert ctx.state.rng == rng.state
    assert TallyCtx(Tally(deck=[], discard=[]), None).draw([], []) is None


def test_each_takes_every_answer_as_it_comes() -> None:
    rules = tally_rules(each=True)
    ctx = TallyCtx(Tally(), None)
    runner.answer(rules, ctx, 1, ["y"])
    assert ctx.state.kept == {1: "y"} and [p.seat for p in runner.prompts(rules, ctx)] == [0]
    runner.answer(rules, ctx, 0, ["x"])
    assert ctx.state.kept == {1: "y", 0: "x"} and [e.key for e in ctx.events] == ["tally.kept"] * 2


def test_an_auto_answer_is_given_without_asking_and_the_run_goes_on() -> None:
    def only_one(ctx: TallyCtx, item: Any) -> bool:
        asked = [s for s in ctx.state.seats if s not in ctx.state.kept]
        if len(asked) != 1:
            return False
        ctx.state.kept[asked[0]] = "forced"
        return True

    rules = tally_rules(each=True, auto=only_one)
    ctx = TallyCtx(Tally(), None)
    runner.run(rules, ctx)
    assert runner.prompts(rules, ctx) and ctx.state.kept == {}  # two seats to ask: nothing forced
    runner.answer(rules, ctx, 0, ["x"])
    assert ctx.state.kept == {0: "x", 1: "forced"} and runner.prompts(rules, ctx) == []


def test_a_decision_answered_away_from_its_builder_is_refused() -> None:
    """A decision owns its prompt and its answer in one module; its builder comes first."""
    rules: Rules[TallyCtx] = Rules("tally")
    with pytest.raises(AssertionError, match="before its builder"):
        rules.decision("pick")(lambda ctx, item, answers: None)
    rules.builder("pick")(lambda ctx, item, seat: Prompt(seat, "pick", "p", "k", ()))
    elsewhere = runner.run  # any function defined in another module

    def act(ctx: TallyCtx, item: Any, answers: Answers) -> None:
        return None

    act.__module__ = elsewhere.__module__
    with pytest.raises(AssertionError, match=r"answered in engine\.core\.runner"):
        rules.decision("pick")(act)
