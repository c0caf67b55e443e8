"""Builders' Encampment [ES p.13]: walls and barricades, and the builder's choice of how to pay."""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall import tactics
from engine.greatwall.abilities import gain, trigger
from engine.greatwall.flow import Ctx, builder, compose, decision, prompt, refuse, task
from engine.greatwall.pack import BUILD_RESOURCES, Cost
from engine.greatwall.resources import build_payment, build_total, mix_id, parse_mix, pay, payment_choices
from engine.greatwall.state import Ask, Task

PASS = "pass"


@task("build")
def _build(ctx: Ctx, job: Task) -> None:
    ctx.ask("build", [job["seat"]], n=job["n"])


@builder("build")
def _build_build(ctx: Ctx, ask: Ask, seat: int) -> Any:
    state = ctx.state
    total = build_total(state.warehouse, state.players[seat])
    options = [Option(PASS, "gw.opt.no_build")]
    for sec, section in enumerate(state.sections):
        if section.barricades < 3 and total >= ctx.pack.costs["barricade"]:
            options.append(Option(f"bar.{sec}", "gw.opt.barricade",
                                  {"sec": sec, "cost": ctx.pack.costs["barricade"]}))
        wall_cost = ctx.pack.walls[section.wall + 1].cost if section.wall < 3 else 0
        if section.wall < 3 and total >= wall_cost:
            level = section.wall + 1
            options.append(Option(f"wall.{sec}", "gw.opt.wall", {"sec": sec, "level": level, "cost": wall_cost}))
    slots = [("build", options)] * ask.data["n"] + [("tactic", tactics.options(ctx, seat, {"build"}))]
    return compose(ask, seat, "build", slots, args={"n": ask.data["n"], "warehouse": dict(state.warehouse)})


def _builds(ctx: Ctx, values: list[str]) -> list[tuple[str, int, int]]:
    """(kind, section, cost) in order; a second wall in one section is the next level up."""
    levels = [s.wall for s in ctx.state.sections]
    out = []
    for v in values[:-1]:
        if v == PASS:
            continue
        kind, sec_text = v.split(".")
        sec = int(sec_text)
        if kind == "wall":
            levels[sec] += 1
            if levels[sec] > 3:
                raise refuse("wall_complete")
            out.append((kind, sec, ctx.pack.walls[levels[sec]].cost))
        else:
            out.append((kind, sec, ctx.pack.costs["barricade"]))
    return out


def _check_build(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    """Legal when some mix pays: the boost comes from behind the screen, and what it leaves there
    covers whatever the Warehouse cannot (the player picks the mix afterwards) [ES p.13]."""
    builds = _builds(ctx, values)
    for sec, section in enumerate(ctx.state.sections):
        if section.barricades + sum(k == "bar" and s == sec for k, s, _ in builds) > 3:
            raise refuse("no_barricade_slot")
    player = ctx.state.players[seat]
    boost = tactics.boost_cost(ctx, seat, values[-1])
    if any(player.res.get(r, 0) < n for r, n in boost.items() if r != "honor"):
        raise refuse("cannot_pay")
    stock = sum(ctx.state.warehouse.get(r, 0) for r in BUILD_RESOURCES)
    own = sum(player.res.get(r, 0) - boost.get(r, 0) for r in BUILD_RESOURCES)
    if sum(c for _, _, c in builds) > stock + own:
        raise refuse("cannot_pay")


@decision("build", _check_build)
def _finish_build(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    """All builds of one activation happen at once [ES p.13, clarifications], so one payment
    covers them; the tactic (and its boost) comes first, as it always did."""
    seat = ask.seats[0]
    values = ask.answers[seat]
    builds = _builds(ctx, values)
    effect = tactics.play(ctx, seat, values[-1])
    if builds:
        ctx.push({"op": "build_pay", "seat": seat, "builds": [list(b) for b in builds],
                  "per_build": effect.get("honor_per_build", 0)})


# --- Paying: the builder's mix [ES p.13] ---------------------------------------------------------

def _amount(job: dict[str, Any]) -> int:
    return sum(int(cost) for _, _, cost in job["builds"])


@task("build_pay")
def _build_pay(ctx: Ctx, job: Task) -> None:
    """Ask for the mix only when there is more than one way to pay (the Warehouse first, always)."""
    source, fixed, choices = payment_choices(ctx.state.warehouse, ctx.state.players[job["seat"]], _amount(job))
    if len(choices) == 1:
        _apply(ctx, job, source, fixed, choices[0])
    else:
        ctx.ask("pay", [job["seat"]], **{k: v for k, v in job.items() if k != "op"})


@builder("pay")
def _build_pay_prompt(ctx: Ctx, ask: Ask, seat: int) -> Any:
    amount = _amount(ask.data)
    source, fixed, choices = payment_choices(ctx.state.warehouse, ctx.state.players[seat], amount)
    default = _default_mix(ctx, seat, source, amount)
    choices.sort(key=lambda m: m != default)  # the preselected mix first
    key = "gw.opt.pay_warehouse" if source == "warehouse" else "gw.opt.pay_own"
    options = [Option(mix_id(m), key, {"cost": {r: n for r, n in m.items() if n}, "source": source})
               for m in choices]
    fixed_part = {r: n for r, n in fixed.items() if n}
    text = "pay_warehouse" if source == "warehouse" else "pay" if fixed_part else "pay_own"
    return prompt(ask, seat, text, options, default=(mix_id(default),),
                  args={"amount": amount, "warehouse_pays": fixed_part})


def _default_mix(ctx: Ctx, seat: int, source: str, amount: int) -> Cost:
    """The engine's former automatic payment: the Warehouse first, then the most plentiful kind."""
    paid = build_payment(ctx.state.warehouse, ctx.state.players[seat], amount)
    assert paid is not None
    part = paid[0] if source == "warehouse" else paid[1]
    return {r: part.get(r, 0) for r in BUILD_RESOURCES}


@decision("pay")
def _finish_pay(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    mix = parse_mix(ask.answers[seat][0])
    source, fixed, _ = payment_choices(ctx.state.warehouse, ctx.state.players[seat], _amount(ask.data))
    assert mix is not None
    _apply(ctx, {"seat": seat, **ask.data}, source, fixed, mix)


def _apply(ctx: Ctx, job: dict[str, Any], source: str, fixed: Cost, mix: Cost) -> None:
    state = ctx.state
    seat = job["seat"]
    player = state.players[seat]
    from_wh = mix if source == "warehouse" else fixed
    for r, n in from_wh.items():
        state.warehouse[r] -= n
    if source == "own":
        pay(player, mix)
    for kind, sec, cost in job["builds"]:
        section = state.sections[sec]
        if kind == "wall":
            # Archers on a wall that is built over simply stand on the new level [ES p.13].
            section.wall += 1
            player.walls_built += 1
            ctx.emit("wall", seat=seat, sec=sec, level=section.wall)
            gain(ctx, seat, {"honor": cost}, reason="wall")
            trigger(ctx, seat, "build_wall")
            for variant in ctx.variants:  # co-op: 1 command card back per Wall level built [ES p.19]
                variant.on_wall_built(ctx, seat)
        else:
            section.barricades += 1
            ctx.emit("barricade", seat=seat, sec=sec)
            gain(ctx, seat, {"honor": ctx.pack.costs["barricade_honor"]}, reason="barricade")
            trigger(ctx, seat, "build_barricade")
    if job["per_build"]:
        gain(ctx, seat, {"honor": job["per_build"] * len(job["builds"])}, reason="tactic")
