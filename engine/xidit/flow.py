"""Lords of Xidit's context and agenda on the engine's decision runner (engine/core/runner.py).

Xidit's agenda is its phase and its pending decisions (the state's shape since the first version):
``Ctx.next_task`` reads the automatic step the phase calls for, ``Ctx.waiting`` the decision open now
(its item: the first pending decision, else None). Every answer is part of the state (a city, a locked
programme, a census count, a resolved pending decision), so every decision takes its answers as they
come (``each=True``) and is over when the state says so.

The steps and decisions register on ``RULES`` from the modules engine/xidit/rules.py lists, each
decision's prompt and answer in one module: placing the Idrakys (setup.py), programming (orders.py),
the year's steps (year.py), the census (census.py), rewards, bards and guild stories (rewards.py),
titans (titans.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core import runner
from engine.core.events import Event
from engine.core.flow import BaseCtx
from engine.core.prompt import Prompt
from engine.core.runner import Frame, Rules, Waiting
from engine.xidit.pack import UNITS, XiditPack
from engine.xidit.state import State


@dataclass
class Ctx(BaseCtx[State, XiditPack]):
    prefix: ClassVar[str] = "xidit"

    # -- the runner's agenda: the automatic step the phase calls for, or the decision open now -----
    def ready(self) -> bool:
        return self.state.phase != "over"

    def next_task(self) -> Frame | None:
        state = self.state
        if state.pending:
            return None  # a pending decision waits; its ``auto`` answers it when only one answer is possible
        phase = state.phase
        if phase == "place":
            return None if any(p.city is None for p in state.players) else _STEP["start_year"]
        if phase == "program":
            return None if any(p.orders is None for p in state.players) else _STEP["reveal"]
        if phase == "resolve":
            return _STEP["resolve"]
        if phase == "census" and state.census is not None:
            if state.census.unit >= len(UNITS):
                return _STEP["end_year"]
            return _STEP["census_unit"] if len(state.census.shown) == state.seats else None
        return None

    def waiting(self) -> Waiting | None:
        state = self.state
        if state.phase == "over":
            return None
        if state.pending:
            return Waiting(state.pending[0].kind, [state.pending[0].seat], {}, state.pending[0])
        if state.phase == "place":
            return Waiting("place", [next(s for s in state.play_order() if state.players[s].city is None)], {}, None)
        if state.phase == "program":
            return Waiting("program", [s for s, p in enumerate(state.players) if p.orders is None], {}, None)
        if state.phase == "census" and state.census is not None:
            census = state.census
            return Waiting("census", [s for s in range(state.seats) if s not in census.shown], {}, None)
        return None

    def close(self, open_: Waiting) -> None:
        return None  # every decision is taken into the state as it comes


RULES: Rules[Ctx] = Rules("xidit")
# The year's automatic steps as frames: read off the phase, never stored, so one of each serves.
_STEP: dict[str, Frame] = {op: {"op": op} for op in ("start_year", "reveal", "resolve", "end_year", "census_unit")}


def advance(state: State, pack: XiditPack, events: list[Event]) -> None:
    """Run everything that needs no decision; stop at the first one (or the end)."""
    runner.run(RULES, Ctx(state, pack, events))


def prompts(state: State, pack: XiditPack) -> list[Prompt]:
    """The decisions open now: one prompt per seat still to answer."""
    return runner.prompts(RULES, Ctx(state, pack))


def answer(state: State, pack: XiditPack, seat: int, values: list[str], events: list[Event]) -> None:
    """Take one seat's answer (already checked against its prompt), then run on."""
    runner.answer(RULES, Ctx(state, pack, events), seat, values)
