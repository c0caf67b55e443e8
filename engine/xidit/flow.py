"""The year's flow: placing Idrakys, programming, resolving orders, census, end of year and game.

``advance`` runs everything that needs no decision and stops at the first one; ``prompts`` lists
the decisions open now.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.prompt import Option, Prompt
from engine.xidit.assessment import run_assessments
from engine.xidit.census import all_shown, census_done, resolve_unit, start_census
from engine.xidit.decisions import pay_titan_unit
from engine.xidit.orders import affordable_titans, execute, titan_icons
from engine.xidit.pack import UNITS, XiditPack
from engine.xidit.rewards import guilds_with_room, place_bard, stories_build_nothing
from engine.xidit.state import ORDERS, State

ORDER_SLOTS = 6


def advance(state: State, pack: XiditPack, events: list[Event]) -> None:
    while state.phase != "over":
        if state.pending:
            if not _auto_pending(state, pack, events):
                return
            continue
        if not _step(state, pack, events):
            return


def _step(state: State, pack: XiditPack, events: list[Event]) -> bool:
    """Do one automatic step; False when the game waits for decisions."""
    if state.phase == "place":
        if any(p.city is None for p in state.players):
            return False
        _start_programming(state, events)
        return True
    if state.phase == "program":
        if any(p.orders is None for p in state.players):
            return False
        _reveal(state, events)
        return True
    if state.phase == "resolve":
        _resolve_next(state, pack, events)
        return True
    if state.phase == "census":
        if census_done(state):
            _end_year(state, pack, events)
        elif all_shown(state):
            resolve_unit(state, pack, events)
        else:
            return False
        return True
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
        events.append(Event("xidit.orders_done", {"year": state.year}, board=True))
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


def prompts(state: State, pack: XiditPack) -> list[Prompt]:
    if state.phase == "over":
        return []
    if state.pending:
        return [_pending_prompt(state, pack)]
    if state.phase == "place":
        return [_place_prompt(state, pack)]
    if state.phase == "program":
        return [_program_prompt(state, seat) for seat, p in enumerate(state.players)
                if p.orders is None]
    if state.phase == "census":
        return [_census_prompt(state, seat) for seat in range(state.seats)
                if state.census is not None and seat not in state.census.shown]
    return []


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
