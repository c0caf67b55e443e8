"""The "normal" Great Wall seat: a sensible one-decision heuristic. It sees only its own view, keeps
a budget of what it holds, and always answers with a legal choice."""

from __future__ import annotations

from collections.abc import Callable

from engine.ai.greatwall_great_famine import moving
from engine.ai.greatwall_khan import bannerman_first
from engine.ai.greatwall_long_winter import PICKS as LONG_WINTER_PICKS
from engine.ai.greatwall_overlord import OVERLORD_PICKS
from engine.ai.greatwall_turn import Pick, Turn
from engine.core.prompt import Option
from engine.greatwall.pack import BUILD_RESOURCES


def first(t: Turn) -> list[str]:
    """The prompt's own default where it has one (the careful player's answer), else the first
    option(s)."""
    if t.prompt.default:
        return list(t.prompt.default)
    if t.prompt.slots > 1:
        return [t.slot(i)[0].id for i in range(t.prompt.slots)]
    return [o.id for o in t.prompt.options[:max(1, t.prompt.pick_min)]]


def _draft(t: Turn) -> list[str]:
    gens = t.slot(0)
    best = max(gens, key=lambda o: sum(t.pack.generals[o.id].setup.values()) + t.rng.below(4))
    return [best.id, t.rng.pick(list(t.slot(1))).id]


def _command(t: Turn) -> list[str]:
    options = list(t.prompt.options)
    preferred = [o for o in options if o.id != "betrayal"] or options
    return [t.rng.pick(preferred).id]


@moving  # the Great Famine's Market when the Food runs short (engine/ai/greatwall_great_famine.py)
def _move(t: Turn) -> list[str]:
    """Send clerks where they pay now: barracks/encampment when rich, else production and the
    embassy; fill a regular location that is one clerk short first (it will activate)."""
    return move_by_preference(t, lambda clerks: wanted_order(t))


def move_by_preference(t: Turn, wanted: Callable[[dict[str, list[int]]], list[str]]) -> list[str]:
    """Each clerk from the reserve to the first Location of ``wanted(clerks so far)`` with room."""
    pack = t.pack
    clerks = t.clerks()
    reserve = t.player["clerks"]
    distinct = t.prompt.args["distinct"]
    offered = {o.id for o in t.prompt.options}
    used: set[str] = set()
    out: list[str] = []
    for _ in range(t.prompt.args["n"]):
        room = [loc for loc in wanted(clerks) if loc not in used or not distinct
                if not pack.locations[loc].regular or len(clerks.get(loc, [])) < pack.locations[loc].slots
                if f"to.{loc}" in offered]  # a Location a scenario closes is not offered [IT AC]
        if reserve <= 0 or not room:
            out += ["skip", "skip"]
            continue
        dst = room[0]
        reserve -= 1
        clerks[dst] = [*clerks.get(dst, []), t.seat]
        used.add(dst)
        out += ["from.reserve", f"to.{dst}"]
    return out


def wanted_order(t: Turn) -> list[str]:
    view, pack = t.view, t.pack
    build = sum(t.res[r] for r in BUILD_RESOURCES) + sum(view["warehouse"].get(r, 0) for r in BUILD_RESOURCES)
    order: list[str] = []
    for loc, spec in pack.locations.items():
        here = len(view["clerks"].get(loc, []))
        if spec.regular and here == spec.slots - 1:
            order.append(loc)
    if build >= 6:
        order.append("encampment")
    if t.res["wood"] >= 1 and (t.res["stone"] >= 2 or t.res["chi"] >= 2 or t.res["gold"] >= 3):
        order.append("barracks")
    poorest = sorted(("mill", "quarry", "mine", "temple"),
                     key=lambda loc: t.res[pack.locations[loc].resource or "wood"])
    order += poorest
    if t.res["gold"] >= 3:
        order.append("embassy")
    order += ["academy", "teahouse", "logistics"]
    seen: list[str] = []
    for loc in order:
        if loc not in seen:
            seen.append(loc)
    return seen


def _produce(t: Turn) -> list[str]:
    out = []
    for i in range(t.prompt.slots):
        options = t.slot(i)
        ids = [o.id for o in options]
        if "donate" in ids:
            loc = t.prompt.args["loc"]
            res = t.pack.locations[loc].resource or "wood"
            out.append("donate" if t.res.get(res, 0) >= 2 else "pass")
            if out[-1] == "donate":
                t.spend({res: 1})
        elif ids[0] == "pass" and len(ids) > 1:
            up = next((o for o in options if o.id in ("up", "up.spearman")), options[1])
            cost = up.args.get("cost", {})
            if t.affordable(cost):
                t.spend(cost)
                out.append(up.id)
            else:
                out.append("pass")
        elif ids[0] == "tac.none":
            out.append(t.tactic(options))
        else:
            out.append(ids[0])
    return out


def _recruit(t: Turn) -> list[str]:
    def ordered(options: list[Option]) -> list[Option]:
        t.rng.shuffle(options)
        options.sort(key=lambda o: (o.id == "pass", ".rest." in o.id, o.args.get("unit") == "horseman"))
        return bannerman_first(t, options)  # the Genghis Khan expansion [IT GK]
    return t.recruits(ordered)


def _build(t: Turn) -> list[str]:
    money = sum(t.res[r] for r in BUILD_RESOURCES) + sum(t.prompt.args["warehouse"].get(r, 0) for r in BUILD_RESOURCES)
    walls = [s["wall"] for s in t.view["sections"]]
    bars = [s["barricades"] for s in t.view["sections"]]
    threat = sorted(range(len(walls)), key=lambda s: t.view["sections"][s]["defence"] - t.view["sections"][s]["power"])
    out = []
    # Honor equals the wall's cost, so the dearest affordable level scores most: build up.
    by_level = sorted(range(len(walls)), key=lambda s: (-walls[s], threat.index(s)))
    for _ in range(t.prompt.slots - 1):
        choice = "pass"
        for sec in by_level:
            if walls[sec] < 3 and money >= t.pack.walls[walls[sec] + 1].cost:
                money -= t.pack.walls[walls[sec] + 1].cost
                walls[sec] += 1
                choice = f"wall.{sec}"
                break
        if choice == "pass":
            for sec in threat:
                if bars[sec] < 3 and money >= t.pack.costs["barricade"]:
                    money -= t.pack.costs["barricade"]
                    bars[sec] += 1
                    choice = f"bar.{sec}"
                    break
        out.append(choice)
    # Whatever the build leaves of our own resources is unknown here: only a normal tactic.
    last = t.slot(t.prompt.slots - 1)
    out.append(next((o.id for o in last if o.id.endswith(".n")), last[0].id))
    return out


def _target(t: Turn) -> list[str]:
    best = max(t.prompt.options, key=lambda o: (len(o.args.get("rewards", [])), -o.args.get("row", 0), t.rng.below(8)))
    return [best.id]


def embassy_hire(t: Turn, support: Callable[[list[Option]], Option],
                 active: Callable[[list[Option]], Option]) -> list[str]:
    """The Embassy [ES p.14]: a supporting Advisor while the General has under 2 icons, else an active
    one on one throw in two of the dice, else a Clerk, else nothing; ``support`` and ``active`` pick
    the card among those offered on that side."""
    ids = [o.id for o in t.prompt.options]
    supports = [o for o in t.prompt.options if o.id.endswith(".s")]
    actives = [o for o in t.prompt.options if o.id.endswith(".a")]
    if t.player["icons"] < 2 and supports:
        return [support(supports).id]
    if actives and t.rng.below(2):
        return [active(actives).id]
    if "clerk" in ids:
        return ["clerk"]
    return ["pass"]


def _embassy(t: Turn) -> list[str]:
    """The normal seat's hire: its cards at random."""
    return embassy_hire(t, t.rng.pick, t.rng.pick)


def _gain(t: Turn) -> list[str]:
    out = []
    for i in range(t.prompt.slots):
        option = min(t.slot(i), key=lambda o: t.res.get(o.id, 0))
        t.res[option.id] = t.res.get(option.id, 0) + 1
        out.append(option.id)
    return out


def _losses(t: Turn) -> list[str]:
    saves = [o for o in t.slot(0) if t.affordable({"chi": o.args["chi"]})]
    keep = max(saves, key=lambda o: o.args["n"]) if t.res["chi"] >= 6 else saves[0]
    t.spend({"chi": keep.args["chi"]})
    return [keep.id, t.tactic(t.slot(1))] if t.prompt.slots > 1 else [keep.id]


def _summer(t: Turn) -> list[str]:
    shame = max((o for o in t.slot(0) if o.args["chi"] <= t.res["chi"]), key=lambda o: o.args["n"])
    t.spend({"chi": shame.args["chi"]})
    take = len(t.player["hand"]) <= 2 or t.slot(1)[0].args["n"] == 0
    return [shame.id, "take" if take else "honor", t.tactic(t.slot(2))]


def _summer_shame(t: Turn) -> list[str]:
    """Summer step 2 alone [ES p.8]: as much Shame as Chi allows, then a tactic."""
    shame = max((o for o in t.slot(0) if o.args["chi"] <= t.res["chi"]), key=lambda o: o.args["n"])
    t.spend({"chi": shame.args["chi"]})
    return [shame.id, t.tactic(t.slot(1))]


def _reclaim(t: Turn) -> list[str]:
    """Summer step 4 alone [ES p.8]: the cards back while the hand runs short, else the Honor."""
    take = len(t.player["hand"]) <= 2 or t.slot(0)[0].args["n"] == 0
    return ["take" if take else "honor"]


def _coop_summer(t: Turn) -> list[str]:
    """Co-op: every Shame token back in the supply keeps the team from losing [ES p.19], and Honor
    buys nothing else: discard as many as Honor pays for."""
    shame = max((o for o in t.slot(0) if o.args["honor"] <= t.honor), key=lambda o: o.args["n"])
    t.spend({"honor": shame.args["honor"]})
    return [shame.id, t.tactic(t.slot(1))]


def _demands(t: Turn) -> list[str]:
    """Pay every Demand we can, the prompt's own careful answer (possibly nothing)."""
    return list(t.prompt.default)


def _brace(t: Turn) -> list[str]:
    threatened = t.prompt.args["threatened"]
    for o in t.prompt.options:
        if o.id != "tac.none" and o.args.get("sec") in threatened and ".n." in o.id:
            return [o.id]
    return ["tac.none"]


def _choice_first_real(t: Turn) -> list[str]:
    real = [o.id for o in t.prompt.options if o.id not in ("pass", "done")]
    return [real[0] if real else t.prompt.options[0].id]


def _shame(t: Turn) -> list[str]:
    ids = [o.id for o in t.prompt.options]
    for unit in ("spearman", "archer", "horseman"):
        if unit in ids:
            return [unit]
    return [ids[0]]


def _logistics(t: Turn) -> list[str]:
    """Move nothing: the prompt's own default ("done")."""
    return first(t)


NORMAL_PICKS: dict[str, Pick] = {
    "draft": _draft, "command": _command, "move": _move, "team_move": _move, "produce": _produce, "upgrade": _produce,
    "donate": _produce, "recruit": _recruit,
    "build": _build, "target": _target, "embassy": _embassy, "gain": _gain,
    "losses": _losses, "summer": _summer, "brace": _brace, "attack_order": _choice_first_real,
    "copy": _choice_first_real, "shame": _shame, "logistics": _logistics, "coop_summer": _coop_summer,
    "coop_shame": _coop_summer, "summer_shame": _summer_shame, "reclaim": _reclaim,
    "demands": _demands, **OVERLORD_PICKS, **LONG_WINTER_PICKS,
}
