"""The seat AIs' answers to the Red Turban Rebellion's decisions [IT AC, "La Rivolta dei Turbanti
Rossi"] (engine/greatwall/chronicles/red_turban.py), for the normal and hard levels. A Breach loses
the game, so fewer Hordes are worth Gold: a seat completes the team's next 3 Gold when it can keep a
little back, and a rich one buys a second Horde off. A Clerk for 20 Honor only while Honor stays for
a Shame discard (co-op: 10 Honor a token)."""

from __future__ import annotations

from engine.ai.greatwall_hard import HARD_PICKS
from engine.ai.greatwall_turn import Pick, Turn
from engine.greatwall.resources import build_payment
from engine.greatwall.state import Player

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


def _build(t: Turn) -> list[str]:
    """Any Breach loses the game [IT AC]: before the hard plan (Honor first), close every Section
    whose Hordes' Offensive Power beats its Defence [ES p.9-10], the widest gap first, with the
    cheapest step that raises the Defence; with no gap left the hard seat's own plan builds."""
    secs = t.view["sections"]
    gaps = [int(s["power"]) - int(s["defence"]) for s in secs]
    if not t.view.get("turban") or max(gaps, default=0) <= 0:
        return HARD_PICKS["build"](t)
    walls, bars = [int(s["wall"]) for s in secs], [int(s["barricades"]) for s in secs]
    money, spent, out = t.build_money(), 0, []
    for _ in range(t.prompt.slots - 1):
        steps = [(gaps[sec], -gain, cost, kind, sec) for sec in range(len(secs)) if gaps[sec] > 0
                 for kind, cost, gain in _steps(t, walls[sec], bars[sec]) if cost <= money - spent and gain > 0]
        if not steps:
            out.append("pass")
            continue
        _, neg_gain, cost, kind, sec = max(steps, key=lambda x: (x[0], x[3] == "wall", -x[2]))
        gaps[sec] += neg_gain
        walls[sec] += kind == "wall"
        bars[sec] += kind == "bar"
        spent += cost
        out.append(f"{kind}.{sec}")
    paid = build_payment(dict(t.prompt.args["warehouse"]), Player(res=dict(t.res)), spent)
    for r, n in (paid[1] if paid else {}).items():
        t.res[r] -= n
    last = t.slot(t.prompt.slots - 1)
    return [*out, t.tactic(last) if spent else last[0].id]


def _steps(t: Turn, wall: int, bars: int) -> list[tuple[str, int, int]]:
    """(kind, cost, Defence gained) of one more Wall level and one more Barricade [ES p.9, p.13]."""
    out = []
    if wall < 3:
        out.append(("wall", t.pack.walls[wall + 1].cost, t.pack.walls[wall + 1].defence - t.pack.walls[wall].defence))
    if bars < 3:
        out.append(("bar", t.pack.costs["barricade"], t.pack.costs["barricade_defence"]))
    return out


TURBAN_PICKS: dict[str, Pick] = {"turban_state": _pledge, "turban_hire": _hire}
# Where the Red Turbans change what a careful team builds (engine/ai/greatwall_team.py applies it).
TURBAN_TEAM_PICKS: dict[str, Pick] = {"build": _build}
