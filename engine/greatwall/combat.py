"""Fighting the hordes: attacks [ES p.12], defeats and deaths [ES p.10], breaches, firing and the
assault [ES p.9]."""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.greatwall import tactics
from engine.greatwall.abilities import gain, modifier, trigger
from engine.greatwall.flow import Ctx, builder, compose, decision, refuse, task
from engine.greatwall.pack import Horde
from engine.greatwall.resources import pay
from engine.greatwall.shame import shame_job
from engine.greatwall.state import Ask, Claimed, HordeCard, Section, Soldier, Task

# Order in which a player's soldiers die on a card when fewer than all must: the cheapest first,
# as a careful player would choose; saving (2 Chi each) then keeps the dearest first.
DEATH_ORDER = ("spearman", "horseman", "archer")


def free_spots(ctx: Ctx, card: HordeCard) -> list[int]:
    taken = set(card.wounds) | {s for soldier in card.soldiers for s in soldier.spots}
    return [s for s in ctx.pack.hordes[card.card].spots if s not in taken]


def firing_room(ctx: Ctx, section: Section) -> int:
    return ctx.pack.walls[section.wall].firing - len(section.firing)


def targets(ctx: Ctx, sec: int, unit: str) -> list[str]:
    """Where a unit attacking in section ``sec`` may go: h<i>.<spot> (spearman: row 1 only; archer:
    the spot gets a wound) or h<i>.<a>-<b> (horseman: 2 orthogonally adjacent spots) [ES p.12]."""
    section = ctx.state.sections[sec]
    out = []
    for i, card in enumerate(section.hordes):
        free = set(free_spots(ctx, card))
        if unit == "horseman":
            out += [f"h{i}.{a}-{b}" for a, b in ctx.pack.hordes[card.card].adjacent_pairs()
                    if a in free and b in free]
        elif unit == "archer" or i == 0:
            out += [f"h{i}.{s}" for s in sorted(free)]
    return out


def can_attack(ctx: Ctx, sec: int, unit: str, from_firing: bool = False) -> bool:
    if unit == "archer" and not from_firing and firing_room(ctx, ctx.state.sections[sec]) <= 0:
        return False
    return bool(targets(ctx, sec, unit))


@task("attack")
def _attack(ctx: Ctx, job: Task) -> None:
    """One soldier attacks. ``source``: recruit (fresh, any section), rest (from that section's
    Rest Zone) or firing (an archer already in a firing spot)."""
    seat, unit, sec, source = job["seat"], job["unit"], job["sec"], job["source"]
    if not can_attack(ctx, sec, unit, source == "firing"):
        if source == "recruit":
            # Ruling: a recruit whose target vanished (filled by an earlier recruit of the same
            # activation) waits in that section's Rest Zone instead of being lost.
            _to_rest(ctx.state.sections[sec], seat, unit, 1)
            ctx.emit("to_rest", seat=seat, unit=unit, sec=sec)
        return
    ctx.ask("target", [seat], unit=unit, sec=sec, source=source)


@builder("target")
def _build_target(ctx: Ctx, ask: Ask, seat: int) -> Any:
    sec, unit = ask.data["sec"], ask.data["unit"]
    section = ctx.state.sections[sec]
    options = []
    for t in targets(ctx, sec, unit):
        i, spots = _parse_target(t)
        horde = ctx.pack.hordes[section.hordes[i].card]
        rewards = [horde.rewards[s] for s in spots if s in horde.rewards] if unit != "archer" else []
        options.append(Option(t, "gw.opt.target", {"row": i + 1, "horde": horde.id, "spots": spots,
                                                    "rewards": rewards}))
    return compose(ask, seat, "target", [("target", options)], args={"unit": unit, "sec": sec})


def _parse_target(value: str) -> tuple[int, list[int]]:
    head, _, spots = value.partition(".")
    return int(head[1:]), [int(s) for s in spots.split("-")]


@decision("target")
def _finish_target(ctx: Ctx, ask: Ask) -> None:
    seat = ask.seats[0]
    unit, sec, source = ask.data["unit"], ask.data["sec"], ask.data["source"]
    section = ctx.state.sections[sec]
    i, spots = _parse_target(ask.answers[seat][0])
    card = section.hordes[i]
    if source == "rest":
        section.rest[seat][unit] -= 1
    if unit == "archer":
        if source != "firing":
            section.firing.append(seat)
        card.wounds.append(spots[0])
        ctx.emit("fire", seat=seat, sec=sec, row=i + 1, source=source, board=True)
        return
    card.soldiers.append(Soldier(seat, unit, spots))
    horde = ctx.pack.hordes[card.card]
    rewards: dict[str, int] = {}
    for s in spots:
        kind = horde.rewards.get(s)
        if kind:
            amount = ctx.pack.costs["reward_honor"] if kind == "honor" else 1
            rewards[kind] = rewards.get(kind, 0) + amount
    ctx.emit("attack", seat=seat, unit=unit, sec=sec, row=i + 1, source=source, board=True)
    if rewards:
        gain(ctx, seat, rewards, reason="reward")


def _to_rest(section: Section, seat: int, unit: str, n: int) -> None:
    zone = section.rest.setdefault(seat, {"spearman": 0, "archer": 0, "horseman": 0})
    zone[unit] += n


# --- Horde defeat [ES p.10] -------------------------------------------------------------------------

def covered(ctx: Ctx, card: HordeCard) -> bool:
    return not free_spots(ctx, card)


@task("defeat_check")
def _defeat_check(ctx: Ctx, job: Task) -> None:
    # Row 1 left to right, then row 2, then row 3 [ES p.9]. After a defeat the cards behind slide
    # forward; the scan restarts so a slid card that is covered is still checked in this step.
    sections = ctx.state.sections
    for row in range(3):
        for sec, section in enumerate(sections):
            if row < len(section.hordes) and covered(ctx, section.hordes[row]):
                ctx.push({"op": "defeat", "sec": sec, "row": row}, {"op": "defeat_check"})
                return


@task("defeat")
def _defeat(ctx: Ctx, job: Task) -> None:
    state = ctx.state
    sec, row = job["sec"], job["row"]
    section = state.sections[sec]
    card = section.hordes[row]
    on_card = sorted({s.seat for s in card.soldiers}, key=state.tea.index)
    for seat in on_card:
        gain(ctx, seat, {"honor": ctx.pack.costs["defeat_honor"]}, reason="defeat")
    for seat in state.tea:
        archers = section.firing.count(seat)
        if archers:
            gain(ctx, seat, {"honor": ctx.pack.costs["archer_honor"] * archers}, reason="archers")
    claimant = _claimant(ctx, card)
    ctx.emit("defeated", sec=sec, row=row + 1, horde=card.card, claimant=claimant, board=True)
    for seat in on_card:
        trigger(ctx, seat, "defeat")
    counts = {seat: len(_victims(ctx, card, seat)) for seat in on_card}
    if counts:
        _ask_losses(ctx, "defeat", sec, counts, row=row, claimant=claimant)
    else:
        _after_defeat(ctx, sec, row, claimant, {})


def _claimant(ctx: Ctx, card: HordeCard) -> int | None:
    """Most spots covered by soldiers (wounds do not count), ties by Tea order — decided before
    anyone dies [ES p.10 step 3]."""
    count: dict[int, int] = {}
    for soldier in card.soldiers:
        count[soldier.seat] = count.get(soldier.seat, 0) + len(soldier.spots)
    if not count:
        return None
    return min(count, key=lambda s: (-count[s], ctx.state.tea.index(s)))


def _victims(ctx: Ctx, card: HordeCard, seat: int) -> list[int]:
    """Indexes of ``seat``'s soldiers on ``card`` that die: lethality (plus the card's ability)."""
    n = ctx.lethality() + ctx.pack.hordes[card.card].ability.get("lethality", 0)
    mine = [i for i, s in enumerate(card.soldiers) if s.seat == seat]
    mine.sort(key=lambda i: DEATH_ORDER.index(card.soldiers[i].unit))
    return mine[:n]


def _ask_losses(ctx: Ctx, mode: str, sec: int, counts: dict[int, int], **data: Any) -> None:
    """Every seat losing soldiers answers (uniformly: also with no Chi and no tactic)."""
    seats = [s for s in ctx.state.tea if s in counts]
    ctx.ask("losses", seats, mode=mode, sec=sec, counts={str(s): n for s, n in counts.items()}, **data)


def save_cost(ctx: Ctx, seat: int) -> int:
    cheaper = modifier(ctx.pack, ctx.state.players[seat], "save_chi")
    return min([ctx.pack.costs["save_chi"], *(a.value for a in cheaper)])


@builder("losses")
def _build_losses(ctx: Ctx, ask: Ask, seat: int) -> Any:
    n = ask.data["counts"][str(seat)]
    cost = save_cost(ctx, seat)
    chi = ctx.state.players[seat].res["chi"]
    saves = [Option(f"save.{k}", "gw.opt.save", {"n": k, "chi": k * cost}) for k in range(n + 1)
             if k * cost <= chi]
    windows = {"losses", "defeat"} if ask.data["mode"] == "defeat" else {"losses"}
    return compose(ask, seat, "losses", [("save", saves), ("tactic", tactics.options(ctx, seat, windows))],
                   args={"n": n, "sec": ask.data["sec"], "mode": ask.data["mode"], "cost": cost})


def _check_losses(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    paid = int(values[0].split(".")[1]) * save_cost(ctx, seat)
    boost = tactics.boost_cost(ctx, seat, values[1]) if len(values) > 1 else {}
    if paid + boost.get("chi", 0) > ctx.state.players[seat].res["chi"]:
        raise refuse("cannot_pay")


@decision("losses", _check_losses)
def _finish_losses(ctx: Ctx, ask: Ask) -> None:
    saved: dict[int, int] = {}
    for seat in ask.seats:
        values = ask.answers[seat]
        effect = tactics.play(ctx, seat, values[1]) if len(values) > 1 else {}
        chi_saves = int(values[0].split(".")[1])
        pay(ctx.state.players[seat], {"chi": chi_saves * save_cost(ctx, seat)})
        if "gain" in effect:
            gain(ctx, seat, effect["gain"], reason="tactic")
        saved[seat] = min(ask.data["counts"][str(seat)], chi_saves + effect.get("save", 0))
    if ask.data["mode"] == "defeat":
        _after_defeat(ctx, ask.data["sec"], ask.data["row"], ask.data["claimant"], saved)
    else:
        _breach_deaths(ctx, ask.data["sec"], saved)


def _after_defeat(ctx: Ctx, sec: int, row: int, claimant: int | None, saved: dict[int, int]) -> None:
    """Steps 4–7: deaths, survivors to the Rest Zone, the claim, the slide [ES p.10]."""
    state = ctx.state
    section = state.sections[sec]
    card = section.hordes[row]
    killed: dict[int, dict[str, int]] = {}
    for seat in {s.seat for s in card.soldiers}:
        victims = _victims(ctx, card, seat)
        lost = _kill_order(card, victims)[saved.get(seat, 0):]
        for i, soldier in enumerate(card.soldiers):
            if soldier.seat != seat:
                continue
            if i in lost:
                state.players[seat].reserve[soldier.unit] += 1
                killed.setdefault(seat, {}).setdefault(soldier.unit, 0)
                killed[seat][soldier.unit] += 1
            else:
                _to_rest(section, seat, soldier.unit, 1)
    section.hordes.pop(row)
    if claimant is None:
        state.horde_discard.append(card.card)
    else:
        state.players[claimant].claimed.append(Claimed(card.card))
        trigger(ctx, claimant, "claim")
    ctx.emit("deaths", sec=sec, killed={str(s): k for s, k in killed.items()}, board=True)


def _kill_order(card: HordeCard, victims: list[int]) -> list[int]:
    """Victims in the order saves do NOT reach them: saves keep the dearest soldiers first."""
    return sorted(victims, key=lambda i: -DEATH_ORDER.index(card.soldiers[i].unit))


# --- Breach [ES p.10] ------------------------------------------------------------------------------

@task("breach")
def _breach(ctx: Ctx, job: Task) -> None:
    state = ctx.state
    sec = job["sec"]
    section = state.sections[sec]
    ctx.emit("breach", sec=sec, board=True)
    # Step 1: one Shame per card there without any of your soldiers on it; then the deaths.
    shames = [shame_job(seat, "breach") for seat in state.tea for card in section.hordes
              if all(s.seat != seat for s in card.soldiers)]
    ctx.push(*shames, {"op": "breach_deaths", "sec": sec})


@task("breach_deaths")
def _breach_deaths_task(ctx: Ctx, job: Task) -> None:
    sec = job["sec"]
    section = ctx.state.sections[sec]
    counts = {seat: sum(len(_victims(ctx, card, seat)) for card in section.hordes) + section.firing.count(seat)
              for seat in ctx.state.tea}
    counts = {seat: n for seat, n in counts.items() if n}
    if counts:
        _ask_losses(ctx, "breach", sec, counts)


def _breach_deaths(ctx: Ctx, sec: int, saved: dict[int, int]) -> None:
    """All deaths of one breached section happen at once (one triggered event) [ES p.10, p.14]:
    lethality on every card, every archer in the firing spots; removed soldiers leave wounds."""
    state = ctx.state
    section = state.sections[sec]
    for seat in list(saved):
        # (card index, soldier index) of each victim, dearest last so saves reach them first.
        victims = [(ci, si) for ci, card in enumerate(section.hordes) for si in _victims(ctx, card, seat)]
        archers = section.firing.count(seat)
        queue = [("archer", None)] * archers + [("card", v) for v in victims]
        queue.sort(key=lambda x: -DEATH_ORDER.index(
            "archer" if x[1] is None else section.hordes[x[1][0]].soldiers[x[1][1]].unit))
        keep = saved[seat]
        for _, where in queue:
            unit = "archer" if where is None else section.hordes[where[0]].soldiers[where[1]].unit
            if keep:
                keep -= 1
                _to_rest(section, seat, unit, 1)
            else:
                state.players[seat].reserve[unit] += 1
        for ci, si in sorted(victims, reverse=True):
            soldier = section.hordes[ci].soldiers.pop(si)
            section.hordes[ci].wounds.extend(soldier.spots)
        section.firing = [s for s in section.firing if s != seat]
    ctx.emit("breach_losses", sec=sec, board=True)


# --- Winter: firing and assault [ES p.9] -----------------------------------------------------------

@task("firing")
def _firing(ctx: Ctx, job: Task) -> None:
    jobs: list[Task] = [{"op": "fire", "sec": sec, "seat": seat}
                        for sec, section in enumerate(ctx.state.sections)
                        for seat in ctx.state.tea if seat in section.firing]
    ctx.push(*jobs, {"op": "defeat_check"})


@task("fire")
def _fire(ctx: Ctx, job: Task) -> None:
    """Every archer in a firing spot must wound a horde of its section if it can (FAQ #39)."""
    sec, seat = job["sec"], job["seat"]
    section = ctx.state.sections[sec]
    room = {i: len(free_spots(ctx, c)) for i, c in enumerate(section.hordes) if free_spots(ctx, c)}
    shots = min(section.firing.count(seat), sum(room.values()))
    if not shots:
        return
    if len(room) == 1:
        _wound(ctx, sec, [next(iter(room))] * shots, seat)
        return
    ctx.ask("volley", [seat], sec=sec, shots=shots)


@builder("volley")
def _build_volley(ctx: Ctx, ask: Ask, seat: int) -> Any:
    section = ctx.state.sections[ask.data["sec"]]
    options = [Option(f"h{i}", "gw.opt.volley", {"row": i + 1, "horde": c.card, "free": len(free_spots(ctx, c))})
               for i, c in enumerate(section.hordes) if free_spots(ctx, c)]
    return compose(ask, seat, "volley", [("shot", options)] * ask.data["shots"], args={"sec": ask.data["sec"]})


def _check_volley(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    section = ctx.state.sections[ask.data["sec"]]
    for v in set(values):
        if values.count(v) > len(free_spots(ctx, section.hordes[int(v[1:])])):
            raise refuse("too_many_wounds")


@decision("volley", _check_volley)
def _finish_volley(ctx: Ctx, ask: Ask) -> None:
    seat = ask.seats[0]
    _wound(ctx, ask.data["sec"], [int(v[1:]) for v in ask.answers[seat]], seat)


def _wound(ctx: Ctx, sec: int, rows: list[int], seat: int) -> None:
    section = ctx.state.sections[sec]
    for row in rows:
        card = section.hordes[row]
        horde = ctx.pack.hordes[card.card]
        free = free_spots(ctx, card)
        # Plain spots first: a wound never earns a reward, so rewarded spots stay for soldiers.
        card.wounds.append(min(free, key=lambda s: (s in horde.rewards, s)))
    ctx.emit("volley", seat=seat, sec=sec, shots=len(rows), board=True)


def power(ctx: Ctx, sec: int) -> int:
    section = ctx.state.sections[sec]
    cards = [ctx.pack.hordes[c.card] for c in section.hordes]
    return sum(_card_power(section, cards, i) for i in range(len(cards)))


def _card_power(section: Section, cards: list[Horde], i: int) -> int:
    h = cards[i]
    p = h.power + h.ability.get("crowd_power", 0) * (len(cards) - 1)
    p += h.ability.get("row1_power", 0) if i == 0 else 0
    p += h.ability.get("empty_wall_power", 0) if section.wall == 0 else 0
    return p + sum(o.ability.get("lead_power", 0) for j, o in enumerate(cards) if j != i)


def defence(ctx: Ctx, sec: int) -> int:
    """Printed wall value + 2 per barricade [ES p.9], less any ram-like malus, plus tactics."""
    section = ctx.state.sections[sec]
    malus = sum(ctx.pack.hordes[c.card].ability.get("barricade_malus", 0) for c in section.hordes)
    per = max(0, ctx.pack.costs["barricade_defence"] - malus)
    return ctx.pack.walls[section.wall].defence + section.barricades * per + section.defence_bonus


@task("assault_window")
def _assault_window(ctx: Ctx, job: Task) -> None:
    threatened = [s for s in range(len(ctx.state.sections)) if power(ctx, s) > defence(ctx, s)]
    if threatened:
        ctx.ask("brace", list(ctx.state.tea), threatened=threatened)


@builder("brace")
def _build_brace(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = []
    for o in tactics.options(ctx, seat, {"assault"}):
        if o.id == tactics.NONE:
            options.append(o)
            continue
        for sec in range(len(ctx.state.sections)):
            options.append(Option(f"{o.id}.{sec}", o.key, {**o.args, "sec": sec}))
    return compose(ask, seat, "brace", [("tactic", options)], args={"threatened": ask.data["threatened"]})


@decision("brace")
def _finish_brace(ctx: Ctx, ask: Ask) -> None:
    for seat in ctx.state.tea_order(ask.seats):
        value = ask.answers[seat][0]
        if value == tactics.NONE:
            continue
        head, _, sec = value.rpartition(".")
        effect = tactics.play(ctx, seat, head)
        ctx.state.sections[int(sec)].defence_bonus += effect.get("defence", 0)


@task("assault")
def _assault(ctx: Ctx, job: Task) -> None:
    jobs: list[Task] = []
    for sec in range(len(ctx.state.sections)):
        p, d = power(ctx, sec), defence(ctx, sec)
        ctx.emit("assault", sec=sec, power=p, defence=d, holds=d >= p)
        if p > d and ctx.state.sections[sec].hordes:
            jobs.append({"op": "breach", "sec": sec})
    ctx.push(*jobs, {"op": "clear_barricades"})


@task("clear_barricades")
def _clear_barricades(ctx: Ctx, job: Task) -> None:
    for section in ctx.state.sections:
        section.barricades = 0
        section.defence_bonus = 0
    ctx.emit("barricades_gone", board=True)
