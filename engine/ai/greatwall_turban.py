"""The seat AIs' answers to the Red Turban Rebellion's decisions [IT AC, "La Rivolta dei Turbanti
Rossi"] (engine/greatwall/chronicles/red_turban.py), for the normal and hard levels. A Breach loses
the game, so fewer Hordes are worth Gold: a seat completes the team's next 3 Gold when it can keep a
little back, and a rich one buys a second Horde off. A Clerk for 20 Honor only while Honor stays for
a Shame discard (co-op: 10 Honor a token)."""

from __future__ import annotations

from engine.ai.greatwall_turn import Pick, Turn

KEEP_GOLD = 1  # Gold a seat keeps back for itself
RICH_GOLD = 8  # from here a seat pledges a second 3 Gold
KEEP_HONOR = 10  # one co-op Shame discard


def _pledge(t: Turn) -> list[str]:
    offered = {int(o.id[1:]) for o in t.slot(0)}
    pledged = int(t.prompt.args.get("pledged", 0))
    need = 3 - pledged % 3
    gold = t.res.get("gold", 0)
    want = need + (3 if gold >= RICH_GOLD + need else 0) if gold - need >= KEEP_GOLD else 0
    best = max((k for k in offered if k <= want), default=0)
    return [f"g{best}"]


def _hire(t: Turn) -> list[str]:
    return ["hire" if t.honor - 20 >= KEEP_HONOR and any(o.id == "hire" for o in t.slot(0)) else "keep"]


TURBAN_PICKS: dict[str, Pick] = {"turban_state": _pledge, "turban_hire": _hire}
