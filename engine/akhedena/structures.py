"""Castles, walls, placing pieces at home, the Kingdom Completion queue and the crown.

Rulings: the queue's +20 VP belong to whoever stands first right now — a player whose structure
falls leaves the queue and the others move up [Cola de Finalización del Reino] — so the bonus is
counted live and cannot be stolen from an Origin Point. The crown needs a castle to sit on
[Cómo Obtener la Corona]: a hero who reaches it with no castle leaves it where it is, and a crown
whose castle falls to a player without a castle (or to the dragon) returns to the fortress centre (C17).
"""

from __future__ import annotations

from engine.akhedena.board import name, reading_order
from engine.akhedena.flow import Ctx, builder, decision, opt, prompt
from engine.akhedena.pack import Square
from engine.akhedena.state import Frame, Piece
from engine.core.prompt import Prompt
from engine.core.runner import Answers


def new_piece(ctx: Ctx, seat: int, kind: str, card: str, sq: Square) -> Piece:
    piece = Piece(id=f"p{ctx.state.next_piece}", seat=seat, kind=kind, card=card, at=[sq[0], sq[1]])
    ctx.state.next_piece += 1
    ctx.state.pieces.append(piece)
    return piece


def castles_of(ctx: Ctx, seat: int) -> list[Piece]:
    return [p for p in ctx.state.pieces if p.seat == seat and p.kind == "castle"]


def walls_of(ctx: Ctx, seat: int) -> int:
    return sum(1 for w in ctx.state.walls if w[2] == seat)


def recheck_queue(ctx: Ctx, seat: int) -> None:
    done = (len(castles_of(ctx, seat)) >= ctx.pack.n("max_castles")
            and walls_of(ctx, seat) >= ctx.pack.n("max_walls"))
    queue = ctx.state.queue
    if done and seat not in queue:
        queue.append(seat)
        ctx.emit("queue_join", seat=seat, place=len(queue))
    elif not done and seat in queue:
        queue.remove(seat)
        ctx.emit("queue_leave", seat=seat)


def fall(ctx: Ctx, castle: Piece, winner: int | None) -> None:
    ctx.state.pieces.remove(castle)
    ctx.state.castle_supply.append(castle.card)
    ctx.emit("castle_falls", seat=castle.seat, unit=castle.card)
    recheck_queue(ctx, castle.seat)
    if ctx.state.crown == castle.id:
        crown_to(ctx, winner)


def remove_wall(ctx: Ctx, sq: Square) -> None:
    wall = next(w for w in ctx.state.walls if (w[0], w[1]) == sq)
    ctx.state.walls.remove(wall)
    ctx.emit("wall_falls", seat=wall[2], sq=name(sq))
    recheck_queue(ctx, wall[2])


def crown_to(ctx: Ctx, seat: int | None) -> None:
    castles = castles_of(ctx, seat) if seat is not None else []
    if len(castles) > 1:
        ctx.state.crown = ""  # in the taker's hand until they pick the castle
        ctx.push("crown", seat=seat)
        return
    ctx.state.crown = castles[0].id if castles else ""
    ctx.emit("crown_taken" if castles else "crown_centre", seat=seat)


@builder("crown")
def build_crown(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    options = [opt(c.id, "castle", unit=c.card, sq=name((c.at[0], c.at[1]))) for c in castles_of(ctx, seat)]
    return prompt(ctx, frame, "crown", options)


@decision("crown")
def act_crown(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    values = answers[frame["seat"]]
    ctx.state.crown = values[0]
    ctx.emit("crown_taken", seat=frame["seat"])


@builder("place")
def build_place(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    squares = sorted(ctx.geo.home_squares(seat), key=reading_order)
    options = [opt(name(sq), "square", sq=name(sq)) for sq in squares]
    return prompt(ctx, frame, f"place_{frame['what']}", options, args={"card": frame.get("card", "")})


@decision("place")
def act_place(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    seat = frame["seat"]
    values = answers[seat]
    what = frame["what"]
    sq = next(s for s in ctx.geo.home_squares(seat) if name(s) == values[0])
    if what == "wall":
        ctx.state.walls.append([sq[0], sq[1], seat])
        ctx.emit("built_wall", seat=seat, sq=values[0])
        recheck_queue(ctx, seat)
    elif what == "castle":
        new_piece(ctx, seat, "castle", frame["card"], sq)
        ctx.emit("built_castle", seat=seat, unit=frame["card"], sq=values[0])
        recheck_queue(ctx, seat)
    else:
        piece = ctx.state.piece(frame["piece"])
        assert piece is not None
        piece.at = [sq[0], sq[1]]
        ctx.emit(f"placed_{what}", seat=seat, unit=piece.card, sq=values[0])
