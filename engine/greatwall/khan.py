"""The Genghis Khan expansion [IT GK; fact sheet §13.1], its rules: the Horde deck and setup, the
Khan's yearly move, his Skills, wounding him, his defeat and the Emperor's Award. Its variant (which
hooks call these) is engine/greatwall/variants/khan.py; its cards are data/khan.toml
(engine/greatwall/khan_pack.py).

Rulings (README's rulings table; table option ``khan_hordes``):
- Starting Hordes, conflict C2: the IT text says players + 1 (our default, ``plus_one``), the fan
  reference says the number of players (``players``). Either way at least the base game's (one per
  Section, the 4th at 4 [ES p.4 step 5]) and co-op's players + 1 [ES p.18 step 5] are placed.
- "The number of players" (starting Hordes, active vital spots [IT GK, "Punti vitali"]) counts the
  deciding seats: the Reed clan and Qin are rules-driven clans, which the base rules count as
  players only where they say so (the board side [ES p.15 step 1]).
- Wounding [IT GK, "Ferire Genghis Khan"]: the claimant's Soldier must have survived the defeat, so
  it is taken from the Rest Zone it just reached. A Horseman covers 2 spots of one card when 2 are
  free there, else 1 ("1, or possibly 2"). Spots carry no rewards, so the player picks the soldier
  and the card, not the spot. A rules-driven clan never wounds him: its survivors go back to its
  reserve at once [ES p.15], so none of its Soldiers is left to send.
- His defeat ends a competitive game only [IT GK, "Nuovo obiettivo"]: the year is played to its
  end and the Winter end check then ends it (reason ``khan``); co-op's goals are unchanged.
- The Emperor's Award [IT GK, "Premi dell'Imperatore"] passes to a player who builds a Wall level
  (engine/greatwall/encampment.py); its effect is a player's: a rules-driven clan's Wall (Qin's
  [ES p.16]) neither takes it nor, should the Reed clan hold it, gains by it [ES p.15].
"""

from __future__ import annotations

from typing import Any

from engine.core.game import OutcomeKind, TableOption
from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall.abilities import gain
from engine.greatwall.announce import announce
from engine.greatwall.flow import Ctx, builder, decision, prompt, refuse, task
from engine.greatwall.khan_pack import KhanSheet
from engine.greatwall.state import Ask, Khan, Soldier, State, Task

HORDES = ("plus_one", "players")  # conflict C2: IT players + 1 (default), [ref] players
OPTIONS: tuple[TableOption, ...] = (TableOption("khan_hordes", HORDES, "plus_one"),)
SPOT_HONOR = 6  # per vital spot covered [IT GK, "Ferire Genghis Khan"]
WOUNDERS = {"spearman": 1, "horseman": 2}  # spots each covers; never Archers nor wounds
REMOVED_TYPES = 2  # base Horde types out of the deck [IT GK step 6]
NO = "no"


def khan(state: State) -> Khan:
    assert state.khan is not None, "Genghis Khan is not played at this table"
    return state.khan


def players(state: State) -> int:
    return state.seats


# --- setup [IT GK, "Preparazione" steps 4, 6, 7, 11] -----------------------------------------------

def horde_deck(ctx: Ctx, cards: list[str]) -> list[str]:
    """Step 6: 2 random types out (6 cards), the 3 new types in (9 cards); the 2-player rule (no
    card showing the leftmost Section) still applies after (engine/greatwall/seasons.py deal)."""
    types = sorted({ctx.pack.hordes[c].type for c in cards})
    ctx.rng.shuffle(types)
    out = set(types[:REMOVED_TYPES])
    return [c for c in cards if ctx.pack.hordes[c].type not in out] + list(ctx.pack.khan.hordes)


def extra_hordes(ctx: Ctx, n: int) -> int:
    """Step 7: players + 1 Hordes (C2; ``players`` by the fan reference), placed as usual: one per
    Section, the rest by the invasion indicator."""
    state = ctx.state
    target = players(state) + (1 if state.rulings.get("khan_hordes", HORDES[0]) == "plus_one" else 0)
    return max(n, target - len(state.sections))


def indicated(ctx: Ctx) -> int | None:
    """The Section the deck's top card's invasion indicator shows (None: the deck is empty)."""
    deck = ctx.state.horde_deck
    return ctx.pack.hordes[deck[0]].invasion - ctx.state.blocked if deck else None


def setup(ctx: Ctx) -> None:
    """Steps 4 and 7: 1 Emperor's Award card, 2 random Skills beside the Khan's card, the Khan on
    the Section the deck's top card shows."""
    cards = ctx.pack.khan
    skills, awards = list(cards.skills), list(cards.awards)
    ctx.rng.shuffle(skills)
    ctx.rng.shuffle(awards)
    ctx.state.khan = Khan(sec=indicated(ctx) or 0, skills=skills[:2], award=awards[0])
    announce(ctx, "khan_setup", sec=ctx.state.khan.sec, skills=skills[:2], award=awards[0])


# --- the yearly move [IT GK, "Muovere Genghis Khan"] -----------------------------------------------

def move(ctx: Ctx) -> None:
    """Each year once the new Hordes are placed: to the Section the deck's top card shows (an empty
    deck shows none: he stays)."""
    sec = indicated(ctx)
    if sec is None:
        return
    khan(ctx.state).sec = sec
    ctx.emit("khan_moved", sec=sec)


# --- vital spots [IT GK, "Punti vitali", "Carte Abilità"] -----------------------------------------

def sheets(ctx: Ctx) -> list[KhanSheet]:
    """The Khan's card, then his 2 Skills."""
    return [ctx.pack.khan.khan, *(ctx.pack.khan.skills[s] for s in khan(ctx.state).skills)]


def free_spots(ctx: Ctx, card: str) -> list[int]:
    """The active spots of ``card`` no Soldier covers: unnumbered ones, and numbered ones up to the
    player count."""
    sheet = ctx.pack.khan.sheet(card)
    taken = {s for soldier in khan(ctx.state).wounds.get(card, []) for s in soldier.spots}
    return [i for i, n in enumerate(sheet.spots) if n <= players(ctx.state) and i not in taken]


def skill_on(ctx: Ctx, skill: str) -> bool:
    """A Skill works until its active spots are all covered; then never again."""
    return bool(free_spots(ctx, skill))


def defeated(ctx: Ctx) -> bool:
    return not any(free_spots(ctx, sheet.id) for sheet in sheets(ctx))


def skill_effect(ctx: Ctx, sec: int, kind: str) -> int:
    """The sum of the working Skills' ``kind`` effect in Section ``sec`` (only his own)."""
    state = khan(ctx.state)
    if sec != state.sec:
        return 0
    return sum(ctx.pack.khan.skills[s].effect.get(kind, 0) for s in state.skills if skill_on(ctx, s))


# --- wounding him [IT GK, "Ferire Genghis Khan"] ---------------------------------------------------

def after_defeat(ctx: Ctx, claimant: int | None, sec: int, survivors: list[str]) -> None:
    """The claimant of a Horde defeated in any Section may send 1 of their surviving Spearmen or
    Horsemen from it onto the Khan or a Skill."""
    if claimant is None or ctx.state.is_automaton(claimant) or khan(ctx.state).defeated:
        return
    units = sorted({u for u in survivors if u in WOUNDERS})
    if units:
        ctx.push({"op": "khan_wound", "seat": claimant, "sec": sec, "units": units})


def _choices(ctx: Ctx, seat: int, sec: int, units: list[str]) -> list[tuple[str, str, int]]:
    """(unit, card, spots covered) for every soldier still in the Rest Zone and card with room."""
    rest = ctx.state.sections[sec].rest.get(seat, {})
    out = []
    for unit in units:
        if rest.get(unit, 0) <= 0:
            continue
        for sheet in sheets(ctx):
            room = len(free_spots(ctx, sheet.id))
            if room:
                out.append((unit, sheet.id, min(room, WOUNDERS[unit])))
    return out


@task("khan_wound")
def _khan_wound(ctx: Ctx, job: Task) -> None:
    if _choices(ctx, job["seat"], job["sec"], job["units"]):
        ctx.ask("khan_wound", [job["seat"]], sec=job["sec"], units=job["units"])


def preferred(ctx: Ctx, choices: list[tuple[str, str, int]]) -> str:
    """The preselection: the most spots (the most Honor); a Skill still working before the Khan's
    card (covering it switches its effect off); ties in the order listed."""
    skills = set(khan(ctx.state).skills)
    unit, card, _ = max(choices, key=lambda c: (c[2], c[1] in skills, -choices.index(c)))
    return f"{unit}.{card}"


@builder("khan_wound")
def _build(ctx: Ctx, ask: Ask, seat: int) -> Any:
    choices = _choices(ctx, seat, ask.data["sec"], ask.data["units"])
    options = [Option(NO, "gw.opt.khan_spare", {})]
    options += [Option(f"{unit}.{card}", "gw.opt.khan_wound",
                       {"unit": unit, "khan_card": card, "n": n, "honor": n * SPOT_HONOR})
                for unit, card, n in choices]
    return prompt(ask, seat, "khan_wound", options, args={"sec": ask.data["sec"]},
                  default=(preferred(ctx, choices),))


def _check(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    if values[0] != NO and not any(f"{u}.{c}" == values[0]
                                   for u, c, _ in _choices(ctx, seat, ask.data["sec"], ask.data["units"])):
        raise refuse("khan_no_room")


@decision("khan_wound", _check)
def _finish(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    value = answers[seat][0]
    if value == NO:
        return
    unit, _, card = value.partition(".")
    wound(ctx, seat, ask.data["sec"], unit, card)


def wound(ctx: Ctx, seat: int, sec: int, unit: str, card: str) -> None:
    """The Soldier leaves the Rest Zone for the card, for the rest of the game; 6 Honor a spot."""
    state = khan(ctx.state)
    spots = free_spots(ctx, card)[:WOUNDERS[unit]]
    ctx.state.sections[sec].rest[seat][unit] -= 1
    state.wounds.setdefault(card, []).append(Soldier(seat, unit, spots))
    ctx.emit("khan_wounded", seat=seat, unit=unit, khan_card=card, n=len(spots))
    gain(ctx, seat, {"honor": SPOT_HONOR * len(spots)}, reason="khan")
    if defeated(ctx):
        state.defeated = True
        ctx.emit("khan_defeated")


# --- the end [IT GK, "Fine della partita"] --------------------------------------------------------

def competitive(ctx: Ctx) -> bool:
    return all(v.outcome_kind != OutcomeKind.COOP for v in ctx.variants)


def end_reasons(ctx: Ctx, reasons: list[str]) -> list[str]:
    """Once he is defeated the year is played out; its Winter end check ends a competitive game."""
    return [*reasons, "khan"] if khan(ctx.state).defeated and competitive(ctx) else reasons


# --- the Emperor's Award [IT GK, "Premi dell'Imperatore"] ------------------------------------------

def take_award(ctx: Ctx, seat: int) -> None:
    state = khan(ctx.state)
    if ctx.state.is_automaton(seat) or state.holder == seat:
        return
    state.holder = seat
    ctx.emit("khan_award", seat=seat, award=state.award)


def award_income(ctx: Ctx, seat: int) -> None:
    state = khan(ctx.state)
    if state.holder == seat and not ctx.state.is_automaton(seat):
        gain(ctx, seat, dict(ctx.pack.khan.awards[state.award].summer), reason="award")


# --- what everyone sees ---------------------------------------------------------------------------

def view_panel(ctx: Ctx) -> dict[str, Any]:
    """Public: where he stands, each card's spots (their numbers, which are active, who covers
    them), the Skills' state, the Award and its holder."""
    state = khan(ctx.state)
    cards = []
    for sheet in sheets(ctx):
        cards.append({"card": sheet.id, "spots": list(sheet.spots), "free": len(free_spots(ctx, sheet.id)),
                      "active": sheet.active(players(ctx.state)),
                      "on": sheet.id == ctx.pack.khan.khan.id or skill_on(ctx, sheet.id),
                      "soldiers": [{"seat": s.seat, "unit": s.unit, "spots": list(s.spots)}
                                   for s in state.wounds.get(sheet.id, [])]})
    return {"sec": state.sec, "cards": cards, "award": state.award, "holder": state.holder,
            "defeated": state.defeated}
