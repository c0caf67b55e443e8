"""Il Lungo Inverno, a competitive scenario [IT AC, "Il Lungo Inverno"; fact sheet §13.2, errata 49]:
the Production track, sending resources to the Emperor, Breaches and Raids paid in resources, and 12
Honor per Clerk on the scenario card. Its variant (which hooks call these) is
engine/greatwall/variants/long_winter.py; its numbers are data/chronicles/long_winter.toml.

Rulings (README, "Ancient Chronicles"):
- The Production track: the text says what its value does, not when its marker moves nor what values
  it prints. We read it beside the Time track: the value is read off the Time marker's space, so it
  changes as Time advances each Spring (values: a stand-in). It changes each Overseer's share of a
  yield, never the Clerks' share at a gathering ("applicato individualmente a ciascun Sorvegliante"),
  and an Overseer never yields less than 0.
- Sending to the Emperor: after the Horde defeat check that closes a player's own command-card turn
  (errata 49: "after your own Horde Defeat check"), that player may send 4 of one kind from their own
  reserve; one Clerk per kind per player ("4 unità di ciascuna Risorsa"), so at most 4 each. Asked
  whenever the player has a Clerk in reserve and a kind not yet sent, whatever they hold, so that
  being asked tells the others nothing about what is behind the screen.
- A Breach: each Shame token a player would gain there is a choice between that token and 1 of their
  own resources boxed. Asked even with nothing to give (same reason).
- A Raid [IT AC, "Razzia"]: "prendete 2 segnalini di ogni Risorsa nella riserva". Our resources have
  no common supply that can run out, so we read "la riserva" as each player's own (as the brief and the
  scenario's theme have it): each player boxes 2 of each kind they hold, and for each one they lack 1
  Shame token goes from the supply to the box, as a normal Raid boxes them.
"""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall.chronicles.long_winter_pack import LongWinter
from engine.greatwall.flow import Ctx, builder, decision, prompt, task
from engine.greatwall.pack import RESOURCES
from engine.greatwall.shame import shame_job
from engine.greatwall.state import Ask, Task

NAME = "long_winter"
NONE = "none"
SHAME = "shame"


def numbers(ctx: Ctx) -> LongWinter:
    found: LongWinter = ctx.pack.scenarios[NAME]
    return found


def setup(ctx: Ctx) -> None:
    """The scenario card beside the board: the 4 resource spaces, empty; no Clerk on it yet."""
    ctx.state.chronicle = {"scenario": NAME, "sent": {r: [] for r in RESOURCES},
                           "clerks": {str(s): 0 for s in ctx.state.humans()}}


def _card(ctx: Ctx) -> dict[str, Any]:
    assert ctx.state.chronicle is not None, "Il Lungo Inverno is not played at this table"
    return ctx.state.chronicle


def production(ctx: Ctx) -> int:
    """The Production value now: read off the Time marker's space (ruling above)."""
    return numbers(ctx).value(ctx.state.time)


def overseer_yield(ctx: Ctx, n: int) -> int:
    """One Overseer's share with the Production value added, never below 0."""
    return max(0, n + production(ctx))


# --- Sending to the Emperor [IT AC, "Sostenere l'Imperatore"; errata 49] --------------------------

def unsent(ctx: Ctx, seat: int) -> list[str]:
    """The kinds ``seat`` has not sent yet (public: the Clerks on the card show it)."""
    return [r for r in RESOURCES if seat not in _card(ctx)["sent"][r]]


@task("lw_send")
def _lw_send(ctx: Ctx, job: Task) -> None:
    seat = job["seat"]
    if ctx.state.players[seat].clerks and unsent(ctx, seat):
        ctx.ask("lw_send", [seat])


def send_options(ctx: Ctx, seat: int) -> list[Option]:
    n = numbers(ctx).send
    res = ctx.state.players[seat].res
    out = [Option(f"send.{r}", "gw.opt.lw_send", {"resource": r, "n": n}) for r in unsent(ctx, seat) if res[r] >= n]
    return [*out, Option(NONE, "gw.opt.lw_keep")]


def _default_send(ctx: Ctx, seat: int, options: list[Option]) -> str:
    """The preselection: 12 Honor for 4 resources beats every other use of them [ES p.11: a donation
    is 2 Honor each], so send the kind held most (it hurts least), if any can go."""
    res = ctx.state.players[seat].res
    sends = [o.id for o in options if o.id != NONE]
    return max(sends, key=lambda v: res[v[5:]]) if sends else NONE


@builder("lw_send")
def _build_send(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = send_options(ctx, seat)
    return prompt(ask, seat, "lw_send", options, default=(_default_send(ctx, seat, options),),
                  args={"n": numbers(ctx).send, "honor": numbers(ctx).clerk_honor})


@decision("lw_send")
def _finish_send(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    value = answers[seat][0]
    if value == NONE:
        return
    resource, n = value[5:], numbers(ctx).send
    player = ctx.state.players[seat]
    player.res[resource] -= n  # out of the game until its end
    player.clerks -= 1
    card = _card(ctx)
    card["sent"][resource].append(seat)
    card["clerks"][str(seat)] += 1
    ctx.emit("lw_sent", seat=seat, resource=resource, n=n)


# --- A Breach [IT AC, "Breccia"] ------------------------------------------------------------------

def breach_jobs(jobs: list[Task]) -> list[Task]:
    """Each Breach Shame token becomes the player's choice: the token or 1 own resource boxed."""
    return [{"op": "lw_breach", "seat": j["seat"]} if j.get("op") == "shame" and j.get("reason") == "breach"
            else j for j in jobs]


@task("lw_breach")
def _lw_breach(ctx: Ctx, job: Task) -> None:
    ctx.ask("lw_breach", [job["seat"]])


@builder("lw_breach")
def _build_breach(ctx: Ctx, ask: Ask, seat: int) -> Any:
    res = ctx.state.players[seat].res
    options = [Option(f"give.{r}", "gw.opt.lw_give", {"resource": r}) for r in RESOURCES if res[r]]
    # The preselection: 1 resource is far cheaper than a Shame token (5 Honor at the end, a frozen
    # Soldier or a lost Horde card [ES p.7]); the kind held most.
    default = max(options, key=lambda o: res[o.id[5:]]).id if options else SHAME
    options.append(Option(SHAME, "gw.opt.lw_take_shame"))
    return prompt(ask, seat, "lw_breach", options, default=(default,))


@decision("lw_breach")
def _finish_breach(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    value = answers[seat][0]
    if value == SHAME:
        ctx.push(shame_job(seat, "breach"))
        return
    resource = value[5:]
    ctx.state.players[seat].res[resource] -= 1
    ctx.emit("lw_gave", seat=seat, resource=resource)


# --- A Raid [IT AC, "Razzia"] -----------------------------------------------------------------------

def raid(ctx: Ctx, sec: int) -> None:
    """Each player boxes 2 of each kind; 1 Shame token goes from the supply to the box per one
    missing (ruling above: each player's own reserve)."""
    state = ctx.state
    take = numbers(ctx).raid_take
    for seat in state.tea_humans():
        res = state.players[seat].res
        lost = {r: min(take, res[r]) for r in RESOURCES}
        for r, n in lost.items():
            res[r] -= n
        missing = take * len(RESOURCES) - sum(lost.values())
        boxed = min(missing, state.shame_supply)
        state.shame_supply -= boxed
        state.shame_boxed += boxed
        ctx.emit("lw_raid", seat=seat, sec=sec, gains={r: n for r, n in lost.items() if n}, boxed=boxed)


# --- The end [IT AC, "Conteggio finale dei punti Onore"] --------------------------------------------

def card_clerks(ctx: Ctx, seat: int) -> int:
    """``seat``'s Clerks on the scenario card (public)."""
    clerks: int = _card(ctx)["clerks"].get(str(seat), 0)
    return clerks


def clerk_honor(ctx: Ctx, seat: int) -> int:
    """What ``seat``'s Clerks on the scenario card will pay at the end: 12 Honor each."""
    return card_clerks(ctx, seat) * numbers(ctx).clerk_honor


def final_honor(ctx: Ctx) -> None:
    """Before the final scoring: 12 Honor per own Clerk on the scenario card."""
    for seat in ctx.state.humans():
        honor = clerk_honor(ctx, seat)
        if honor:
            ctx.state.players[seat].honor += honor
            ctx.emit("lw_honor", seat=seat, n=card_clerks(ctx, seat), honor=honor)


def view_panel(ctx: Ctx) -> dict[str, Any]:
    """Public: the Production track and its value now, who sent which kind."""
    card = _card(ctx)
    track = list(numbers(ctx).production)
    return {"scenario": NAME, "production": production(ctx), "track": track,
            "sent": {r: list(card["sent"][r]) for r in RESOURCES}}
