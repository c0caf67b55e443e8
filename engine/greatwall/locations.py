"""The activation step and what each of the 10 Locations does [ES p.9, p.11–14]."""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall import tactics
from engine.greatwall.abilities import draw_tactics, gain, modifier, trigger
from engine.greatwall.clerks import eligible, in_play, occupied, return_clerks
from engine.greatwall.combat import can_attack, firing_room
from engine.greatwall.flow import Ctx, builder, compose, decision, prompt, refuse, task
from engine.greatwall.overlord import decider
from engine.greatwall.pack import PRODUCTION, SOLDIER_UNITS, UNITS, Cost
from engine.greatwall.resources import add, can_pay, pay
from engine.greatwall.shame import shame_job
from engine.greatwall.state import Ask, Overseer, Task

PASS = "pass"


# --- The activation step -------------------------------------------------------------------------

@task("activation")
def _activation(ctx: Ctx, job: Task) -> None:
    """The active player orders the activations; every eligible location activates, and any
    Advanced Activation left may be spent on a location with clerks (then no lone-player Shame)."""
    state = ctx.state
    normal = eligible(state, ctx.pack)
    advanced = occupied(state, ctx.pack) if state.advanced > 0 else []
    if not normal and not advanced:
        state.advanced = 0
        return
    if ctx.some(lambda v: v.activation_order(ctx, job, normal, advanced)):  # solo: Qin's order [ES p.17]
        return
    if len(normal) == 1 and not advanced:
        ctx.push({"op": "activate", "loc": normal[0], "advanced": False}, {"op": "activation"})
        return
    # On the Reed clan's turn its Overlord orders the activations [ES p.15].
    ctx.ask("activate", [decider(state, job["seat"])], normal=normal, advanced=advanced)


@task("noop")
def _noop(ctx: Ctx, job: Task) -> None:
    """Nothing left to do (a step that only closes a sequence)."""


@builder("activate")
def _build_activate(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option(loc, "gw.opt.activate", {"loc": loc}) for loc in ask.data["normal"]]
    options += [Option(f"adv.{loc}", "gw.opt.activate_advanced", {"loc": loc}) for loc in ask.data["advanced"]]
    if not ask.data["normal"]:
        options.append(Option("done", "gw.opt.done"))
    return compose(ask, seat, "activate", [("location", options)])


@decision("activate")
def _finish_activate(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    value = ask.answers[ask.seats[0]][0]
    if value == "done":
        ctx.state.advanced = 0
        return
    advanced = value.startswith("adv.")
    if advanced:
        ctx.state.advanced -= 1
    ctx.push({"op": "activate", "loc": value.removeprefix("adv."), "advanced": advanced},
             {"op": "activation", "seat": ctx.state.active if ctx.state.active is not None else ask.seats[0]})


@task("activate")
def _activate(ctx: Ctx, job: Task) -> None:
    state = ctx.state
    loc, advanced = job["loc"], job["advanced"]
    here = state.clerks_at.get(loc, [])
    clans = [s for s in state.tea if s in here]
    present = [s for s in clans if not state.is_automaton(s)]
    ctx.emit("activate", loc=loc, advanced=advanced)
    ctx.each(lambda v: v.on_activate(ctx, loc, present))  # the Rat's presence payout [IT Rat]
    jobs: list[Task] = []
    # The lone-player Shame icon; never on an Advanced Activation [ES p.7]. Whether a rules-driven
    # clan's Clerk is company is the variant's (the Reed clan: table option reed_company).
    company = ctx.fold(clans, lambda v, seats: v.company(ctx, seats))
    if in_play(state, ctx.pack)[loc].shame and not advanced and len(company) == 1 and present:
        jobs.append(shame_job(present[0], "alone"))
    # The rules-driven clans' Clerks there (the Reed clan's, Qin's): after the players' own effects.
    automata = [t for v in ctx.variants for t in v.automaton_at(ctx, loc, clans)]
    if loc in PRODUCTION:
        for seat in present:
            _gather(ctx, loc, seat, here.count(seat))
        jobs += production_steps(ctx, loc, present)
    elif loc == "barracks":
        jobs += [{"op": "recruit", "seat": s, "n": here.count(s)} for s in present]
    elif loc == "encampment":
        jobs += [{"op": "build", "seat": s, "n": here.count(s)} for s in present]
    elif loc == "logistics":
        jobs += [{"op": "logistics", "seat": s, "n": here.count(s)} for s in present]
    elif loc == "embassy":
        jobs += [{"op": "embassy", "seat": s} for s in present for _ in range(here.count(s))]
    elif loc == "teahouse":
        _tea_house(ctx, clans, here)
    elif loc == "academy":
        jobs += [{"op": "academy", "seat": s, "n": here.count(s)} for s in present]
    jobs += [t for v in ctx.variants for t in v.location_steps(ctx, loc, present, here)]  # a scenario's own
    jobs = ctx.fold(jobs, lambda v, j: v.location_jobs(ctx, loc, j))  # the Siege's Fortress actions [IT AC]
    ctx.push({"op": "return_clerks", "loc": loc})
    ctx.push(*automata)  # after the players' own effects (above)
    if not ctx.some(lambda v: v.team_order(ctx, loc, present, jobs)):  # co-op: the team's order [ES p.19]
        ctx.push(*jobs)


@task("return_clerks")
def _return(ctx: Ctx, job: Task) -> None:
    return_clerks(ctx.state, job["loc"])


@task("academy")
def _academy(ctx: Ctx, job: Task) -> None:
    draw_tactics(ctx, job["seat"], job["n"])


# --- Production [ES p.11] ------------------------------------------------------------------------

def _gather(ctx: Ctx, loc: str, seat: int, clerks: int) -> None:
    overseer = ctx.state.overseers.get(loc, {}).get(seat)
    resource = ctx.pack.locations[loc].resource or "wood"
    # The Overseer's share; a scenario's Production track changes it [IT AC, "Il Lungo Inverno"].
    share = ctx.fold(overseer.level, lambda v, n: v.overseer_yield(ctx, seat, loc, n)) if overseer else 0
    gain(ctx, seat, {resource: clerks + share}, reason="gather")
    trigger(ctx, seat, "gather")


def _upgrade_cost(ctx: Ctx, loc: str, seat: int) -> Cost | None:
    if not _upgradable(ctx, loc):
        return None
    track = ctx.pack.overseers[loc]
    overseer = ctx.state.overseers.get(loc, {}).get(seat)
    level = overseer.level if overseer else 0
    return track.costs[level] if level < len(track.costs) else None


def production_steps(ctx: Ctx, loc: str, present: list[int]) -> list[Task]:
    """Steps 2 and 3 after everyone gathered (step 1): every player upgrades in Tea order, then
    every player donates in Tea order; each step done by all before the next [ES p.11, RU p.11].
    ``stage`` keeps the steps apart when the co-op team orders the players (coop._finish_order).
    Chi is never donated: the Temple has no step 3 [ES p.11]."""
    jobs: list[Task] = [{"op": "upgrade", "loc": loc, "seat": s, "stage": 0} for s in present]
    if ctx.pack.locations[loc].resource != "chi":
        jobs += [{"op": "donate", "loc": loc, "seat": s, "stage": 1} for s in present]
    return jobs


@task("upgrade")
def _upgrade(ctx: Ctx, job: Task) -> None:
    ctx.ask("upgrade", [job["seat"]], loc=job["loc"])


@builder("upgrade")
def _build_upgrade(ctx: Ctx, ask: Ask, seat: int) -> Any:
    """Step 2, with the production tactics (a Harvest adds to what was just gathered, a free
    upgrade goes with this step): played at the player's first panel after gathering."""
    loc = ask.data["loc"]
    slots = [("upgrade", _upgrade_options(ctx, loc, seat)), ("tactic", tactics.options(ctx, seat, {"produce"}))]
    return compose(ask, seat, "upgrade", slots, args={"loc": loc})


def _check_upgrade(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    need = tactics.boost_cost(ctx, seat, values[-1])
    if values[0] != PASS:
        need = add(need, _upgrade_cost(ctx, ask.data["loc"], seat) or {})
    if not can_pay(ctx.state.players[seat], need):
        raise refuse("cannot_pay")


@decision("upgrade", _check_upgrade)
def _finish_upgrade(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    values = ask.answers[seat]
    _play_production(ctx, ask.data["loc"], seat, values[0], values[-1])


@task("donate")
def _donate(ctx: Ctx, job: Task) -> None:
    """Step 3 [ES p.11]. Asked even of a player with none of the resource left (spent on the
    upgrade): who is asked must not tell what is behind a screen."""
    ctx.ask("donate", [job["seat"]], loc=job["loc"])


@builder("donate")
def _build_donate(ctx: Ctx, ask: Ask, seat: int) -> Any:
    resource = ctx.pack.locations[ask.data["loc"]].resource or "wood"
    options = [Option(PASS, "gw.opt.no_donate")]
    if ctx.state.players[seat].res.get(resource, 0) > 0:
        options.append(Option("donate", "gw.opt.donate"))
    return compose(ask, seat, "donate", [("donate", options)], args={"loc": ask.data["loc"]})


def _check_donate(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    resource = ctx.pack.locations[ask.data["loc"]].resource or "wood"
    if values[0] == "donate" and ctx.state.players[seat].res.get(resource, 0) < 1:
        raise refuse("cannot_pay")


@decision("donate", _check_donate)
def _finish_donate(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    if ask.answers[seat][0] == "donate":
        _give(ctx, ask.data["loc"], seat)


def _upgrade_options(ctx: Ctx, loc: str, seat: int) -> list[Option]:
    player = ctx.state.players[seat]
    cost = _upgrade_cost(ctx, loc, seat)
    ups = [Option(PASS, "gw.opt.no_upgrade")]
    if cost is not None and can_pay(player, cost):
        if seat in ctx.state.overseers.get(loc, {}):
            ups.append(Option("up", "gw.opt.upgrade", {"cost": cost}))
        else:
            # The first overseer is any soldier from the reserve (not a frozen one) [ES p.11].
            ups += [Option(f"up.{u}", "gw.opt.first_overseer", {"unit": u, "cost": cost}) for u in UNITS
                    if player.reserve[u] > player.shamed[u]]
    return ups


def _play_production(ctx: Ctx, loc: str, seat: int, up: str, tactic: str) -> None:
    """The tactic's extra gathering, the upgrade, the tactic's free upgrades."""
    effect = tactics.play(ctx, seat, tactic)
    if effect.get("gathered"):
        gain(ctx, seat, {ctx.pack.locations[loc].resource or "wood": effect["gathered"]}, reason="tactic")
    if up != PASS:
        pay(ctx.state.players[seat], _upgrade_cost(ctx, loc, seat) or {})
        _raise_overseer(ctx, loc, seat, up.partition(".")[2] or None)
    _free_upgrades(ctx, seat, effect.get("upgrade", 0), exclude=loc if up != PASS else None)


def _give(ctx: Ctx, loc: str, seat: int) -> None:
    """Donate: 1 of the resource just gathered to the Warehouse, 2 Honor at once [ES p.11]."""
    resource = ctx.pack.locations[loc].resource or "wood"
    ctx.state.players[seat].res[resource] -= 1
    ctx.state.warehouse[resource] += 1
    gain(ctx, seat, {"honor": ctx.pack.costs["donate_honor"]}, reason="donate")


# The combined decision of earlier versions (upgrade, donate and tactic in one panel per player), kept
# so a table saved while it was open (or with its task still pending) plays on as it was begun.
@task("produce")
def _produce(ctx: Ctx, job: Task) -> None:
    ctx.ask("produce", [job["seat"]], loc=job["loc"])


@builder("produce")
def _build_produce(ctx: Ctx, ask: Ask, seat: int) -> Any:
    loc = ask.data["loc"]
    slots = [("upgrade", _upgrade_options(ctx, loc, seat))]
    if ctx.pack.locations[loc].resource != "chi":  # Chi is never donated [ES p.11]
        slots.append(("donate", [Option(PASS, "gw.opt.no_donate"), Option("donate", "gw.opt.donate")]))
    slots.append(("tactic", tactics.options(ctx, seat, {"produce"})))
    return compose(ask, seat, "produce", slots, args={"loc": loc})


def _check_produce(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    loc = ask.data["loc"]
    need: Cost = {}
    if values[0] != PASS:
        need = add(need, _upgrade_cost(ctx, loc, seat) or {})
    if "donate" in values:
        need = add(need, {ctx.pack.locations[loc].resource or "wood": 1})
    need = add(need, tactics.boost_cost(ctx, seat, values[-1]))
    if not can_pay(ctx.state.players[seat], need):
        raise refuse("cannot_pay")


@decision("produce", _check_produce)
def _finish_produce(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    loc = ask.data["loc"]
    values = ask.answers[seat]
    effect = tactics.play(ctx, seat, values[-1])
    player = ctx.state.players[seat]
    resource = ctx.pack.locations[loc].resource or "wood"
    if effect.get("gathered"):
        gain(ctx, seat, {resource: effect["gathered"]}, reason="tactic")
    if values[0] != PASS:
        pay(player, _upgrade_cost(ctx, loc, seat) or {})
        _raise_overseer(ctx, loc, seat, values[0].partition(".")[2] or None)
    if "donate" in values:
        _give(ctx, loc, seat)
    _free_upgrades(ctx, seat, effect.get("upgrade", 0), exclude=loc if values[0] != PASS else None)


def _raise_overseer(ctx: Ctx, loc: str, seat: int, unit: str | None) -> None:
    overseers = ctx.state.overseers.setdefault(loc, {})
    if seat in overseers:
        overseers[seat].level += 1
    else:
        ctx.state.players[seat].reserve[unit or "spearman"] -= 1
        overseers[seat] = Overseer(1, unit or "spearman")
    ctx.emit("overseer", seat=seat, loc=loc, level=overseers[seat].level)


def _free_upgrades(ctx: Ctx, seat: int, n: int, exclude: str | None) -> None:
    """A tactic's free upgrades go to different overseers you already have (FAQ #21), the ones you
    name; the location just upgraded is skipped (one upgrade per activation, FAQ #8). Asked only
    when there are more candidates than upgrades."""
    mine = _restless_candidates(ctx, seat, exclude)
    if n <= 0 or not mine:
        return
    if len(mine) <= n:
        for loc in mine:
            _raise_overseer(ctx, loc, seat, None)
        return
    ctx.ask("restless", [seat], n=n, exclude=exclude)


def _restless_candidates(ctx: Ctx, seat: int, exclude: str | None) -> list[str]:
    return [loc for loc in PRODUCTION if loc != exclude and seat in ctx.state.overseers.get(loc, {})
            and ctx.state.overseers[loc][seat].level < len(ctx.pack.overseers[loc].costs)
            and _upgradable(ctx, loc)]


def _upgradable(ctx: Ctx, loc: str) -> bool:
    return ctx.every(lambda v: v.can_upgrade(ctx, loc))  # the Red Turbans' Gold Overseers [IT AC]


@builder("restless")
def _build_restless(ctx: Ctx, ask: Ask, seat: int) -> Any:
    mine = _restless_candidates(ctx, seat, ask.data["exclude"])
    n = ask.data["n"]
    levels = {loc: ctx.state.overseers[loc][seat].level for loc in mine}
    options = [Option(loc, "gw.opt.restless", {"loc": loc, "level": levels[loc]}) for loc in mine]
    # Default: the lowest overseers first, the engine's pick before the choice became the player's.
    default = tuple(sorted(mine, key=lambda loc: (levels[loc], loc))[:n])
    return prompt(ask, seat, "restless", options, pick_min=n, pick_max=n, args={"n": n}, default=default)


@decision("restless")
def _finish_restless(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    for loc in sorted(ask.answers[seat], key=PRODUCTION.index):
        _raise_overseer(ctx, loc, seat, None)


# --- Barracks [ES p.12] --------------------------------------------------------------------------

def recruit_cost(ctx: Ctx, seat: int, unit: str) -> Cost:
    base = ctx.pack.recruit.get(unit) or ctx.first(lambda v: v.unit_cost(ctx, unit)) or {}
    cost = dict(base)
    for a in modifier(ctx.pack, ctx.state.players[seat], "recruit_discount", unit):
        cost[a.resource] = max(0, cost.get(a.resource, 0) - a.value)
    return cost


@task("recruit")
def _recruit(ctx: Ctx, job: Task) -> None:
    ctx.ask("recruit", [job["seat"]], n=job["n"])


@builder("recruit")
def _build_recruit(ctx: Ctx, ask: Ask, seat: int) -> Any:
    player = ctx.state.players[seat]
    options = [Option(PASS, "gw.opt.no_recruit")]
    for unit in ctx.fold(UNITS, lambda v, units: v.recruits(ctx, units)):  # a Bannerman too [IT GK]
        cost = recruit_cost(ctx, seat, unit)
        if player.reserve.get(unit, 0) <= player.shamed.get(unit, 0) or not can_pay(player, cost):
            continue
        for sec in range(len(ctx.state.sections)):
            if can_attack(ctx, sec, unit):
                options.append(Option(f"{unit}.atk.{sec}", "gw.opt.recruit_attack",
                                      {"unit": unit, "sec": sec, "cost": cost}))
        options += [Option(f"{unit}.rest.{sec}", "gw.opt.recruit_rest", {"unit": unit, "sec": sec, "cost": cost})
                    for sec in range(len(ctx.state.sections))]
    slots = [("recruit", options)] * ask.data["n"] + [("tactic", tactics.options(ctx, seat, {"recruit"}))]
    return compose(ask, seat, "recruit", slots, args={"n": ask.data["n"]})


def _recruits(values: list[str]) -> list[tuple[str, str, int]]:
    out = []
    for v in values[:-1]:
        if v != PASS:
            unit, where, sec = v.split(".")
            out.append((unit, where, int(sec)))
    return out


def _check_recruit(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    player = ctx.state.players[seat]
    recruits = _recruits(values)
    need: Cost = tactics.boost_cost(ctx, seat, values[-1])
    for unit in SOLDIER_UNITS:
        if sum(u == unit for u, _, _ in recruits) > player.reserve.get(unit, 0) - player.shamed.get(unit, 0):
            raise refuse("no_soldier_left", unit=unit)
    for unit, _, _ in recruits:
        need = add(need, recruit_cost(ctx, seat, unit))
    if not can_pay(player, need):
        raise refuse("cannot_pay")
    for sec in range(len(ctx.state.sections)):
        shooters = sum(u == "archer" and m == "atk" and s == sec for u, m, s in recruits)
        if shooters > firing_room(ctx, ctx.state.sections[sec]):
            raise refuse("no_firing_spot")


@decision("recruit", _check_recruit)
def _finish_recruit(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    """All recruits of one activation arrive together: a recruit bonus triggers once [ES p.12]."""
    seat = ask.seats[0]
    values = ask.answers[seat]
    effect = tactics.play(ctx, seat, values[-1])
    player = ctx.state.players[seat]
    recruits = _recruits(values)
    attacks: list[Task] = []
    for unit, where, sec in recruits:
        pay(player, recruit_cost(ctx, seat, unit))
        player.reserve[unit] -= 1
        if where == "rest":
            zone = ctx.state.sections[sec].rest.setdefault(seat, {u: 0 for u in UNITS})
            zone[unit] = zone.get(unit, 0) + 1
        else:
            attacks.append({"op": "attack", "seat": seat, "unit": unit, "sec": sec, "source": "recruit"})
    if recruits:
        ctx.emit("recruit", seat=seat, units=[u for u, _, _ in recruits])
        trigger(ctx, seat, "recruit")
        if effect.get("honor_per_recruit"):
            gain(ctx, seat, {"honor": effect["honor_per_recruit"] * len(recruits)}, reason="tactic")
    ctx.push(*attacks)


# --- Tea House, Embassy [ES p.14] ----------------------------------------------------------------

def _tea_house(ctx: Ctx, present: list[int], here: list[int]) -> None:
    tea = ctx.state.tea
    slots = ctx.pack.locations["teahouse"].slots
    if len(present) == 1 and len(here) >= slots:
        tea.remove(present[0])
        tea.insert(0, present[0])
    else:
        for seat in present:  # in Tea order as it stood; a marker already on top stays
            i = tea.index(seat)
            if i > 0:
                tea[i - 1], tea[i] = tea[i], tea[i - 1]
    ctx.emit("tea", order=list(tea))


def clerk_cost(ctx: Ctx, seat: int) -> int:
    cheaper = modifier(ctx.pack, ctx.state.players[seat], "clerk_gold")
    return min([ctx.pack.costs["hire_clerk_gold"], *(a.value for a in cheaper)])


@task("embassy")
def _embassy(ctx: Ctx, job: Task) -> None:
    ctx.ask("embassy", [job["seat"]])


@builder("embassy")
def _build_embassy(ctx: Ctx, ask: Ask, seat: int) -> Any:
    player = ctx.state.players[seat]
    gold = player.res["gold"]
    options = [Option(PASS, "gw.opt.no_hire")]
    if player.clerk_space and gold >= clerk_cost(ctx, seat):
        options.append(Option("clerk", "gw.opt.hire_clerk", {"cost": clerk_cost(ctx, seat)}))
    # An advisor costs the number of advisors you will have after hiring it [ES p.14].
    cost = len(player.active) + len(player.support) + 1
    if gold >= cost:
        for i, adv in enumerate(ctx.state.queue):
            options.append(Option(f"adv.{i}.a", "gw.opt.hire_active", {"advisor": adv, "cost": cost}))
            options.append(Option(f"adv.{i}.s", "gw.opt.hire_support", {"advisor": adv, "cost": cost}))
    return compose(ask, seat, "embassy", [("hire", options)])


@decision("embassy")
def _finish_embassy(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    state = ctx.state
    seat = ask.seats[0]
    player = state.players[seat]
    value = ask.answers[seat][0]
    if value == PASS:
        return
    if value == "clerk":
        player.res["gold"] -= clerk_cost(ctx, seat)
        player.clerk_space -= 1
        player.clerks += 1
        ctx.emit("hire_clerk", seat=seat)
    else:
        _, i, side = value.split(".")
        player.res["gold"] -= len(player.active) + len(player.support) + 1
        advisor = state.queue.pop(int(i))
        (player.active if side == "a" else player.support).append(advisor)
        refill_queue(ctx)
        ctx.emit("hire_advisor", seat=seat, advisor=advisor, active=side == "a")
    trigger(ctx, seat, "hire")


def refill_queue(ctx: Ctx) -> None:
    """Slide left and fill the queue back to 4 from the deck (its discard reshuffled if needed)."""
    state = ctx.state
    while len(state.queue) < 4:
        card = ctx.draw(state.advisor_deck, state.advisor_discard)
        if card is None:
            return
        state.queue.append(card)
