"""Akhedena on the engine's decision runner (engine/core/runner.py): its context and helpers.

The state keeps a stack of frames; automatic ones run, a decision waits on top. A frame is a dict with
``k`` (its kind) and the data it needs. Rules modules register on ``RULES`` automatic frames
(``@auto``) and decisions in the core's one dialect (engine/core/runner.py): ``@builder`` fn(ctx,
frame, seat) builds the prompt, ``@decision`` fn(ctx, frame, answers) acts on ``answers[frame["seat"]]``
(the frame's one seat) after its optional ``check`` fn(ctx, frame, seat, values) refused nothing;
engine/akhedena/rules.py lists those modules. Everything lives in the state, so a saved game resumes
exactly where it stopped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.akhedena.board import Geo
from engine.akhedena.pack import AkhedenaPack
from engine.akhedena.state import Frame, Player, State
from engine.akhedena.variant import Variant
from engine.core import runner
from engine.core.errors import IllegalChoice
from engine.core.flow import BaseCtx
from engine.core.prompt import Option, Prompt
from engine.core.runner import Rules, Waiting


@dataclass
class Ctx(BaseCtx[State, AkhedenaPack]):
    prefix: ClassVar[str] = "ak"

    def __post_init__(self) -> None:
        self.geo = Geo(self.state, self.pack)
        self.variant: Variant[Any] = self.geo.variant  # the table's variant: its hooks (variant.py)

    def push(self, kind: str, **data: Any) -> None:
        """Put a frame on top: it runs (or is asked) next."""
        self.state.stack.append({"k": kind, "o": self.state.step, **data})

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def allies(self, seat: int) -> set[int]:
        """The seat and its team-mates (a variant's sides [Modo Avanzado])."""
        team = self.state.players[seat].team
        return {p.seat for p in self.state.players if p.team == team}

    # -- the runner's agenda (engine/core/runner.py): a decision waits as the top frame -----------
    def ready(self) -> bool:
        return bool(self.state.stack) and not self.state.over

    def next_task(self) -> Frame | None:
        stack = self.state.stack
        return stack.pop() if stack[-1]["k"] in RULES.tasks else None

    def waiting(self) -> Waiting | None:
        state = self.state
        if state.over or not state.stack:
            return None
        frame = state.stack[-1]
        return Waiting(frame["k"], [frame["seat"]], {}, frame)

    def close(self, open_: Waiting) -> None:
        self.state.stack.pop()

    def settle(self) -> None:
        if self.state.over:
            self.state.stack.clear()
        super().settle()


# Akhedena's rules: filled by the modules engine/akhedena/rules.py lists. A frame's ``k`` names its
# task, or its decision while it waits on top of the stack. The guards include the win check, run
# before every step [Objetivo del Juego].
RULES: Rules[Ctx] = Rules("ak", key="k")
auto = RULES.task
guard = RULES.guard
builder = RULES.builder
decision = RULES.decision


def run(ctx: Ctx) -> None:
    """Run automatic frames until a decision is open or the game is over."""
    runner.run(RULES, ctx)


def current(ctx: Ctx) -> Prompt | None:
    found = runner.prompts(RULES, ctx)
    return found[0] if found else None


def answer(ctx: Ctx, values: list[str]) -> None:
    """Act on the open decision's answer (already shape-checked against its prompt)."""
    open_ = ctx.waiting()
    assert open_ is not None
    runner.answer(RULES, ctx, open_.seats[0], values)


def prompt(ctx: Ctx, frame: Frame, key: str, options: list[Option], secret: bool = False,
           **kw: Any) -> Prompt:
    """The prompt of ``frame`` for its seat; its id stays the same while the frame is open."""
    kind = frame["k"]
    return Prompt(seat=frame["seat"], kind=kind, id=f"{kind}{frame['o']}", key=f"ak.ask.{key}",
                  options=tuple(options), secret=secret, **kw)


def refuse(reason: str, **args: Any) -> IllegalChoice:
    return IllegalChoice(reason, f"ak.error.{reason}", **args)


def opt(option_id: str, key: str, **args: Any) -> Option:
    return Option(option_id, f"ak.opt.{key}", args)
