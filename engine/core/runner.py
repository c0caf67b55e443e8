"""The decision runner every game's flow runs on.

A game's state keeps an agenda: automatic steps still to run (tasks) and at most one open decision.
``run`` takes steps until a decision is open or nothing is left; a decision builds a prompt per seat
still to answer, checks an answer without changing anything, and acts once every asked seat answered.
Everything the runner needs is in the state (plain JSON-able data), so a saved game resumes mid-step.

What a game registers — its tasks, its decisions and the guards that run before every step (a win
check) — lives on a ``Rules`` object the game owns (``RULES = Rules("gw")``); the game lists the rules
modules that fill it in one place and calls ``seal`` there, which fails on a decision without a prompt.

Where the agenda sits in the state is the game's business (the Great Wall keeps a task stack and an
``Ask``; Akhedena leaves a decision frame on top of its stack; Xidit reads its phase): the game's
context implements ``Agenda``, and the runner does the rest the same way for all three.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from engine.core.prompt import Prompt

Frame = dict[str, Any]


@dataclass(slots=True)
class Waiting:
    """The open decision as the runner sees it: its kind, the seats asked, the answers so far and
    the game's own record of it (``item``: an Ask, a frame…), which the game's functions receive."""

    kind: str
    seats: list[int]
    answers: dict[int, list[str]]
    item: Any


class Agenda(Protocol):
    """Where a game's state keeps the runner's work."""

    def ready(self) -> bool:
        """True while a step may run: no decision is open, something is left, the game goes on."""

    def next_task(self) -> Frame | None:
        """Take the next automatic step off the agenda, or None when a decision waits instead."""

    def waiting(self) -> Waiting | None:
        """The open decision, if any."""

    def close(self, open_: Waiting) -> None:
        """Take the decision every asked seat has answered off the agenda (it is about to act)."""

    def settle(self) -> None:
        """After a run: keep in the state what the context held (the random generator…)."""


C = TypeVar("C", bound=Agenda)
TaskFn = Callable[[C, Frame], None]
BuildFn = Callable[[C, Any, int], Prompt]
CheckFn = Callable[[C, Any, int, list[str]], None]
ActFn = Callable[[C, Any, dict[int, list[str]]], None]
TakeFn = Callable[[C, Any, int, list[str]], None]


@dataclass(frozen=True)
class Decision(Generic[C]):
    """``act`` runs once every asked seat answered (the answers wait in ``Waiting.answers``); a
    decision whose answers are part of the game's own state (Xidit's programmes: each one is locked
    as it comes) ``take``s each answer at once instead, and is over when the state says so."""

    build: BuildFn[C]
    check: CheckFn[C] | None
    act: ActFn[C] | None
    take: TakeFn[C] | None = None


@dataclass
class Rules(Generic[C]):
    """One game's registry: tasks by op, decisions by kind, guards run before every step."""

    game: str
    key: str = "op"  # the frame field naming its task
    tasks: dict[str, TaskFn[C]] = field(default_factory=dict)
    decisions: dict[str, Decision[C]] = field(default_factory=dict)
    builders: dict[str, BuildFn[C]] = field(default_factory=dict)
    guards: list[Callable[[C], None]] = field(default_factory=list)

    def task(self, op: str) -> Callable[[TaskFn[C]], TaskFn[C]]:
        def register(fn: TaskFn[C]) -> TaskFn[C]:
            assert op not in self.tasks, f"{self.game}: task {op} registered twice"
            self.tasks[op] = fn
            return fn
        return register

    def builder(self, kind: str) -> Callable[[BuildFn[C]], BuildFn[C]]:
        """Register the prompt builder of ``kind`` (its decision registers after it)."""
        def register(fn: BuildFn[C]) -> BuildFn[C]:
            self.builders[kind] = fn
            return fn
        return register

    def decide(self, kind: str, act: ActFn[C] | None = None, check: CheckFn[C] | None = None,
               take: TakeFn[C] | None = None) -> None:
        """Register the decision ``kind``: its builder (registered before), check, and act or take."""
        assert kind not in self.decisions, f"{self.game}: decision {kind} registered twice"
        assert (act is None) != (take is None), f"{self.game}: decision {kind} needs act or take"
        self.decisions[kind] = Decision(self.builders[kind], check, act, take)

    def guard(self, fn: Callable[[C], None]) -> Callable[[C], None]:
        self.guards.append(fn)
        return fn

    def seal(self) -> Rules[C]:
        """Every prompt builder belongs to a decision and the other way round (a module missing
        from the game's list shows here, not at the first table that reaches it)."""
        lonely = set(self.builders) ^ set(self.decisions)
        assert not lonely, f"{self.game}: builder without decision or decision without builder: {lonely}"
        return self


def run(rules: Rules[C], ctx: C) -> None:
    """Run automatic steps until a decision is open or nothing is left (the game is over)."""
    tasks, guards, key = rules.tasks, rules.guards, rules.key
    while ctx.ready():
        for guard in guards:
            guard(ctx)
        if guards and not ctx.ready():
            break
        frame = ctx.next_task()
        if frame is None:
            break
        tasks[frame[key]](ctx, frame)
    ctx.settle()


def prompts(rules: Rules[C], ctx: C) -> list[Prompt]:
    """One prompt per seat still to answer the open decision."""
    open_ = ctx.waiting()
    if open_ is None:
        return []
    build = rules.decisions[open_.kind].build
    return [build(ctx, open_.item, seat) for seat in open_.seats if seat not in open_.answers]


def answer(rules: Rules[C], ctx: C, seat: int, values: list[str]) -> None:
    """Record one seat's answer (already shape-checked against its prompt): the decision checks it
    first (changing nothing), acts once every asked seat answered, then the run goes on."""
    open_ = ctx.waiting()
    assert open_ is not None
    spec = rules.decisions[open_.kind]
    if spec.check is not None:
        spec.check(ctx, open_.item, seat, values)
    if spec.take is not None:
        spec.take(ctx, open_.item, seat, values)
    else:
        open_.answers[seat] = values
        if len(open_.answers) == len(open_.seats):
            ctx.close(open_)
            assert spec.act is not None
            spec.act(ctx, open_.item, open_.answers)
    run(rules, ctx)
