"""Paying and gaining: costs from the player's screen, and wall/barricade payments from the Warehouse."""

from __future__ import annotations

from engine.greatwall.pack import BUILD_RESOURCES, Cost
from engine.greatwall.state import Player, no_resources


def can_pay(player: Player, cost: Cost) -> bool:
    return all(player.res.get(r, 0) >= n for r, n in cost.items() if r != "honor")


def pay(player: Player, cost: Cost) -> None:
    """Spend ``cost``; "honor" in a cost (a tactic's boost) is paid from the Honor track."""
    for r, n in cost.items():
        if r == "honor":
            player.honor = max(0, player.honor - n)
        else:
            player.res[r] -= n


def add(a: Cost, b: Cost) -> Cost:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return out


def can_afford(player: Player, cost: Cost) -> bool:
    """Like can_pay, honor included (a boost paid in Honor needs that much Honor)."""
    return can_pay(player, cost) and player.honor >= cost.get("honor", 0)


def build_payment(warehouse: dict[str, int], player: Player, amount: int) -> tuple[Cost, Cost] | None:
    """How ``amount`` of wood/stone/gold is paid for a wall or barricade: the Warehouse first, as the
    rules demand [ES p.13], then the player's own, most plentiful kind first (keeps a mix usable).
    Returns (from warehouse, from player) or None when it cannot be paid."""
    from_wh = no_resources()
    from_me = no_resources()
    left = amount
    for pool, taken in ((warehouse, from_wh), (player.res, from_me)):
        while left:
            kinds = [r for r in BUILD_RESOURCES if pool.get(r, 0) - taken[r] > 0]
            if not kinds:
                break
            best = max(kinds, key=lambda r: (pool[r] - taken[r], -BUILD_RESOURCES.index(r)))
            taken[best] += 1
            left -= 1
    if left:
        return None
    return ({k: v for k, v in from_wh.items() if v}, {k: v for k, v in from_me.items() if v})


def build_total(warehouse: dict[str, int], player: Player) -> int:
    return sum(warehouse.get(r, 0) + player.res.get(r, 0) for r in BUILD_RESOURCES)
