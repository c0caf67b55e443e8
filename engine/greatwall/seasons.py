"""Setup and the draft [ES p.4–5], Spring and Summer [ES p.8], Winter and the end [ES p.9, p.15]."""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall import tactics
from engine.greatwall.abilities import draw_tactics, final_bonus, gain, trigger
from engine.greatwall.flow import Ctx, builder, compose, decision, refuse, task
from engine.greatwall.locations import refill_queue
from engine.greatwall.pack import RESOURCES
from engine.greatwall.shame import shame_count
from engine.greatwall.state import Ask, HordeCard, Player, Section, State, Task
from engine.greatwall.variant import active


def deal(ctx: Ctx) -> None:
    """Steps 1–11: board, hordes, barricades, decks, clans; then the simultaneous draft."""
    state, pack = ctx.state, ctx.pack
    n = state.seats
    # 2 players [ES p.15 steps 1, 4–6]: the leftmost Section is out of play (its 3 permanent
    # Barricades are drawn from ``blocked``), and so are the Hordes whose back shows it.
    state.sections = [Section(barricades=3) for _ in range(pack.box["sections"] - state.blocked)]
    state.track = [None] * pack.box["command_slots"]
    state.shame_supply = pack.box["shame_per_player"] * n  # 20 at 2 players [ES p.15 step 19, FAQ #22]
    # A variant may play without Artifacts and with a card set of its own (co-op [ES p.18 setup
    # steps 3, 4, 7, 9]: Demands take the Artifacts' slots; engine/greatwall/pack.py deck).
    artifacts = ctx.fold(pack.deck("artifacts"), lambda v, pool: v.artifacts(ctx, pool))
    if artifacts:
        state.artifacts = sorted(_shuffled(ctx, artifacts)[:3])
    state.horde_deck = _shuffled(ctx, [h for h in _deck(ctx, "hordes") if pack.hordes[h].invasion >= state.blocked])
    state.tactic_deck = _shuffled(ctx, _deck(ctx, "tactics"))
    generals = _shuffled(ctx, _deck(ctx, "generals"))
    state.advisor_deck = _shuffled(ctx, _deck(ctx, "advisors"))  # an expansion's shuffled in (GK step 11)
    for _ in range(n):
        player = Player(hand=list(pack.commands), clerks=pack.box["clerks"] - pack.box["clerks_on_board"],
                        clerk_space=pack.box["clerks_on_board"],
                        reserve={"spearman": pack.box["spearmen"], "archer": pack.box["archers"],
                                 "horseman": pack.box["horsemen"]})
        player.offer_generals = [generals.pop(0), generals.pop(0)]
        player.offer_advisors = [state.advisor_deck.pop(0), state.advisor_deck.pop(0)]
        state.players.append(player)
    for sec in range(len(state.sections)):  # one horde in row 1 of each section
        _place_horde(ctx, sec)
    ctx.each(lambda v: v.add_clans(ctx))  # the rules-driven clans, after the players
    # The 4th at 4p by the invasion indicator of the deck's top card [ES p.4 step 5]; a variant's
    # extra ones follow the indicator too (co-op: "in the normal way" [ES p.18 step 5]).
    extra = ctx.fold(int(state.clans() >= 4), lambda v, n: v.extra_hordes(ctx, n))
    for _ in range(extra):
        invade(ctx, forced_by_indicator=True)
    ctx.each(lambda v: v.extra_setup(ctx))
    state.tea = list(range(state.clans()))
    ctx.ask("draft", list(range(n)))


def cards_in_play(ctx: Ctx, kind: str) -> list[str]:
    """The cards of ``kind`` a game is dealt from (public: which variants play is on the table)."""
    return _deck(ctx, kind)


def _deck(ctx: Ctx, kind: str) -> list[str]:
    """The cards of ``kind`` in play: the variants' card set of the pack, then their own changes."""
    cards = ctx.pack.deck(kind, ctx.first(lambda v: v.card_set))
    return ctx.fold(cards, lambda v, deck: v.deck(ctx, kind, deck))


def _shuffled(ctx: Ctx, items: list[str]) -> list[str]:
    ctx.rng.shuffle(items)
    return items


@builder("draft")
def _build_draft(ctx: Ctx, ask: Ask, seat: int) -> Any:
    player = ctx.state.players[seat]
    gens = [Option(g, "gw.opt.general", {"general": g}) for g in player.offer_generals]
    advs = [Option(a, "gw.opt.active_advisor", {"advisor": a, "other": b})
            for a, b in (player.offer_advisors, player.offer_advisors[::-1])]
    return compose(ask, seat, "draft", [("general", gens), ("advisor", advs)])


@decision("draft")
def _finish_draft(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    """Reveal together; setup bars; Tea stack by Tea value, highest on top [ES p.5 steps 12–20]."""
    state, pack = ctx.state, ctx.pack
    for seat in range(state.seats):
        general, active = ask.answers[seat]
        player = state.players[seat]
        player.general = general
        player.active = [active]
        player.support = [a for a in player.offer_advisors if a != active]
        player.offer_generals, player.offer_advisors = [], []
        for r in RESOURCES:
            player.res[r] = pack.generals[general].setup.get(r, 0)
    state.tea = sorted(range(state.seats), key=lambda s: -pack.generals[state.players[s].general].tea)
    state.tea += [s for s in range(state.seats, state.clans())]  # Reed's marker at the bottom [ES p.15]
    refill_queue(ctx)
    state.season = "fall"
    picks = {str(s): {"general": state.players[s].general, "active": state.players[s].active[0]}
             for s in state.humans()}
    ctx.emit("drafted", picks=picks, tea=list(state.tea))
    for seat in state.tea_humans():
        draw_tactics(ctx, seat, pack.generals[state.players[seat].general].setup.get("tactics", 0))
    ctx.state.tasks.insert(0, {"op": "fall"})  # Year 1 starts in Fall [ES p.6]


# --- Spring [ES p.8] -----------------------------------------------------------------------------

@task("spring")
def _spring(ctx: Ctx, job: Task) -> None:
    state = ctx.state
    state.season = "spring"
    state.time += 1
    hordes = ctx.fold(ctx.time_track()[state.time][0], lambda v, n: v.spring_hordes(ctx, n))
    # No board here, nor at Summer or Winter: one board a year, at Fall (engine/greatwall/command.py),
    # shows the last assault's results, the new hordes and Summer's gains at the moment the players
    # choose their command cards (issue 16: a board when a player wants one, at most one per ten
    # decisions; the 1- and 2-player modes have few decisions a year).
    ctx.emit("season", season="spring", year=state.year, hordes=hordes, lethality=ctx.lethality())
    # A variant may put steps between the Time marker and the new Hordes (the Red Turbans' state [IT AC]).
    ctx.push(*ctx.fold([{"op": "spring_invade", "n": hordes}], lambda v, steps: v.spring_steps(ctx, steps)))


@task("spring_invade")
def _spring_invade(ctx: Ctx, job: Task) -> None:
    """The year's new Hordes [ES p.8], then the Advisors leave the queue."""
    state = ctx.state
    for _ in range(job["n"]):
        invade(ctx)
    ctx.each(lambda v: v.spring_invaded(ctx))
    discarded = state.queue[:2]
    state.queue = state.queue[2:]
    discarded = ctx.fold(discarded, lambda v, d: v.spring_advisors(ctx, d))
    state.advisor_discard.extend(discarded)
    refill_queue(ctx)
    ctx.push({"op": "summer"})


def invade(ctx: Ctx, forced_by_indicator: bool = False) -> None:
    """One new horde: empty sections first, left to right; then the section shown by the invasion
    indicator on the back of the deck's top card (not the card placed); a full section is raided."""
    state = ctx.state
    if not state.horde_deck:
        return
    card = state.horde_deck.pop(0)
    empty = [i for i, s in enumerate(state.sections) if not s.hordes]
    if empty and not forced_by_indicator:
        sec = empty[0]
    else:
        shown = state.horde_deck[0] if state.horde_deck else card
        sec = ctx.pack.hordes[shown].invasion - state.blocked
    if len(state.sections[sec].hordes) >= 3:
        # Raid: the card is discarded and Shame tokens equal to the player count go to the box.
        state.horde_discard.append(card)
        if ctx.some(lambda v: v.raid(ctx, sec)):  # a scenario's Raid [IT AC]
            return
        boxed = min(_raid_count(state), state.shame_supply)
        state.shame_supply -= boxed
        state.shame_boxed += boxed
        ctx.emit("raid", sec=sec, boxed=boxed)
        ctx.each(lambda v: v.on_raid(ctx, sec))
        return
    state.sections[sec].hordes.append(HordeCard(card))
    ctx.emit("horde", sec=sec, horde=card, row=len(state.sections[sec].hordes))


def _raid_count(state: State) -> int:
    """Shame boxed by a Raid: one per player [ES p.7]; a variant may count its clans too (the Reed
    clan: table option ``raid_count``)."""
    count = state.seats
    for variant in active(state):
        count = variant.raid_count(state, count)
    return count


def _place_horde(ctx: Ctx, sec: int) -> None:
    ctx.state.sections[sec].hordes.append(HordeCard(ctx.state.horde_deck.pop(0)))


# --- Summer [ES p.8] -----------------------------------------------------------------------------

@task("summer")
def _summer(ctx: Ctx, job: Task) -> None:
    state, pack = ctx.state, ctx.pack
    state.season = "summer"
    ctx.emit("season", season="summer", year=state.year)  # no board: see Spring
    for seat in state.tea:
        if not all(v.collects_income(ctx, seat) for v in ctx.variants):
            continue
        income: dict[str, int] = {}
        for loc, overseers in state.overseers.items():
            if seat in overseers:
                for r, n in pack.overseers[loc].income[overseers[seat].level - 1].items():
                    if r == pack.locations[loc].resource:  # a scenario's Production track [IT AC]
                        n = ctx.fold(n, lambda v, k: v.overseer_yield(ctx, seat, loc, k))  # noqa: B023
                    income[r] = income.get(r, 0) + n
        if income:
            gain(ctx, seat, income, reason="income")
        trigger(ctx, seat, "summer")
        for variant in ctx.variants:
            variant.summer_income(ctx, seat)
    seats = state.tea_humans()
    # Step 2 in Tea order, step 3, step 4 in Tea order [ES p.8]: one player at a time, so each
    # decides knowing what the players above did (their choices are on the log).
    steps: list[Task] = [*[{"op": "summer_shame", "seat": s} for s in seats], {"op": "summer_track"},
                         *[{"op": "reclaim", "seat": s} for s in seats], {"op": "fall"}]
    ctx.push(*ctx.fold(steps, lambda v, done: v.summer_steps(ctx, seats, done)))


def _shame_options(ctx: Ctx, seat: int) -> list[Option]:
    player = ctx.state.players[seat]
    cost = ctx.pack.costs["shame_discard_chi"]
    top = min(shame_count(player), player.res["chi"] // cost)
    return [Option(f"shame.{k}", "gw.opt.discard_shame", {"n": k, "chi": k * cost}) for k in range(top + 1)]


@task("summer_shame")
def _summer_shame(ctx: Ctx, job: Task) -> None:
    ctx.ask("summer_shame", [job["seat"]])


@builder("summer_shame")
def _build_summer_shame(ctx: Ctx, ask: Ask, seat: int) -> Any:
    """Step 2, with the Summer tactics (their window is the Summer; played at the player's turn)."""
    return compose(ask, seat, "summer_shame", [("shame", _shame_options(ctx, seat)),
                                               ("tactic", tactics.options(ctx, seat, {"summer"}))])


def _check_summer_shame(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    _check_summer(ctx, ask, seat, [values[0], "", values[1]])


@decision("summer_shame", _check_summer_shame)
def _finish_summer_shame(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    shame, tactic = ask.answers[seat]
    ctx.push(*_pay_shame(ctx, seat, shame, tactic))


def _pay_shame(ctx: Ctx, seat: int, shame: str, tactic: str) -> list[Task]:
    """Play the Summer tactic, pay 2 Chi per token; the tokens go (the player's pick, publicly)."""
    tactics.play_summer(ctx, seat, tactic)
    n = int(shame.split(".")[1])
    if not n:
        return []
    ctx.state.players[seat].res["chi"] -= n * ctx.pack.costs["shame_discard_chi"]
    return [{"op": "unshame", "seat": seat, "n": n}]


@task("summer_track")
def _summer_track(ctx: Ctx, job: Task) -> None:
    """Step 3: the track goes to the discard; the Reed clan's card comes back to it every year (it
    plays it every Fall [ES p.15])."""
    state = ctx.state
    state.command_discard.extend(c for c in state.track if c is not None)
    state.track = [None] * len(state.track)
    state.command_discard = [c for c in state.command_discard if not state.is_automaton(c.seat)]
    for player in state.players:  # last Fall's cards are in the discard now, no longer played ones
        player.command = None


@task("reclaim")
def _reclaim_turn(ctx: Ctx, job: Task) -> None:
    """Step 4 for one player; with no own card in the discard both answers do nothing: not asked."""
    if any(c.seat == job["seat"] for c in ctx.state.command_discard):
        ctx.ask("reclaim", [job["seat"]])


@builder("reclaim")
def _build_reclaim(ctx: Ctx, ask: Ask, seat: int) -> Any:
    mine = [c for c in ctx.state.command_discard if c.seat == seat]
    back = [c for c in mine if not ctx.pack.command(c.card).stays]
    options = [Option("take", "gw.opt.reclaim", {"n": len(back)}),
               Option("honor", "gw.opt.reclaim_honor", {"honor": len(mine) * ctx.pack.costs["reclaim_honor"]})]
    return compose(ask, seat, "reclaim", [("reclaim", options)])


@decision("reclaim")
def _finish_reclaim(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    _reclaim(ctx, seat, ask.answers[seat][0] == "take")


def _reclaim(ctx: Ctx, seat: int, take: bool) -> None:
    """All own cards back to the hand (Betrayal never leaves the discard), or 2 Honor per own card
    left there [ES p.8, step 4]."""
    state, pack = ctx.state, ctx.pack
    mine = [c for c in state.command_discard if c.seat == seat]
    if take:
        back = [c for c in mine if not pack.command(c.card).stays]
        state.players[seat].hand.extend(c.card for c in back)
        state.command_discard = [c for c in state.command_discard if c not in back]
        ctx.emit("reclaim", seat=seat, n=len(back))
    elif mine:
        gain(ctx, seat, {"honor": len(mine) * pack.costs["reclaim_honor"]}, reason="reclaim")


# --- The one-panel Summer of earlier versions: kept so a table saved while it was open (or with its
# steps still pending) plays on as it was begun. ----------------------------------------------------

def _own_discards(ctx: Ctx, seat: int) -> int:
    on_track = sum(1 for c in ctx.state.track if c is not None and c.seat == seat)
    return on_track + sum(1 for c in ctx.state.command_discard if c.seat == seat)


@builder("summer")
def _build_summer(ctx: Ctx, ask: Ask, seat: int) -> Any:
    shame = _shame_options(ctx, seat)
    cards = _own_discards(ctx, seat)
    reclaim = [Option("take", "gw.opt.reclaim", {"n": cards}),
               Option("honor", "gw.opt.reclaim_honor", {"honor": cards * ctx.pack.costs["reclaim_honor"]})]
    return compose(ask, seat, "summer", [("shame", shame), ("reclaim", reclaim),
                                         ("tactic", tactics.options(ctx, seat, {"summer"}))])


def _check_summer(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    chi = int(values[0].split(".")[1]) * ctx.pack.costs["shame_discard_chi"]
    boost = tactics.boost_cost(ctx, seat, values[2])
    player = ctx.state.players[seat]
    if chi + boost.get("chi", 0) > player.res["chi"] or any(
            player.res.get(r, 0) < n for r, n in boost.items() if r not in ("chi", "honor")):
        raise refuse("cannot_pay")


@decision("summer", _check_summer)
def _finish_summer(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    """Step 2 (Shame) in Tea order, step 3 (the track to the discard), step 4 (reclaim or Honor);
    Betrayal never leaves the discard [ES p.8]."""
    state = ctx.state
    discards: list[Task] = []
    for seat in state.tea_humans():
        values = ask.answers[seat]
        discards += _pay_shame(ctx, seat, values[0], values[2])
    ctx.push(*discards, {"op": "summer_reclaim",
                         "take": [s for s in state.tea_humans() if ask.answers[s][1] == "take"]})


@task("summer_reclaim")
def _summer_reclaim(ctx: Ctx, job: Task) -> None:
    _summer_track(ctx, job)
    for seat in ctx.state.tea_humans():
        _reclaim(ctx, seat, seat in job["take"])
    ctx.push({"op": "fall"})


# --- Winter [ES p.9] -----------------------------------------------------------------------------

# The archers fire, the tactics window before the assault, the assault, the end check [ES p.9].
WINTER: tuple[Task, ...] = ({"op": "firing"}, {"op": "assault_tactics"}, {"op": "assault"}, {"op": "end_check"})


@task("winter")
def _winter(ctx: Ctx, job: Task) -> None:
    ctx.state.season = "winter"
    # No board: the assault's results reach the channel as log lines, and the next Fall board shows
    # them with the new hordes, at the moment the next command cards are chosen (see Spring).
    ctx.emit("season", season="winter", year=ctx.state.year)
    ctx.push(*ctx.fold([dict(step) for step in WINTER], lambda v, steps: v.winter_steps(ctx, steps)))


@task("end_check")
def _end_check(ctx: Ctx, job: Task) -> None:
    """Only in Winter: all walls at level 3 (2 walls at 2–3 players), an empty Shame supply, or the
    time marker on the track's last space [ES p.9]."""
    state = ctx.state
    need = 2 if state.clans() <= 3 else 3
    reasons = []
    if sum(s.wall == 3 for s in state.sections) >= need:
        reasons.append("walls")
    if state.shame_supply == 0:
        reasons.append("shame")
    if state.time >= len(ctx.time_track()) - 1:
        reasons.append("time")
    reasons = ctx.fold(reasons, lambda v, why: v.end_reasons(ctx, why))
    if reasons:
        state.end_reasons = reasons
        for variant in ctx.variants:
            variant.end_reached(ctx, reasons)
        _final_scoring(ctx)
        return
    state.year += 1
    ctx.push({"op": "spring"})


@task("final_scoring")
def _final_scoring_task(ctx: Ctx, job: Task) -> None:
    _final_scoring(ctx)


def _final_scoring(ctx: Ctx) -> None:
    """Three steps [ES p.15]: −5 per soldier with Shame (never below 0 from this), the Honor of
    claimed hordes without Shame, the 3 artifacts; end-of-game abilities join the last step."""
    state, pack = ctx.state, ctx.pack
    for seat in state.humans():  # the Reed clan never scores [ES p.15]
        player = state.players[seat]
        before = player.honor
        player.honor = max(0, player.honor - pack.costs["shame_penalty"] * sum(player.shamed.values()))
        hordes = sum(pack.hordes[c.card].honor for c in player.claimed if not c.shame)
        artifacts = sum(_artifact(ctx, a, player) for a in state.artifacts) + final_bonus(pack, player)
        player.honor += hordes + artifacts
        state.final[seat] = {"before": before, "shame": player.honor - hordes - artifacts - before,
                             "hordes": hordes, "artifacts": artifacts, "total": player.honor}
    for variant in ctx.variants:  # a rules-driven opponent's score (solo: Qin [ES p.17])
        variant.final_scoring(ctx)
    state.season = "over"
    state.tasks.clear()
    ctx.emit("game_over", reasons=list(state.end_reasons), ranking=ranking(state),
             scores={str(s): f["total"] for s, f in state.final.items()}, board=True)


def _artifact(ctx: Ctx, artifact: str, player: Player) -> int:
    spec = ctx.pack.artifacts[artifact]
    count = {
        "horde": len(player.claimed),
        "overseer_level": sum(o[s].level for o in ctx.state.overseers.values() for s in o
                              if ctx.state.players[s] is player),
        "wall_built": player.walls_built,
        "advisor": len(player.active) + len(player.support),
        "resources3": sum(player.res.values()) // 3,
        "soldier_top_wall": _soldiers_by_top_wall(ctx, player),
    }[spec.per]
    return count * spec.honor


def _soldiers_by_top_wall(ctx: Ctx, player: Player) -> int:
    """Zhaoyao Jing (errata, fact sheet §15): own Soldiers in every Section whose built Wall is the
    highest. Ruling: a Section's Soldiers are those on its Horde cards, its Archers in firing spots and
    those in its Rest Zone; with no
    Wall built anywhere no Section qualifies (the card speaks of a built Wall)."""
    state = ctx.state
    seat = state.players.index(player)
    top = max((s.wall for s in state.sections), default=0)
    if top == 0:
        return 0
    count = 0
    for section in (s for s in state.sections if s.wall == top):
        count += sum(1 for h in section.hordes for soldier in h.soldiers if soldier.seat == seat)
        count += section.firing.count(seat) + sum(section.rest.get(seat, {}).values())
    return count


def ranking(state: Any) -> list[int]:
    """Most Honor first; ties go to the higher Tea marker [ES p.15]."""
    return sorted(range(state.seats), key=lambda s: (-state.players[s].honor, state.tea.index(s)))
