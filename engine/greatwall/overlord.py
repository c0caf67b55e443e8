"""Who decides for a rules-driven clan (the Reed clan [ES p.15]): the Overlord. Kept apart and small
so another mode (solo, with Qin Jiushao) can name its own Overlord."""

from __future__ import annotations

from engine.greatwall.state import State


def overlord(state: State) -> int:
    """The active player; on the Reed clan's own turn (or while nobody is active, e.g. while command
    cards are placed) the top human on the Tea stack [ES p.15]."""
    if state.active is not None and not state.is_reed(state.active):
        return state.active
    # Solo: Qin is Overlord on his own turn, or on Reed's when above you in Tea order [ES p.17].
    return next(s for s in state.tea if not state.is_reed(s))


def decider(state: State, seat: int) -> int:
    """The seat that answers a decision of clan ``seat``: itself, or the Overlord for an automaton."""
    return overlord(state) if state.is_reed(seat) else seat
