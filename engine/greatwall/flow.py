"""The Great Wall on the engine's decision runner (engine/core/runner.py): its context and helpers.

Each rules module registers on ``RULES`` its tasks (``@task("op")``) and its decisions, in the core's
one dialect (engine/core/runner.py): ``@builder("kind")`` fn(ctx, ask, seat) builds a seat's prompt,
then ``@decision("kind", check=...)`` fn(ctx, ask, answers) acts once every asked seat answered (with
``each=True``, on each answer as it comes: co-op's open rounds). engine/greatwall/rules.py lists those
modules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, TypeVar

from engine.core import runner
from engine.core.errors import IllegalChoice
from engine.core.flow import BaseCtx
from engine.core.prompt import Option, Prompt
from engine.core.runner import Rules, Waiting
from engine.greatwall.pack import GreatWallPack
from engine.greatwall.state import Ask, State, Task
from engine.greatwall.variant import Variant, active, open_rounds

T = TypeVar("T")


@dataclass
class Ctx(BaseCtx[State, GreatWallPack]):
    prefix: ClassVar[str] = "gw"

    # -- the active variants (engine/greatwall/variant.py), in their order of application ----------
    @cached_property
    def variants(self) -> tuple[Variant[Ctx], ...]:
        return active(self.state)

    def each(self, hook: Callable[[Variant[Ctx]], object]) -> None:
        """Call ``hook`` on every active variant."""
        for variant in self.variants:
            hook(variant)

    def first(self, hook: Callable[[Variant[Ctx]], T | None]) -> T | None:
        """The first active variant's answer that is not None (an override), else None."""
        for variant in self.variants:
            answer = hook(variant)
            if answer is not None:
                return answer
        return None

    def some(self, hook: Callable[[Variant[Ctx]], bool]) -> bool:
        """Did some active variant take the step (its hook returned True)."""
        return any(hook(variant) for variant in self.variants)

    def every(self, hook: Callable[[Variant[Ctx]], bool]) -> bool:
        return all(hook(variant) for variant in self.variants)

    def fold(self, value: T, hook: Callable[[Variant[Ctx], T], T]) -> T:
        """``value`` passed through every active variant in turn."""
        for variant in self.variants:
            value = hook(variant, value)
        return value

    def push(self, *tasks: Task) -> None:
        """Schedule ``tasks`` to run next, in the order given."""
        self.state.tasks.extend(reversed(tasks))

    def ask(self, kind: str, seats: list[int], **data: Any) -> None:
        self.state.ask = Ask(kind, list(seats), data, {}, self.state.step)

    def lethality(self) -> int:
        return self.time_track()[self.state.time][1] + self.passive("lethality")

    def time_track(self) -> tuple[tuple[int, int], ...]:
        return time_track(self.state, self.pack)

    def passive(self, kind: str) -> int:
        """The sum of a count kind over the revealed co-op Events' passive effects (engine/greatwall/events.py)."""
        return sum(int(self.pack.events[e].passive.get(kind, 0)) for e in self.state.events)


    # -- the runner's agenda (engine/core/runner.py): a task stack and one open Ask --------------
    def ready(self) -> bool:
        return self.state.ask is None and bool(self.state.tasks)

    def next_task(self) -> Task | None:
        return self.state.tasks.pop()

    def waiting(self) -> Waiting | None:
        ask = self.state.ask
        return None if ask is None else Waiting(ask.kind, ask.seats, ask.answers, ask)

    def close(self, open_: Waiting) -> None:
        self.state.ask = None


def time_track(state: State, pack: GreatWallPack) -> tuple[tuple[int, int], ...]:
    """The track of the board side in play: by clan count, so 2 players with the Reed clan use the
    3-player side [ES p.15, setup step 1]; a variant may change it."""
    track = pack.time[min(max(state.clans(), 3), 4)]
    for variant in active(state):
        track = variant.time_track(state, pack, track)
    return track


# The Great Wall's rules: filled by the modules engine/greatwall/rules.py lists.
RULES: Rules[Ctx] = Rules("gw")
task = RULES.task
builder = RULES.builder
decision = RULES.decision


def run(ctx: Ctx) -> None:
    """Run tasks until a decision is open or nothing is left (the game is over). The guards (an end
    that comes at once, qin.shame_out) run before every step, and once more when a step ended on a
    decision: a step may change what they check and then ask something in the same go."""
    runner.run(RULES, ctx)
    opened = ctx.state.ask
    if opened is None:
        return
    for guard in RULES.guards:
        guard(ctx)
    if ctx.state.ask is not opened:
        runner.run(RULES, ctx)


def prompts(ctx: Ctx) -> list[Prompt]:
    return runner.prompts(RULES, ctx)


def answer(ctx: Ctx, seat: int, values: list[str]) -> None:
    """Record one seat's answer (already shape-checked against its prompt); finish when all are in."""
    runner.answer(RULES, ctx, seat, values)




def prompt(ask: Ask, seat: int, key: str, options: list[Option], **kw: Any) -> Prompt:
    """A prompt whose id stays stable while ``ask`` is open."""
    secret = len(ask.seats) > 1 and ask.kind not in open_rounds()
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
