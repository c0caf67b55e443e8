"""The Reed clan: the rules-driven third clan of a 2-player game (and of solo) [ES p.15, RU p.15].

Reed is no seat: it never opens a prompt of its own. Where its procedure leaves a choice, the
**Overlord** decides it through their own panel (prompt keys ``gw.ask.reed_*`` say it is for the Reed
clan). Every step Reed takes is a public log line so the players can check it.

What Reed never does [ES p.15]: gain Honor, Shame, Horde cards or resources (resources go to the
Warehouse: abilities.gain), Save soldiers (deaths.py), use Rest Zones (its soldiers go back to its
reserve), gain or lose Clerks (its 3 Clerks stay on the board, clerks.return_clerks).
"""

from __future__ import annotations

from typing import Any

from engine.core.game import TableOption
from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall import qin_overlord
from engine.greatwall.clerks import has_room, is_full
from engine.greatwall.combat import free_spots
from engine.greatwall.flow import RULES, Ctx, builder, decision, prompt, task
from engine.greatwall.locations import refill_queue
from engine.greatwall.overlord import overlord
from engine.greatwall.pack import LOCATIONS, PRODUCTION
from engine.greatwall.shame import shame_count
from engine.greatwall.state import Ask, Player, Soldier, State, Task
from engine.greatwall.track import put, usable_slots

SKIP = "skip"
# Setup step 8 [ES p.15] (errata 44 agrees): one Reed Clerk in each of these.
START_LOCATIONS = ("mill", "quarry", "mine")
# Table option (conflict C5): at the Temple, whose Shame a Reed Clerk discards. ES p.15: the active
# player's own, nothing when Reed is active; the older fan reference: the Overlord's.
TEMPLE_READINGS = ("active", "overlord")
# Table option (conflict C7): a Raid boxes Shame tokens per human player (RU p.15, FAQ #4), or per
# clan counting Reed (ES p.7 read with "treat it as a 3-player game", ES p.15).
RAID_READINGS = ("humans", "clans")
# Table option: a Horde on which the Reed clan covers the most spots. Reed never gains Horde cards
# [ES p.15], so (ruling) nobody claims it and it is discarded; or the player covering the most spots
# among the others claims it.
CLAIM_READINGS = ("discard", "next")
# Table option: the lone-player Shame icon [ES p.7] when a player shares a Location only with a Reed
# Clerk. Ruling: the Reed clan plays as the third player [ES p.15], so the player is not alone; or
# only players count, and the player takes the Shame.
COMPANY_READINGS = ("company", "alone")
RULINGS = {"reed_temple": TEMPLE_READINGS, "raid_count": RAID_READINGS, "reed_claim": CLAIM_READINGS,
           "reed_company": COMPANY_READINGS}
OPTIONS = tuple(TableOption(name, values, values[0]) for name, values in RULINGS.items())


def add_reed(ctx: Ctx) -> None:
    """Setup step 8 [ES p.15]: Reed takes 3 Clerks (all on the board) and all the Spearmen of an
    unused colour; nothing else."""
    state, pack = ctx.state, ctx.pack
    state.reed = len(state.players)
    state.players.append(Player(reserve={"spearman": pack.box["spearmen"], "archer": 0, "horseman": 0}))
    for loc in START_LOCATIONS:
        state.clerks_at.setdefault(loc, []).append(state.reed)


def overlord_ask(ctx: Ctx, kind: str, **data: Any) -> None:
    """Ask the Overlord; in solo, when that is Qin Jiushao, he answers at once by his own rules
    (engine/greatwall/qin_overlord.py) and the step is logged [ES p.17]."""
    lord = overlord(ctx.state)
    if not ctx.state.is_qin(lord):
        ctx.ask(kind, [lord], **data)
        return
    ask = Ask(kind, [lord], data, {}, ctx.state.step)
    decision = RULES.decisions[kind]
    values = [o.id for o in decision.build(ctx, ask, lord).options]
    ask.answers[lord] = [qin_overlord.pick(ctx, kind, values)]
    ctx.emit("qin_overlord", kind=kind)
    assert decision.act is not None
    decision.act(ctx, ask, ask.answers)


def reed_clerks(state: State) -> list[str]:
    return [loc for loc in LOCATIONS if state.reed is not None and state.reed in state.clerks_at.get(loc, [])]


# --- Command card [ES p.15] ----------------------------------------------------------------------

def command(ctx: Ctx, seats: list[int]) -> None:
    """Reed plays its one card every Fall [ES p.15]."""
    state = ctx.state
    if state.reed is not None:
        state.players[state.reed].command = ctx.pack.reed.id
        seats.append(state.reed)


def step(ctx: Ctx, job: Task) -> bool:
    """A command step of Reed's: the Overlord moves its Clerks [ES p.15] or names the resources it
    gives the Warehouse; False for a step of anyone else's."""
    if not ctx.state.is_reed(job["seat"]) or job["op"] not in ("cmd_move", "cmd_gain"):
        return False
    if job["op"] == "cmd_move":
        ask_move(ctx, job.get("n", 1), job.get("distinct", False))
    elif job["op"] == "cmd_gain":
        ask_gain(ctx, job.get("n", 1), list(job.get("of", ["wood"])))
    return True


def place(ctx: Ctx) -> None:
    """Reed's card goes in the lowest free slot when Reed is above any player in Tea order; when it
    is last, the Overlord picks the slot like a player would (ruling: ES p.15 says nothing more;
    nobody is active while cards are placed, so the top Tea player is Overlord)."""
    state = ctx.state
    reed = state.reed
    assert reed is not None
    free = usable_slots(ctx)
    if not free:
        return
    if state.tea.index(reed) < len(state.tea) - 1 or len(free) == 1:
        put(ctx, reed, free[0])
        return
    overlord_ask(ctx, "reed_place")


@builder("reed_place")
def _build_place(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option(f"slot{i}", "gw.opt.slot", {"slot": i + 1}) for i in usable_slots(ctx)]
    return prompt(ask, seat, "reed_place", options)


@decision("reed_place")
def _finish_place(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    assert ctx.state.reed is not None
    put(ctx, ctx.state.reed, int(ask.answers[ask.seats[0]][0][4:]))


# --- Moving Reed's Clerks [ES p.15]: one Clerk at a time, max 1 Reed Clerk per Location ---------

def moves(ctx: Ctx, used: list[str]) -> list[tuple[str, str]]:
    state, pack = ctx.state, ctx.pack
    mine = reed_clerks(state)
    froms = [loc for loc in mine if not is_full(state, pack, loc)]  # a full regular Location is locked
    tos = [loc for loc in LOCATIONS if loc not in mine and loc not in used and has_room(state, pack, loc)]
    return [(a, b) for a in froms for b in tos]


def ask_move(ctx: Ctx, n: int, distinct: bool, used: list[str] | None = None) -> None:
    if n > 0 and moves(ctx, used or []):
        overlord_ask(ctx, "reed_move", n=n, distinct=distinct, used=list(used or []))


@builder("reed_move")
def _build_move(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option(SKIP, "gw.opt.reed_stay")]
    options += [Option(f"{a}-{b}", "gw.opt.reed_move", {"src": a, "dst": b}) for a, b in moves(ctx, ask.data["used"])]
    # Preselected: leave the Reed Clerks where they are (the neutral answer; moving is the Overlord's call).
    return prompt(ask, seat, "reed_move", options, args={"n": ask.data["n"]}, default=(SKIP,))


@decision("reed_move")
def _finish_move(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    value = ask.answers[ask.seats[0]][0]
    if value == SKIP:
        ctx.emit("reed_stay", seat=ask.seats[0])
        return
    src, _, dst = value.partition("-")
    state = ctx.state
    assert state.reed is not None
    state.clerks_at[src].remove(state.reed)
    state.clerks_at.setdefault(dst, []).append(state.reed)
    ctx.emit("clerk", seat=state.reed, src=src, dst=dst)
    used = ask.data["used"] + [dst] if ask.data["distinct"] else ask.data["used"]
    ask_move(ctx, ask.data["n"] - 1, ask.data["distinct"], used)


def ask_gain(ctx: Ctx, n: int, of: list[str]) -> None:
    """A command step that gives Reed resources: they go to the Warehouse [ES p.15]; the Overlord
    names the kinds, one at a time."""
    if n > 0:
        overlord_ask(ctx, "reed_gain", n=n, of=list(of))


@builder("reed_gain")
def _build_gain(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option(r, "gw.opt.resource", {"resource": r}) for r in ask.data["of"]]
    return prompt(ask, seat, "reed_gain", options, args={"n": ask.data["n"]})


@decision("reed_gain")
def _finish_gain(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    resource = ask.answers[ask.seats[0]][0]
    ctx.state.warehouse[resource] += 1
    ctx.emit("reed_warehouse", resource=resource)
    ask_gain(ctx, ask.data["n"] - 1, ask.data["of"])


# --- A Reed Clerk at an activated Location [ES p.15, "Reglas de localizaciones específicas"] ----

@task("reed_at")
def _reed_at(ctx: Ctx, job: Task) -> None:
    loc = job["loc"]
    state = ctx.state
    if loc in PRODUCTION and loc != "temple":
        resource = ctx.pack.locations[loc].resource or "wood"
        state.warehouse[resource] += 1  # donates the 1 it just gathered
        ctx.emit("reed_warehouse", resource=resource)
    elif loc == "temple":
        _temple(ctx)
    elif loc == "embassy" and state.queue:
        overlord_ask(ctx, "reed_embassy")
    elif loc == "encampment":
        _barricade(ctx)
    elif loc == "barracks":
        _recruit(ctx)
    # The War Academy, Logistics Center and Tea House: no Reed effect (the Tea House moves its
    # marker like anyone's, locations._tea_house).


def _temple(ctx: Ctx) -> None:
    """The active player discards 1 of their own Shame; nothing if Reed is active or they have none
    (ES p.15, conflict C5: table option ``reed_temple``)."""
    state = ctx.state
    if state.rulings.get("reed_temple", "active") == "overlord":
        seat: int | None = overlord(state)
    else:
        seat = state.active if state.active is not None and not state.is_automaton(state.active) else None
    if seat is None or not shame_count(state.players[seat]):
        ctx.emit("reed_temple_none")
        return
    ctx.emit("reed_temple", seat=seat)
    ctx.push({"op": "unshame", "seat": seat, "n": 1})


@builder("reed_embassy")
def _build_embassy(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option(f"q{i}", "gw.opt.reed_discard_advisor", {"advisor": a}) for i, a in enumerate(ctx.state.queue)]
    return prompt(ask, seat, "reed_embassy", options)


@decision("reed_embassy")
def _finish_embassy(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    """The Overlord discards 1 queue Advisor; the rest slide left and the queue refills [ES p.15]."""
    state = ctx.state
    advisor = state.queue.pop(int(ask.answers[ask.seats[0]][0][1:]))
    state.advisor_discard.append(advisor)
    refill_queue(ctx)
    ctx.emit("reed_advisor", advisor=advisor)


def _barricade(ctx: Ctx) -> None:
    """1 free Barricade on an empty Barricade space the Overlord picks [ES p.15]."""
    room = [sec for sec, s in enumerate(ctx.state.sections) if s.barricades < 3]
    if len(room) == 1:
        _put_barricade(ctx, room[0])
    elif room:
        overlord_ask(ctx, "reed_barricade", sections=room)


@builder("reed_barricade")
def _build_barricade(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option(f"sec{s}", "gw.opt.reed_barricade", {"sec": s}) for s in ask.data["sections"]]
    return prompt(ask, seat, "reed_barricade", options)


@decision("reed_barricade")
def _finish_barricade(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    _put_barricade(ctx, int(ask.answers[ask.seats[0]][0][3:]))


def _put_barricade(ctx: Ctx, sec: int) -> None:
    ctx.state.sections[sec].barricades += 1
    ctx.emit("reed_barricade", sec=sec)


def attack_spots(ctx: Ctx) -> list[str]:
    """A Spearman attacks a free Vital spot of a row-1 Horde, in any Section [ES p.12, p.15]."""
    return [f"{sec}.{spot}" for sec, s in enumerate(ctx.state.sections) if s.hordes
            for spot in sorted(free_spots(ctx, s.hordes[0]))]


def _recruit(ctx: Ctx) -> None:
    """Reed recruits 1 Spearman (free) that attacks where the Overlord says, its reward ignored;
    with no legal spot (or no Spearman left) it stays in the reserve [ES p.15]."""
    state = ctx.state
    assert state.reed is not None
    spots = attack_spots(ctx)
    if not spots or state.players[state.reed].reserve["spearman"] <= 0:
        ctx.emit("reed_no_attack")
        return
    overlord_ask(ctx, "reed_attack")


@builder("reed_attack")
def _build_attack(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = []
    for value in attack_spots(ctx):
        sec, _, spot = value.partition(".")
        card = ctx.state.sections[int(sec)].hordes[0].card
        options.append(Option(value, "gw.opt.reed_attack", {"sec": int(sec), "horde": card, "spots": [int(spot)]}))
    return prompt(ask, seat, "reed_attack", options)


@decision("reed_attack")
def _finish_attack(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    state = ctx.state
    reed = state.reed
    assert reed is not None
    sec, _, spot = ask.answers[ask.seats[0]][0].partition(".")
    state.players[reed].reserve["spearman"] -= 1
    state.sections[int(sec)].hordes[0].soldiers.append(Soldier(reed, "spearman", [int(spot)]))
    ctx.emit("attack", seat=reed, unit="spearman", sec=int(sec), row=1, source="recruit")
