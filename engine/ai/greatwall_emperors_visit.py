"""The seat AI in the Emperor's Visit [IT AC, "La Visita dell'Imperatore"]: normal and hard seats keep
back the amount of the wanted resource the Emperor will ask to see after the Winter Assault (10 Honor
for showing it, a Shame token otherwise), so no spending pick spends below it. Read from the seat's own
view only: the card is public, the stock its own. The token move (``emperor_move``) takes the prompt's
preselection, which is already the space the seat is nearest to meeting."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.game import View


def kept_for_emperor(view: View) -> dict[str, int]:
    """The wanted resource, up to the amount asked."""
    card = view.get("emperors_visit")
    if not card:
        return {}
    return {card["resource"]: int(card["n"])}


def short_of_emperor(view: View, stock: Mapping[str, int]) -> int:
    """How many of the wanted resource ``stock`` lacks to show the amount asked (``kept_for_emperor``;
    0 outside the scenario): each is one more to gather before the Winter, or 10 Honor missed and a
    Shame taken."""
    return sum(max(0, n - stock.get(resource, 0)) for resource, n in kept_for_emperor(view).items())


WAREHOUSE = "to.warehouse"


def to_warehouse(view: View, offered: set[str], distinct: bool, values: list[str]) -> list[str]:
    """A clerk move answer, with one unused (skipped) move turned into a reserve Clerk sent to the
    Warehouse when the seat cannot show this year's amount but already holds another space's: the
    most Clerks there move the token after the Assault [IT AC, "Inviare i Commessi al Magazzino"]."""
    card = view.get("emperors_visit")
    if not card or WAREHOUSE not in offered or "from.reserve" not in offered or (distinct and WAREHOUSE in values):
        return values
    res, amounts = view["me"]["res"], card["amounts"]
    wanted = card["resource"]
    better = any(res.get(r, 0) >= n for r, n in amounts.items() if r != wanted)
    spare = view["players"][view["me"]["seat"]]["clerks"] - values.count("from.reserve")
    if res.get(wanted, 0) >= card["n"] or not better:
        return values
    pairs = range(0, len(values) - 1, 2)
    skipped = [i for i in pairs if values[i] == values[i + 1] == "skip"]
    if skipped and spare > 0:
        i = skipped[0]
    elif len(values) > 2 and values[-2] == "from.reserve":  # else the last of several moves goes there
        i = len(values) - 2
    else:
        return values
    return [*values[:i], "from.reserve", WAREHOUSE, *values[i + 2:]]
