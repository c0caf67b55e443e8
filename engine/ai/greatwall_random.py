"""The "random" Great Wall baseline: a uniformly random *legal* answer, slot by slot, drawn from the
candidate lists the prompt offers and kept within budget (resources, reserve soldiers, firing spots,
free vital spots, clerk moves), so ``game.apply`` never refuses it. It is the strength yardstick."""

from __future__ import annotations

from engine.ai.greatwall_turn import Pick, Turn, move_clerk
from engine.core.prompt import Option
from engine.greatwall.pack import SOLDIER_UNITS, UNITS
from engine.greatwall.resources import build_payment
from engine.greatwall.state import Player

PASS = "pass"
NONE = "tac.none"


def any_answer(t: Turn) -> list[str]:
    """Prompts whose every combination is legal: one uniform pick per slot, or a uniform count of
    distinct options between pick_min and pick_max."""
    p = t.prompt
    if p.slots > 1:
        return [t.rng.pick(list(t.slot(i))).id for i in range(p.slots)]
    ids = [o.id for o in p.options]
    count = p.pick_min + t.rng.below(p.pick_max - p.pick_min + 1)
    t.rng.shuffle(ids)
    return ids[:count]


def _tactic(t: Turn, options: tuple[Option, ...]) -> str:
    """A uniform tactic among those the remaining budget still pays for."""
    ok = [o for o in options if t.affordable(o.args.get("cost", {}) if o.id.endswith(".b") else {})]
    choice = t.rng.pick(ok)
    if choice.id.endswith(".b"):
        t.spend(choice.args.get("cost", {}))
    return choice.id


def _move(t: Turn) -> list[str]:
    """Each (from, to) pair uniform among the legal ones on the board as earlier pairs left it, or
    a skip; different destinations when the card says so [ES p.8]."""
    clerks = t.clerks()
    reserve = t.player["clerks"]
    offered = {o.id for o in t.prompt.options}
    used: set[str] = set()
    out: list[str] = []
    for _ in range(t.prompt.args["n"]):
        pairs = [(a, b) for a in t.sources(clerks, reserve) for b in t.rooms(clerks)
                 if a != b and not (t.prompt.args["distinct"] and b in used)
                 and {f"from.{a}", f"to.{b}"} <= offered]
        pick = t.rng.below(len(pairs) + 1)
        if pick == len(pairs):
            out += ["skip", "skip"]
            continue
        src, dst = pairs[pick]
        reserve -= src == "reserve"
        move_clerk(clerks, t.seat, src, dst)
        used.add(dst)
        out += [f"from.{src}", f"to.{dst}"]
    return out


def _produce(t: Turn) -> list[str]:
    out = []
    loc = t.prompt.args["loc"]
    resource = t.pack.locations[loc].resource or "wood"
    for i in range(t.prompt.slots):
        options = t.slot(i)
        if i == t.prompt.slots - 1:
            out.append(_tactic(t, options))
            continue
        if options[-1].id == "donate":
            ok = [o for o in options if o.id == PASS or t.res[resource] >= 1]
        else:
            ok = [o for o in options if t.affordable(o.args.get("cost", {}))]
        choice = t.rng.pick(ok)
        if choice.id == "donate":
            t.spend({resource: 1})
        elif choice.id != PASS:
            t.spend(choice.args.get("cost", {}))
        out.append(choice.id)
    return out


def _recruit(t: Turn) -> list[str]:
    reserve = {u: t.player["reserve"].get(u, 0) - t.player["shamed"].get(u, 0) for u in SOLDIER_UNITS}
    room = [s["firing_spots"] - len(s["firing"]) for s in t.view["sections"]]
    out = []
    for i in range(t.prompt.slots - 1):
        ok = [o for o in t.slot(i) if o.id == PASS or (
            reserve[o.args["unit"]] > 0 and t.affordable(o.args["cost"])
            and not (o.id.startswith("archer.atk.") and room[o.args["sec"]] <= 0))]
        choice = t.rng.pick(ok)
        if choice.id != PASS:
            reserve[choice.args["unit"]] -= 1
            t.spend(choice.args["cost"])
            if choice.id.startswith("archer.atk."):
                room[choice.args["sec"]] -= 1
        out.append(choice.id)
    out.append(_tactic(t, t.slot(t.prompt.slots - 1)))
    return out


def _build(t: Turn) -> list[str]:
    """Walls and barricades within the pooled money, the slot limits and the top level; a boost
    only from what the builds leave behind our screen (the Warehouse pays first [ES p.13])."""
    walls = [s["wall"] for s in t.view["sections"]]
    bars = [s["barricades"] for s in t.view["sections"]]
    spent = 0
    out = []
    for i in range(t.prompt.slots - 1):
        ok = []
        for o in t.slot(i):
            kind, _, sec = o.id.partition(".")
            if kind == "wall" and walls[int(sec)] < 3:
                cost = t.pack.walls[walls[int(sec)] + 1].cost
            elif kind == "bar" and bars[int(sec)] < 3:
                cost = t.pack.costs["barricade"]
            elif kind == PASS:
                cost = 0
            else:
                continue
            if spent + cost <= t.build_money():
                ok.append((o.id, cost))
        value, cost = t.rng.pick(ok)
        spent += cost
        kind, _, sec = value.partition(".")
        if kind == "wall":
            walls[int(sec)] += 1
        elif kind == "bar":
            bars[int(sec)] += 1
        out.append(value)
    paid = build_payment(dict(t.prompt.args["warehouse"]), Player(res=dict(t.res)), spent)
    for r, n in (paid[1] if paid else {}).items():
        t.res[r] -= n
    out.append(_tactic(t, t.slot(t.prompt.slots - 1)))
    return out


def _losses(t: Turn) -> list[str]:
    save = t.rng.pick(list(t.slot(0)))
    t.spend({"chi": save.args["chi"]})
    return [save.id, _tactic(t, t.slot(1))] if t.prompt.slots > 1 else [save.id]


def _summer(t: Turn) -> list[str]:
    shame = t.rng.pick(list(t.slot(0)))
    t.spend({"chi": shame.args["chi"]})
    return [shame.id, t.rng.pick(list(t.slot(1))).id, _tactic(t, t.slot(2))]


def _summer_shame(t: Turn) -> list[str]:
    shame = t.rng.pick(list(t.slot(0)))
    t.spend({"chi": shame.args["chi"]})
    return [shame.id, _tactic(t, t.slot(1))]


def _coop_summer(t: Turn) -> list[str]:
    shame = t.rng.pick([o for o in t.slot(0) if o.args["honor"] <= t.honor])
    t.spend({"honor": shame.args["honor"]})
    return [shame.id, _tactic(t, t.slot(1))]


def _demands(t: Turn) -> list[str]:
    """Pay or skip each Demand at random, paying only what we can pay together (resources, Honor,
    free soldiers)."""
    free = {u: t.player["reserve"][u] - t.player["shamed"][u] for u in UNITS}
    out = []
    for i in range(t.prompt.slots):
        skip, *offered = t.slot(i)  # a Demand we cannot pay alone offers "not now" only
        pay = offered[0] if offered else skip
        units: dict[str, int] = pay.args.get("units", {})
        if t.rng.below(2) and offered and t.affordable(pay.args["cost"]) and all(
                free[u] >= n for u, n in units.items()):
            t.spend(pay.args["cost"])
            for u, n in units.items():
                free[u] -= n
            out.append(pay.id)
        else:
            out.append(skip.id)
    return out


RANDOM_PICKS: dict[str, Pick] = {
    "_any": any_answer, "move": _move, "team_move": _move, "produce": _produce, "upgrade": _produce,
    "recruit": _recruit, "build": _build,
    "losses": _losses, "summer": _summer, "coop_summer": _coop_summer, "coop_shame": _coop_summer,
    "summer_shame": _summer_shame, "demands": _demands,
}
