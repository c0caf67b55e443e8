"""The seat AIs' answers to La Grande Carestia's decisions [IT AC, "La Grande Carestia"]
(engine/greatwall/chronicles/great_famine.py), from the seat's own view only.

- Clerk moves: when next Winter's Consumption would find the Food short (one per piece on the board,
  a Clerk more counted for the one being sent) and the seat holds the Gold the Market asks (the
  Lethality), the first Clerk of the normal plan goes to the Market instead.
- The Market: buy as many times as raise the Food (the rest would be over the cap), Gold allowing:
  the prompt's own preselection.
- Consumption: the unfed pieces are the cheapest to lose (Clerks on Locations first, Overseers last):
  the prompt's own preselection.
- The hard search's evaluation (engine/ai/greatwall_search.py ``value``): the chance the table
  loses counts against the seat as that loss would (``famine_risk``): sure when the coming assault
  would bring the shared cap to its limit (``famine_due``), else read from the cap's pace so far. Most
  of the fall is Spring Raids, 1 a card, from the third year on; a Breach takes a Section's worth at
  once. Measured (3p against normal seats, seeds 0..59, the cap's old stand-in start 20): the sure
  case alone won 0.383 (36 tables of 60 lost), the forecast 0.433 (34); weighed three times 0.417
  (35). A table of three normal seats lost 27 of those 60 games, of three hard heuristics 29: the
  3-player table's six years of Raids brought that cap near its limit whoever sat there, so the
  stand-in was re-tuned (data/chronicles/great_famine.toml).
- Looked at, not kept: the hard heuristic's soldiers (engine/ai/greatwall_guard.py) still value the
  breach Shame a first soldier on a card spares, which the scenario never gives. Without it, or with
  a card's defeat valued as the cap fall it spares instead, the seat won 0.50 (28 tables lost) against
  0.55 (27) (3p against normal seats, seeds 0..59, cap 20), both times: no gain, so the term stays (it
  still pushes the seat to put a soldier on every card of a Section about to fall).
- Looked at, not kept (cap 28; figures in docs/ai-strength.md, "What bounds the Great Famine against
  random seats"): the table's loss weighed 5 wins instead of 1, in the forecast and when a playout
  reaches it (a small gain against random seats, at 4p all of it on seeds 0..29; a loss against
  normal seats at 3p); and the co-op team's recruits, targets and clerk plan (engine/ai/greatwall_team.py) as a
  further candidate (worse)."""

from __future__ import annotations

import math
from collections.abc import Callable

from engine.ai.greatwall_outlook import breaching
from engine.ai.greatwall_shame_forecast import assaults_after, assaults_played
from engine.ai.greatwall_turn import Pick, Turn
from engine.greatwall.chronicles import great_famine
from engine.greatwall.flow import Ctx

MARKET = "to.market"


def on_board(t: Turn) -> int:
    """Our pieces the Consumption counts, from the public view."""
    seat, key = t.seat, str(t.seat)
    count: int = sum(at.count(seat) for at in t.view["clerks"].values())
    count += sum(1 for at in t.view["overseers"].values() if key in at)
    for section in t.view["sections"]:
        count += sum(section["rest"].get(key, {}).values()) + section["firing"].count(seat)
        count += sum(1 for h in section["hordes"] for s in h["soldiers"] if s["seat"] == seat)
    return int(count)


def hungry(t: Turn) -> bool:
    chronicle = t.view.get("chronicle") or {}
    if chronicle.get("scenario") != "great_famine":
        return False
    food = int(chronicle["food"].get(str(t.seat), 0))
    cap, price = int(chronicle["cap"]), int(chronicle["price"])
    return food < min(cap, on_board(t) + 1) and t.res.get("gold", 0) >= price > 0


def moving(normal: Callable[[Turn], list[str]]) -> Pick:
    """The normal plan, its first destination changed to the Market when the seat will go hungry."""
    def pick(t: Turn) -> list[str]:
        plan = normal(t)
        offered = any(o.id == MARKET for i in range(max(1, t.prompt.slots)) for o in t.slot(i))
        if not offered or not hungry(t):
            return plan
        for i in range(1, len(plan), 2):
            if plan[i].startswith("to.") and plan[i - 1] == "from.reserve":
                return [*plan[:i], MARKET, *plan[i + 1:]]
        return plan
    return pick


def famine_due(ctx: Ctx) -> bool:
    """La Grande Carestia [IT AC]: whether the assault, if it came now, would end the game with every
    player losing: each breached Section lowers the shared cap by 1 per Horde card in it, and the cap
    at the scenario's limit (5) or less is the table's loss at once."""
    room = cap_room(ctx, pending=True)
    return room is not None and room <= 0


def cap_room(ctx: Ctx, pending: bool) -> int | None:
    """How far the shared cap can still fall before the table's loss [IT AC], after the coming
    assault's breaches when it is ``pending``; None outside La Grande Carestia."""
    if not great_famine.at_table(ctx.state):
        return None
    cards = sum(len(ctx.state.sections[sec].hordes) for sec in breaching(ctx)) if pending else 0
    return int(great_famine.card(ctx.state)["cap"]) - cards - great_famine.numbers(ctx).loss_at


def famine_risk(ctx: Ctx, pending: bool) -> float:
    """The chance the table loses to the famine before the end [IT AC]: 1 when the coming assault
    (``pending``) brings the cap to its limit; else the cap's fall per assault so far (Raids and
    Breaches alike) run on over the assaults the Time track leaves [ES p.9], in falls of a Section's
    worth of Horde cards, their number Poisson-spread. 0 outside the scenario and before any fall."""
    room = cap_room(ctx, pending)
    if room is None:
        return 0.0
    if room <= 0:
        return 1.0
    played = assaults_played(ctx.state.year, ctx.state.season)
    fallen = great_famine.numbers(ctx).cap - int(great_famine.card(ctx.state)["cap"])
    if played <= 0 or not fallen:  # no pace to read yet
        return 0.0
    sections = ctx.state.sections
    chunk = max(1.0, sum(len(s.hordes) for s in sections) / len(sections))
    expected = fallen / played * assaults_after(ctx) / chunk
    return _at_least(expected, math.ceil(room / chunk))


def _at_least(expected: float, n: int) -> float:
    """The chance a Poisson count of mean ``expected`` is ``n`` or more."""
    term = below = math.exp(-expected)
    for k in range(1, n):
        term *= expected / k
        below += term
    return max(0.0, 1.0 - below)
