"""The seat AI in the Emperor's Visit [IT AC, "La Visita dell'Imperatore"]: normal and hard seats keep
back the amount of the wanted resource the Emperor will ask to see after the Winter Assault (10 Honor
for showing it, a Shame token otherwise), so no spending pick spends below it. Read from the seat's own
view only: the card is public, the stock its own. The token move (``emperor_move``) takes the prompt's
preselection, which is already the space the seat is nearest to meeting."""

from __future__ import annotations

from engine.core.game import View


def kept_for_emperor(view: View) -> dict[str, int]:
    """The wanted resource, up to the amount asked."""
    card = view.get("emperors_visit")
    if not card:
        return {}
    return {card["resource"]: int(card["n"])}
