"""The Siege of Diaoyucheng [IT AC, "L'Assedio di Diaoyucheng"; fact sheet §13.2], a co-op scenario
(survival.py: co-op without the Demands): the Fortress card with its Firing spots and Defence track
(numbers: data/chronicles/siege.toml), the Shame tokens a Raid adds beside it, the Fortress archers,
the Night and the Encampment's +1 Defence. Its variant: engine/greatwall/variants/siege.py.

The scenario's values live in ``state.chronicle``: ``defence`` (the track), ``siege`` (the Shame
tokens beside the card) and ``fortress`` (one seat per archer on a Firing spot).

Rulings (IT AC silent; README, "Ancient Chronicles"):
- A Raid's token beside the card is a Shame token from the supply ("piazzate 1 tassello Onta accanto
  alla carta"), taken after the Raid's own; with the supply empty there is none to place. The tokens
  stay there: every Night counts them all ("per ogni tassello Onta accanto alla carta").
- The Fortress actions are per Clerk, instead of that Clerk's normal action (FAQ #30/#31), paid from
  the player's own supply (FAQ #34): at the Barracks a Clerk recruits an archer straight into the
  Fortress (its cost + 1 Wood), at Logistics a Clerk moves 1 archer of the player's from any Wall
  Section or Rest Zone there (1 Wood), at the Encampment a Clerk pays 3 resources but Chi for +1
  Defence (never above the track's top). All of a Location's Fortress choices are one panel, then
  the Clerks left do the normal action in one go (its own panel).
- Fortress archers must shoot when they can, as archers on the Wall must (FAQ #39), each at a free
  vital spot of a row-1 Horde in any Section; they are no Wall archers, so nothing that makes a
  Section's archers attack (Advisors, *Attack Order*) reaches them ("non possono Attaccare per via
  degli effetti dei Consiglieri e della carta Comando Ordine di Attacco"), and a Breach never kills them.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall import coop
from engine.greatwall.abilities import trigger
from engine.greatwall.chronicles.siege_pack import SiegeNumbers
from engine.greatwall.combat import free_spots
from engine.greatwall.flow import Ctx, builder, compose, decision, prompt, refuse, task
from engine.greatwall.locations import recruit_cost
from engine.greatwall.pack import UNITS
from engine.greatwall.resources import add, can_pay, pay
from engine.greatwall.state import Ask, State, Task

NAME = "siege"
OWN = ("wood", "stone", "gold")  # "3 Risorse di qualsiasi tipo eccetto il Qi"
# The base steps a Fortress action stands beside: the first step at that Location's activation.
FORTRESS_STEPS = {"recruit": "siege_barracks", "build": "siege_camp", "logistics": "siege_logistics"}
NORMAL = "normal"


def numbers(ctx: Ctx) -> SiegeNumbers:
    numbers_: SiegeNumbers = ctx.pack.scenarios[NAME]
    return numbers_


def siege(state: State) -> dict[str, Any]:
    assert state.chronicle is not None, "the Siege is not played at this table"
    return state.chronicle


def setup(ctx: Ctx) -> None:
    """The Fortress card: the Defence marker on its start, no tokens, empty Firing spots."""
    ctx.state.chronicle = {"scenario": NAME, "defence": numbers(ctx).defence_start, "siege": 0, "fortress": []}


def room(ctx: Ctx) -> int:
    return numbers(ctx).firing_spots - len(siege(ctx.state)["fortress"])


# --- Raids [IT AC, "Razzie"] ---------------------------------------------------------------------

def on_raid(ctx: Ctx, sec: int) -> None:
    """1 Shame token beside the card, on top of the normal Raid (ruling above: from the supply)."""
    state = ctx.state
    if state.shame_supply <= 0:
        return
    card = siege(state)
    state.shame_supply -= 1
    card["siege"] += 1
    ctx.emit("siege_token", sec=sec, n=card["siege"])


def location_jobs(jobs: list[Task]) -> list[Task]:
    """Each player's step at the Barracks, Encampment and Logistics first offers the Fortress action."""
    return [{**job, "op": FORTRESS_STEPS[job["op"]]} if job.get("op") in FORTRESS_STEPS else job for job in jobs]


def _normal(ctx: Ctx, seat: int, op: str, n: int) -> None:
    if n > 0:
        ctx.push({"op": op, "seat": seat, "n": n})


def _count(values: list[str], prefix: str) -> int:
    return sum(v.startswith(prefix) for v in values)


def _enter(ctx: Ctx, seat: int, n: int, how: str) -> None:
    siege(ctx.state)["fortress"].extend([seat] * n)
    ctx.emit("fortress_enter", seat=seat, n=n, how=how)


# --- Barracks: an archer recruited into the Fortress [IT AC, "Arcieri nella Fortezza"] ------------

def _barracks_cost(ctx: Ctx, seat: int) -> dict[str, int]:
    return add(recruit_cost(ctx, seat, "archer"), {"wood": numbers(ctx).entry_wood})


@task("siege_barracks")
def _barracks(ctx: Ctx, job: Task) -> None:
    if room(ctx) > 0:
        ctx.ask("siege_barracks", [job["seat"]], n=job["n"])
    else:
        _normal(ctx, job["seat"], "recruit", job["n"])


@builder("siege_barracks")
def _build_barracks(ctx: Ctx, ask: Ask, seat: int) -> Any:
    player = ctx.state.players[seat]
    cost = _barracks_cost(ctx, seat)
    options = [Option(NORMAL, "gw.opt.siege_recruit_normal")]
    if player.reserve["archer"] > player.shamed["archer"] and can_pay(player, cost):
        options.append(Option("fort", "gw.opt.siege_recruit_fort", {"cost": cost}))
    return compose(ask, seat, "siege_barracks", [("clerk", options)] * ask.data["n"],
                   args={"room": room(ctx)}, default=(NORMAL,) * ask.data["n"])


def _check_barracks(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    player, n = ctx.state.players[seat], _count(values, "fort")
    if n > room(ctx):
        raise refuse("fortress_full", n=room(ctx))
    if n > player.reserve["archer"] - player.shamed["archer"]:
        raise refuse("no_soldier_left", unit="archer")
    total: dict[str, int] = {}
    for _ in range(n):
        total = add(total, _barracks_cost(ctx, seat))
    if not can_pay(player, total):
        raise refuse("cannot_pay")


@decision("siege_barracks", _check_barracks)
def _finish_barracks(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    values = ask.answers[seat]
    n = _count(values, "fort")
    player = ctx.state.players[seat]
    for _ in range(n):
        pay(player, _barracks_cost(ctx, seat))
        player.reserve["archer"] -= 1
    if n:
        _enter(ctx, seat, n, "recruit")
        if n == len(values):  # no normal recruit follows to trigger the bonus once [ES p.12]
            trigger(ctx, seat, "recruit")
    _normal(ctx, seat, "recruit", len(values) - n)


# --- Logistics: an archer moved into the Fortress [IT AC; FAQ #30] --------------------------------

def _sources(ctx: Ctx, seat: int) -> list[str]:
    """Where an archer of ``seat`` may leave for the Fortress: s<sec>.f (a Firing spot), s<sec>.r (a Rest Zone)."""
    out = []
    for sec, section in enumerate(ctx.state.sections):
        if seat in section.firing:
            out.append(f"s{sec}.f")
        if section.rest.get(seat, {}).get("archer", 0):
            out.append(f"s{sec}.r")
    return out


@task("siege_logistics")
def _logistics(ctx: Ctx, job: Task) -> None:
    if room(ctx) > 0 and _sources(ctx, job["seat"]):
        ctx.ask("siege_logistics", [job["seat"]], n=job["n"])
    else:
        _normal(ctx, job["seat"], "logistics", job["n"])


@builder("siege_logistics")
def _build_logistics(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option(NORMAL, "gw.opt.siege_move_normal")]
    if ctx.state.players[seat].res["wood"] >= numbers(ctx).entry_wood:
        options += [Option(src, f"gw.opt.siege_move_{src[-1]}", {"sec": int(src[1:-2]),
                                                                  "cost": {"wood": numbers(ctx).entry_wood}})
                    for src in _sources(ctx, seat)]
    return compose(ask, seat, "siege_logistics", [("clerk", options)] * ask.data["n"],
                   args={"room": room(ctx)}, default=(NORMAL,) * ask.data["n"])


def _check_logistics(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    moving = [v for v in values if v != NORMAL]
    if len(moving) > room(ctx):
        raise refuse("fortress_full", n=room(ctx))
    if ctx.state.players[seat].res["wood"] < len(moving) * numbers(ctx).entry_wood:
        raise refuse("cannot_pay")
    for src in set(moving):
        if moving.count(src) > _archers_at(ctx.state, seat, src):
            raise refuse("no_soldier_left", unit="archer")


def _archers_at(state: State, seat: int, src: str) -> int:
    section = state.sections[int(src[1:-2])]
    return section.firing.count(seat) if src.endswith(".f") else section.rest.get(seat, {}).get("archer", 0)


@decision("siege_logistics", _check_logistics)
def _finish_logistics(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    values = ask.answers[seat]
    moving = [v for v in values if v != NORMAL]
    state = ctx.state
    for src in moving:
        section = state.sections[int(src[1:-2])]
        if src.endswith(".f"):
            section.firing.remove(seat)
        else:
            section.rest[seat]["archer"] -= 1
            if not any(section.rest[seat].values()):
                del section.rest[seat]
        state.players[seat].res["wood"] -= numbers(ctx).entry_wood
    if moving:
        _enter(ctx, seat, len(moving), "logistics")
    _normal(ctx, seat, "logistics", len(values) - len(moving))


# --- Encampment: +1 Defence [IT AC, "Aumentare la Difesa"; FAQ #31, #34] ---------------------------

def _mixes(ctx: Ctx, seat: int) -> list[dict[str, int]]:
    """Every way to pay the cost from one's own Wood, Stone and Gold, the most plentiful kind first."""
    cost, res = numbers(ctx).fortify_cost, ctx.state.players[seat].res
    mixes = [dict(zip(OWN, m, strict=True)) for m in product(range(cost + 1), repeat=len(OWN)) if sum(m) == cost]
    fit = [m for m in mixes if all(res[r] >= n for r, n in m.items())]
    return sorted(fit, key=lambda m: tuple(-(res[r] - n) for r, n in sorted(m.items(), key=lambda i: -res[i[0]])))


def _mix_id(mix: dict[str, int]) -> str:
    return "d" + "".join(str(mix[r]) for r in OWN)


def _parse_mix(value: str) -> dict[str, int]:
    return {r: int(c) for r, c in zip(OWN, value[1:], strict=True)}


@task("siege_camp")
def _camp(ctx: Ctx, job: Task) -> None:
    if siege(ctx.state)["defence"] < numbers(ctx).defence_max:
        ctx.ask("siege_camp", [job["seat"]], n=job["n"])
    else:
        _normal(ctx, job["seat"], "build", job["n"])


@builder("siege_camp")
def _build_camp(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option(NORMAL, "gw.opt.siege_build_normal")]
    options += [Option(_mix_id(m), "gw.opt.siege_fortify", {"cost": {r: n for r, n in m.items() if n}})
                for m in _mixes(ctx, seat)]
    card = siege(ctx.state)
    return compose(ask, seat, "siege_camp", [("clerk", options)] * ask.data["n"],
                   args={"defence": card["defence"], "siege": card["siege"]}, default=(NORMAL,) * ask.data["n"])


def _check_camp(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    paid = [_parse_mix(v) for v in values if v != NORMAL]
    top = numbers(ctx).defence_max - siege(ctx.state)["defence"]
    if len(paid) > top:
        raise refuse("defence_top", n=top)
    total: dict[str, int] = {}
    for mix in paid:
        total = add(total, mix)
    if not can_pay(ctx.state.players[seat], total):
        raise refuse("cannot_pay")


@decision("siege_camp", _check_camp)
def _finish_camp(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    values = ask.answers[seat]
    paid = [_parse_mix(v) for v in values if v != NORMAL]
    for mix in paid:
        pay(ctx.state.players[seat], mix)
    if paid:
        card = siege(ctx.state)
        card["defence"] += len(paid)
        ctx.emit("siege_fortify", seat=seat, n=len(paid), defence=card["defence"])
    _normal(ctx, seat, "build", len(values) - len(paid))


# --- Firing: the Fortress first [IT AC, "Arcieri nella Fortezza"] --------------------------------

@task("siege_fire")
def _fire(ctx: Ctx, job: Task) -> None:
    """Each owner's Fortress archers, in Tea order, before the archers on the Wall."""
    owners = siege(ctx.state)["fortress"]
    ctx.push(*[{"op": "siege_volley", "seat": s} for s in ctx.state.tea if s in owners])


def _front_spots(ctx: Ctx) -> list[str]:
    return [f"s{sec}.{spot}" for sec, section in enumerate(ctx.state.sections) if section.hordes
            for spot in sorted(free_spots(ctx, section.hordes[0]))]


@task("siege_volley")
def _volley(ctx: Ctx, job: Task) -> None:
    seat = job["seat"]
    spots = _front_spots(ctx)
    shots = min(siege(ctx.state)["fortress"].count(seat), len(spots))
    if shots == len(spots):
        _wound(ctx, seat, spots)
    elif shots:
        ctx.ask("siege_volley", [seat], shots=shots)


def _wound(ctx: Ctx, seat: int, spots: list[str]) -> None:
    for value in spots:
        head, _, spot = value.partition(".")
        ctx.state.sections[int(head[1:])].hordes[0].wounds.append(int(spot))
    if spots:
        ctx.emit("fortress_fire", seat=seat, n=len(spots), secs=sorted({int(v.split(".")[0][1:]) for v in spots}))


@builder("siege_volley")
def _build_volley(ctx: Ctx, ask: Ask, seat: int) -> Any:
    shots = ask.data["shots"]
    options = []
    for value in _front_spots(ctx):
        head, _, spot = value.partition(".")
        card = ctx.state.sections[int(head[1:])].hordes[0]
        options.append(Option(value, "gw.opt.wound", {"row": 1, "horde": card.card, "spots": [int(spot)],
                                                      "rewards": [], "sec": int(head[1:])}))
    return prompt(ask, seat, "siege_fire", options, pick_min=shots, pick_max=shots, args={"n": shots},
                  default=tuple(o.id for o in options[:shots]))


@decision("siege_volley")
def _finish_volley(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    _wound(ctx, seat, list(ask.answers[seat]))


# --- The Night [IT AC, "Fase della Notte"] ---------------------------------------------------------

@task("siege_night")
def _night(ctx: Ctx, job: Task) -> None:
    """Defence −1 per token beside the card, each Fortress archer cancelling one; at 0 or less the
    team loses at once ("sconfitta immediata"); then the archers go to their owners' Rest Zones."""
    card = siege(ctx.state)
    loss = max(0, card["siege"] - len(card["fortress"]))
    card["defence"] -= loss
    ctx.emit("siege_night", tokens=card["siege"], archers=len(card["fortress"]), loss=loss, defence=card["defence"])
    if card["defence"] <= 0:
        coop.finish(ctx, False, "fortress")
        return
    ctx.push(*[{"op": "siege_leave", "seat": s} for s in ctx.state.tea if s in card["fortress"]])


@task("siege_leave")
def _leave(ctx: Ctx, job: Task) -> None:
    ctx.ask("siege_leave", [job["seat"]], n=siege(ctx.state)["fortress"].count(job["seat"]))


def _default_zone(ctx: Ctx) -> str:
    """Preselected: the Section the Hordes press hardest (most cards, then leftmost)."""
    sections = ctx.state.sections
    best = max(range(len(sections)), key=lambda s: (len(sections[s].hordes), -s))
    return f"rest.{best}"


@builder("siege_leave")
def _build_leave(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option(f"rest.{sec}", "gw.opt.siege_rest", {"sec": sec}) for sec in range(len(ctx.state.sections))]
    n = ask.data["n"]
    return compose(ask, seat, "siege_leave", [("archer", options)] * n, args={"n": n},
                   default=(_default_zone(ctx),) * n)


@decision("siege_leave")
def _finish_leave(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    state = ctx.state
    for value in ask.answers[seat]:
        zone = state.sections[int(value.split(".")[1])].rest.setdefault(seat, {u: 0 for u in UNITS})
        zone["archer"] = zone.get("archer", 0) + 1
        siege(state)["fortress"].remove(seat)
    ctx.emit("fortress_leave", seat=seat, n=len(ask.answers[seat]))


def view_panel(ctx: Ctx) -> dict[str, Any]:
    """The Fortress card, all public: the Defence, its top, the tokens beside it, the archers inside."""
    card = siege(ctx.state)
    n = numbers(ctx)
    return {"defence": card["defence"], "max": n.defence_max, "siege": card["siege"],
            "fortress": list(card["fortress"]), "spots": n.firing_spots}
