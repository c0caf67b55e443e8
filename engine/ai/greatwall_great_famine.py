"""The seat AIs' answers to La Grande Carestia's decisions [IT AC, "La Grande Carestia"]
(engine/greatwall/chronicles/great_famine.py), from the seat's own view only.

- Clerk moves: when next Winter's Consumption would find the Food short (one per piece on the board,
  a Clerk more counted for the one being sent) and the seat holds the Gold the Market asks (the
  Lethality), the first Clerk of the normal plan goes to the Market instead.
- The Market: buy as many times as raise the Food (the rest would be over the cap), Gold allowing:
  the prompt's own preselection.
- Consumption: the unfed pieces are the cheapest to lose (Clerks on Locations first, Overseers last):
  the prompt's own preselection."""

from __future__ import annotations

from collections.abc import Callable

from engine.ai.greatwall_turn import Pick, Turn

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
