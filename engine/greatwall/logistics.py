"""Logistics Center [ES p.13]: per clerk, one move of any of your soldiers from one section's firing
spots and Rest Zone to one other section, without attacking. Asked as small steps: the route (or
"done"), then how many of each group go; each clerk's move sees the board the previous one left, so
soldiers may move again with the next clerk (fact sheet, Logistics Center)."""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall.combat import firing_room
from engine.greatwall.flow import Ctx, builder, compose, decision, prompt, task
from engine.greatwall.pack import SOLDIER_UNITS, UNITS
from engine.greatwall.state import Ask, Task

PASS = "pass"


def soldiers_at(ctx: Ctx, seat: int, sec: int) -> int:
    section = ctx.state.sections[sec]
    return section.firing.count(seat) + sum(section.rest.get(seat, {}).values())


@task("logistics")
def _logistics(ctx: Ctx, job: Task) -> None:
    seat = job["seat"]
    if job["n"] > 0 and len(ctx.state.sections) > 1 and any(
            soldiers_at(ctx, seat, s) for s in range(len(ctx.state.sections))):
        ctx.ask("logistics", [seat], n=job["n"])


@builder("logistics")
def _build_route(ctx: Ctx, ask: Ask, seat: int) -> Any:
    """The effect is optional (a Location's effect may be declined, fact sheet §4): "done" is the
    preselection, as a seat that does nothing always answered."""
    n_sec = len(ctx.state.sections)
    options = [Option(PASS, "gw.opt.logistics_done")]
    options += [Option(f"{a}-{b}", "gw.opt.logistics_route", {"src": a, "dst": b})
                for a in range(n_sec) if soldiers_at(ctx, seat, a) for b in range(n_sec) if b != a]
    return prompt(ask, seat, "logistics_route", options, args={"n": ask.data["n"]}, default=(PASS,))


@decision("logistics")
def _finish_route(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    value = ask.answers[seat][0]
    if value == PASS:
        return  # done: the remaining clerks move nothing
    a, b = (int(x) for x in value.split("-"))
    job = {"seat": seat, "src": a, "dst": b, "n": ask.data["n"]}
    groups = _groups(ctx, job)
    if sum(groups.values()) == 1 and not (groups["fire"] and _room(ctx, job)):
        # One soldier with one place to go: the route already said it all.
        only = next(g for g, n in groups.items() if n)
        _move(ctx, job, {only: 1, "fire_to_fire": 0})
    else:
        ctx.ask("shift", [seat], **job)


def _groups(ctx: Ctx, job: dict[str, Any]) -> dict[str, int]:
    """The movable groups at the source: archers in firing spots ("fire") and each Rest Zone unit."""
    section = ctx.state.sections[job["src"]]
    zone = section.rest.get(job["seat"], {})
    return {"fire": section.firing.count(job["seat"]), **{u: zone.get(u, 0) for u in SOLDIER_UNITS}}


def _room(ctx: Ctx, job: dict[str, Any]) -> int:
    return max(0, firing_room(ctx, ctx.state.sections[job["dst"]]))


@builder("shift")
def _build_shift(ctx: Ctx, ask: Ask, seat: int) -> Any:
    """Firing-spot archers: to empty firing spots or the Rest Zone, in any combination; Rest Zone
    soldiers (archers too) only to the Rest Zone [ES p.13]. Preselected: everyone moves, archers
    keeping firing spots while there is room (the engine's former move)."""
    groups = _groups(ctx, ask.data)
    slots: list[tuple[str, list[Option]]] = []
    default: list[str] = []
    archers = groups["fire"]
    if archers:
        keep = min(archers, _room(ctx, ask.data))
        pairs = [(f, r) for f in range(keep, -1, -1) for r in range(archers - f, -1, -1)]
        pairs.sort(key=lambda p: p != (keep, archers - keep))
        slots.append(("fire_archers", [Option(f"f{f}-r{r}", "gw.opt.shift_archers", {"fire": f, "rest": r})
                                       for f, r in pairs]))
        default.append(f"f{keep}-r{archers - keep}")
    for unit in SOLDIER_UNITS:
        if groups[unit]:
            slots.append((f"rest_{unit}", [Option(f"{unit}.{k}", "gw.opt.shift_units", {"unit": unit, "n": k})
                                           for k in range(groups[unit], -1, -1)]))
            default.append(f"{unit}.{groups[unit]}")
    return compose(ask, seat, "shift", slots, default=tuple(default),
                   args={"src": ask.data["src"], "dst": ask.data["dst"]})


@decision("shift")
def _finish_shift(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    counts: dict[str, int] = {"fire_to_fire": 0}
    for value in ask.answers[seat]:
        if value.startswith("f") and "-r" in value:
            f, r = value[1:].split("-r")
            counts["fire_to_fire"], counts["fire"] = int(f), int(f) + int(r)
        else:
            unit, _, k = value.partition(".")
            counts[unit] = int(k)
    _move(ctx, ask.data, counts)


def _move(ctx: Ctx, job: dict[str, Any], counts: dict[str, int]) -> None:
    """Move counts[group] soldiers of each group; counts["fire_to_fire"] of the firing archers take
    firing spots (never more than are free), the others go to the Rest Zone. Not an attack."""
    seat = job["seat"]
    src, dst = ctx.state.sections[job["src"]], ctx.state.sections[job["dst"]]
    moving = min(counts.get("fire", 0), src.firing.count(seat))
    to_fire = min(counts["fire_to_fire"], moving, _room(ctx, job))
    for _ in range(moving):
        src.firing.remove(seat)
    dst.firing.extend([seat] * to_fire)
    zone = dst.rest.setdefault(seat, {u: 0 for u in UNITS})
    zone["archer"] += moving - to_fire
    home = src.rest.get(seat, {})
    for unit in SOLDIER_UNITS:
        n = min(counts.get(unit, 0), home.get(unit, 0))
        if n:
            home[unit] -= n
            zone[unit] = zone.get(unit, 0) + n
    if home and not any(home.values()):
        del src.rest[seat]
    ctx.emit("shift", seat=seat, src=job["src"], dst=job["dst"])
    ctx.push({"op": "logistics", "seat": seat, "n": job["n"] - 1})
