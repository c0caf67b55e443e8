"""What moving and playing cards use up: a figure's Food for its first move of the turn, and the
action card discarded from the hand. Shared by the turn, the fights and the action cards."""

from __future__ import annotations

from engine.akhedena.flow import Ctx
from engine.akhedena.state import Piece


def can_move(ctx: Ctx, piece: Piece) -> bool:
    """A figure with army cards needs 1 Food for its first move of the turn [Detalles del Turno]."""
    return piece.fed or not piece.army or ctx.player(piece.seat).food > 0


def feed(ctx: Ctx, piece: Piece) -> None:
    if piece.army and not piece.fed:
        ctx.player(piece.seat).food -= 1
        piece.fed = True


def discard_hand_card(ctx: Ctx, seat: int, card: str) -> None:
    ctx.player(seat).hand.remove(card)
    ctx.state.action_discard.append(card)
