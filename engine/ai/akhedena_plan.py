"""Akhedena's campaign: where a seat's armed units go, and when it marches, so that its play heads for
the only win the full game has — the crown on one of the side's castles with enough VP on the side
[Objetivo del Juego] — and a game between AIs ends on that rule rather than in endless manoeuvres.

Why it exists: without it two AIs could each fortify, wait and rebuild for ever (a hero parked before
an Origin Point two castles guard, a castle rebuilt every time it falls, a market visited that sells
nothing it can use). The campaign reads the side's distance to the win and always moves something
towards it:

- the crown: while it is free the hero heads for the fortress centre [Cómo Obtener la Corona]; while a
  rival side holds it, the units that can storm its castle go there (a fallen castle passes the crown
  to its conqueror, C17);
- the VP: an enemy Origin Point holding VP within reach (its walls can be broken [Muros], its
  guarding castles stormed) is robbed [Puntos de Origen]; else the weakest enemy piece the unit beats
  is attacked, each won battle being worth VP [¿Cómo se desarrolla una batalla?].

Team play [Modo por Equipos]: the side is the seat and its ally; its VP are the best of the two, its
crown either's, and neither ever targets the other.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.akhedena.strength import Stats
from engine.core.game import View

Square = tuple[int, int]
Unit = dict[str, Any]


class Reader(Protocol):
    """What the campaign reads through the seat's AI (engine/ai/akhedena.py): its view, seat and
    the strength of a piece as the view shows it."""

    view: View
    me: int

    def _stats(self, p: Unit) -> Stats: ...

    def _enemies(self) -> list[Unit]: ...

    def _pieces(self, mine: bool | None = None) -> list[Unit]: ...


def side(view: View, seat: int) -> set[int]:
    """The seat and its allies (team play), whose VP and crown count as one."""
    team = view["players"][seat]["team"]
    return {s for s, p in enumerate(view["players"]) if s == seat or (team is not None and p["team"] == team)}


def crown_holder(view: View) -> int | None:
    seat = view["crown"]["seat"]
    return None if seat is None else int(seat)


def side_vp(view: View, seat: int) -> int:
    return max(int(view["players"][s]["vp"]) for s in side(view, seat))


def beats(ai: Reader, unit: Unit, target: Unit) -> bool:
    """The unit's attack passes the target's defence (an empty general or hero falls to anything).
    Archers shoot each army card on its own and a castle's walls after them (engine/akhedena/strength.py
    ``volley``), so they beat what no single card of the target withstands."""
    if not target["army"] and target["kind"] != "castle":
        return True
    mine, theirs = ai._stats(unit), ai._stats(target)
    if unit["cls"] == "ranged" and theirs.cards:
        base = theirs.df - sum(d for _, d in theirs.cards)
        return all(d < mine.atk for _, d in theirs.cards) and (target["kind"] != "castle" or mine.atk > base)
    return mine.atk > theirs.df


def goal(ai: Reader, unit: Unit) -> Square | None:
    """The square an armed unit marches on, or None when nothing on the board is worth its march."""
    view, me = ai.view, ai.me
    ours = side(view, me)
    holder = crown_holder(view)
    if unit["kind"] == "hero" and holder is None:
        return (view["centre"][0], view["centre"][1])
    here = _at(unit)
    if holder is not None and holder not in ours:
        castle = next((p for p in view["pieces"] if p["crown"]), None)
        if castle is not None and beats(ai, unit, castle):
            return _at(castle)
    origins = [t for t in view["territories"] if t["seat"] not in ours
               and view["players"][t["seat"]]["origin_vp"] > 0 and _open(ai, unit, _sq(t["origin"]))]
    if origins:
        best = max(origins, key=lambda t: (view["players"][t["seat"]]["origin_vp"] - 2 * _dist(here, _sq(t["origin"])),
                                           -t["seat"]))
        return _sq(best["origin"])
    prey = [e for e in ai._enemies() if beats(ai, unit, e)]
    if prey:
        return min((_at(e) for e in prey), key=lambda sq: (_dist(sq, here), sq))
    return None


def _open(ai: Reader, unit: Unit, origin: Square) -> bool:
    """Some square next to the Origin Point is free, a wall (breakable), or a piece the unit beats."""
    blockers = {_at(p): p for p in ai.view["pieces"]}
    size = ai.view["size"]
    for sq in _neighbours(origin, size):
        piece = blockers.get(sq)
        if piece is None or piece["seat"] in side(ai.view, ai.me) or beats(ai, unit, piece):
            return True
    return False


def marches(ai: Reader) -> bool:
    """Whether the Move & Fight action brings the win closer now: a general with an army has a goal
    (the crown to storm, an Origin Point to rob, a battle it wins) or a beatable enemy beside it."""
    for unit in ai._pieces(True):
        if unit["kind"] != "general" or not unit["army"]:
            continue
        if goal(ai, unit) is not None or adjacent_prey(ai, unit):
            return True
    return False


def siege(ai: Reader) -> bool:
    """A rival side holds the crown on a castle none of this seat's armed units beats: melee rarely
    passes a manned castle's defence, but archers shoot its cards one by one and then its walls
    (``beats``), so the seat arms archers until one can storm it."""
    holder = crown_holder(ai.view)
    if holder is None or holder in side(ai.view, ai.me):
        return False
    castle = next((p for p in ai.view["pieces"] if p["crown"]), None)
    if castle is None:
        return False
    return not any(beats(ai, u, castle) for u in ai._pieces(True) if u["kind"] != "castle" and u["army"])


def adjacent_prey(ai: Reader, unit: Unit) -> bool:
    return any(_dist(_at(e), _at(unit)) == 1 and beats(ai, unit, e) for e in ai._enemies())


def breach(ai: Reader, unit: Unit, walls: list[str], label_to_sq: dict[str, Square]) -> str | None:
    """A wall beside the unit that stands between it and its goal: breaking it opens the way [Muros]."""
    target = goal(ai, unit)
    if target is None:
        return None
    here = _dist(_at(unit), target)
    closer = [w for w in walls if _dist(label_to_sq[w], target) < here]
    return min(closer, key=lambda w: (_dist(label_to_sq[w], target), w)) if closer else None


def _sq(xy: list[int]) -> Square:
    return (xy[0], xy[1])


def _at(p: Unit) -> Square:
    return (p["at"][0], p["at"][1])


def _neighbours(sq: Square, size: int) -> list[Square]:
    return [(sq[0] + dr, sq[1] + dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
            if 0 <= sq[0] + dr < size and 0 <= sq[1] + dc < size]


def _dist(a: Square, b: Square) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
