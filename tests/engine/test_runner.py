"""The one decision runner (engine/core/runner.py) every game runs on: a toy game shows the runner's
contract (tasks run until a decision opens; a decision checks without changing anything and acts once
every asked seat answered; the agenda is plain data, so a game saved mid-decision resumes), and each
real game's rules sit on a sealed ``Rules`` object of its own."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core import runner
from engine.core.errors import IllegalChoice
from engine.core.prompt import Option, Prompt
from engine.core.runner import Frame, Rules, Waiting


@dataclass
class Toy:
    """A toy game's state: a task stack, one open ask (as a dict), a score, and a log."""

    tasks: list[Frame] = field(default_factory=list)
    ask: dict[str, Any] | None = None
    log: list[str] = field(default_factory=list)
    over: bool = False


@dataclass
class ToyCtx:
    state: Toy

    def ready(self) -> bool:
        return self.state.ask is None and bool(self.state.tasks) and not self.state.over

    def next_task(self) -> Frame | None:
        return self.state.tasks.pop()

    def waiting(self) -> Waiting | None:
        ask = self.state.ask
        return None if ask is None else Waiting(ask["kind"], ask["seats"], ask["answers"], ask)

    def close(self, open_: Waiting) -> None:
        self.state.ask = None

    def settle(self) -> None:
        self.state.log.append("settled")


def toy_rules() -> Rules[ToyCtx]:
    rules: Rules[ToyCtx] = Rules("toy")

    @rules.task("say")
    def say(ctx: ToyCtx, frame: Frame) -> None:
        ctx.state.log.append(frame["text"])

    @rules.task("vote")
    def vote(ctx: ToyCtx, frame: Frame) -> None:
        ctx.state.ask = {"kind": "vote", "seats": [0, 1], "answers": {}}

    @rules.builder("vote")
    def build(ctx: ToyCtx, ask: Any, seat: int) -> Prompt:
        return Prompt(seat, "vote", "vote", "toy.vote", (Option("yes", "toy.yes"), Option("no", "toy.no")))

    def check(ctx: ToyCtx, ask: Any, seat: int, values: list[str]) -> None:
        if values == ["no"] and seat == 1:
            raise IllegalChoice("veto", "toy.veto")

    @rules.decision("vote", check=check)
    def act(ctx: ToyCtx, ask: Any, answers: dict[int, list[str]]) -> None:
        ctx.state.log.append("votes " + ",".join(answers[s][0] for s in sorted(answers)))

    @rules.guard
    def stop_at_ten(ctx: ToyCtx) -> None:
        ctx.state.over = len(ctx.state.log) >= 10

    return rules.seal()


def _start() -> tuple[Rules[ToyCtx], ToyCtx]:
    rules = toy_rules()
    ctx = ToyCtx(Toy(tasks=[{"op": "say", "text": "after"}, {"op": "vote"}, {"op": "say", "text": "before"}]))
    runner.run(rules, ctx)
    return rules, ctx


def test_tasks_run_until_a_decision_opens() -> None:
    rules, ctx = _start()
    assert ctx.state.log == ["before", "settled"]
    assert [p.seat for p in runner.prompts(rules, ctx)] == [0, 1]


def test_a_refused_answer_changes_nothing_and_the_decision_acts_when_all_answered() -> None:
    rules, ctx = _start()
    with pytest.raises(IllegalChoice):
        runner.answer(rules, ctx, 1, ["no"])
    assert ctx.state.ask == {"kind": "vote", "seats": [0, 1], "answers": {}}
    runner.answer(rules, ctx, 0, ["yes"])
    assert [p.seat for p in runner.prompts(rules, ctx)] == [1]
    runner.answer(rules, ctx, 1, ["yes"])
    assert ctx.state.log[-3:] == ["votes yes,yes", "after", "settled"]
    assert runner.prompts(rules, ctx) == []


def test_a_game_saved_mid_decision_resumes_where_it_stopped() -> None:
    rules, ctx = _start()
    runner.answer(rules, ctx, 0, ["no"])
    saved = json.dumps({"tasks": ctx.state.tasks, "ask": ctx.state.ask, "log": ctx.state.log})
    data = json.loads(saved)
    data["ask"]["answers"] = {int(k): v for k, v in data["ask"]["answers"].items()}
    resumed = ToyCtx(Toy(**data))
    assert [p.seat for p in runner.prompts(rules, resumed)] == [1]
    runner.answer(rules, resumed, 1, ["yes"])
    assert "votes no,yes" in resumed.state.log


def test_guards_run_before_every_step() -> None:
    rules = toy_rules()
    ctx = ToyCtx(Toy(tasks=[{"op": "say", "text": str(n)} for n in range(20)]))
    runner.run(rules, ctx)
    assert ctx.state.over and len(ctx.state.log) == 11  # ten lines, then the guard stops it; settled


def test_sealing_finds_a_decision_without_its_prompt_and_double_registration() -> None:
    rules: Rules[ToyCtx] = Rules("toy")
    rules.builders["lonely"] = lambda ctx, ask, seat: Prompt(seat, "lonely", "l", "toy.l", ())
    with pytest.raises(AssertionError, match="lonely"):
        rules.seal()
    rules.task("x")(lambda ctx, frame: None)
    with pytest.raises(AssertionError, match="twice"):
        rules.task("x")(lambda ctx, frame: None)


@pytest.mark.parametrize("game", ["greatwall", "akhedena", "xidit"])
def test_every_game_runs_on_the_core_runner_with_its_own_sealed_rules(game: str) -> None:
    import importlib

    rules = importlib.import_module(f"engine.{game}.rules")
    flow = importlib.import_module(f"engine.{game}.flow")
    registry = flow.RULES
    assert isinstance(registry, Rules) and registry.decisions and registry.tasks
    assert set(registry.builders) == set(registry.decisions)
    assert rules.MODULES  # the one place the game's rules modules are listed
    # No registry of its own left in the flow module (the old TASKS/DECISIONS/AUTO/WIN_CHECK globals).
    assert not {"TASKS", "DECISIONS", "AUTO", "WIN_CHECK", "_BUILDERS"} & set(vars(flow))


@pytest.mark.parametrize("game", ["greatwall", "akhedena", "xidit"])
def test_every_game_writes_its_decisions_in_the_one_dialect(game: str) -> None:
    """One way to write a decision (docs/flows.md): every game's decisions register through
    ``@RULES.decision``, which puts a decision's prompt and its answer in one module; the adapter form
    a flow module wrapped its own signature with is gone."""
    import importlib

    importlib.import_module(f"engine.{game}.rules")
    registry = importlib.import_module(f"engine.{game}.flow").RULES
    assert not hasattr(Rules, "decide")
    for kind, decision in registry.decisions.items():
        assert decision.module == registry.builders[kind].__module__, kind
        assert decision.module.startswith(f"engine.{game}."), kind


def test_akhedena_wins_are_a_guard_of_its_rules() -> None:
    from engine.akhedena.flow import RULES
    from engine.akhedena.victory import check_win

    assert RULES.guards == [check_win]
