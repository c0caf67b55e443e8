"""How a finished board says what happened, by the game's declared outcome kind (engine/core/game.py
``OutcomeKind``), read from the view's ``outcome`` section: never by a mode name."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.game import OutcomeKind, View
from engine.core.text import Translate
from rendering.kit import plural, say


def competitive(view: View) -> bool:
    """Whether the table ranks its seats against each other (a view with no outcome yet: as ever)."""
    kind = (view.get("outcome") or {}).get("kind", OutcomeKind.FREE_FOR_ALL)
    return OutcomeKind(kind).competitive


def against_automaton(view: View, names: Sequence[str], tr: Translate) -> str:
    """One player's ending against the game's automaton: beaten or lost to, by how much when the
    final scores decided it (the view's ``margin``: the player's score minus the automaton's)."""
    outcome = view["outcome"]
    name, rival, margin = names[outcome["player"]], names[outcome["rival"]], outcome["margin"]
    if margin is None:
        return say(tr, "board.solo_won_early" if outcome["winners"] else "board.solo_lost_early", name=name,
                   rival=rival)
    if margin == 0:
        return say(tr, "board.solo_tied", name=name, rival=rival)
    points = plural(tr, "board.points", abs(margin))
    return say(tr, "board.solo_won" if margin > 0 else "board.solo_lost", name=name, rival=rival, points=points)
