"""The year's flow on the engine's decision runner (engine/core/runner.py): placing Idrakys,
programming, resolving orders, census, end of year and game.

Xidit's agenda is its phase and its pending decisions (the state's shape since the first version):
``Ctx.next_task`` reads the automatic step the phase calls for, ``Ctx.waiting`` the decision open
now. Every decision's answer is part of the state (a city, a locked programme, a census count, a
resolved pending decision), so each is taken as it comes (``take``: engine/xidit/decisions.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import runner
from engine.core.events import Event
from engine.core.prompt import Option, Prompt
from engine.core.runner import Frame, Rules, Waiting
from engine.xidit.assessment import run_assessments
from engine.xidit.census import all_shown, census_done, resolve_unit, start_census
from engine.xidit.decisions import decide, pay_titan_unit
from engine.xidit.orders import affordable_titans, execute, titan_icons
from engine.xidit.pack import UNITS, XiditPack
from engine.xidit.rewards import guilds_with_room, place_bard, stories_build_nothing
from engine.xidit.state import ORDERS, State

ORDER_SLOTS = 6
DECISION_KINDS = ("place", "program", "census", "rewards", "bard", "titan", "titan_pay", "guild")


@dataclass(slots=True)
class Ctx:
    state: State
    pack: XiditPack
    events: list[Event] = field(default_factory=list)

    # -- the runner's agenda: the automatic step the phase calls for, or the decision open now -----
    def ready(self) -> bool:
        return self.state.phase != "over"

    def next_task(self) -> Frame | None:
        state = self.state
        if state.pending:
            return _STEP["pending"] if _auto(state) else None
        phase = state.phase
        if phase == "place":
            return None if any(p.city is None for p in state.players) else _STEP["start_year"]
        if phase == "program":
            return None if any(p.orders is None for p in state.players) else _STEP["reveal"]
        if phase == "resolve":
            return _STEP["resolve"]
        if phase == "census":
            if census_done(state):
                return _STEP["end_year"]
            return _STEP["census_unit"] if all_shown(state) else None
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

    def settle(self) -> None:
        return None  # Xidit's random generator lives in the state already


RULES: Rules[Ctx] = Rules("xidit")
# The year's automatic steps as frames: read off the phase, never stored, so one of each serves.
_STEP: dict[str, Frame] = {op: {"op": op} for op in
                           ("pending", "start_year", "reveal", "resolve", "end_year", "census_unit")}


def advance(state: State, pack: XiditPack, events: list[Event]) -> None:
    """Run everything that needs no decision; stop at the first one (or the end)."""
    runner.run(RULES, Ctx(state, pack, events))


def prompts(state: State, pack: XiditPack) -> list[Prompt]:
    """The decisions open now: one prompt per seat still to answer."""
    return runner.prompts(RULES, Ctx(state, pack))


def answer(state: State, pack: XiditPack, seat: int, values: list[str], events: list[Event]) -> None:
    """Take one seat's answer (already checked against its prompt), then run on."""
    runner.answer(RULES, Ctx(state, pack, events), seat, values)


@RULES.task("start_year")
def _start_year(ctx: Ctx, frame: Frame) -> None:
    _start_programming(ctx.state, ctx.events)


@RULES.task("reveal")
def _reveal_task(ctx: Ctx, frame: Frame) -> None:
    _reveal(ctx.state, ctx.events)


@RULES.task("resolve")
def _resolve_task(ctx: Ctx, frame: Frame) -> None:
    _resolve_next(ctx.state, ctx.pack, ctx.events)


@RULES.task("end_year")
def _end_year_task(ctx: Ctx, frame: Frame) -> None:
    _end_year(ctx.state, ctx.pack, ctx.events)


@RULES.task("census_unit")
def _census_unit(ctx: Ctx, frame: Frame) -> None:
    resolve_unit(ctx.state, ctx.pack, ctx.events)


@RULES.task("pending")
def _pending_task(ctx: Ctx, frame: Frame) -> None:
    resolved = _auto_pending(ctx.state, ctx.pack, ctx.events)
    assert resolved


def _auto(state: State) -> bool:
    """The first pending decision has a single possible answer (the engine gives it)."""
    pending = state.pending[0]
    if pending.kind == "bard":
        return len(pending.regions) == 1
    if pending.kind == "titan_pay":
        return sum(1 for u in UNITS if state.players[pending.seat].units[u] > 0) == 1
    return False


def _start_programming(state: State, events: list[Event]) -> None:
    state.phase = "program"
    state.opened = state.step
    for player in state.players:
        player.orders = None
        player.done = 0
    events.append(Event("xidit.year_start", {"year": state.year, "first": state.first},
                        board=True))


def _reveal(state: State, events: list[Event]) -> None:
    state.phase = "resolve"
    state.round = 0
    state.turn = 0
    events.append(Event("xidit.reveal", {
        "orders": {str(s): list(p.orders or []) for s, p in enumerate(state.players)}}))


def _resolve_next(state: State, pack: XiditPack, events: list[Event]) -> None:
    # Order 1 of every player from the first player clockwise, then order 2, and so on.
    if state.round >= ORDER_SLOTS:
        # No board here: the next year's start (after any census) shows the year's outcome, and the
        # channel gets one board per year (issue 16).
        events.append(Event("xidit.orders_done", {"year": state.year}))
        if state.year in state.census_years:
            start_census(state, events)
        else:
            _end_year(state, pack, events)
        return
    seat = state.play_order()[state.turn]
    slot = state.round
    state.turn += 1
    if state.turn == state.seats:
        state.turn = 0
        state.round += 1
    execute(state, pack, seat, slot, events)


def _end_year(state: State, pack: XiditPack, events: list[Event]) -> None:
    state.census = None
    if state.year >= state.years:
        # The game ends after the last census; the first-player token does not move again, so the
        # tie-break "farthest from the first player" uses the holder of the final year.
        state.phase = "assess"
        run_assessments(state, pack, events)
        state.phase = "over"
        return
    state.year += 1
    state.first = (state.first + 1) % state.seats  # the token passes to the left
    for player in state.players:
        player.recruited_in = []
        player.cleared_in = []
        player.titans_in = []
    _start_programming(state, events)


def _auto_pending(state: State, pack: XiditPack, events: list[Event]) -> bool:
    """Resolve a pending decision that has a single possible answer; False if a seat must choose."""
    pending = state.pending[0]
    if pending.kind == "bard" and len(pending.regions) == 1:
        while pending.count > 0:
            place_bard(state, pack, pending, pending.regions[0], events)
        state.pending.pop(0)
        return True
    if pending.kind == "titan_pay":
        held = [u for u in UNITS if state.players[pending.seat].units[u] > 0]
        if len(held) == 1:
            pay_titan_unit(state, pack, pending, held[0], events)
            return True
    return False


def _build(ctx: Ctx, item: Any, seat: int) -> Prompt:
    state, pack = ctx.state, ctx.pack
    if state.pending:
        return _pending_prompt(state, pack)
    if state.phase == "place":
        return _place_prompt(state, pack)
    if state.phase == "program":
        return _program_prompt(state, seat)
    return _census_prompt(state, seat)


def _take(kind: str) -> runner.TakeFn[Ctx]:
    return lambda ctx, item, seat, values: decide(ctx.state, ctx.pack, seat, kind, values, ctx.events)


for _kind in DECISION_KINDS:
    RULES.builder(_kind)(_build)
    RULES.decide(_kind, take=_take(_kind))


def _place_prompt(state: State, pack: XiditPack) -> Prompt:
    # Clockwise from the first player, each Idrakys goes to a city no other Idrakys holds yet.
    seat = next(s for s in state.play_order() if state.players[s].city is None)
    taken = {p.city for p in state.players}
    options = tuple(Option(str(c), "xidit.opt.city", {"city": c}) for c in sorted(pack.cities)
                    if c not in taken)
    return Prompt(seat, "place", f"place{state.step}", "xidit.ask.place", options)


def _program_prompt(state: State, seat: int) -> Prompt:
    options = tuple(Option(o, f"xidit.order.{o}") for o in ORDERS)
    return Prompt(seat, "program", f"program{state.opened}", "xidit.ask.program", options,
                  {"year": state.year}, slots=ORDER_SLOTS, secret=True,
                  group=f"program{state.opened}")


def _census_prompt(state: State, seat: int) -> Prompt:
    # Every seat is asked, even with none of the type, so that being asked reveals nothing.
    assert state.census is not None
    unit = UNITS[state.census.unit]
    held = state.players[seat].units[unit]
    options = tuple(Option(str(n), "xidit.opt.show", {"count": n, "unit": unit})
                    for n in range(held + 1))
    pid = f"census{state.opened}"
    return Prompt(seat, "census", pid, "xidit.ask.census", options, {"unit": unit, "held": held},
                  secret=True, group=pid)


def _pending_prompt(state: State, pack: XiditPack) -> Prompt:
    pending = state.pending[0]
    player = state.players[pending.seat]
    pid = f"{pending.kind}{state.step}"
    if pending.kind == "rewards":
        options = tuple(Option(r, _reward_key(state, pack, pending.seat, pending.source, r))
                        for r in pending.rewards)
        return Prompt(pending.seat, "rewards", pid, "xidit.ask.rewards", options,
                      {"source": pending.source}, pick_min=2, pick_max=2)
    if pending.kind == "bard":
        options = tuple(Option(r, "xidit.opt.region", {"region": r}) for r in pending.regions)
        return Prompt(pending.seat, "bard", pid, "xidit.ask.bard", options,
                      {"count": pending.count}, secret=True)
    if pending.kind == "titan":
        options = tuple(Option(t, "xidit.opt.titan", {"titan": t, "icons": titan_icons(pack, t)})
                        for t in affordable_titans(state, pack, pending.seat))
        return Prompt(pending.seat, "titan", pid, "xidit.ask.titan",
                      (*options, Option("none", "xidit.opt.no_titan")))
    if pending.kind == "titan_pay":
        options = tuple(Option(u, "xidit.opt.unit", {"unit": u, "held": player.units[u]})
                        for u in UNITS if player.units[u] > 0)
        return Prompt(pending.seat, "titan_pay", pid, "xidit.ask.titan_pay", options,
                      {"count": pending.count})
    options = tuple(Option(str(c), "xidit.opt.guild", {"city": c})
                    for c in guilds_with_room(state, pending.seat))
    return Prompt(pending.seat, "guild", pid, "xidit.ask.guild", options)


def _reward_key(state: State, pack: XiditPack, seat: int, source: str, reward: str) -> str:
    if reward == "stories" and stories_build_nothing(state, pack, seat, source):
        return "xidit.reward.stories_none"
    return f"xidit.reward.{reward}"
