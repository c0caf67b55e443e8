"""The Red Turban Rebellion [IT AC, "La Rivolta dei Turbanti Rossi"; fact sheet §13.2, conflict C9], a
co-op scenario (survival.py: co-op without the Demands): any Breach loses, no Gold Overseer, a Clerk
for 20 Honor at Summer income, the Spring's Peace or War, the Production Locations and the Raids that
send Clerks back to the Emperor's Embassy. Its variant: engine/greatwall/variants/red_turban.py.

The Embassy's Clerks are each player's Clerks on the board's Clerk space (``Player.clerk_space``),
where the Embassy hires them from [ES p.14]; "sending a Clerk to the Embassy" puts one back there.
``state.chronicle`` keeps this year's state: ``state`` ("peace", "war" or None before the first
Spring) and ``removed`` (Hordes bought off).

Rulings (IT AC silent; README, "Ancient Chronicles"):
- "Players" are the deciding seats: the Reed clan (2 players) neither pays, hires nor sends Clerks.
- Peace or War is the team's choice made as co-op's team Clerk moves are (an open round: everyone is
  asked at once, each answer public as it comes): each player pledges Gold from their own supply;
  every full 3 Gold pledged removes one coming Horde, never below 1. At least 3 Gold is Peace and only
  what buys Hordes off is paid (the pledges in Tea order); less is War. With 1 Horde coming there is
  nothing to buy: War, nobody asked.
- The Gold Overseers "cannot be Upgraded" and their spaces are covered: no Overseer is placed or
  raised at the Gold Location.
- A Production Location's Clerk goes to the Embassy once the Location's effects are done (the text
  sets no moment; its owner keeps what it gathered). Ties: the higher Tea marker sends it.
- A Raid sends 1 Clerk from each player's reserve, none from a player with none there.
- The game's length (conflict C9): the IT text keeps the normal length (default); the fan reference
  plays 1 year shorter (table option ``turban_length=short``: the Time track's last space is unused).
"""

from __future__ import annotations

from typing import Any

from engine.core.game import TableOption
from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall import coop
from engine.greatwall.flow import Ctx, builder, compose, decision, task
from engine.greatwall.pack import PRODUCTION
from engine.greatwall.state import Ask, State, Task

NAME = "red_turban"
GOLD = "gold"  # the resource whose Overseers are covered ("Sorveglianti dell'Oro inattivi")
HIRE_HONOR = 20  # "perdere 20 punti Onore per assumere un Commesso dall'Ambasciata"
PEACE_GOLD = 3  # "un totale di 3 Ori per ridurre di 1 il numero di carte Orda"
LENGTHS = ("normal", "short")  # conflict C9: IT (default), the fan reference's year shorter
OPTIONS = (TableOption("turban_length", LENGTHS, LENGTHS[0]),)
KEEP, HIRE = "keep", "hire"


def turban(state: State) -> dict[str, Any]:
    assert state.chronicle is not None, "the Red Turbans are not played at this table"
    return state.chronicle


def setup(ctx: Ctx) -> None:
    ctx.state.chronicle = {"scenario": NAME, "state": None, "removed": 0}


def time_track(state: State, track: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """Conflict C9: with ``turban_length=short`` the game is 1 year shorter."""
    return track[:-1] if state.rulings.get("turban_length") == "short" else track


def can_upgrade(ctx: Ctx, loc: str) -> bool:
    return ctx.pack.locations[loc].resource != GOLD


def _to_embassy(ctx: Ctx, seat: int, why: str) -> bool:
    player = ctx.state.players[seat]
    if player.clerks <= 0:
        return False
    player.clerks -= 1
    player.clerk_space += 1
    ctx.emit(f"turban_embassy_{why}", seat=seat)
    return True


def _hire(ctx: Ctx, seat: int) -> bool:
    player = ctx.state.players[seat]
    if player.clerk_space <= 0:
        return False
    player.clerk_space -= 1
    player.clerks += 1
    return True


# --- A Breach loses; Raids [IT AC, "Breccia e Razzia"] --------------------------------------------

def on_breach(ctx: Ctx, sec: int) -> bool:
    """"se viene aperta una Breccia, i giocatori perdono la partita immediatamente"."""
    coop.finish(ctx, False, "breach")
    return True


def on_raid(ctx: Ctx, sec: int) -> None:
    """"ogni giocatore prende 1 Commesso dalla propria riserva e lo invia all'Ambasciata"."""
    for seat in ctx.state.tea_humans():
        _to_embassy(ctx, seat, "raid")


# --- Production Locations [IT AC, "Attivazione dei Luoghi di produzione"] ---------------------------

def on_activate(ctx: Ctx, loc: str, present: list[int]) -> None:
    """The player with the most Clerks there (ties: Tea) sends one to the Embassy, once the
    Location's steps are done (ruling above): the step is scheduled under them."""
    if loc not in PRODUCTION or not present:
        return
    here = ctx.state.clerks_at.get(loc, [])
    seat = max(present, key=lambda s: (here.count(s), -ctx.state.tea.index(s)))
    ctx.push({"op": "turban_send", "seat": seat, "loc": loc})


@task("turban_send")
def _send(ctx: Ctx, job: Task) -> None:
    _to_embassy(ctx, job["seat"], "production")


# --- Summer income: a Clerk for 20 Honor [IT AC, "Reddito del Sorvegliante"] -----------------------

@task("turban_hire")
def _hire_task(ctx: Ctx, job: Task) -> None:
    """Asked when it can be done (Honor and the Clerk space are public)."""
    player = ctx.state.players[job["seat"]]
    if player.honor >= HIRE_HONOR and player.clerk_space > 0:
        ctx.ask("turban_hire", [job["seat"]])


@builder("turban_hire")
def _build_hire(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option(KEEP, "gw.opt.turban_keep"), Option(HIRE, "gw.opt.turban_hire", {"honor": HIRE_HONOR})]
    return compose(ask, seat, "turban_hire", [("hire", options)], default=(KEEP,))


@decision("turban_hire")
def _finish_hire(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    if ask.answers[seat][0] == HIRE and _hire(ctx, seat):
        ctx.state.players[seat].honor -= HIRE_HONOR
        ctx.emit("turban_hired", seat=seat, honor=HIRE_HONOR)


# --- Spring: Peace or War [IT AC, "Scelta dello Stato"] -------------------------------------------

def spring_steps(ctx: Ctx, steps: list[Task]) -> list[Task]:
    """Before the new Hordes: the team's state. The Hordes' step carries the count to reduce."""
    invade = next(s for s in steps if s["op"] == "spring_invade")
    team = ctx.state.tea_humans()
    return [{"op": "turban_state", "seats": team, "pledged": {}, "n": invade["n"]}, *steps]


def _most(n: int) -> int:
    """Gold that can buy Hordes off: 3 per Horde, leaving at least 1 to come."""
    return PEACE_GOLD * max(0, n - 1)


@task("turban_state")
def _state_task(ctx: Ctx, job: Task) -> None:
    """Every player is asked, Gold or not: who is asked must not tell what is behind a screen."""
    seats = job["seats"] if _most(job["n"]) else []
    if seats:
        ctx.ask("turban_state", seats, pledged=job["pledged"], n=job["n"])
    else:
        _resolve(ctx, job["pledged"], job["n"])


@builder("turban_state")
def _build_state(ctx: Ctx, ask: Ask, seat: int) -> Any:
    gold = min(ctx.state.players[seat].res["gold"], _most(ask.data["n"]))
    options = [Option(f"g{k}", "gw.opt.turban_pledge", {"gold": k}) for k in range(gold + 1)]
    pledged = sum(ask.data["pledged"].values())
    return compose(ask, seat, "turban_state", [("gold", options)], default=("g0",),
                   args={"n": ask.data["n"], "pledged": pledged, "team": list(ask.seats)})


@decision("turban_state", each=True)
def _take_pledge(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    """Each pledge counts as it comes (an open round, as co-op's team moves); the others are asked again."""
    (seat, values), = answers.items()
    ctx.state.ask = None
    pledged = {**ask.data["pledged"], str(seat): int(values[0][1:])}
    ctx.emit("turban_pledge", seat=seat, gold=pledged[str(seat)])
    ctx.push({"op": "turban_state", "seats": [s for s in ask.seats if s != seat], "pledged": pledged,
              "n": ask.data["n"]})


def _resolve(ctx: Ctx, pledged: dict[str, int], n: int) -> None:
    state = ctx.state
    removed = min(sum(pledged.values()) // PEACE_GOLD, max(0, n - 1))
    card = turban(state)
    card["removed"] = removed
    invade = next(t for t in reversed(state.tasks) if t["op"] == "spring_invade")
    if removed:
        card["state"] = "peace"
        due = removed * PEACE_GOLD
        for seat in state.tea_humans():  # only what buys Hordes off is paid, the pledges in Tea order
            pay = min(due, pledged.get(str(seat), 0))
            state.players[seat].res["gold"] -= pay
            due -= pay
        invade["n"] = n - removed
        ctx.emit("turban_peace", gold=removed * PEACE_GOLD, removed=removed, hordes=n - removed)
        return
    card["state"] = "war"
    hired = [s for s in state.tea_humans() if _hire(ctx, s)]
    ctx.emit("turban_war" if hired else "turban_war_none", team=hired)


def view_panel(state: State) -> dict[str, Any]:
    card = turban(state)
    return {"state": card["state"], "removed": card["removed"], "short": state.rulings.get("turban_length") == "short"}
