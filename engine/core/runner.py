"""The decision runner every game's flow runs on.

A game's state keeps an agenda: automatic steps still to run (tasks) and at most one open decision.
``run`` takes steps until a decision is open or nothing is left; a decision builds a prompt per seat
still to answer, checks an answer without changing anything, and acts on the answers. Everything the
runner needs is in the state (plain JSON-able data), so a saved game resumes mid-step.

How a flow is written (one dialect, which every game is on; engine/xidit is the reference):

- The context subclasses ``engine.core.flow.BaseCtx`` (state, pack, events, the RNG kept in the state,
  ``emit`` with the game's event prefix, ``draw``) and implements ``Agenda`` below: where the state
  keeps the runner's work is the game's business (a task stack and an ``Ask``, a frame on top of a
  stack, a phase read off the state).
- The game owns one ``Rules`` object (``RULES = Rules("xidit")``) in its flow module. Each rules module
  registers on it: ``@RULES.task(op)`` fn(ctx, frame) for an automatic step, ``@RULES.guard`` fn(ctx)
  run before every step (a win check), and per decision kind, in ONE module, its builder then its answer:

      @RULES.builder("census")
      def _ask(ctx, item, seat) -> Prompt: ...           # the prompt of one asked seat

      @RULES.decision("census", check=None, each=True, auto=None)
      def _show(ctx, item, answers) -> None: ...        # answers: {seat: [option ids]}

  ``item`` is the game's own record of the open decision (``Waiting.item``: an Ask, a frame, a pending
  entry, or None). By default the answer acts once every asked seat answered, with all the answers;
  ``each=True`` takes every answer as it comes (with that one answer), for a decision whose answers
  live in the game's own state and which is over when the state says so. ``check`` fn(ctx, item, seat,
  values) refuses an answer (``IllegalChoice``) before anything changes. ``auto`` fn(ctx, item) -> bool
  answers for the seat when only one answer is possible, True when it did (then the run goes on).
- A game lists its rules modules in one place (``<game>/rules.py``: ``MODULES``) and calls ``seal``
  there, which fails on a builder without its decision or the other way round.
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
Answers = dict[int, list[str]]  # seat -> the option ids it picked
TaskFn = Callable[[C, Frame], None]
BuildFn = Callable[[C, Any, int], Prompt]
CheckFn = Callable[[C, Any, int, list[str]], None]
ActFn = Callable[[C, Any, Answers], None]
TakeFn = Callable[[C, Any, int, list[str]], None]
AutoFn = Callable[[C, Any], bool]


@dataclass(frozen=True)
class Decision(Generic[C]):
    """``act`` runs once every asked seat answered (the answers wait in ``Waiting.answers``); a
    decision whose answers are part of the game's own state (Xidit's programmes: each one is locked
    as it comes) ``take``s each answer at once instead, and is over when the state says so. ``auto``
    gives the one possible answer without asking (True when it did). ``module``: where its builder
    and its answer live."""

    build: BuildFn[C]
    check: CheckFn[C] | None
    act: ActFn[C] | None
    take: TakeFn[C] | None
    auto: AutoFn[C] | None
    module: str


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

    def decision(self, kind: str, check: CheckFn[C] | None = None, each: bool = False,
                 auto: AutoFn[C] | None = None) -> Callable[[ActFn[C]], ActFn[C]]:
        """Register the answer of the decision ``kind``: fn(ctx, item, answers), after its builder and
        in the same module (a decision owns its prompt and its answer). ``each``: take every answer as
        it comes, ``{seat: values}`` one at a time; else act once every asked seat answered."""
        def register(fn: ActFn[C]) -> ActFn[C]:
            assert kind in self.builders, f"{self.game}: decision {kind} registered before its builder"
            owner = self.builders[kind].__module__
            assert owner == fn.__module__, f"{self.game}: decision {kind} answered in {fn.__module__}, asked in {owner}"
            if each:
                self._add(kind, Decision(self.builders[kind], check, None, _one_by_one(fn), auto, owner))
            else:
                self._add(kind, Decision(self.builders[kind], check, fn, None, auto, owner))
            return fn
        return register

    def _add(self, kind: str, decision: Decision[C]) -> None:
        assert kind not in self.decisions, f"{self.game}: decision {kind} registered twice"
        self.decisions[kind] = decision

    def guard(self, fn: Callable[[C], None]) -> Callable[[C], None]:
        self.guards.append(fn)
        return fn

    def seal(self) -> Rules[C]:
        """Every prompt builder belongs to a decision and the other way round (a module missing
        from the game's list shows here, not at the first table that reaches it)."""
        lonely = set(self.builders) ^ set(self.decisions)
        assert not lonely, f"{self.game}: builder without decision or decision without builder: {lonely}"
        return self


def _one_by_one(act: ActFn[C]) -> TakeFn[C]:
    return lambda ctx, item, seat, values: act(ctx, item, {seat: values})


def run(rules: Rules[C], ctx: C) -> None:
    """Run automatic steps until a decision is open or nothing is left (the game is over). A decision
    with an ``auto`` answer is answered by it when it can, and the run goes on."""
    tasks, guards, key = rules.tasks, rules.guards, rules.key
    while ctx.ready():
        for guard in guards:
            guard(ctx)
        if guards and not ctx.ready():
            break
        frame = ctx.next_task()
        if frame is None:
            if _answered_alone(rules, ctx):
                continue
            break
        tasks[frame[key]](ctx, frame)
    ctx.settle()


def _answered_alone(rules: Rules[C], ctx: C) -> bool:
    """The open decision's ``auto`` gave its one possible answer."""
    open_ = ctx.waiting()
    auto = None if open_ is None else rules.decisions[open_.kind].auto
    return auto is not None and open_ is not None and auto(ctx, open_.item)


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
