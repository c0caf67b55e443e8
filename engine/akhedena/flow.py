"""The frame runner: the state keeps a stack of frames; automatic ones run, a decision waits.

A frame is a dict with ``k`` (its kind) and the data it needs. Rules modules register automatic
frames (``@auto``) and decisions (``@decision``: build the prompt, optionally check an answer
without changing anything, then act). Everything lives in the state, so a saved game resumes
exactly where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.akhedena.board import Geo
from engine.akhedena.pack import AkhedenaPack
from engine.akhedena.state import Frame, Player, State
from engine.core.errors import IllegalChoice
from engine.core.events import Event
from engine.core.prompt import Option, Prompt
from engine.core.rng import Rng


@dataclass
class Ctx:
    state: State
    pack: AkhedenaPack
    events: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = Rng(self.state.rng)
        self.geo = Geo(self.state, self.pack)

    def push(self, kind: str, **data: Any) -> None:
        """Put a frame on top: it runs (or is asked) next."""
        self.state.stack.append({"k": kind, "o": self.state.step, **data})

    def emit(self, key: str, board: bool = False, private: dict[int, tuple[str, dict[str, Any]]] | None = None,
             **args: Any) -> None:
        self.events.append(Event(f"ak.{key}", args, private or {}, board))

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def allies(self, seat: int) -> set[int]:
        """The seat and its team-mates (team mode [Modo Avanzado])."""
        team = self.state.players[seat].team
        return {p.seat for p in self.state.players if p.team == team}

    def draw(self, deck: list[str], discard: list[str]) -> str | None:
        """The top card; an empty deck is rebuilt from its shuffled discard [Tomar 1 carta de acción]."""
        if not deck and discard:
            deck.extend(discard)
            discard.clear()
            self.rng.shuffle(deck)
        return deck.pop(0) if deck else None


AutoFn = Callable[[Ctx, Frame], None]
BuildFn = Callable[[Ctx, Frame], Prompt]
CheckFn = Callable[[Ctx, Frame, list[str]], None]
ActFn = Callable[[Ctx, Frame, list[str]], None]


@dataclass(frozen=True)
class Decision:
    build: BuildFn
    check: CheckFn | None
    act: ActFn


AUTO: dict[str, AutoFn] = {}
DECISIONS: dict[str, Decision] = {}
_BUILDERS: dict[str, BuildFn] = {}


def auto(kind: str) -> Callable[[AutoFn], AutoFn]:
    def register(fn: AutoFn) -> AutoFn:
        AUTO[kind] = fn
        return fn
    return register


def builder(kind: str) -> Callable[[BuildFn], BuildFn]:
    def register(fn: BuildFn) -> BuildFn:
        _BUILDERS[kind] = fn
        return fn
    return register


def decision(kind: str, check: CheckFn | None = None) -> Callable[[ActFn], ActFn]:
    def register(fn: ActFn) -> ActFn:
        DECISIONS[kind] = Decision(_BUILDERS[kind], check, fn)
        return fn
    return register


# Set by the rules package: ends the game when the side whose turn it is has won [Objetivo del Juego].
WIN_CHECK: list[Callable[[Ctx], None]] = []


def run(ctx: Ctx) -> None:
    """Run automatic frames until a decision is open or the game is over."""
    state = ctx.state
    while state.stack and not state.over:
        for check in WIN_CHECK:
            check(ctx)
        if state.over:
            break
        frame = state.stack[-1]
        if frame["k"] not in AUTO:
            break
        state.stack.pop()
        AUTO[frame["k"]](ctx, frame)
    if state.over:
        state.stack.clear()
    state.rng = ctx.rng.state


def current(ctx: Ctx) -> Prompt | None:
    state = ctx.state
    if state.over or not state.stack:
        return None
    frame = state.stack[-1]
    return DECISIONS[frame["k"]].build(ctx, frame)


def answer(ctx: Ctx, values: list[str]) -> None:
    """Act on the open decision's answer (already shape-checked against its prompt)."""
    frame = ctx.state.stack[-1]
    spec = DECISIONS[frame["k"]]
    if spec.check is not None:
        spec.check(ctx, frame, values)
    ctx.state.stack.pop()
    spec.act(ctx, frame, values)
    run(ctx)


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
