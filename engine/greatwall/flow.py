"""The task runner: pops tasks off the state's stack until one needs a decision.

Each rules module registers its tasks (``@task("op")``) and its decisions (``@decision("kind")``:
build the prompt, check an answer without changing anything, finish once every seat has answered).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import IllegalChoice
from engine.core.events import Event
from engine.core.prompt import Option, Prompt
from engine.core.rng import Rng
from engine.greatwall.pack import GreatWallPack
from engine.greatwall.state import Ask, State, Task


@dataclass
class Ctx:
    state: State
    pack: GreatWallPack
    events: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = Rng(self.state.rng)

    def push(self, *tasks: Task) -> None:
        """Schedule ``tasks`` to run next, in the order given."""
        self.state.tasks.extend(reversed(tasks))

    def ask(self, kind: str, seats: list[int], **data: Any) -> None:
        self.state.ask = Ask(kind, list(seats), data, {}, self.state.step)

    def emit(self, key: str, board: bool = False, private: dict[int, tuple[str, dict[str, Any]]] | None = None,
             **args: Any) -> None:
        self.events.append(Event(f"gw.{key}", args, private or {}, board))

    def draw(self, deck: list[str], discard: list[str]) -> str | None:
        """The top card of ``deck``; an empty deck is refilled from its shuffled discard first
        (tactics: War Academy clarification [ES p.14]; advisors: the same reading)."""
        if not deck and discard:
            deck.extend(discard)
            discard.clear()
            self.rng.shuffle(deck)
        return deck.pop(0) if deck else None

    def lethality(self) -> int:
        return self.pack.time[min(self.state.seats, 4)][self.state.time][1]


TaskFn = Callable[[Ctx, Task], None]
BuildFn = Callable[[Ctx, Ask, int], Prompt]
CheckFn = Callable[[Ctx, Ask, int, list[str]], None]
FinishFn = Callable[[Ctx, Ask], None]


@dataclass(frozen=True)
class Decision:
    build: BuildFn
    check: CheckFn
    finish: FinishFn


TASKS: dict[str, TaskFn] = {}
DECISIONS: dict[str, Decision] = {}


def task(op: str) -> Callable[[TaskFn], TaskFn]:
    def register(fn: TaskFn) -> TaskFn:
        TASKS[op] = fn
        return fn
    return register


def decision(kind: str, check: CheckFn | None = None) -> Callable[[FinishFn], FinishFn]:
    """Register ``finish``; the prompt builder is ``build_<kind>`` found by ``builder``."""
    def register(fn: FinishFn) -> FinishFn:
        DECISIONS[kind] = Decision(_BUILDERS[kind], check or _no_check, fn)
        return fn
    return register


_BUILDERS: dict[str, BuildFn] = {}


def builder(kind: str) -> Callable[[BuildFn], BuildFn]:
    def register(fn: BuildFn) -> BuildFn:
        _BUILDERS[kind] = fn
        return fn
    return register


def _no_check(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    return None


def run(ctx: Ctx) -> None:
    """Run tasks until a decision is open or nothing is left (the game is over)."""
    state = ctx.state
    while state.ask is None and state.tasks:
        job = state.tasks.pop()
        TASKS[job["op"]](ctx, job)
    state.rng = ctx.rng.state


def prompts(ctx: Ctx) -> list[Prompt]:
    ask = ctx.state.ask
    if ask is None:
        return []
    spec = DECISIONS[ask.kind]
    return [spec.build(ctx, ask, seat) for seat in ask.seats if seat not in ask.answers]


def answer(ctx: Ctx, seat: int, values: list[str]) -> None:
    """Record one seat's answer (already shape-checked against its prompt); finish when all are in."""
    ask = ctx.state.ask
    assert ask is not None
    spec = DECISIONS[ask.kind]
    spec.check(ctx, ask, seat, values)
    ask.answers[seat] = values
    if len(ask.answers) == len(ask.seats):
        ctx.state.ask = None
        spec.finish(ctx, ask)
    run(ctx)


def prompt(ask: Ask, seat: int, key: str, options: list[Option], **kw: Any) -> Prompt:
    """A prompt whose id stays stable while ``ask`` is open."""
    secret = len(ask.seats) > 1
    return Prompt(seat=seat, kind=ask.kind, id=f"{ask.kind}{ask.opened}", key=f"gw.ask.{key}",
                  options=tuple(options), secret=secret, group=ask.kind if secret else None, **kw)


def refuse(reason: str, **args: Any) -> IllegalChoice:
    return IllegalChoice(reason, f"gw.error.{reason}", **args)


def compose(ask: Ask, seat: int, key: str, slots: list[tuple[str, list[Option]]], **kw: Any) -> Prompt:
    """One panel of several picks: slot i picks one of its own options, labelled gw.slot.<name>.
    A single slot is an ordinary one-pick prompt."""
    if len(slots) == 1:
        return prompt(ask, seat, key, slots[0][1], **kw)
    options: dict[str, Option] = {}
    for _, opts in slots:
        for o in opts:
            options.setdefault(o.id, o)
    return prompt(ask, seat, key, list(options.values()), slots=len(slots),
                  slot_options=tuple(tuple(o.id for o in opts) for _, opts in slots),
                  slot_keys=tuple(f"gw.slot.{name}" for name, _ in slots), **kw)
