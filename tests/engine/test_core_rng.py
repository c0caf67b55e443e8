"""The engine's generator (engine/core/rng.py): what the AI samplers rely on."""

from __future__ import annotations

from engine.core.rng import Rng


def test_a_redrawn_pile_depends_on_the_dice_alone_never_on_the_order_it_came_in() -> None:
    """A face-down pile's order is known to no seat (ES p.5): the AI's redraw of it must give the same
    order from the same dice whatever the true order was, and still be a shuffle of the same cards."""
    cards = [f"c{i}" for i in range(12)]
    orders = [list(cards), list(reversed(cards)), cards[5:] + cards[:5]]
    drawn = []
    for order in orders:
        Rng.from_seed(3).reorder(order)
        drawn.append(order)
    assert drawn[0] == drawn[1] == drawn[2]
    assert sorted(drawn[0]) == sorted(cards)
    other = list(cards)
    Rng.from_seed(4).reorder(other)
    assert other != drawn[0]
