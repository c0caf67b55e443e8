"""The Emperor's Visit [IT AC, "La Visita dell'Imperatore"; fact sheet §13.2], a competitive
scenario: its rules. Its variant (which hooks call these) is engine/greatwall/variants/emperors_visit.py;
its numbers are data/chronicles/emperors_visit.toml (engine/greatwall/chronicles/emperors_visit_pack.py).

- The card: a Wound token on one of its four resource spaces marks the resource "a cui l'Imperatore
  darà più valore nell'Anno in corso", and how many of it are wanted (stand-in amounts). Ruling (the
  text is silent on its first space): a random space at setup (``start``, an owner may fix one).
- "Rivendicazione dell'Imperatore": each Winter after the Assault, every player holding at least
  that amount behind their screen gains 10 Honor and must show it ("è necessario mostrare i
  segnalini Risorsa"); every other player takes a Shame token. Ruling: showing is required, not
  offered ("è necessario"), so it is no decision; what is shown is the amount asked (the log says
  "at least N"), never the player's whole stock. Shame tokens go out in Tea order, each placed at
  once by its owner as usual [ES p.7].
- "Inviare i Commessi al Magazzino": Clerks may be moved to (and, as from any Location with room,
  away from) the Warehouse, which has no slots and never activates — neither in the activation
  step nor by an Advanced Activation. After the Assault (ruling: after the Emperor's claim, which
  reads the space of "the current Year", so the move sets next year's) the player with the most
  Clerks there, ties to the higher Tea marker, moves the token to another space ("non è consentito
  lasciare il segnalino Ferita nello stesso spazio": a decision, never a pass); then every Clerk
  there goes home. Ruling: with no Clerk there, nobody moves it and it stays.
"""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall.abilities import gain
from engine.greatwall.chronicles.emperors_visit_pack import RANDOM, RESOURCES, VisitNumbers
from engine.greatwall.clerks import return_clerks
from engine.greatwall.flow import Ctx, builder, compose, decision, task
from engine.greatwall.shame import shame_job
from engine.greatwall.state import Ask, State, Task

NAME = "emperors_visit"
WAREHOUSE = "warehouse"


def numbers(ctx: Ctx) -> VisitNumbers:
    found: VisitNumbers = ctx.pack.scenarios[NAME]
    return found


def wanted(state: State) -> str:
    assert state.chronicle is not None, "the Emperor's Visit is not played at this table"
    return str(state.chronicle["wanted"])


def setup(ctx: Ctx) -> None:
    """The Wound token on its first space (ruling above)."""
    start = numbers(ctx).start
    resource = ctx.rng.pick(list(RESOURCES)) if start == RANDOM else start
    ctx.state.chronicle = {"wanted": resource}
    ctx.emit("emperor_wants", wanted={resource: numbers(ctx).amounts[resource]})


def warehouse_clerks(state: State) -> list[int]:
    return list(state.clerks_at.get(WAREHOUSE, []))


# --- the Emperor's claim ["Rivendicazione dell'Imperatore"] ------------------------------------------

@task("emperor_claim")
def _claim(ctx: Ctx, job: Task) -> None:
    state, resource = ctx.state, wanted(ctx.state)
    need, honor = numbers(ctx).amounts[resource], numbers(ctx).honor
    shames: list[Task] = []
    for seat in state.tea_humans():
        if state.players[seat].res[resource] >= need:
            ctx.emit("emperor_shown", seat=seat, wanted={resource: need})  # the rule makes it public
            gain(ctx, seat, {"honor": honor}, reason="emperor")
        else:
            ctx.emit("emperor_failed", seat=seat, wanted={resource: need})
            shames.append(shame_job(seat, "emperor"))
    ctx.push(*shames)


# --- the Warehouse ["Inviare i Commessi al Magazzino"] -----------------------------------------------

def mover(state: State) -> int | None:
    """The player with the most Clerks in the Warehouse, ties to the higher Tea marker; None if empty."""
    here = warehouse_clerks(state)
    if not here:
        return None
    return min(set(here), key=lambda s: (-here.count(s), state.tea.index(s)))


def targets(state: State) -> list[str]:
    """The spaces the token may move to: any but its own."""
    return [r for r in RESOURCES if r != wanted(state)]


def preferred(state: State, seat: int, amounts: dict[str, int]) -> str:
    """The preselection: the space whose amount ``seat`` is nearest to holding (most of it held
    beyond the amount asked), ties in card order. Only the seat's own stock is read."""
    res = state.players[seat].res
    options = targets(state)
    return max(options, key=lambda r: (res[r] - amounts[r], -options.index(r)))


@task("emperor_warehouse")
def _warehouse(ctx: Ctx, job: Task) -> None:
    seat = mover(ctx.state)
    if seat is None:
        return
    ctx.ask("emperor_move", [seat])


@builder("emperor_move")
def _build_move(ctx: Ctx, ask: Ask, seat: int) -> Any:
    state = ctx.state
    amounts = numbers(ctx).amounts
    picks = [Option(r, "gw.opt.emperor_space", {"resource": r, "n": amounts[r]}) for r in targets(state)]
    args = {"resource": wanted(state), "n": amounts[wanted(state)], "clerks": warehouse_clerks(state).count(seat)}
    default = (preferred(state, seat, amounts),)
    return compose(ask, seat, "emperor_move", [("resource", picks)], default=default, args=args)


@decision("emperor_move")
def _finish_move(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    state, seat = ctx.state, ask.seats[0]
    resource = answers[seat][0]
    state.chronicle = {"wanted": resource}
    ctx.emit("emperor_moved", seat=seat, wanted={resource: numbers(ctx).amounts[resource]})
    return_clerks(state, WAREHOUSE)
    ctx.emit("emperor_warehouse_home")


def view_panel(ctx: Ctx) -> dict[str, Any]:
    """Public: the wanted resource and its amount, every space's amount, the Warehouse's Clerks."""
    resource, amounts = wanted(ctx.state), numbers(ctx).amounts
    return {"resource": resource, "n": amounts[resource], "amounts": dict(amounts),
            "warehouse": warehouse_clerks(ctx.state)}
