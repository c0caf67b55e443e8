"""The dice, the dragon and the rock [Roca] [Dragón con dirección] [Combate con el Dragón].

Rulings: the black die carries both the dragon and the stone (C1/C2: the box has two dice). A dragon
result moves the dragon one space up the Alert track; on reaching the last space it flies to the
fortress centre, and from then on each dragon result moves it one square in the direction die's
way, re-entering from the opposite edge. Wherever it lands it attacks: a wall or the rock is
destroyed; a general or castle defends with its total DEF (a tie holds, sending the dragon back
to the first Alert space; a castle never counter-attacks); a hero fights it under the standard
rules and, winning, earns a Dragon card (C20: only heroes fight the dragon, and the hero's owner
keeps the card, worth a stand-in 10 VP that cannot be stolen).
"""

from __future__ import annotations

from engine.akhedena import battle, structures
from engine.akhedena.board import name
from engine.akhedena.flow import Ctx, builder, decision, opt, prompt
from engine.akhedena.pack import DIRECTIONS
from engine.akhedena.state import Dice, Frame, Piece
from engine.akhedena.strength import Boost, Stats, blows, stats
from engine.core.prompt import Prompt
from engine.core.runner import Answers


def roll(ctx: Ctx) -> None:
    dice = ctx.pack.dice
    face = ctx.rng.below(len(dice.steps))
    state = ctx.state
    state.dice = Dice(dice.black[ctx.rng.below(len(dice.black))], dice.steps[face], dice.direction[face])
    ctx.emit("dice", seat=state.active, black=state.dice.black, steps=state.dice.steps,
             direction=state.dice.direction)
    if state.dice.black == "dragon":
        stir(ctx)
    elif state.dice.black == "stone":
        move_rock(ctx)


def move_rock(ctx: Ctx) -> None:
    """[Roca] With no rock on the map (at first, or after the dragon smashed it) the roller puts it on
    the tunnel entrance of their choice — a decision, by default the north one; otherwise the rock
    moves clockwise to the next entrance (the pack lists them clockwise from the north)."""
    state = ctx.state
    if state.rock is None:
        ctx.push("rock", seat=state.active)
        return
    state.rock = (state.rock + 1) % len(ctx.geo.tunnels())
    ctx.emit("rock", sq=name(ctx.geo.tunnels()[state.rock]))


@builder("rock")
def build_rock(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    tunnels = [name(t) for t in ctx.geo.tunnels()]
    return prompt(ctx, frame, "rock", [opt(t, "square", sq=t) for t in tunnels], default=(tunnels[0],))


@decision("rock")
def act_rock(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    values = answers[frame["seat"]]
    tunnels = [name(t) for t in ctx.geo.tunnels()]
    ctx.state.rock = tunnels.index(values[0])
    ctx.emit("rock", sq=values[0])


def stir(ctx: Ctx) -> None:
    state = ctx.state
    if state.alert is not None:
        state.alert += 1
        ctx.emit("alert", space=state.alert + 1)
        if state.alert >= ctx.pack.n("alert_spaces") - 1:
            state.alert = None
            land(ctx, ctx.geo.centre)
        return
    assert state.dice is not None and state.dragon is not None
    dr, dc = DIRECTIONS[state.dice.direction]
    size = ctx.geo.size
    land(ctx, ((state.dragon[0] + dr) % size, (state.dragon[1] + dc) % size))


def calm(ctx: Ctx) -> None:
    if ctx.state.alert:
        ctx.state.alert -= 1
        ctx.emit("alert", space=ctx.state.alert + 1)


def land(ctx: Ctx, sq: tuple[int, int]) -> None:
    state = ctx.state
    state.dragon = [sq[0], sq[1]]
    ctx.emit("dragon_lands", sq=name(sq))
    if ctx.geo.wall_at(sq) is not None:
        structures.remove_wall(ctx, sq)
    tunnels = ctx.geo.tunnels()
    if state.rock is not None and sq == tunnels[state.rock]:
        state.rock = None
        ctx.emit("rock_gone", sq=name(sq))
    piece = ctx.geo.piece_at(sq)
    if piece is not None:
        _attack(ctx, piece)


def retreat(ctx: Ctx) -> None:
    ctx.state.dragon = None
    ctx.state.alert = 0
    ctx.emit("dragon_back")


def _dragon_stats(ctx: Ctx) -> Stats:
    return Stats(ctx.pack.n("dragon_atk"), ctx.pack.n("dragon_def"), ())


def _attack(ctx: Ctx, piece: Piece) -> None:
    own = stats(ctx.pack, piece)
    can_counter = piece.kind == "hero" and bool(piece.army)
    result = blows(_dragon_stats(ctx), own, Boost(), Boost(), can_counter)
    ctx.emit("dragon_fight", seat=piece.seat, unit=piece.card, atk=result.first[0], df=result.first[1],
             counter=list(result.counter) if result.counter else None)
    if result.defender_lost:
        battle.lose(ctx, piece, None)
    elif result.attacker_lost:
        slay(ctx, piece.seat)
    else:
        retreat(ctx)


def hero_attacks(ctx: Ctx, hero: Piece) -> None:
    """A hero with army cards attacks the dragon in melee under the standard rules."""
    hero.fought = True
    result = blows(stats(ctx.pack, hero), _dragon_stats(ctx), Boost(), Boost(), True)
    ctx.emit("dragon_fight", seat=hero.seat, unit=hero.card, atk=result.first[0], df=result.first[1],
             counter=list(result.counter) if result.counter else None)
    if result.defender_lost:
        slay(ctx, hero.seat)
    elif result.attacker_lost:
        battle.lose(ctx, hero, None)


def slay(ctx: Ctx, seat: int) -> None:
    state = ctx.state
    if state.dragon_cards:
        state.dragon_cards -= 1
        ctx.player(seat).dragon_cards += 1
    ctx.emit("dragon_slain", seat=seat)
    retreat(ctx)
