"""Akhedena's variants as modules on hooks (DESIGN.md, "Variants are modules on hooks").

The base rules (game.py, board.py, battle.py, fight.py, victory.py, view.py) never test a mode's name
and never import a variant: they ask the table's variant (``ctx.variant``, read from ``state.mode``)
at the named points below. A :class:`Variant`'s defaults are the full game [Objetivo del Juego]; a
variant module overrides only what it changes. engine/akhedena/variants.py lists the bundled ones and
game.py's ``register_variant`` adds (or replaces, by name) another one and re-registers the game.

Declared data (read by game.py to build the game's capabilities, by the lobby and by rendering):
  name, seats (low, high), outcome (OutcomeKind), sides (TEAMS: seats each), options (its own table
  options), combines (variants it combines with: none today), rounds (the round limit's default),
  scoring ("vp": VP toward a target; "cards": no VP, army cards rank a stopped game).

Hook points (method, where the base calls it → which bundled variant changes it):
  team(seat)              setup, game.py: the seat's side         → team (sides 0+2, 1+3)
  setup(ctx)              setup, game.py: the first step          → quick (its field and pieces)
  board_size(pack)        board.py Geo: the board's side          → quick (13x13)
  open_field              board.py Geo: no territories, Origin Points, fortress or tunnels; the
                          crown blocks its square                 → quick
  declare(ctx, a, t)      battle.py start: black card declarations → quick (no black cards)
  battle_vp(ctx)          battle.py: VP a won battle is worth     → quick (0: no VP)
  defeated(ctx, p, w)     battle.py lose: a beaten piece leaves   → quick (off the field; a hero or
                          castle ends the game)
  upkeep(ctx, piece)      battle.py: the attacker's upkeep        → quick (none)
  targets(ctx, piece)     fight.py: what a piece may attack       → quick (its own reach, diagonals)
  target_vp(ctx)          victory.py: the VP that win with the crown (0: no such win) → team (50),
                                                                    quick (0)
  scoring / sides         view.py: the declared view fields "scoring", "sides", "outcome" and each
                          player's "team"; victory.py ``standings`` ranks a stopped game by them
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Protocol, TypeVar

from engine.akhedena.pack import AkhedenaPack
from engine.akhedena.state import Piece, Player, State
from engine.core.game import OutcomeKind, TableOption
from engine.core.prompt import Option


class HookCtx(Protocol):
    """What the default hooks use of the game's context (engine/akhedena/flow.py ``Ctx``). Named here
    rather than imported: the board reads its variant, and flow.py builds the board, so importing
    flow.py from here would close a circle (tests/test_import_cycles.py)."""

    state: State
    pack: AkhedenaPack

    def push(self, kind: str, **data: Any) -> None: ...

    def player(self, seat: int) -> Player: ...


Ctx = TypeVar("Ctx", bound=HookCtx)


class Variant(Generic[Ctx]):
    """One way to play Akhedena. Every hook defaults to the full game. A variant module subclasses
    ``Variant[flow.Ctx]`` so its hooks see the whole context."""

    name: ClassVar[str]
    seats: ClassVar[tuple[int, int]] = (2, 4)
    outcome: ClassVar[OutcomeKind] = OutcomeKind.FREE_FOR_ALL
    sides: ClassVar[tuple[tuple[int, ...], ...]] = ()
    options: ClassVar[tuple[TableOption, ...]] = ()
    combines: ClassVar[tuple[str, ...]] = ()
    # The round limit is not in the rulebook: off by default in the full game (game.py ROUNDS).
    rounds: ClassVar[str] = "off"
    scoring: ClassVar[str] = "vp"
    open_field: ClassVar[bool] = False

    def team(self, seat: int) -> int:
        """The side ``seat`` plays on: its index in ``sides``, else a side of its own."""
        return next((i for i, side in enumerate(self.sides) if seat in side), seat)

    def setup(self, ctx: Ctx) -> None:
        """The first step of a new game: the full game's market and hero draft (turn.py "setup")."""
        ctx.push("setup")

    def board_size(self, pack: AkhedenaPack) -> int:
        return pack.board.size

    def declare(self, ctx: Ctx, attacker: Piece, target: Piece) -> None:
        """Who is asked about a black card before a battle: only a seat holding one, the defender
        answering after the attacker (pushed first, so asked second) [Cómo usar las cartas negras]."""
        if ctx.player(target.seat).black:
            ctx.push("declare", seat=target.seat, role="db")
        if ctx.player(attacker.seat).black:
            ctx.push("declare", seat=attacker.seat, role="ab")

    def battle_vp(self, ctx: Ctx) -> int:
        """VP on the winner's Origin Point for a battle won [Cómo Batallar]."""
        return ctx.pack.n("battle_vp")

    def defeated(self, ctx: Ctx, piece: Piece, winner: int | None) -> bool:
        """Whether the variant has dealt with a beaten piece; False: the full game's (battle.py lose)."""
        return False

    def upkeep(self, ctx: Ctx, piece: Piece) -> None:
        """The attacker pays upkeep for the cards it keeps after a battle [Costo de Mantenimiento]."""
        ctx.push("upkeep", seat=piece.seat, piece=piece.id)

    def targets(self, ctx: Ctx, piece: Piece) -> list[Option] | None:
        """What ``piece`` may attack; None: the full game's targets (fight.py)."""
        return None

    def target_vp(self, ctx: Ctx) -> int:
        """The VP that win with the crown: 70, or 50 at two players [Objetivo del Juego]. 0: the
        variant has no such win."""
        return ctx.pack.n("win_vp_small" if ctx.state.seats == 2 else "win_vp")


_VARIANTS: dict[str, Variant[Any]] = {}


def add(variant: Variant[Any]) -> None:
    """Register ``variant`` (a later one of the same name replaces it). game.py's ``register_variant``
    also re-registers the game's capabilities: call that one."""
    _VARIANTS[variant.name] = variant


def remove(name: str) -> None:
    _VARIANTS.pop(name, None)


def variants() -> tuple[Variant[Any], ...]:
    """Every registered variant, the bundled ones first (the first is a new table's default): the
    registration list (engine/akhedena/variants.py) adds them when the rules load, before any game."""
    return tuple(_VARIANTS.values())


def named(name: str) -> Variant[Any] | None:
    return _VARIANTS.get(name)


def of(mode: str) -> Variant[Any]:
    """The variant a game was set up with (``state.mode``): it must be registered."""
    found = named(mode)
    if found is None:
        raise KeyError(mode)
    return found
