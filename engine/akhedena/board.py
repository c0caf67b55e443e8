"""Board geometry: squares, territories, what blocks a move, reachable squares and lines of fire.

Movement is orthogonal only [Detalles del Turno]. Rulings recorded here:
- Walls stand on squares (paper walls on the grid): they block moves and shots; a shot reaches its
  target when some shortest orthogonal path between them crosses no wall — the "gap in the wall"
  archers shoot through [Mover tu ejército y luchar]. Pieces do not block shots.
- Tunnels [Reglas de los túneles]: stepping into an open entrance costs 0, the jump to any other
  open entrance costs 0, stepping out onto a neighbour costs 1; no piece ends on an entrance.
- Your own castles may be crossed at no cost, never ended on [Mover tu ejército, picture note].
- Only heroes enter the Abandoned Fortress [Tablero de Juego].
- Stepping onto an enemy Origin Point ends the move there (the theft, see fight.py).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from string import ascii_uppercase
from typing import Any

from engine.akhedena.pack import AkhedenaPack, Square
from engine.akhedena.state import Piece, State
from engine.akhedena.variant import Variant, of

STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def name(sq: Square) -> str:
    """The label on the board picture: column letter, row number ("E5")."""
    return f"{ascii_uppercase[sq[1]]}{sq[0] + 1}"


def reading_order(sq: Square) -> tuple[int, int]:
    """Squares offered in a list go by column, then row — the order of their names (A1, A2 … B1), so
    the ranges a long list is narrowed by read "A1 … C7", "C8 … F2" [the board's edge labels]."""
    return (sq[1], sq[0])


def parse(label: str, size: int) -> Square | None:
    if len(label) < 2 or label[0] not in ascii_uppercase[:size] or not label[1:].isdigit():
        return None
    row = int(label[1:]) - 1
    return (row, ascii_uppercase.index(label[0])) if 0 <= row < size else None


@dataclass(frozen=True)
class Geo:
    """The board of one game: fixed shapes from the pack and the variant, and who stands where now.
    ``open_field``: the variant's open field (no territories, Origin Points, fortress or tunnels)."""

    state: State
    pack: AkhedenaPack
    variant: Variant[Any] = field(init=False)
    open_field: bool = field(init=False)
    size: int = field(init=False)
    centre: Square = field(init=False)

    def __post_init__(self) -> None:
        # Read once: board searches ask these thousands of times.
        variant = of(self.state.mode)
        size = variant.board_size(self.pack)
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "open_field", variant.open_field)
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "centre", (size // 2, size // 2))

    def corner(self, seat: int) -> Square:
        # Two players sit in opposite corners; three or four fill them clockwise.
        index = seat * 2 if self.state.seats == 2 else seat
        return self.pack.board.corners[index]

    def territory(self, seat: int) -> tuple[int, int, int, int]:
        """Inclusive bounds (r0, c0, r1, c1) of the seat's corner block."""
        t, last = self.pack.board.territory, self.size - 1
        r, c = self.corner(seat)
        r0, r1 = (0, t - 1) if r == 0 else (last - t + 1, last)
        c0, c1 = (0, t - 1) if c == 0 else (last - t + 1, last)
        return (r0, c0, r1, c1)

    def in_territory(self, seat: int, sq: Square) -> bool:
        if self.open_field:
            return True
        r0, c0, r1, c1 = self.territory(seat)
        return r0 <= sq[0] <= r1 and c0 <= sq[1] <= c1

    def origin_of(self, sq: Square) -> int | None:
        if self.open_field:
            return None
        return next((s for s in range(self.state.seats) if self.corner(s) == sq), None)

    def in_fortress(self, sq: Square) -> bool:
        if self.open_field:
            return False
        half = self.pack.board.fortress // 2
        return all(abs(v - m) <= half for v, m in zip(sq, self.centre, strict=True))

    def tunnels(self) -> list[Square]:
        return [] if self.open_field else list(self.pack.board.tunnels)

    def open_tunnels(self) -> list[Square]:
        return [t for i, t in enumerate(self.tunnels()) if i != self.state.rock]

    def inside(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.size and 0 <= sq[1] < self.size

    def piece_at(self, sq: Square) -> Piece | None:
        return next((p for p in self.state.pieces if tuple(p.at) == sq), None)

    def wall_at(self, sq: Square) -> int | None:
        return next((w[2] for w in self.state.walls if (w[0], w[1]) == sq), None)

    def dragon_at(self, sq: Square) -> bool:
        return self.state.dragon is not None and tuple(self.state.dragon) == sq

    def crown_square(self) -> Square | None:
        """Where the uncollected crown sits (on an open field it blocks its square until taken)."""
        return self.centre if not self.state.crown else None

    def free(self, sq: Square) -> bool:
        """Nothing stands here: no piece, wall, dragon or tunnel entrance."""
        return self.snapshot().free(sq)

    def snapshot(self) -> Occupancy:
        return Occupancy(self)

    def home_squares(self, seat: int) -> list[Square]:
        """Free squares of the seat's territory for placing a piece or a building (not the Origin
        Point: nothing is built on it [Puntos de Origen])."""
        occ = self.snapshot()
        r0, c0, r1, c1 = self.territory(seat)
        squares = [(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)
                   if (r, c) != self.corner(seat) and occ.free((r, c))]
        if squares:
            return squares
        return [(r, c) for r in range(self.size) for c in range(self.size) if occ.free((r, c))]

    def reach(self, piece: Piece, steps: int, allies: set[int]) -> dict[Square, int]:
        """Squares the piece may end on within ``steps``, with the cheapest cost (0-1 BFS)."""
        occ = self.snapshot()
        start = (piece.at[0], piece.at[1])
        best: dict[Square, int] = {start: 0}
        queue: deque[Square] = deque([start])
        while queue:
            sq = queue.popleft()
            cost = best[sq]
            if sq != start and self._stops(sq, allies):
                continue
            for nxt, extra in self._moves(sq, occ.open_tunnels):
                other = occ.pieces.get(nxt)
                if other is not None and other.kind == "castle" and other.seat == piece.seat:
                    extra = 0  # crossing your own castle is free
                total = cost + extra
                if total > steps or best.get(nxt, steps + 1) <= total or not self._enters(piece, nxt, occ):
                    continue
                best[nxt] = total
                (queue.appendleft if extra == 0 else queue.append)(nxt)
        return {sq: c for sq, c in best.items()
                if sq != start and sq not in occ.pieces and sq not in occ.tunnels}

    def _moves(self, sq: Square, open_tunnels: set[Square]) -> list[tuple[Square, int]]:
        moves: list[tuple[Square, int]] = []
        for dr, dc in STEPS:
            nxt = (sq[0] + dr, sq[1] + dc)
            if self.inside(nxt):
                moves.append((nxt, 0 if nxt in open_tunnels else 1))
        if sq in open_tunnels:
            moves.extend((t, 0) for t in sorted(open_tunnels) if t != sq)
        return moves

    def _enters(self, piece: Piece, sq: Square, occ: Occupancy) -> bool:
        if sq in occ.walls or occ.dragon == sq:
            return False
        if sq in occ.tunnels and sq not in occ.open_tunnels:
            return False
        if self.open_field and sq == occ.crown:
            return False
        if self.in_fortress(sq) and piece.kind != "hero":
            return False
        if not piece.army and not self.in_territory(piece.seat, sq):
            return False  # an unassigned figure stays home [Territorio de Origen]
        other = occ.pieces.get(sq)
        return other is None or (other.kind == "castle" and other.seat == piece.seat)

    def _stops(self, sq: Square, allies: set[int]) -> bool:
        owner = self.origin_of(sq)
        return owner is not None and owner not in allies

    def line(self, a: Square, b: Square) -> bool:
        """A shot from a to b: some shortest orthogonal path between them crosses no wall."""
        dr = 1 if b[0] > a[0] else -1
        dc = 1 if b[1] > a[1] else -1
        seen = {a}
        frontier = [a]
        while frontier:
            nxt: list[Square] = []
            for r, c in frontier:
                for sq in ((r + dr, c), (r, c + dc)):
                    if sq == b:
                        return True
                    if (sq in seen or not _between(sq, a, b) or self.wall_at(sq) is not None):
                        continue
                    seen.add(sq)
                    nxt.append(sq)
            frontier = nxt
        return a == b


def _between(sq: Square, a: Square, b: Square) -> bool:
    return (min(a[0], b[0]) <= sq[0] <= max(a[0], b[0])) and (min(a[1], b[1]) <= sq[1] <= max(a[1], b[1]))


def distance(a: Square, b: Square) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def at(piece: Piece) -> Square:
    return (piece.at[0], piece.at[1])


class Occupancy:
    """Who stands where, read once: lookups for one search over an unchanging board."""

    def __init__(self, geo: Geo) -> None:
        state = geo.state
        self.pieces: dict[Square, Piece] = {(p.at[0], p.at[1]): p for p in state.pieces if p.at[0] >= 0}
        self.walls = {(w[0], w[1]) for w in state.walls}
        self.dragon = (state.dragon[0], state.dragon[1]) if state.dragon else None
        self.tunnels = set(geo.tunnels())
        self.open_tunnels = set(geo.open_tunnels())
        self.crown = geo.crown_square() if geo.open_field else None

    def free(self, sq: Square) -> bool:
        return (sq not in self.pieces and sq not in self.walls and sq != self.dragon and sq not in self.tunnels
                and sq != self.crown)
