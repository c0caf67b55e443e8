"""The Bannermen of the Genghis Khan expansion [IT GK, "Portabandiera"; fact sheet §13.1]: one per
player, recruited at the Barracks, a Soldier that moves and attacks as a Spearman; at the start of
Winter its owner may attack with 2 Soldiers of its Section before the archers fire.

Rulings (README's rulings table; table option ``khan_banner_cost``):
- Its cost, conflict C3: the IT text lost the icons ("2 [icon] e 1 [icon]"); the current fan reference
  says 2 Gold + 1 Wood (our default), its older version 2 Stone + 1 Wood (``stone``).
- A Soldier (FAQ #36) that is no Special Soldier (FAQ #14) and no Spearman (FAQ #37): it never
  wounds the Khan (engine/greatwall/khan.py ``WOUNDERS``), Shame never goes under it (a Shame token
  goes under a Spearman, Archer or Horseman [ES p.7]), and a Location's other effects that name a
  unit never name it. It dies, is Saved, rests and moves like any Soldier; the death preselection
  names it last (there is one).
- "Players" hold one: the rules-driven clans (the Reed clan, Qin) recruit by their own rules [ES
  p.15–16] and have none.
- Its Winter attack: "in that Wall Section" is read as the owner's Soldiers in that Section's Rest
  Zone (those on Horde cards have attacked already, archers on the wall fire anyway), the Bannerman
  itself included when it rests there; where it stands is read at the start of Winter. Each owner
  answers in Tea order; the preselection is to attack with 2 (free attacks, as a careful player takes).
"""

from __future__ import annotations

from typing import Any

from engine.core.game import TableOption
from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall.combat import can_attack
from engine.greatwall.flow import Ctx, builder, decision, prompt, task
from engine.greatwall.pack import Cost
from engine.greatwall.state import Ask, State, Task

BANNERMAN = "bannerman"
COSTS: dict[str, Cost] = {"gold": {"gold": 2, "wood": 1}, "stone": {"stone": 2, "wood": 1}}  # conflict C3
OPTIONS: tuple[TableOption, ...] = (TableOption("khan_banner_cost", tuple(COSTS), "gold"),)
ATTACKS = 2  # Soldiers that may attack at the start of Winter [IT GK, "Portabandiera"]
ORDER = ("spearman", "horseman", BANNERMAN, "archer")  # the options' order: archers need a firing spot


def setup(ctx: Ctx) -> None:
    """Step 5: each player takes a Bannerman, beside their other Soldiers (in the reserve)."""
    for seat in ctx.state.humans():
        player = ctx.state.players[seat]
        player.reserve[BANNERMAN] = 1
        player.shamed[BANNERMAN] = 0


def cost(state: State) -> Cost:
    return dict(COSTS[state.rulings.get("khan_banner_cost", "gold")])


def where(state: State, seat: int) -> int | None:
    """The Section a seat's Bannerman stands in: on one of its Horde cards or in its Rest Zone."""
    for sec, section in enumerate(state.sections):
        on_card = any(s.seat == seat and s.unit == BANNERMAN for card in section.hordes for s in card.soldiers)
        if on_card or section.rest.get(seat, {}).get(BANNERMAN, 0):
            return sec
    return None


# --- Winter: its owner's 2 attacks before Firing [IT GK, "Portabandiera"] ---------------------------

@task("banner_winter")
def _banner_winter(ctx: Ctx, job: Task) -> None:
    """At the start of Winter: one question per player with a Bannerman in a Section, in Tea order."""
    state = ctx.state
    jobs: list[Task] = []
    for seat in state.tea_humans():
        sec = where(state, seat)
        if sec is not None:
            jobs.append({"op": "banner_attack", "seat": seat, "sec": sec})
    ctx.push(*jobs)


def _options(ctx: Ctx, seat: int, sec: int) -> list[str]:
    zone = ctx.state.sections[sec].rest.get(seat, {})
    return [f"{unit}.{k}" for unit in ORDER if can_attack(ctx, sec, unit)
            for k in range(min(zone.get(unit, 0), ATTACKS))]


@task("banner_attack")
def _banner_attack(ctx: Ctx, job: Task) -> None:
    if _options(ctx, job["seat"], job["sec"]):
        ctx.ask("banner_attack", [job["seat"]], sec=job["sec"])


@builder("banner_attack")
def _build(ctx: Ctx, ask: Ask, seat: int) -> Any:
    ids = _options(ctx, seat, ask.data["sec"])
    options = [Option(i, "gw.opt.banner_attack", {"unit": i.partition(".")[0]}) for i in ids]
    top = min(ATTACKS, len(ids))
    return prompt(ask, seat, "banner_attack", options, pick_min=0, pick_max=top, args={"sec": ask.data["sec"]},
                  default=tuple(ids[:top]))


@decision("banner_attack")
def _finish(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    """Each picked Soldier attacks from the Rest Zone as in an attack order (its owner picks the spot;
    an archer takes a firing spot); then the archers fire as usual."""
    seat, sec = ask.seats[0], ask.data["sec"]
    picked = [v.partition(".")[0] for v in answers[seat]]
    if not picked:
        return
    ctx.emit("banner_attack", seat=seat, sec=sec, units=picked)
    ctx.push(*({"op": "attack", "seat": seat, "unit": unit, "sec": sec, "source": "rest"} for unit in picked))
