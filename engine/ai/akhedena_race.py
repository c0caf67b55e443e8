"""The hard seat's race for the crown in the full game [Cómo Obtener la Corona].

The first hero to reach the fortress centre takes the crown onto one of its side's castles, and a
side that holds it early wins most games (the bench's traces: about four in five). Two rules set the
pace of the race:

- a hero may leave its home territory only carrying an army card [Territorio de Origen], and it
  moves by the die before the turn's action [Detalles del Turno], so a card bought in the first
  turn's Market lets the hero march from the second turn on, one turn earlier than after a castle;
- the crown needs a castle to sit on (C17: a hero who reaches it without one leaves it there), so
  the castle follows at once, in time for the hero's arrival.

Two army cards of one weapon add the hero's boost [Potenciación de Héroe]: heroes meet around the
centre and a beaten hero goes home [¿Qué pasa cuando mi héroe es derrotado?], so the hero is armed
fully before it sets out when the purse allows.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.akhedena.pack import AkhedenaPack
from engine.core.game import View
from engine.core.prompt import Prompt

Unit = dict[str, Any]


class Racer(Protocol):
    """What the race reads through the seat's AI (engine/ai/akhedena.py)."""

    view: View
    me: int
    pack: AkhedenaPack

    def _hero(self) -> Unit | None: ...


def crown_free(view: View) -> bool:
    return view["crown"]["castle"] is None and view["crown"]["seat"] is None


def opening(ai: Racer, me: dict[str, Any]) -> str | None:
    """The action while the crown lies free: arm the hero, then build the castle the crown needs."""
    hero = ai._hero()
    if not crown_free(ai.view) or hero is None or hero["at"][0] < 0:
        return None
    if not hero["army"] and me["gold"] >= ai.pack.n("army_cost") and _fits_hero(ai, hero, ai.view["market"]):
        return "market"
    if me["castles"] < 1 and me["gold"] >= ai.pack.n("castle_cost"):
        return "build"
    return None


def hero_buy(ai: Racer, prompt: Prompt) -> str | None:
    """While the crown lies free, the army card for the hero: one matching the weapon of its first
    card (the boost), else the strongest it may take."""
    hero = ai._hero()
    if not crown_free(ai.view) or hero is None or hero["at"][0] < 0 or len(hero["army"]) >= 2:
        return None
    offers = [o for o in prompt.options if o.key.endswith("buy_army") and _fits_hero(ai, hero, [o.args["card"]])]
    if not offers:
        return None
    first = ai.pack.armies[hero["army"][0]].weapon if hero["army"] else None

    def rank(o: Any) -> tuple[bool, int, str]:
        card = ai.pack.armies[o.args["card"]]
        return (card.weapon == first, card.atk + card.df, o.id)

    return str(max(offers, key=rank).id)


def save_for_castle(ai: Racer, ids: list[str]) -> str | None:
    """Once the hero is armed and no castle stands yet, spend nothing more in the market (Food may
    still turn into Gold): the castle the crown needs comes first."""
    hero = ai._hero()
    me = ai.view["players"][ai.me]
    if not crown_free(ai.view) or hero is None or not hero["army"] or me["castles"] >= 1:
        return None
    return "trade" if "trade" in ids and me["food"] >= 3 else "done"


def _fits_hero(ai: Racer, hero: Unit, cards: list[str]) -> bool:
    """A hero takes any class first, then only its first card's class [Reglas de asignación]."""
    if len(hero["army"]) >= 2:
        return False
    cls = ai.pack.armies[hero["army"][0]].cls if hero["army"] else None
    return any(cls is None or ai.pack.armies[c].cls == cls for c in cards)


def sprint(ai: Racer) -> bool:
    """A march card carries the armed hero onto the free crown this turn: the card adds its steps to
    one figure in the Move & Fight action [Movimiento después de una batalla] (the die move came
    first), and a castle stands to take the crown."""
    hero = ai._hero()
    if not crown_free(ai.view) or hero is None or hero["at"][0] < 0 or not hero["army"]:
        return False
    if ai.view["players"][ai.me]["castles"] < 1:
        return False
    centre = (ai.view["centre"][0], ai.view["centre"][1])
    away: int = abs(hero["at"][0] - centre[0]) + abs(hero["at"][1] - centre[1])
    steps = [ai.pack.actions[c].value for c in ai.view["me"]["hand"] if ai.pack.actions[c].effect == "steps"]
    return 0 < away <= max(steps, default=0) + int(hero["steps"])


def sprint_step(ai: Racer, prompt: Prompt) -> str | None:
    """In the Move & Fight action of a sprint: play the march card, give it to the hero, move it."""
    hero = ai._hero()
    if hero is None or not sprint(ai):
        return None
    ids = [o.id for o in prompt.options]
    if prompt.kind == "march":
        return str(hero["id"]) if hero["id"] in ids else None
    if hero["id"] in ids and hero["steps"] > 0:
        return str(hero["id"])
    return next((o.id for o in prompt.options if o.key.endswith(".march")), None)
