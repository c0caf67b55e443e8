"""Clerks on Locations [ES p.7]: moving them, locked regular locations, and which locations activate."""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall.flow import Ctx, builder, compose, decision, refuse
from engine.greatwall.pack import LOCATIONS, GreatWallPack, Location
from engine.greatwall.state import Ask, State
from engine.greatwall.variant import active

SKIP = "skip"
RESERVE = "reserve"


def in_play(state: State, pack: GreatWallPack) -> dict[str, Location]:
    """The Locations on the board: the pack's, and a scenario's own (the Great Famine's Market [IT AC])."""
    locs = {loc: pack.locations[loc] for loc in LOCATIONS if loc in pack.locations}
    for variant in active(state):
        locs = variant.locations(state, locs)
    return locs


def is_full(state: State, pack: GreatWallPack, loc: str) -> bool:
    spec = in_play(state, pack).get(loc)  # a place that is no Location (the Warehouse [IT AC]) has no slots
    return spec is not None and spec.regular and len(state.clerks_at.get(loc, [])) >= spec.slots


def has_room(state: State, pack: GreatWallPack, loc: str) -> bool:
    return not is_full(state, pack, loc)


def places(state: State, pack: GreatWallPack) -> tuple[str, ...]:
    """Where Clerks may be moved to and taken from: the Locations on the board (``in_play``), as the
    active variants change them (variant.py ``clerk_places``: a place that never activates, the
    Warehouse; a Location closed for now, a haunted one [IT AC])."""
    out = tuple(in_play(state, pack))
    for variant in active(state):
        out = variant.clerk_places(state, out)
    return out


def sources(state: State, pack: GreatWallPack, seat: int) -> list[str]:
    """Where ``seat`` may take a clerk from: the reserve, or a location that is not locked (a full
    regular location keeps its clerks until it activates)."""
    out = [RESERVE] if state.players[seat].clerks else []
    mine = [loc for loc in places(state, pack) if seat in state.clerks_at.get(loc, [])]
    return out + [loc for loc in mine if not is_full(state, pack, loc)]


def can_move(state: State, pack: GreatWallPack, seat: int) -> bool:
    return bool(sources(state, pack, seat)) and any(has_room(state, pack, loc) for loc in places(state, pack))


def ask_move(ctx: Ctx, seat: int, n: int, distinct: bool) -> None:
    if can_move(ctx.state, ctx.pack, seat):
        ctx.ask("move", [seat], n=n, distinct=distinct)


def move_slots(ctx: Ctx, seat: int, n: int) -> list[tuple[str, list[Option]]]:
    """A (from, to) pair of picks per clerk that may move, each skippable."""
    state, pack = ctx.state, ctx.pack
    froms = [Option(SKIP, "gw.opt.skip")] + [Option(f"from.{s}", "gw.opt.from", {"loc": s})
                                             for s in sources(state, pack, seat)]
    tos = [Option(SKIP, "gw.opt.skip")] + [Option(f"to.{loc}", "gw.opt.to", {"loc": loc})
                                           for loc in places(state, pack) if has_room(state, pack, loc)]
    slots = []
    for _ in range(n):
        slots += [("from", froms), ("to", tos)]
    return slots


@builder("move")
def _build_move(ctx: Ctx, ask: Ask, seat: int) -> Any:
    slots = move_slots(ctx, seat, ask.data["n"])
    return compose(ask, seat, "move", slots, args={"n": ask.data["n"], "distinct": ask.data["distinct"]})


def _moves(values: list[str]) -> list[tuple[str, str]]:
    pairs = list(zip(values[0::2], values[1::2], strict=True))
    return [(a.split(".", 1)[1], b.split(".", 1)[1]) for a, b in pairs if SKIP not in (a, b)]


def check_move(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    """Replay the moves on a scratch copy of the clerks to refuse any illegal step."""
    state, pack = ctx.state, ctx.pack
    moves = _moves(values)
    dests = [b for _, b in moves]
    if ask.data["distinct"] and len(set(dests)) != len(dests):
        raise refuse("different_locations")
    saved_at = {k: list(v) for k, v in state.clerks_at.items()}
    saved_reserve = state.players[seat].clerks
    try:
        for src, dst in moves:
            _move(state, pack, seat, src, dst)
    finally:
        state.clerks_at = saved_at
        state.players[seat].clerks = saved_reserve


def _move(state: State, pack: GreatWallPack, seat: int, src: str, dst: str) -> None:
    if src == dst:
        raise refuse("same_location")
    if src not in sources(state, pack, seat):
        raise refuse("no_clerk_there", loc=src)
    if dst not in places(state, pack):
        raise refuse("location_closed", loc=dst)
    if not has_room(state, pack, dst):
        raise refuse("location_full", loc=dst)
    if src == RESERVE:
        state.players[seat].clerks -= 1
    else:
        state.clerks_at[src].remove(seat)
    state.clerks_at.setdefault(dst, []).append(seat)


@decision("move", check_move)
def _finish_move(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    move_clerks(ctx, seat, ask.answers[seat])


def move_clerks(ctx: Ctx, seat: int, values: list[str]) -> None:
    """Make the (checked) moves of a move answer, each on the log."""
    for src, dst in _moves(values):
        _move(ctx.state, ctx.pack, seat, src, dst)
        ctx.emit("clerk", seat=seat, src=src, dst=dst)


def eligible(state: State, pack: GreatWallPack) -> list[str]:
    """Locations that activate in the activation step: full regular ones, special ones with any
    player's clerk (a lone Reed Clerk does not activate a Special Location [ES p.15])."""
    return [loc for loc, spec in in_play(state, pack).items() if (is_full(state, pack, loc) if spec.regular
                                                                  else _players_here(state, loc))]


def _players_here(state: State, loc: str) -> bool:
    # Qin's Clerks activate a Location like a player's [ES p.17]; a lone Reed Clerk does not.
    return any(not state.is_reed(s) for s in state.clerks_at.get(loc, []))


def occupied(state: State, pack: GreatWallPack) -> list[str]:
    """Where an Advanced Activation may go: a Location with a player's clerk. Ruling: a Location
    holding only a Reed Clerk is not one, as it would not activate either [ES p.15]."""
    return [loc for loc in in_play(state, pack) if _players_here(state, loc)]


def return_clerks(state: State, loc: str) -> None:
    """After an activation every clerk there goes home, used or not [ES p.9]; a Reed Clerk stays
    where it is [ES p.15]; Qin picks his up like a player (FAQ #7)."""
    for seat in state.clerks_at.pop(loc, []):
        if state.is_reed(seat):
            state.clerks_at.setdefault(loc, []).append(seat)
        else:
            state.players[seat].clerks += 1
