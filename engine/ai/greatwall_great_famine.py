"""The seat AIs' answers to La Grande Carestia's decisions [IT AC, "La Grande Carestia"]
(engine/greatwall/chronicles/great_famine.py), from the seat's own view only.

- Clerk moves: when next Winter's Consumption would find the Food short (one per piece on the board,
  a Clerk more counted for the one being sent) and the seat holds the Gold the Market asks (the
  Lethality), the first Clerk of the normal plan goes to the Market instead.
- The Market: buy as many times as raise the Food (the rest would be over the cap), Gold allowing:
  the prompt's own preselection.
- Consumption: the unfed pieces are the cheapest to lose (Clerks on Locations first, Overseers last):
  the prompt's own preselection.
- The hard search's evaluation (engine/ai/greatwall_search.py ``value``): a coming assault that
  would bring the shared cap to its limit counts as the table's loss (``famine_due``)."""

from __future__ import annotations

from collections.abc import Callable

from engine.ai.greatwall_outlook import breaching
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
    chronicle = ctx.state.chronicle
    if not chronicle or chronicle.get("scenario") != great_famine.NAME:
        return False
    cards = sum(len(ctx.state.sections[sec].hordes) for sec in breaching(ctx))
    return int(chronicle["cap"]) - cards <= great_famine.numbers(ctx).loss_at

