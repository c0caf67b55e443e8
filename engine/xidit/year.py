"""The year's automatic steps (rulebook, "Desarrollo de la partida"): programming opens, the orders are
revealed and resolved one by one, a census year ends with the census (engine/xidit/census.py), and
the year ends: the first-player token passes on, or the last year ends the game with its assessments.
"""

from __future__ import annotations

from engine.core.runner import Frame
from engine.xidit.assessment import run_assessments
from engine.xidit.census import start_census
from engine.xidit.flow import RULES, Ctx
from engine.xidit.orders import ORDER_SLOTS, execute


@RULES.task("start_year")
def _start_year(ctx: Ctx, frame: Frame) -> None:
    start_programming(ctx)


@RULES.task("reveal")
def _reveal(ctx: Ctx, frame: Frame) -> None:
    state = ctx.state
    state.phase = "resolve"
    state.round = 0
    state.turn = 0
    ctx.emit("reveal", orders={str(s): list(p.orders or []) for s, p in enumerate(state.players)})


@RULES.task("resolve")
def _resolve_next(ctx: Ctx, frame: Frame) -> None:
    # Order 1 of every player from the first player clockwise, then order 2, and so on.
    state = ctx.state
    if state.round >= ORDER_SLOTS:
        # No board here: the next year's start (after any census) shows the year's outcome, and the
        # channel gets one board per year (issue 16).
        ctx.emit("orders_done", year=state.year)
        if state.year in state.census_years:
            start_census(state, ctx.events)
        else:
            end_year(ctx)
        return
    seat = state.play_order()[state.turn]
    slot = state.round
    state.turn += 1
    if state.turn == state.seats:
        state.turn = 0
        state.round += 1
    execute(state, ctx.pack, seat, slot, ctx.events)


@RULES.task("end_year")
def _end_year(ctx: Ctx, frame: Frame) -> None:
    end_year(ctx)


def start_programming(ctx: Ctx) -> None:
    state = ctx.state
    state.phase = "program"
    state.opened = state.step
    for player in state.players:
        player.orders = None
        player.done = 0
    ctx.emit("year_start", board=True, year=state.year, first=state.first)


def end_year(ctx: Ctx) -> None:
    state = ctx.state
    state.census = None
    if state.year >= state.years:
        # The game ends after the last census; the first-player token does not move again, so the
        # tie-break "farthest from the first player" uses the holder of the final year.
        state.phase = "assess"
        run_assessments(state, ctx.pack, ctx.events)
        state.phase = "over"
        return
    state.year += 1
    state.first = (state.first + 1) % state.seats  # the token passes to the left
    for player in state.players:
        player.recruited_in = []
        player.cleared_in = []
        player.titans_in = []
    start_programming(ctx)
