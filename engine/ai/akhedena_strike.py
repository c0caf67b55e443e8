"""The hard seat's attacks in the full game, read with the battle rules themselves rather than a
bare comparison of totals [Cómo Batallar]:

- archers shooting a non-archer at range hit each army card on its own, and a castle's walls after
  its cards (Scenario A; engine/akhedena/strength.py ``volley``), so a volley can empty a castle
  whose total defence is far above the archers' attack;
- whoever destroys the castle holding the crown takes it [Cómo Obtener la Corona], the half of the
  win [Objetivo del Juego] that no VP buys: that attack comes before any other.

Black cards stay unknown until the battle; the reading is the one with none played.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.akhedena.pack import AkhedenaPack
from engine.akhedena.strength import Boost, Exchange, Stats, clash
from engine.core.game import View
from engine.core.prompt import Prompt

Unit = dict[str, Any]


class Striker(Protocol):
    view: View
    me: int
    pack: AkhedenaPack

    def _stats(self, p: Unit) -> Stats: ...

    def _piece(self, piece_id: str) -> Unit | None: ...


def exchange(ai: Striker, unit: Unit, target: Unit, ranged: bool) -> Exchange:
    """battle.py ``exchange`` on the view, with no black card (strength.py ``clash``)."""
    structure = ai.pack.castles[target["card"]].base if target["kind"] == "castle" else None
    return clash(ai._stats(unit), ai._stats(target), Boost(), Boost(), ranged, target["cls"] == "ranged", structure)


def pick(ai: Striker, unit: Unit, prompt: Prompt) -> str | None:
    """The rival's crown castle when this attack takes it; else a target this attack beats or
    empties of army cards (a battle won, 10 VP [Cómo Batallar]), the one holding most cards first."""
    best: tuple[int, str] | None = None
    for option in prompt.options:
        target = ai._piece(option.id)
        if target is None:
            continue
        result = exchange(ai, unit, target, bool(option.args.get("ranged")))
        emptied = bool(target["army"]) and len(result.lost_cards) == len(target["army"])
        if result.attacker_lost or not (result.defender_lost or emptied):
            continue
        if target["crown"] and result.defender_lost:
            return option.id
        rank = (len(target["army"]), option.id)
        best = rank if best is None or rank > best else best
    return None if best is None else best[1]
