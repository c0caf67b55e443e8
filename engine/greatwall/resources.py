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
    """The preselected payment of ``amount`` wood/stone/gold for walls and barricades (the builder
    may choose any other mix, engine/greatwall/encampment.py): the Warehouse first, as the rules
    demand [ES p.13], then the player's own, most plentiful kind first (keeps a mix usable).
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


def mixes(pool: dict[str, int], amount: int) -> list[Cost]:
    """Every way to take ``amount`` of wood/stone/gold out of ``pool`` (wood-heavy first)."""
    have = [pool.get(r, 0) for r in BUILD_RESOURCES]
    out: list[Cost] = []
    for wood in range(min(have[0], amount), -1, -1):
        for stone in range(min(have[1], amount - wood), -1, -1):
            gold = amount - wood - stone
            if gold <= have[2]:
                out.append({"wood": wood, "stone": stone, "gold": gold})
    return out


def payment_choices(warehouse: dict[str, int], player: Player, amount: int) -> tuple[str, Cost, list[Cost]]:
    """The open part of a wall/barricade payment [ES p.13]: the Warehouse must pay first, so either it
    holds at least ``amount`` and the builder picks which of its resources go (source "warehouse"),
    or all of it goes and the builder picks the mix of the rest from their own (source "own").
    Returns (source, the fixed part from the Warehouse, the possible mixes of the open part)."""
    stock = sum(warehouse.get(r, 0) for r in BUILD_RESOURCES)
    if stock >= amount:
        return "warehouse", {}, mixes(warehouse, amount)
    fixed = {r: warehouse.get(r, 0) for r in BUILD_RESOURCES}
    return "own", fixed, mixes(player.res, amount - stock)


def mix_id(mix: Cost) -> str:
    """A short, custom_id-safe name of a mix: w2-s0-g1."""
    return "-".join(f"{r[0]}{mix.get(r, 0)}" for r in BUILD_RESOURCES)


def parse_mix(text: str) -> Cost | None:
    parts = text.split("-")
    if len(parts) != len(BUILD_RESOURCES):
        return None
    out: Cost = {}
    for r, part in zip(BUILD_RESOURCES, parts, strict=True):
        if part[:1] != r[0] or not part[1:].isdigit():
            return None
        out[r] = int(part[1:])
    return out
