"""Qin Jiushao, the solo mode's rules-driven opponent [ES p.16–17, RU p.16–17].

Qin is no seat: he never opens a prompt. Each step follows the rulebook's procedure and is a public
log line, so the player can check it; where the rulebook leaves him a choice he takes it by the
printed priority (his Location track), never by search.

What he never does [ES p.16, general rules 1–4]: gain Shame (shame.py), use Active Advisors, Save
soldiers or use Rest Zones (deaths.py sends them back to his reserve), spend his own resources — he
holds none: he does not gather them, his Location track stands for them.

Conflict C6 (what he cannot pay for): ES p.16 names Overseers, Advisors and recruits; RU p.16 adds
Walls and Barricades. We follow RU, the stricter list, which ES's "he never uses his own resources"
already implies: the Warehouse alone pays for his Walls, and he never builds a Barricade. With his
stand-in cards the two readings play the same (none of them builds a Barricade).
"""

from __future__ import annotations

from engine.core.game import TableOption
from engine.greatwall.abilities import gain
from engine.greatwall.clerks import has_room, is_full
from engine.greatwall.combat import free_spots
from engine.greatwall.flow import RULES, Ctx, task
from engine.greatwall.overlord import decider
from engine.greatwall.pack import BUILD_RESOURCES, PRODUCTION, QIN_TOKENS
from engine.greatwall.state import Overseer, Player, Qin, Soldier, State, Task
from engine.greatwall.track import put, usable_slots

# Table options of the solo mode. Difficulty [ES p.17 "Nivel de dificultad"]: his Honor starts at
# 0, at 50, or with the 100 token.
LEVELS = {"normal": 0, "honor50": 50, "honor100": 100}
# Spring advisor queue [ES p.17 "Otras reglas"]: one of the 2 discarded Advisors goes under him, or
# (the harder game) both do.
ADVISOR_READINGS = ("one", "both")
# Conflict C1: when several of his Locations could take one activation (his Despotism), ES p.17 and
# RU p.17 say the highest on his track; the fan reference says the lowest.
ADVANCED_READINGS = ("highest", "lowest")
QIN_RULINGS = {"qin_level": tuple(LEVELS), "qin_advisors": ADVISOR_READINGS, "qin_advanced": ADVANCED_READINGS}
OPTIONS = tuple(TableOption(name, values, values[0]) for name, values in QIN_RULINGS.items())
WOUND_HONOR = 2  # per Wound he deals, whatever the spot shows [ES p.17]
ARTIFACT_HONOR = 20  # per Artifact at the end [ES p.17]


def add_qin(ctx: Ctx) -> None:
    """Setup steps 8–11, 18 [ES p.16]: 8 Clerks, all Soldiers, 2 Horsemen and 2 Spearmen as level-1
    Overseers (one per Production Location), the 4 resources and a Wound shuffled onto his Location
    track, 2 random Supporting Advisors, his shuffled solo command deck."""
    state, pack = ctx.state, ctx.pack
    seat = len(state.players)
    player = Player(clerks=pack.box["clerks"], honor=LEVELS[state.rulings.get("qin_level", "normal")],
                    reserve={"spearman": pack.box["spearmen"], "archer": pack.box["archers"],
                             "horseman": pack.box["horsemen"]})
    # Ruling: which Production Location gets which unit is not said; Horsemen go to the first two.
    for loc, unit in zip(PRODUCTION, pack.qin_overseers, strict=True):
        player.reserve[unit] -= 1
        state.overseers.setdefault(loc, {})[seat] = Overseer(1, unit)
    player.support = [state.advisor_deck.pop(0), state.advisor_deck.pop(0)]
    tokens, deck = list(QIN_TOKENS), list(pack.solo)
    ctx.rng.shuffle(tokens)
    ctx.rng.shuffle(deck)
    state.players.append(player)
    state.qin = Qin(seat, tokens, deck)


def qin_seat(state: State) -> int:
    assert state.qin is not None
    return state.qin.seat


def track_locations(state: State) -> list[str]:
    """His Locations by track position, highest (leftmost) first [ES p.16]."""
    assert state.qin is not None
    return [QIN_TOKENS[t] for t in state.qin.track]


def invasion_order(ctx: Ctx) -> list[int]:
    """The Section of the current Invasion indicator (the back of the Horde deck's top card), then
    the other [ES p.16 rule 6, p.17]. Ruling: with the deck empty, no indicator shows; left first."""
    state = ctx.state
    sections = list(range(len(state.sections)))
    if state.horde_deck:
        shown = ctx.pack.hordes[state.horde_deck[0]].invasion - state.blocked
        if shown in sections:
            return [shown] + [s for s in sections if s != shown]
    return sections


# --- His command card [ES p.16] ------------------------------------------------------------------

def draw(ctx: Ctx) -> None:
    """Each Fall, the top card of his deck. Ruling: the 6 cards last 6 years; past that (never in
    a game of the box's length) the deck is reshuffled whole."""
    state = ctx.state
    assert state.qin is not None
    if not state.qin.deck:
        state.qin.deck = list(ctx.pack.solo)
        ctx.rng.shuffle(state.qin.deck)
    state.players[state.qin.seat].command = state.qin.deck.pop(0)


def place(ctx: Ctx) -> None:
    """Like the Reed clan, always the first free slot of the command track [ES p.16]."""
    free = usable_slots(ctx)
    if free:
        put(ctx, qin_seat(ctx.state), free[0])


def same_name(card: str) -> str:
    """The clan card his card shares a name with: your bonuses read it [ES p.16], Betrayal copies
    yours of that name [ES p.17]."""
    return card.removeprefix("qin.")


# --- Moving his Clerks [ES p.16] -----------------------------------------------------------------

def move(ctx: Ctx, n: int) -> None:
    """Up to ``n`` Clerks, each to a different Location: the lowest token's first; a Location with
    no room passes the Clerk to the next one up the track. From his reserve; with none left, from
    his highest Location on the track. Only Production Locations and the Barracks."""
    state = ctx.state
    seat, used = qin_seat(state), []
    for _ in range(n):
        dst = next((loc for loc in reversed(track_locations(state))
                    if loc not in used and has_room(state, ctx.pack, loc)), None)
        src = _source(ctx, dst) if dst else None
        if dst is None or src is None:
            break
        if src == "reserve":
            state.players[seat].clerks -= 1
        else:
            state.clerks_at[src].remove(seat)
        state.clerks_at.setdefault(dst, []).append(seat)
        used.append(dst)
        ctx.emit("clerk", seat=seat, src=src, dst=dst)


def _source(ctx: Ctx, dst: str) -> str | None:
    state = ctx.state
    seat = qin_seat(state)
    if state.players[seat].clerks:
        return "reserve"
    # A full regular Location keeps its Clerks until it activates [ES p.7].
    return next((loc for loc in track_locations(state) if loc != dst and seat in state.clerks_at.get(loc, [])
                 and not is_full(state, ctx.pack, loc)), None)


# --- Activations [ES p.17] ------------------------------------------------------------------------

def own_activation(ctx: Ctx, normal: list[str], advanced: list[str]) -> Task | None:
    """On his turn his Locations activate first, highest to lowest on the track; then an Advanced
    Activation goes to his highest Location with a Clerk (table option ``qin_advanced``, C1)."""
    state = ctx.state
    seat = qin_seat(state)
    order = track_locations(state)
    mine = [loc for loc in order if loc in normal and seat in state.clerks_at.get(loc, [])]
    if mine:
        return {"op": "activate", "loc": mine[0], "advanced": False}
    extra = [loc for loc in order if loc in advanced and seat in state.clerks_at.get(loc, [])]
    if state.advanced > 0 and extra:
        state.advanced -= 1
        pick = extra[-1] if state.rulings.get("qin_advanced", "highest") == "lowest" else extra[0]
        return {"op": "activate", "loc": pick, "advanced": True}
    state.advanced = 0  # ruling: he spends Advanced Activations only on Locations of his own
    return None


def order_activations(ctx: Ctx, job: Task, normal: list[str], advanced: list[str]) -> bool:
    """On Qin's turn his own Locations go first (own_activation), then you order the rest (he is
    active, so ``job`` names you); on the Reed clan's turn with Qin as Overlord he orders them by
    his track [ES p.17]. False: the active player orders them as usual."""
    state = ctx.state
    seat = job.get("seat", state.active)
    if seat is None:
        return False
    if state.is_qin(seat) and state.active == seat:
        first = own_activation(ctx, normal, advanced)
        if first is None:
            human = state.humans()[0]
            ctx.push({"op": "activation", "seat": human} if normal else {"op": "noop"})
            return True
        ctx.push(first, {"op": "activation", "seat": seat})
        return True
    if normal and state.is_qin(decider(state, seat)):
        ctx.push({"op": "activate", "loc": overlord_order(state, normal), "advanced": False},
                 {"op": "activation", "seat": seat})
        return True
    return False


def overlord_order(state: State, normal: list[str]) -> str:
    """As Overlord on the Reed clan's turn he orders the activations by his own rule: his track's
    Locations highest first, then the others in board order (ruling) [ES p.17]."""
    order = [loc for loc in track_locations(state) if loc in normal]
    return (order + [loc for loc in normal if loc not in order])[0]


@task("qin_at")
def _qin_at(ctx: Ctx, job: Task) -> None:
    """At an activated Location [ES p.17]: a Production Location gives him Honor = his Overseer's
    level × his Clerks there (he never Donates); the Barracks, 1 free Spearman per Clerk. Then the
    Location's token jumps to the leftmost slot of his track."""
    state, loc = ctx.state, job["loc"]
    seat = qin_seat(state)
    clerks = state.clerks_at.get(loc, []).count(seat)
    jobs: list[Task] = []
    if loc in PRODUCTION:
        overseer = state.overseers.get(loc, {}).get(seat)
        honor = (overseer.level if overseer else 0) * clerks
        if honor:
            gain(ctx, seat, {"honor": honor}, reason="qin_location")
    elif loc == "barracks":
        jobs = [{"op": "qin_spear", "seat": seat}] * clerks
    _to_top(ctx, loc)
    ctx.push(*jobs)


def _to_top(ctx: Ctx, loc: str) -> None:
    assert ctx.state.qin is not None
    track = ctx.state.qin.track
    token = next(t for t, where in QIN_TOKENS.items() if where == loc)
    if token in track:
        track.remove(token)
        track.insert(0, token)
        ctx.emit("qin_track", track=list(track))


# --- Attacks and Wounds [ES p.17] ----------------------------------------------------------------

def spot_order(spot: int) -> tuple[int, int]:
    """Vital spots are covered top to bottom, then left to right (ruling: down each column of the
    2×6 grid, leftmost column first) [ES p.17]."""
    return spot % 6, spot // 6


def spear_target(ctx: Ctx) -> tuple[int, int] | None:
    """The Horde nearest the Wall in the Invasion Section, else in the other Section [ES p.17]."""
    for sec in invasion_order(ctx):
        section = ctx.state.sections[sec]
        free = free_spots(ctx, section.hordes[0]) if section.hordes else []
        if free:
            return sec, min(free, key=spot_order)
    return None


@task("qin_spear")
def _qin_spear(ctx: Ctx, job: Task) -> None:
    """One Spearman he recruits (free) attacks by his rule; with no spot anywhere (or none left in
    his reserve) it is not recruited [ES p.17]. A flat 2 Honor per Wound, rewards ignored."""
    state, seat = ctx.state, job["seat"]
    target = spear_target(ctx)
    if target is None or state.players[seat].reserve["spearman"] <= 0:
        ctx.emit("qin_no_recruit", seat=seat)
        return
    sec, spot = target
    state.players[seat].reserve["spearman"] -= 1
    state.sections[sec].hordes[0].soldiers.append(Soldier(seat, "spearman", [spot]))
    ctx.emit("attack", seat=seat, unit="spearman", sec=sec, row=1, source="recruit")
    gain(ctx, seat, {"honor": WOUND_HONOR}, reason="qin_wound")


# --- His card's own steps --------------------------------------------------------------------------

@task("cmd_qin_recruit")
def _cmd_recruit(ctx: Ctx, job: Task) -> None:
    ctx.push(*[{"op": "qin_spear", "seat": job["seat"]}] * job.get("n", 1))


@task("cmd_qin_honor")
def _cmd_honor(ctx: Ctx, job: Task) -> None:
    gain(ctx, job["seat"], {"honor": job.get("n", 1)}, reason="qin_card")


@task("cmd_qin_wall")
def _cmd_wall(ctx: Ctx, job: Task) -> None:
    """He builds the Invasion Section's Wall, else the other's [ES p.16 rule 6]; the Warehouse pays
    what it can (wood, stone, gold in turn: ruling) and any shortfall counts as paid (FAQ #15). He
    gains the level's Honor like a player [ES p.13]."""
    state, seat = ctx.state, job["seat"]
    sec = next((s for s in invasion_order(ctx) if state.sections[s].wall < 3), None)
    if sec is None:
        return
    section = state.sections[sec]
    cost = due = ctx.pack.walls[section.wall + 1].cost
    for r in BUILD_RESOURCES:
        used = min(due, state.warehouse[r])
        state.warehouse[r] -= used
        due -= used
    section.wall += 1
    state.players[seat].walls_built += 1
    ctx.emit("wall", seat=seat, sec=sec, level=section.wall)
    gain(ctx, seat, {"honor": cost}, reason="wall")


# --- Spring, the end --------------------------------------------------------------------------------

def spring_advisors(ctx: Ctx, discarded: list[str]) -> list[str]:
    """Of the 2 Advisors leaving the queue, one (or both: ``qin_advisors``) goes under his card as a
    Supporting Advisor [ES p.17]; the rest are discarded (returned)."""
    state = ctx.state
    n = 2 if state.rulings.get("qin_advisors", "one") == "both" else 1
    under, rest = discarded[:n], discarded[n:]
    state.players[qin_seat(state)].support.extend(under)
    if under:
        ctx.emit("qin_advisors", advisors=under)
    return rest


def final_score(ctx: Ctx) -> None:
    """His final Honor [ES p.15, p.17]: the Hordes he claimed (he never holds Shame) and a flat 20
    per Artifact in play."""
    state, pack = ctx.state, ctx.pack
    seat = qin_seat(state)
    player = state.players[seat]
    before = player.honor
    hordes = sum(pack.hordes[c.card].honor for c in player.claimed)
    artifacts = ARTIFACT_HONOR * len(state.artifacts)
    player.honor += hordes + artifacts
    state.final[seat] = {"before": before, "shame": 0, "hordes": hordes, "artifacts": artifacts,
                         "total": player.honor}


@RULES.guard
def shame_out(ctx: Ctx) -> None:
    """Solo: the moment the Shame supply is empty, the game ends and you lose (ES p.17; RU p.17 says
    "at once"). Ruling (recorded here): "empty" is 0 tokens left in the supply, however it got there
    (the last token taken, an unplaceable one boxed, a Raid boxing the rest), in any season, not only
    at the Winter end check. Checked before every step of the runner and once more when a step ends
    on a decision (flow.run), so nothing after the emptying step runs: a token that a later step would
    give back (Reed's Temple, a Summer payment) comes too late and saves nothing. Within one step the
    supply only goes down (tokens come back only through the "unshame" step), so this is "at once"."""
    state = ctx.state
    if state.qin is None or state.qin.lost or state.season == "over" or state.shame_supply > 0:
        return
    state.ask = None
    state.tasks.clear()
    ctx.push({"op": "qin_lost"})


@task("qin_lost")
def _qin_lost(ctx: Ctx, job: Task) -> None:
    """The Shame supply is empty: the game ends at once and you lose [ES p.17, RU p.17]."""
    state = ctx.state
    assert state.qin is not None
    state.qin.lost = True
    state.end_reasons = ["shame_out"]
    ctx.emit("qin_shame_out", board=True)
    ctx.push({"op": "final_scoring"})
