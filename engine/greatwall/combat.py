"""Fighting the hordes: attacks [ES p.12], defeats and breaches [ES p.10], firing and the assault
[ES p.9]. Who dies and who is Saved is in deaths.py."""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Choice, Option
from engine.core.runner import Answers
from engine.greatwall import deaths, tactics
from engine.greatwall.abilities import gain, trigger
from engine.greatwall.deaths import to_rest
from engine.greatwall.flow import Ctx, builder, compose, decision, prompt, task
from engine.greatwall.pack import Horde
from engine.greatwall.shame import shame_job
from engine.greatwall.state import Ask, HordeCard, Section, Soldier, State, Task


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
            # Its target vanished (an earlier recruit of the same activation took it): the owner
            # chooses again where it goes, attack elsewhere or any Rest Zone [ES p.12].
            ctx.ask("regroup", [seat], unit=unit, sec=sec)
        return
    ctx.ask("target", [seat], unit=unit, sec=sec, source=source)


@builder("regroup")
def _build_regroup(ctx: Ctx, ask: Ask, seat: int) -> Any:
    unit, sec = ask.data["unit"], ask.data["sec"]
    sections = range(len(ctx.state.sections))
    options = [Option(f"atk.{s}", "gw.opt.regroup_attack", {"unit": unit, "sec": s})
               for s in sections if can_attack(ctx, s, unit)]
    options += [Option(f"rest.{s}", "gw.opt.regroup_rest", {"unit": unit, "sec": s}) for s in sections]
    # Default: that section's Rest Zone, where the engine used to park it.
    return prompt(ask, seat, "regroup", options, args={"unit": unit, "sec": sec}, default=(f"rest.{sec}",))


@decision("regroup")
def _finish_regroup(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat, unit = ask.seats[0], ask.data["unit"]
    how, _, sec_text = ask.answers[seat][0].partition(".")
    sec = int(sec_text)
    if how == "atk":
        ctx.push({"op": "attack", "seat": seat, "unit": unit, "sec": sec, "source": "recruit"})
        return
    to_rest(ctx.state.sections[sec], seat, unit, 1)
    ctx.emit("to_rest", seat=seat, unit=unit, sec=sec)


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
def _finish_target(ctx: Ctx, ask: Ask, answers: Answers) -> None:
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
        ctx.emit("fire", seat=seat, sec=sec, row=i + 1, source=source)
        return
    card.soldiers.append(Soldier(seat, unit, spots))
    horde = ctx.pack.hordes[card.card]
    rewards: dict[str, int] = {}
    for s in spots:
        kind = horde.rewards.get(s)
        if kind:
            amount = ctx.pack.costs["reward_honor"] if kind == "honor" else 1
            rewards[kind] = rewards.get(kind, 0) + amount
    ctx.emit("attack", seat=seat, unit=unit, sec=sec, row=i + 1, source=source)
    if rewards:
        gain(ctx, seat, rewards, reason="reward")


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
    ctx.emit("defeated", sec=sec, row=row + 1, horde=card.card, claimant=claimant)
    for seat in on_card:
        trigger(ctx, seat, "defeat")
    deaths.start(ctx, "defeat", sec, [row], row=row, claimant=claimant)


def _claimant(ctx: Ctx, card: HordeCard) -> int | None:
    """Most spots covered by soldiers (wounds do not count), ties by Tea order — decided before
    anyone dies [ES p.10 step 3]."""
    state = ctx.state
    count: dict[int, int] = {}
    for soldier in card.soldiers:
        count[soldier.seat] = count.get(soldier.seat, 0) + len(soldier.spots)
    # A rules-driven clan that never gains Horde cards (the Reed clan [ES p.15]) says who claims instead.
    count = ctx.fold(count, lambda v, spots: v.claim_counts(ctx, spots))
    if not count:
        return None
    claimant: int | None = min(count, key=lambda s: (-count[s], state.tea.index(s)))
    return ctx.fold(claimant, lambda v, seat: v.claimant(ctx, seat))


# --- Breach [ES p.10] ------------------------------------------------------------------------------

@task("breach")
def _breach(ctx: Ctx, job: Task) -> None:
    state = ctx.state
    sec = job["sec"]
    section = state.sections[sec]
    ctx.emit("breach", sec=sec)
    if ctx.some(lambda v: v.on_breach(ctx, sec)):  # the Red Turbans: the team loses at once [IT AC]
        return
    # Step 1: one Shame per card there without any of your soldiers on it (none where a variant
    # declares so: La Grande Carestia [IT AC]); then the deaths.
    shaming = ctx.every(lambda v: v.breach_shame)
    shames = [shame_job(seat, "breach") for seat in state.tea_humans() for card in section.hordes
              if shaming and all(s.seat != seat for s in card.soldiers)]
    shames = ctx.fold(shames, lambda v, jobs: v.breach_shames(ctx, sec, jobs))  # a scenario's [IT AC]
    ctx.push(*shames, {"op": "breach_deaths", "sec": sec})


@task("breach_deaths")
def _breach_deaths_task(ctx: Ctx, job: Task) -> None:
    deaths.start(ctx, "breach", job["sec"], list(range(len(ctx.state.sections[job["sec"]].hordes))))


# --- Winter: firing and assault [ES p.9] -----------------------------------------------------------

@task("firing")
def _firing(ctx: Ctx, job: Task) -> None:
    jobs: list[Task] = [{"op": "fire", "sec": sec, "seat": seat}
                        for sec, section in enumerate(ctx.state.sections)
                        for seat in ctx.state.tea if seat in section.firing]
    ctx.push(*jobs, {"op": "defeat_check"})


@task("fire")
def _fire(ctx: Ctx, job: Task) -> None:
    """Every archer in a firing spot must wound a horde of its section if it can (FAQ #39); the
    owner picks the vital spot of each wound [ES p.9]. As many arrows as free spots: no choice."""
    sec, seat = job["sec"], job["seat"]
    spots = _volley_spots(ctx, sec)
    shots = min(ctx.state.sections[sec].firing.count(seat), len(spots))
    if not shots:
        return
    if shots == len(spots):
        _wound(ctx, sec, spots, seat)
        return
    ctx.ask("volley", [seat], sec=sec, shots=shots)


def _volley_spots(ctx: Ctx, sec: int) -> list[str]:
    return [f"h{i}.{s}" for i, card in enumerate(ctx.state.sections[sec].hordes) for s in sorted(free_spots(ctx, card))]


def _default_volley(ctx: Ctx, sec: int, shots: int) -> tuple[str, ...]:
    """The careful player's preselection: the horde nearest defeat (fewest free spots) first, and on
    it plain spots first — a wound never earns a reward, so rewarded spots stay for soldiers."""
    section = ctx.state.sections[sec]

    def rank(value: str) -> tuple[int, bool, int, int]:
        i, spots = _parse_target(value)
        card = section.hordes[i]
        return (len(free_spots(ctx, card)), spots[0] in ctx.pack.hordes[card.card].rewards, i, spots[0])
    return tuple(sorted(_volley_spots(ctx, sec), key=rank)[:shots])


@builder("volley")
def _build_volley(ctx: Ctx, ask: Ask, seat: int) -> Any:
    sec, shots = ask.data["sec"], ask.data["shots"]
    section = ctx.state.sections[sec]
    options = []
    for value in _volley_spots(ctx, sec):
        i, spots = _parse_target(value)
        horde = ctx.pack.hordes[section.hordes[i].card]
        rewards = [horde.rewards[spots[0]]] if spots[0] in horde.rewards else []
        options.append(Option(value, "gw.opt.wound", {"row": i + 1, "horde": horde.id, "spots": spots,
                                                      "rewards": rewards}))
    # One distinct spot per arrow, and no "hold fire" option: firing is mandatory (FAQ #39).
    return prompt(ask, seat, "fire", options, pick_min=shots, pick_max=shots, args={"sec": sec, "n": shots},
                  default=_default_volley(ctx, sec, shots))


@decision("volley")
def _finish_volley(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    _wound(ctx, ask.data["sec"], list(ask.answers[seat]), seat)


def _wound(ctx: Ctx, sec: int, spots: list[str], seat: int) -> None:
    section = ctx.state.sections[sec]
    for value in spots:
        i, where = _parse_target(value)
        section.hordes[i].wounds.append(where[0])
    ctx.emit("volley", seat=seat, sec=sec, shots=len(spots))


def power(ctx: Ctx, sec: int) -> int:
    section = ctx.state.sections[sec]
    cards = [ctx.pack.hordes[c.card] for c in section.hordes]
    # A co-op Event may add power to every section that has hordes (engine/greatwall/events.py).
    total = sum(_card_power(section, cards, i) for i in range(len(cards))) + (ctx.passive("power") if cards else 0)
    return ctx.fold(total, lambda v, p: v.section_power(ctx, sec, p))


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
    bonus = section.defence_bonus + ctx.passive("defence")  # tactics; a co-op Event's passive effect
    total = ctx.pack.walls[section.wall].defence + section.barricades * per + bonus
    return ctx.fold(total, lambda v, d: v.section_defence(ctx, sec, d))


@task("assault_window")
def _assault_window(ctx: Ctx, job: Task) -> None:
    """Before issue 24 every seat was asked; kept for saved games whose Winter still holds this step."""
    threatened = _threatened(ctx)
    if threatened:
        ctx.ask("brace", ctx.state.tea_humans(), threatened=threatened)


@task("assault_tactics")
def _assault_tactics(ctx: Ctx, job: Task) -> None:
    """The window before the assault [FAQ #1: a tactic at its printed timing]. A seat with no tactic
    card can only answer "No tactic" and how many cards a seat holds is public (every view shows the
    count), so it is not asked. A seat holding cards is asked even when none fits the assault: which
    cards it holds is behind its screen [ES p.5], and not asking it would tell the others."""
    threatened = _threatened(ctx)
    holders = [s for s in ctx.state.tea_humans() if ctx.state.players[s].tactics]
    if threatened and holders:
        ctx.ask("brace", holders, threatened=threatened)


def _threatened(ctx: Ctx) -> list[int]:
    return [s for s in range(len(ctx.state.sections)) if power(ctx, s) > defence(ctx, s)]


def answered_alone(state: State, seat: int, choice: Choice) -> bool:
    """An old log's "No tactic" of a seat without tactic cards, logged when every seat was asked
    before the assault (before issue 24). The seat is no longer asked, so the run went on without
    it (to the open window of the seats holding cards, or past the assault); the logged answer
    stands for the one the seat now gives by not being asked, and the log still replays."""
    ask = state.ask
    not_asked = ask is None or ask.kind != "brace" or seat not in ask.seats
    return (not_asked and choice.kind == "brace" and list(choice.values) == [tactics.NONE]
            and 0 <= seat < len(state.players) and not state.players[seat].tactics)


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
def _finish_brace(ctx: Ctx, ask: Ask, answers: Answers) -> None:
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
    ctx.emit("barricades_gone")
