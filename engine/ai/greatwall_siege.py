"""The seat AIs' answers to the Siege of Diaoyucheng's decisions [IT AC, "L'Assedio di Diaoyucheng"]
(engine/greatwall/chronicles/siege.py), for the normal and hard levels (random and easy pick any legal
answer). The policy: the Defence falls each Night by the tokens beside the Fortress less its archers,
so keep archers in the Fortress (one per activation: cheap, always legal), and buy Defence with the
Encampment's Clerks when the next Night would bring it near 0. Every pick spends from the running
budget, so several picks together stay payable."""

from __future__ import annotations

from typing import Any

from engine.ai.greatwall_turn import Pick, Turn

NORMAL = "normal"
SAFE_MARGIN = 2  # Defence we want left after the next Night


def _fortress(t: Turn) -> dict[str, Any]:
    card: dict[str, Any] = t.view.get("siege") or {}
    return card


def _slots(t: Turn) -> int:
    return max(1, t.prompt.slots)


def _barracks(t: Turn) -> list[str]:
    """One archer into the Fortress while it has room and we can pay; the other Clerks recruit as usual."""
    out: list[str] = []
    for i in range(_slots(t)):
        fort = next((o for o in t.slot(i) if o.id == "fort"), None)
        if fort is not None and not out and t.affordable(fort.args.get("cost", {})):
            t.spend(fort.args.get("cost", {}))
            out.append("fort")
        else:
            out.append(NORMAL)
    return out


def _logistics(t: Turn) -> list[str]:
    """One archer to the Fortress, from a Rest Zone first (an idle archer), else from a Firing spot."""
    out: list[str] = []
    for i in range(_slots(t)):
        moves = sorted((o for o in t.slot(i) if o.id != NORMAL), key=lambda o: not o.id.endswith(".r"))
        if moves and not out and t.affordable(moves[0].args.get("cost", {})):
            t.spend(moves[0].args.get("cost", {}))
            out.append(moves[0].id)
        else:
            out.append(NORMAL)
    return out


def _camp(t: Turn) -> list[str]:
    """Buy Defence while the next Night would leave less than ``SAFE_MARGIN``, up to the track's top."""
    card = _fortress(t)
    defence, tokens = t.prompt.args.get("defence", 0), t.prompt.args.get("siege", 0)
    threat = max(0, tokens - len(card.get("fortress", ())))
    room = int(card.get("max", defence)) - defence
    out: list[str] = []
    for i in range(_slots(t)):
        mixes = [o for o in t.slot(i) if o.id != NORMAL and t.affordable(o.args.get("cost", {}))]
        if mixes and room > 0 and defence - threat < SAFE_MARGIN + 1:
            t.spend(mixes[0].args.get("cost", {}))
            defence, room = defence + 1, room - 1
            out.append(mixes[0].id)
        else:
            out.append(NORMAL)
    return out


SIEGE_PICKS: dict[str, Pick] = {"siege_barracks": _barracks, "siege_logistics": _logistics, "siege_camp": _camp}
