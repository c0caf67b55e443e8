"""Moving and fighting: the Move & Fight action, attacks, the theft of an Origin Point's VP.

Rulings:
- C6, a table option (``after_battle``). By default the rulebook's own section on it: a pawn's
  movement ends at once after a battle or a destruction (a wall, the dragon fight), its remaining
  steps are lost and another pawn moves; an extra-movement action card may still be discarded to move
  it again [Movimiento después de una batalla o destrucción]. "move_on" plays the worked infantry
  example instead (move 1, fight, move 2 more) [4. Acción: Mover tu ejército y luchar]. Either way a
  unit fights once a turn.
- Only a ranged castle may start an attack; infantry and cavalry castles only defend (C10).
- A theft (C9): a hero or general stepping onto an enemy Origin Point takes every VP stacked there,
  then its owner puts it back anywhere in their own territory; team-mates' points are safe.
- The crown: a hero reaching the fortress centre takes it onto one of its castles [Corona].
"""

from __future__ import annotations

from engine.akhedena import battle, dragon, structures
from engine.akhedena.board import at, distance, name, parse, reading_order
from engine.akhedena.flow import Ctx, builder, decision, opt, prompt
from engine.akhedena.state import Frame, Piece, card_type
from engine.akhedena.strength import is_archer, piece_class
from engine.akhedena.supplies import can_move, discard_hand_card, feed
from engine.core.prompt import Option, Prompt
from engine.core.runner import Answers


def arrive(ctx: Ctx, piece: Piece, label: str) -> None:
    sq = parse(label, ctx.geo.size)
    assert sq is not None
    piece.at = [sq[0], sq[1]]
    ctx.emit("moved", seat=piece.seat, unit=piece.card, sq=label)
    owner = ctx.geo.origin_of(sq)
    if owner is not None and owner not in ctx.allies(piece.seat):
        _steal(ctx, piece, owner)
    elif piece.kind == "hero" and sq == ctx.geo.centre and not ctx.state.crown:
        if structures.castles_of(ctx, piece.seat):
            structures.crown_to(ctx, piece.seat)
        else:
            ctx.emit("crown_no_castle", seat=piece.seat)


def _steal(ctx: Ctx, piece: Piece, owner: int) -> None:
    victim, thief = ctx.player(owner), ctx.player(piece.seat)
    taken, victim.origin_vp = victim.origin_vp, 0
    thief.origin_vp += taken
    ctx.emit("theft", seat=piece.seat, other=owner, vp=taken)
    battle.send_home(ctx, piece)
    ctx.state.stack[-1]["what"] = "thief"


def targets(ctx: Ctx, piece: Piece) -> list[Option]:
    own = ctx.variant.targets(ctx, piece)
    if own is not None:
        return own
    if piece.fought or not piece.army or piece.at[0] < 0:
        return []
    if piece.kind == "castle" and piece_class(ctx.pack, piece) != "ranged":
        return []
    allies = ctx.allies(piece.seat)
    here = at(piece)
    options = []
    archer = is_archer(ctx.pack, piece)
    for other in ctx.state.pieces:
        if other.seat in allies or other.at[0] < 0:
            continue
        d = distance(here, at(other))
        if d == 1 or (archer and d <= ctx.pack.n("range") and ctx.geo.line(here, at(other))):
            options.append(opt(other.id, "target", seat=other.seat, unit=other.card, sq=name(at(other)),
                               ranged=d > 1))
    if piece.kind != "castle":
        for r, c, seat in sorted(ctx.state.walls):
            if seat not in allies and distance(here, (r, c)) == 1:
                options.append(opt(f"wall.{name((r, c))}", "wall", sq=name((r, c)), seat=seat))
    if piece.kind == "hero" and ctx.state.dragon and distance(here, tuple(ctx.state.dragon)) == 1:  # type: ignore[arg-type]
        options.append(opt("dragon", "dragon"))
    return options


def offer_attack(ctx: Ctx, piece: Piece) -> None:
    if ctx.state.piece(piece.id) is not None and targets(ctx, piece):
        ctx.push("attack", seat=piece.seat, piece=piece.id)


@builder("attack")
def build_attack(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    piece = ctx.state.piece(frame["piece"])
    assert piece is not None
    return prompt(ctx, frame, "attack", [*targets(ctx, piece), opt("none", "no_attack")], args={"unit": piece.card})


@decision("attack")
def act_attack(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    values = answers[frame["seat"]]
    piece = ctx.state.piece(frame["piece"])
    assert piece is not None
    choice = values[0]
    if choice == "none":
        return
    if ctx.state.after_battle == "stop":
        piece.steps = 0
    if choice == "dragon":
        dragon.hero_attacks(ctx, piece)
    elif choice.startswith("wall."):
        piece.fought = True
        sq = parse(choice[5:], ctx.geo.size)
        assert sq is not None
        ctx.emit("wall_broken", seat=piece.seat, unit=piece.card, sq=choice[5:])
        structures.remove_wall(ctx, sq)
    else:
        target = ctx.state.piece(choice)
        assert target is not None
        battle.start(ctx, piece, target)


# -- the Move & Fight action -------------------------------------------------------------------------
def start_fight(ctx: Ctx, seat: int) -> None:
    """Generals get their steps [Mover tu ejército]; the hero already moved by the die (C3)."""
    for piece in ctx.state.pieces:
        if piece.seat == seat and piece.kind == "general":
            horse = piece_class(ctx.pack, piece) == "cavalry"
            piece.steps = ctx.pack.n("horse_steps" if horse else "foot_steps")
    ctx.push("fight", seat=seat)


def _reach(ctx: Ctx, piece: Piece) -> dict[tuple[int, int], int]:
    if piece.steps <= 0 or piece.at[0] < 0 or not can_move(ctx, piece):
        return {}
    return ctx.geo.reach(piece, piece.steps, ctx.allies(piece.seat))


@builder("fight")
def build_fight(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    options = [opt(p.id, "unit", unit=p.card, sq=name(at(p)), steps=p.steps, moves=len(_reach(ctx, p)))
               for p in ctx.state.pieces if p.seat == seat and (_reach(ctx, p) or targets(ctx, p))]
    player = ctx.player(seat)
    if not player.card_played:
        options += [opt(c, "march", value=ctx.pack.actions[card_type(c)].value) for c in sorted(player.hand)
                    if ctx.pack.actions[card_type(c)].effect == "steps"]
    return prompt(ctx, frame, "fight", [*options, opt("done", "done")])


@decision("fight")
def act_fight(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    values = answers[frame["seat"]]
    choice = values[0]
    if choice == "done":
        return
    ctx.push("fight", seat=frame["seat"])
    piece = ctx.state.piece(choice)
    if piece is None:
        ctx.push("march", seat=frame["seat"], card=choice)
    elif _reach(ctx, piece):
        ctx.push("move", seat=frame["seat"], piece=piece.id)
    else:
        offer_attack(ctx, piece)


@builder("move")
def build_move(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    piece = ctx.state.piece(frame["piece"])
    assert piece is not None
    reach = _reach(ctx, piece)
    options = [opt(name(sq), "move_to", sq=name(sq), cost=reach[sq]) for sq in sorted(reach, key=reading_order)]
    return prompt(ctx, frame, "move", [opt("stay", "stay"), *options], args={"unit": piece.card, "steps": piece.steps})


@decision("move")
def act_move(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    values = answers[frame["seat"]]
    piece = ctx.state.piece(frame["piece"])
    assert piece is not None
    if values[0] != "stay":
        cost = next(c for sq, c in _reach(ctx, piece).items() if name(sq) == values[0])
        piece.steps -= cost
        feed(ctx, piece)
        arrive(ctx, piece, values[0])
    offer_attack(ctx, piece)


@builder("march")
def build_march(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    options = [opt(p.id, "unit", unit=p.card, sq=name(at(p)), steps=p.steps) for p in ctx.state.pieces
               if p.seat == seat and p.kind != "castle" and p.at[0] >= 0]
    return prompt(ctx, frame, "march", options)


@decision("march")
def act_march(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    """The extra-movement action card [Movimiento después de una batalla], the turn's one card."""
    values = answers[frame["seat"]]

    piece = ctx.state.piece(values[0])
    assert piece is not None
    value = ctx.pack.actions[card_type(frame["card"])].value
    piece.steps += value
    player = ctx.player(frame["seat"])
    player.card_played = True
    discard_hand_card(ctx, frame["seat"], frame["card"])
    ctx.emit("card_played", seat=frame["seat"], card=card_type(frame["card"]))
