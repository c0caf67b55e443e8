"""What the two co-op scenarios share [IT AC, "L'Assedio di Diaoyucheng" and "La Rivolta dei
Turbanti Rossi": "Questo Scenario può essere giocato solo in modalità cooperazione. Applicate le regole
e la preparazione della modalità cooperazione, ad eccezione delle Richieste dell'Imperatore"]: co-op's
rules and setup (engine/greatwall/coop.py, variants/coop.py) without the Emperor's Demands, and the
team wins by surviving every Year to the end of the game ("L'obiettivo dei giocatori è sopravvivere
fino alla fine della partita").

The scenario variant comes after co-op (order 40), so its hooks see co-op's work and undo the
Demands' part: the Demands dealt at setup go back (``setup``), and co-op's Winter loses its fulfil
step, its Demand step and its Demand-counting end check (``winter_steps``). The rest of co-op stays:
the Events, Shame for Honor, the team's order, and the loss when a Shame token is due from an empty
supply (which both scenarios repeat: "la riserva di tasselli Onta non deve mai essere esaurita quando
un giocatore deve riceverne uno").

Rulings (IT AC is silent; README, "Ancient Chronicles"):
- The end: the team wins at the end check of the last Year (the Time marker on the track's last
  space), whatever else; co-op's other end (an empty Shame supply at the Winter end check, the base
  game's Shame end [ES p.9]) ends it earlier as a loss ("Tutte le altre condizioni di fine gioco sono
  ancora valide"). The Wall's end stays ignored as in co-op [ES p.19].
- No Artifacts: co-op sets none out (its Demands take the slots [ES p.18 step 3]); with the Demands
  gone the slots stay empty (the scenario card adds nothing there).
"""

from __future__ import annotations

from typing import Any

from engine.greatwall import coop
from engine.greatwall.flow import Ctx, task
from engine.greatwall.state import Task

# co-op's Winter steps that are the Demands' [ES p.19]: fulfil, its end check, the Demand step.
DEMAND_STEPS = frozenset({"fulfil", "demand_step"})
END_CHECK = "survival_end_check"


def setup(ctx: Ctx) -> None:
    """No Demands: co-op's setup dealt them (engine/greatwall/coop.py ``setup``); they go back."""
    state = ctx.state
    state.demands = [None] * len(state.demands)
    state.demand_deck = []


def winter_steps(steps: list[Task]) -> list[Task]:
    """co-op's Winter without its Demand steps; the survival end check where co-op counted Demands."""
    out: list[Task] = []
    for step in steps:
        if step["op"] in DEMAND_STEPS:
            continue
        out.append({"op": END_CHECK} if step["op"] == "coop_end_check" else dict(step))
    return out


def last_year(ctx: Ctx) -> bool:
    return ctx.state.time >= len(ctx.time_track()) - 1


@task(END_CHECK)
def _end_check(ctx: Ctx, job: Task) -> None:
    """The team has survived once the last Year's Winter gets here; an empty Shame supply ends the
    game earlier, lost (the base game's end [ES p.9]: co-op's end check reads it the same way)."""
    if last_year(ctx):
        coop.finish(ctx, True, "survived")
    elif ctx.state.shame_supply == 0:
        coop.finish(ctx, False, "shame")


def announce(ctx: Ctx, won: bool, reason: str) -> bool:
    """The end line: no Demands to count, only whether the team held out and why it ended."""
    ctx.emit("survival_over", won=won, reasons=[reason], years=ctx.state.year, board=True)
    return True


def view_extras(view: dict[str, Any]) -> None:
    """co-op's panel shows the Events beside the Demand slots: no slots, no target."""
    panel = view.get("coop")
    if isinstance(panel, dict):
        panel["demands"], panel["target"] = [], 0
        panel["decks"] = {**panel.get("decks", {}), "demands": 0}
