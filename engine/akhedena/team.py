"""Team play [Modo Avanzado, Juego en Equipo]: four players in two alliances.

What it changes (engine/akhedena/variant.py):
- sides: allies may not attack each other, a thief leaves a team-mate's Origin Point alone, and the
  side wins together (``OutcomeKind.TEAMS``) [Modo Avanzado] [Puntos de Origen].
- target_vp: a side wins when any ally holds the crown and any ally has 50 VP, the two-player
  target [Modo Avanzado] [Objetivo del Juego, note ***].

Ruling (the rulebook does not say where allies sit): partners sit across the table, seats 0 and 2
against 1 and 3, as in other partnership games. Their Origin Points are then opposite corners (the
corners go clockwise, board.py ``Geo.corner``) and the turn order alternates between the sides.
"""

from __future__ import annotations

from engine.akhedena.flow import Ctx
from engine.akhedena.variant import Variant
from engine.core.game import OutcomeKind


class Team(Variant[Ctx]):
    name = "team"
    seats = (4, 4)
    outcome = OutcomeKind.TEAMS
    sides = ((0, 2), (1, 3))

    def target_vp(self, ctx: Ctx) -> int:
        return ctx.pack.n("win_vp_small")


VARIANT = Team()
