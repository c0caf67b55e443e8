"""The Hungry Ghost Festival [IT AC, "Il Festival dei Fantasmi"; fact sheet §13.2], a competitive
scenario: its rules. Its variant is engine/greatwall/variants/ghost_festival.py; its printed numbers are
data/chronicles/ghost_festival.toml (engine/greatwall/chronicles/ghost_festival_pack.py).

- "Luoghi infestati": each Winter after the Assault, 1 Shame token from the supply per horde row
  ("FILA") holding at least one Horde card in any Section, at most 3. Starting with the top of the Tea
  order, players place them one each on a Location of their choice (a decision each); the Clerks
  there go home and no Clerk may be moved in while it is haunted. Never the Barracks or the Tea
  House. Rulings: a row is the n-th card of the Sections (row 1 is any Section's first card), so the
  count is the longest Section's; a token may go where one already lies (the text says any Location,
  and a second token keeps it haunted after one is lifted); an empty supply gives what it has.
- "Rimozione dei tasselli Onta dai Luoghi": at the start of the Assault phase every token goes back
  to the supply (ruling: after Firing, before the Assault's tactics window); whenever a Horde is
  defeated its claimant may lift one token of their choice (back to the supply), or for a card
  nobody claims, the top Tea player decides. A decision, lifting preselected.
- "Morte permanente": a killed Soldier leaves the game, never back to its owner's reserve (kept in
  ``Player.sacrificed``, as co-op keeps the soldiers it sacrifices).
"""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall.chronicles.ghost_festival_pack import GhostNumbers
from engine.greatwall.clerks import return_clerks
from engine.greatwall.flow import Ctx, builder, compose, decision, task
from engine.greatwall.pack import LOCATIONS
from engine.greatwall.state import Ask, State, Task

NAME = "ghost_festival"
KEEP = "keep"


def numbers(ctx: Ctx) -> GhostNumbers:
    found: GhostNumbers = ctx.pack.scenarios[NAME]
    return found


def haunted(state: State) -> list[str]:
    """The Locations with a token, one entry per token."""
    return list((state.chronicle or {}).get("haunted", []))


def _set(state: State, tokens: list[str]) -> None:
    state.chronicle = {"haunted": sorted(tokens, key=LOCATIONS.index)}


def setup(ctx: Ctx) -> None:
    _set(ctx.state, [])


def rows(state: State) -> int:
    """Horde rows with at least one card: the longest Section's."""
    return max((len(s.hordes) for s in state.sections), default=0)


# --- haunting ["Luoghi infestati"] ------------------------------------------------------------------

@task("ghost_haunt")
def _haunt(ctx: Ctx, job: Task) -> None:
    state = ctx.state
    n = min(rows(state), numbers(ctx).tokens, state.shame_supply)
    players = state.tea_humans()
    ctx.emit("ghost_rows", n=n)
    ctx.push(*({"op": "ghost_place", "seat": players[i % len(players)]} for i in range(n)))


@task("ghost_place")
def _place_task(ctx: Ctx, job: Task) -> None:
    if ctx.state.shame_supply > 0:
        ctx.ask("ghost_place", [job["seat"]])


def hauntable(ctx: Ctx) -> list[str]:
    return [loc for loc in LOCATIONS if loc in ctx.pack.locations and loc not in numbers(ctx).spared]


def preferred_haunt(state: State, seat: int, options: list[str]) -> str:
    """The preselection: where it sends the most rivals' Clerks home and fewest of one's own, a
    Location not yet haunted first, ties in board order."""
    def score(loc: str) -> tuple[int, int, int]:
        here = state.clerks_at.get(loc, [])
        return (len(here) - 2 * here.count(seat), loc not in haunted(state), -options.index(loc))
    return max(options, key=score)


@builder("ghost_place")
def _build_place(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = hauntable(ctx)
    picks = [Option(loc, "gw.opt.ghost_location", {"loc": loc}) for loc in options]
    default = (preferred_haunt(ctx.state, seat, options),)
    return compose(ask, seat, "ghost_place", [("location", picks)], default=default)


@decision("ghost_place")
def _finish_place(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    state, seat = ctx.state, ask.seats[0]
    loc = answers[seat][0]
    state.shame_supply -= 1
    _set(state, [*haunted(state), loc])
    home = len(state.clerks_at.get(loc, []))
    return_clerks(state, loc)
    ctx.emit("ghost_haunted", seat=seat, loc=loc, clerks=home)


# --- lifting ["Rimozione dei tasselli Onta dai Luoghi"] ---------------------------------------------

@task("ghost_clear")
def _clear(ctx: Ctx, job: Task) -> None:
    tokens = haunted(ctx.state)
    if tokens:
        ctx.state.shame_supply += len(tokens)
        _set(ctx.state, [])
        ctx.emit("ghost_cleared")


def after_defeat(ctx: Ctx, claimant: int | None) -> None:
    if haunted(ctx.state):
        seat = claimant if claimant is not None else ctx.state.tea_humans()[0]
        ctx.push({"op": "ghost_lift", "seat": seat})


@task("ghost_lift")
def _lift_task(ctx: Ctx, job: Task) -> None:
    if haunted(ctx.state):
        ctx.ask("ghost_lift", [job["seat"]])


@builder("ghost_lift")
def _build_lift(ctx: Ctx, ask: Ask, seat: int) -> Any:
    tokens = list(dict.fromkeys(haunted(ctx.state)))
    picks = [Option(loc, "gw.opt.ghost_lift", {"loc": loc}) for loc in tokens]
    picks.append(Option(KEEP, "gw.opt.ghost_keep"))
    return compose(ask, seat, "ghost_lift", [("location", picks)], default=(tokens[0],))


@decision("ghost_lift")
def _finish_lift(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    state, seat = ctx.state, ask.seats[0]
    loc = answers[seat][0]
    if loc == KEEP:
        return
    tokens = haunted(state)
    tokens.remove(loc)
    _set(state, tokens)
    state.shame_supply += 1
    ctx.emit("ghost_lifted", seat=seat, loc=loc)


# --- permanent death ["Morte permanente"] -----------------------------------------------------------

def killed(ctx: Ctx, seat: int, unit: str) -> bool:
    ctx.state.players[seat].sacrificed[unit] += 1
    return True


def view_panel(state: State) -> dict[str, Any]:
    """Public: the haunted Locations (one entry per token)."""
    return {"haunted": haunted(state)}
