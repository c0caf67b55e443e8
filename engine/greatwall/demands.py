"""The Emperor's Demands (co-op) [ES p.18–19]: fulfilling them in Winter, and the Demand step.

A Demand is met only in the Winter fulfilment step, paid in full at once (no instalments across
years). An "all players" Demand is met by every player for themselves: nobody pays or Sacrifices
for a partner [ES p.18]. A Demand that is not "all players" is met by one player alone, from their
own supply (resources sit behind each screen; the rulebook never lets a partner chip in): our
reading. Sacrificed components leave the game for good [ES p.18, "Sacrificio"].

At 2 players the Reed clan is no player here (FAQ #38): it is never asked, never pays or
Sacrifices for an "all players" Demand, takes no Shame in the Demand step, and a condition counts
the players only. Only 2 slots are used (coop.active_slots) and "X" is read by coop.x_value.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalChoice
from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall.coop import active_slots, x_value
from engine.greatwall.flow import Ctx, builder, compose, decision, task
from engine.greatwall.pack import RESOURCES, UNITS, Demand
from engine.greatwall.shame import shame_job
from engine.greatwall.state import Ask, Player, State, Task

# The order a shortfall is named in: resources, Honor, then soldiers.
_ORDER = (*RESOURCES, "honor", *(f"unit.{u}" for u in UNITS))


def demand(ctx: Ctx, did: str) -> Demand:
    """Demand ``did`` as played at this table ("X" filled in)."""
    return ctx.pack.demands[did].with_x(x_value(ctx.state))


def _cost(asked: Demand) -> dict[str, int]:
    return {**asked.pay, **{f"unit.{u}": n for u, n in asked.sacrifice.items()}}


def _short(player: Player, cost: dict[str, int]) -> dict[str, int]:
    """What ``player`` lacks to pay ``cost`` (nothing when they can): resources and Honor from their own
    supply; a Sacrifice takes reserve soldiers without Shame (a soldier with Shame under it is frozen
    [ES p.7, errata]: our reading, it cannot be given)."""
    out: dict[str, int] = {}
    for key, n in cost.items():
        if key.startswith("unit."):
            unit = key[5:]
            have = player.reserve[unit] - player.shamed[unit]
        else:
            have = player.honor if key == "honor" else player.res[key]
        if have < n:
            out[key] = n - have
    return out


def _can_pay(player: Player, cost: dict[str, int]) -> bool:
    return not _short(player, cost)


def _pay(player: Player, cost: dict[str, int]) -> None:
    for key, n in cost.items():
        if key.startswith("unit."):
            player.reserve[key[5:]] -= n
            player.sacrificed[key[5:]] += n
        elif key == "honor":
            player.honor -= n
        else:
            player.res[key] -= n


def _sum(costs: list[dict[str, int]]) -> dict[str, int]:
    total: dict[str, int] = {}
    for cost in costs:
        for k, n in cost.items():
            total[k] = total.get(k, 0) + n
    return total


def _paid_slots(ctx: Ctx) -> list[int]:
    """Active Demands met by paying or Sacrificing (a board condition needs no one's consent)."""
    return [i for i, d in enumerate(ctx.state.demands)
            if d is not None and not demand(ctx, d).need]


@task("fulfil")
def _fulfil(ctx: Ctx, job: Task) -> None:
    """Step 3 of the co-op Winter: every player says at once which Demands they pay their part of.
    Everyone is asked whenever a Demand needs paying, so who is asked never tells what anyone holds."""
    if _paid_slots(ctx):
        ctx.ask("demands", ctx.state.tea_humans())
    else:
        _resolve(ctx, {})


def _default(ctx: Ctx, seat: int) -> tuple[str, ...]:
    """The careful player's answer: pay every Demand they can, in slot order, while the sum still
    fits; "not now" for the rest (one pick per Demand: d<slot> pays, s<slot> skips)."""
    player = ctx.state.players[seat]
    taken: list[dict[str, int]] = []
    out = []
    for i in _paid_slots(ctx):
        cost = _cost(demand(ctx, ctx.state.demands[i] or ""))
        if _can_pay(player, _sum([*taken, cost])):
            taken.append(cost)
            out.append(f"d{i}")
        else:
            out.append(f"s{i}")
    return tuple(out)


@builder("demands")
def _build(ctx: Ctx, ask: Ask, seat: int) -> Any:
    """One pick per Demand: "not now", or pay it. A Demand this seat cannot pay from its own supply
    is not offered as payable (it would only be refused): its one option says how much more paying
    needs. That shortfall is this seat's own, in its own panel: it never names what anyone holds,
    and a partner's supply plays no part (each pays from their own [ES p.18], behind a screen [ES p.5])."""
    player = ctx.state.players[seat]
    slots = []
    for i in _paid_slots(ctx):
        asked = demand(ctx, ctx.state.demands[i] or "")
        args = {"demand": asked.id, "cost": dict(asked.pay), "units": dict(asked.sacrifice)}
        short = _short(player, _cost(asked))
        if short:
            slots.append(("demand", [Option(f"s{i}", "gw.opt.demand_short", {**args, **_split(short)})]))
            continue
        # "Not now" first: a pick that is always legal; the careful answer is preselected anyway.
        pay = Option(f"d{i}", f"gw.opt.demand_{asked.who}", args)
        slots.append(("demand", [Option(f"s{i}", "gw.opt.demand_skip", {"demand": asked.id}), pay]))
    return compose(ask, seat, "demands", slots, default=_default(ctx, seat))


def _split(short: dict[str, int]) -> dict[str, dict[str, int]]:
    """A shortfall as option arguments: resources and Honor, then soldiers to Sacrifice."""
    return {"short": {k: n for k, n in short.items() if not k.startswith("unit.")},
            "short_units": {k[5:]: n for k, n in short.items() if k.startswith("unit.")}}


def _paying(values: list[str]) -> set[int]:
    return {int(v[1:]) for v in values if v.startswith("d")}


def _check(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    """Every Demand offered as payable is so on its own; several together may not be. The refusal
    names the first thing short (resources, Honor, then soldiers), and by how much: a refusal is one
    message key with plain numbers, so one kind a time (fix it and the next, if any, is named)."""
    costs = [_cost(demand(ctx, ctx.state.demands[i] or "")) for i in _paying(values)]
    short = _short(ctx.state.players[seat], _sum(costs))
    if short:
        kind, n = min(short.items(), key=lambda item: _ORDER.index(item[0]))
        raise IllegalChoice("cannot_pay", f"gw.error.demands_short.{kind.removeprefix('unit.')}", count=n)


@decision("demands", _check)
def _finish(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    _resolve(ctx, {seat: _paying(values) for seat, values in ask.answers.items()})


def need_count(state: State, seat: int, need: str) -> int:
    """What a "need" Demand counts of ``seat`` on the board: Wall levels built, Hordes claimed, or
    Overseer levels."""
    player = state.players[seat]
    if need == "walls":
        return player.walls_built
    if need == "hordes":
        return len(player.claimed)
    return sum(o[seat].level for o in state.overseers.values() if seat in o)


def _met_condition(ctx: Ctx, asked: Demand) -> bool:
    state = ctx.state

    seats = state.humans()  # never the Reed clan (FAQ #38)
    if asked.who == "team":
        return all(sum(need_count(state, s, k) for s in seats) >= n for k, n in asked.need.items())
    checks = [all(need_count(state, s, k) >= n for k, n in asked.need.items()) for s in seats]
    return all(checks) if asked.who == "all" else any(checks)


def _resolve(ctx: Ctx, volunteers: dict[int, set[int]]) -> None:
    """Each Demand in slot order: a condition is checked; "all players" needs every player to pay
    their part; otherwise the first volunteer in Tea order pays alone (Tea order only breaks ties
    when claiming Hordes [ES p.19]; here it is merely a fixed order among volunteers)."""
    state = ctx.state
    players = state.tea_humans()  # the Reed clan neither pays nor Sacrifices (FAQ #38)
    for i, did in enumerate(state.demands):
        if did is None:
            continue
        asked = demand(ctx, did)
        cost = _cost(asked)
        if asked.need:
            payers: list[int] | None = [] if _met_condition(ctx, asked) else None
        elif asked.who == "all":
            payers = players if all(i in volunteers.get(s, ()) for s in players) else None
        else:
            payers = [s for s in players if i in volunteers.get(s, ())][:1] or None
        if payers is None:
            continue
        for seat in payers:
            _pay(state.players[seat], cost)
        state.demands[i] = None
        state.fulfilled.append(did)
        ctx.emit("demand_met", demand=did, payers=payers, n=len(state.fulfilled))


@task("demand_step")
def _demand_step(ctx: Ctx, job: Task) -> None:
    """Each player takes 1 Shame per Demand still on the board, then the empty slots are refilled
    (never more than 3 active) [ES p.18, "Paso de demanda"]. The Reed clan takes none (FAQ #38;
    it never gains Shame anyway [ES p.15])."""
    state = ctx.state
    left = sum(d is not None for d in state.demands)
    jobs = [shame_job(seat, "demand") for seat in state.tea_humans() for _ in range(left)]
    ctx.push(*jobs, {"op": "refill_demands"})


@task("refill_demands")
def _refill(ctx: Ctx, job: Task) -> None:
    state = ctx.state
    for i in range(active_slots(state)):  # 2 at 2 players: the third slot is not used [ES p.19]
        if state.demands[i] is None and state.demand_deck:
            state.demands[i] = state.demand_deck.pop(0)
            ctx.emit("demand_new", demand=state.demands[i])
