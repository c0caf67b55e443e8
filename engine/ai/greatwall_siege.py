"""The seat AIs' answers to the Siege of Diaoyucheng's decisions [IT AC, "L'Assedio di Diaoyucheng"]
(engine/greatwall/chronicles/siege.py), for the normal and hard levels (random and easy pick any legal
answer). The policy: the Defence falls each Night by the tokens beside the Fortress less its archers,
so keep archers in the Fortress (one per activation: cheap, always legal), and buy Defence with the
Encampment's Clerks only when the coming Nights would bring it to 0 (``defence_short``). Every pick
spends from the running budget, so several picks together stay payable."""

from __future__ import annotations

from typing import Any

from engine.ai.greatwall_turn import Pick, Turn

NORMAL = "normal"
SAFE_MARGIN = 1  # Defence we want left after the Nights we plan for (0 loses)
LOOKAHEAD = 2  # Nights ahead the Defence is bought for
# Measured (a table of hard seats, seeds 60..119; the Fortress never fell in the losses, the Shame
# supply did): buying for two Nights with a margin of 1 instead of 3 left the resources to soldiers,
# 2p 0.23 -> 0.28, 3p 0.47 -> 0.63; one Night or three Nights ahead 0.15 / 0.62 both.


def _fortress(t: Turn) -> dict[str, Any]:
    card: dict[str, Any] = t.view.get("siege") or {}
    return card


def _slots(t: Turn) -> int:
    return max(1, t.prompt.slots)


def _wanted_archers(t: Turn) -> int:
    """Archers the Fortress still wants before the Night: one per token beside the card (each cancels
    one [IT AC, "Fase della Notte"]), and one more for the Raid the next Spring may add, up to its
    Firing spots."""
    card = _fortress(t)
    inside = len(card.get("fortress", ()))
    return max(0, min(int(card.get("spots", 3)), int(card.get("siege", 0)) + 1) - inside)


def _barracks(t: Turn) -> list[str]:
    """Archers into the Fortress while it wants them and we can pay; the other Clerks recruit as usual."""
    want = _wanted_archers(t)
    out: list[str] = []
    for i in range(_slots(t)):
        fort = next((o for o in t.slot(i) if o.id == "fort"), None)
        if fort is not None and want > 0 and t.affordable(fort.args.get("cost", {})):
            t.spend(fort.args.get("cost", {}))
            want -= 1
            out.append("fort")
        else:
            out.append(NORMAL)
    return out


def _logistics(t: Turn) -> list[str]:
    """Archers to the Fortress while it wants them, from a Rest Zone first (an idle archer), else from
    a Firing spot."""
    want = _wanted_archers(t)
    used: set[str] = set()
    out: list[str] = []
    for i in range(_slots(t)):
        moves = sorted((o for o in t.slot(i) if o.id != NORMAL and o.id not in used),
                       key=lambda o: not o.id.endswith(".r"))
        if moves and want > 0 and t.affordable(moves[0].args.get("cost", {})):
            t.spend(moves[0].args.get("cost", {}))
            want -= 1
            out.append(moves[0].id)
            used.add(moves[0].id)
        else:
            out.append(NORMAL)
    return out


def nights_left(view: dict[str, Any]) -> int:
    """Nights still to come, this Year's included (one each Winter until the Time track's end)."""
    return max(1, len(view["time_track"]) - int(view["time"]))


def defence_short(view: dict[str, Any], defence: int) -> bool:
    """Whether the Fortress would not outlast the next Nights we plan for (``LOOKAHEAD``, never past
    the game's end) with ``defence``: each Night takes 1 a token beside the card, less 1 an archer
    inside [IT AC, "Fase della Notte"] (tonight's archers are the ones inside now; later Nights
    count on none), a Raid adds a token a Year [IT AC, "Razzie"], and 0 loses at once."""
    card = view["siege"]
    tokens, inside = int(card["siege"]), len(card["fortress"])
    loss = sum(max(0, tokens + k - (inside if k == 0 else 0)) for k in range(min(LOOKAHEAD, nights_left(view))))
    return defence - loss < SAFE_MARGIN


def _camp(t: Turn) -> list[str]:
    """Buy Defence only while the coming Nights would bring it to 0 (``defence_short``), up to the
    track's top: every resource it takes is a soldier fewer against the Raids."""
    card = _fortress(t)
    defence = int(t.prompt.args.get("defence", 0))
    room = int(card.get("max", defence)) - defence
    out: list[str] = []
    for i in range(_slots(t)):
        mixes = [o for o in t.slot(i) if o.id != NORMAL and t.affordable(o.args.get("cost", {}))]
        if mixes and room > 0 and defence_short(t.view, defence):
            t.spend(mixes[0].args.get("cost", {}))
            defence, room = defence + 1, room - 1
            out.append(mixes[0].id)
        else:
            out.append(NORMAL)
    return out


def fortress_wants(t: Turn) -> list[str]:
    """Where the team's clerks serve the Fortress (for the co-op team's clerk plan): the Encampment
    when the coming Nights would bring the Defence to 0, the Barracks when the Fortress wants
    archers. Nothing outside the Siege."""
    card = t.view.get("siege")
    if not card:
        return []
    out = []
    if defence_short(t.view, int(card["defence"])) and int(card["defence"]) < int(card["max"]):
        out.append("encampment")
    if _wanted_archers(t) > 0:
        out.append("barracks")
    return out


SIEGE_PICKS: dict[str, Pick] = {"siege_barracks": _barracks, "siege_logistics": _logistics, "siege_camp": _camp}
