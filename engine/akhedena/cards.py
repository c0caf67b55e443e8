"""Action cards: play one a turn, then draw one; an "immediate use" card acts when drawn
[Jugar 1 carta de acción] [Tomar 1 carta de acción]. The designs are stand-ins (cards.toml).

The play step is offered whenever the hand is not empty, whatever it holds, so that the table
cannot read a hand from whether the seat is being asked.
"""

from __future__ import annotations

from engine.akhedena import dragon, structures
from engine.akhedena.board import name
from engine.akhedena.flow import Ctx, auto, builder, decision, opt, prompt
from engine.akhedena.pack import CardType
from engine.akhedena.state import Frame, card_type
from engine.core.prompt import Option, Prompt
from engine.core.runner import Answers


def _enemy_walls(ctx: Ctx, seat: int) -> list[tuple[int, int]]:
    allies = ctx.allies(seat)
    return [(r, c) for r, c, s in sorted(ctx.state.walls) if s not in allies]


def playable(ctx: Ctx, seat: int, card: CardType) -> bool:
    if card.effect == "steps":
        return False  # only inside Move & Fight (fight.py)
    if card.effect == "wall":
        return bool(_enemy_walls(ctx, seat))
    return True


@auto("card_step")
def card_step(ctx: Ctx, frame: Frame) -> None:
    player = ctx.player(frame["seat"])
    if player.hand and not player.card_played:
        ctx.push("play_card", seat=frame["seat"])
    else:
        ctx.push("draw_card", seat=frame["seat"])


@builder("play_card")
def build_play(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    options: list[Option] = [opt(c, "play", card=card_type(c)) for c in sorted(ctx.player(seat).hand)
                             if playable(ctx, seat, ctx.pack.actions[card_type(c)])]
    return prompt(ctx, frame, "play_card", [*options, opt("skip", "skip")], secret=True)


@decision("play_card")
def act_play(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    seat = frame["seat"]
    values = answers[seat]
    ctx.push("draw_card", seat=seat)
    if values[0] == "skip":
        return
    player = ctx.player(seat)
    player.hand.remove(values[0])
    ctx.state.action_discard.append(values[0])
    player.card_played = True
    ctx.emit("card_played", seat=seat, card=card_type(values[0]))
    effect(ctx, seat, ctx.pack.actions[card_type(values[0])])


def effect(ctx: Ctx, seat: int, card: CardType) -> None:
    player, n = ctx.player(seat), ctx.pack.n
    if card.effect == "food":
        player.food = max(0, min(n("food_cap"), player.food + card.value))
    elif card.effect == "gold":
        player.gold = max(0, min(n("gold_cap"), player.gold + card.value))
    elif card.effect == "vp":
        player.origin_vp += card.value
    elif card.effect == "wall":
        ctx.push("sabotage", seat=seat)
    elif card.effect == "calm":
        dragon.calm(ctx)
    elif card.effect == "rock":
        dragon.move_rock(ctx)
    elif card.effect == "stir":
        dragon.stir(ctx)


@builder("sabotage")
def build_sabotage(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    options = [opt(name(sq), "square", sq=name(sq)) for sq in _enemy_walls(ctx, seat)]
    return prompt(ctx, frame, "sabotage", options)


@decision("sabotage")
def act_sabotage(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    values = answers[frame["seat"]]
    sq = next(s for s in _enemy_walls(ctx, frame["seat"]) if name(s) == values[0])
    structures.remove_wall(ctx, sq)


@auto("draw_card")
def draw_card(ctx: Ctx, frame: Frame) -> None:
    seat = frame["seat"]
    player = ctx.player(seat)
    if len(player.hand) >= ctx.pack.n("hand_size"):
        return
    card = ctx.draw(ctx.state.action_deck, ctx.state.action_discard)
    if card is None:
        return
    kind = ctx.pack.actions[card_type(card)]
    if kind.immediate:
        ctx.state.action_discard.append(card)
        ctx.emit("card_immediate", seat=seat, card=card_type(card))
        effect(ctx, seat, kind)
        return
    player.hand.append(card)
    ctx.emit("card_drawn", seat=seat, private={seat: ("ak.card_drawn_private", {"card": card_type(card)})})
