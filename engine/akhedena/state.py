"""Akhedena's whole game state: plain data, JSON round-trip safe (lists, not tuples or sets).

Squares are ``[row, column]`` from the top-left. Card instances are ``<type>.<copy>`` (``axe1.2``),
so the type of any card is the part before the dot.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

Frame = dict[str, Any]


@dataclass
class Piece:
    id: str
    seat: int
    kind: str  # hero | general | castle
    card: str  # hero id, general (commander) card id or castle card id
    at: list[int]
    army: list[str] = field(default_factory=list)
    fought: bool = False
    steps: int = 0  # steps left in this turn's Move & Fight
    fed: bool = False  # paid its Food to move this turn [Detalles del Turno]


@dataclass
class Player:
    seat: int
    hero: str
    team: int
    gold: int = 0
    food: int = 0
    origin_vp: int = 0  # the VP stacked on the Origin Point: what a thief takes
    dragon_cards: int = 0
    black: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    card_played: bool = False  # the one Action card of the turn [Jugar 1 carta de acción]


@dataclass
class Dice:
    black: str
    steps: int
    direction: str


@dataclass
class State:
    mode: str  # the variant's name (engine/akhedena/variant.py, listed in variants.py)
    seats: int
    rng: int
    players: list[Player] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)
    next_piece: int = 0
    walls: list[list[int]] = field(default_factory=list)  # [row, column, seat]
    alert: int | None = 0  # space on the Dragon Alert track; None while the dragon is on the map
    dragon: list[int] | None = None
    dragon_cards: int = 0  # Dragon cards left to win
    rock: int | None = None  # the tunnel the rock blocks
    crown: str = ""  # the castle piece holding the crown; "" = on the fortress centre
    queue: list[int] = field(default_factory=list)
    army_deck: list[str] = field(default_factory=list)
    army_discard: list[str] = field(default_factory=list)
    market: list[str] = field(default_factory=list)  # face-up army cards
    general_deck: list[str] = field(default_factory=list)
    general_market: list[str] = field(default_factory=list)
    castle_supply: list[str] = field(default_factory=list)
    black_deck: list[str] = field(default_factory=list)
    black_discard: list[str] = field(default_factory=list)
    action_deck: list[str] = field(default_factory=list)
    action_discard: list[str] = field(default_factory=list)
    dice: Dice | None = None
    active: int = 0
    round: int = 1
    round_limit: int = 0
    # C6, a table option (game.py). A game saved before the option existed reads "move_on", the
    # reading it was played with; a new game takes the table's choice, "stop" by default.
    after_battle: str = "move_on"
    step: int = 0
    stack: list[Frame] = field(default_factory=list)
    over: bool = False
    winners: list[int] = field(default_factory=list)
    end: str = ""

    def piece(self, piece_id: str) -> Piece | None:
        return next((p for p in self.pieces if p.id == piece_id), None)


class Design(Protocol):
    """A card design of which a deck holds ``count`` copies (pack.py ``Army``, ``CardType``)."""

    @property
    def id(self) -> str: ...

    @property
    def count(self) -> int: ...


def copies(designs: Iterable[Design]) -> list[str]:
    """Every copy of every design, each named ``<design>.<n>`` (``card_type`` reads the design back)."""
    return [f"{d.id}.{i}" for d in designs for i in range(d.count)]


def card_type(instance: str) -> str:
    return instance.split(".", 1)[0]
