"""Who decides for a rules-driven clan (the Reed clan [ES p.15]): the Overlord. Kept apart and small
so another mode (solo, with Qin Jiushao) can name its own Overlord."""

from __future__ import annotations

from engine.greatwall.state import State


def overlord(state: State) -> int:
    """The active player; on the Reed clan's own turn (or while nobody is active, e.g. while command
    cards are placed) the top human on the Tea stack [ES p.15]."""
    if state.active is not None and not state.is_automaton(state.active):
        return state.active
    return state.tea_humans()[0]


def decider(state: State, seat: int) -> int:
    """The seat that answers a decision of clan ``seat``: itself, or the Overlord for an automaton."""
    return overlord(state) if state.is_automaton(seat) else seat
