"""Setup and the turn of the full game [Preparación del Juego] [Detalles del Turno].

A turn: income, dice (dragon or rock), the hero's die move (it may fight), exactly one of the four
actions, one optional action card, draw one action card, end. Rulings:
- C3: the white die is the hero's movement for the turn; in Move & Fight the hero may still fight
  but does not move again.
- C5: Food income is a stand-in 2 a turn; a hero or general carrying army cards pays 1 Food the
  first time it moves in a turn (one per figure, not per step).
- C13: gold is not limited by the 28 coins in the box (the cap of 12 a player is the real limit).
- C14: black cards are drawn at setup and again at the start of a turn when you hold none.
- C15/C16: in this game a beaten hero goes home (battle.py); quick play's own movement and its
  "beat a hero to win" live in quick.py.
- C19: a general carries at most 2 army cards (pack ``cards_per_holder``), the "maximum" of its boost.
- C21: the win is checked after every step of your own turn, so it happens "at once" but only on
  your turn. The rulebook has no other ending [Objetivo del Juego]; a round limit is a table option,
  off by default in the full game (game.py; victory.py ``standings``), ranking the crown's holder first, then VP.
"""

from __future__ import annotations

from engine.akhedena import dragon
from engine.akhedena.actions import refill
from engine.akhedena.board import name, reading_order
from engine.akhedena.fight import arrive, offer_attack
from engine.akhedena.flow import Ctx, auto, builder, decision, opt, prompt
from engine.akhedena.state import Frame, Piece
from engine.akhedena.structures import castles_of, new_piece
from engine.akhedena.supplies import can_move, feed
from engine.akhedena.victory import finish
from engine.core.prompt import Prompt
from engine.core.runner import Answers


@auto("setup")
def first_step(ctx: Ctx, frame: Frame) -> None:
    """The full game's first step (variant.py ``setup``): the market laid out, then ``setup``."""
    refill(ctx)
    setup(ctx)


def setup(ctx: Ctx) -> None:
    """Every seat drafts a hero and a general, then draws a black card [Preparación del Juego] (C14)."""
    state = ctx.state
    state.dragon_cards = ctx.pack.n("dragon_cards")
    for seat in reversed(range(state.seats)):
        ctx.push("draft_general", seat=seat)
        ctx.push("draft_hero", seat=seat)
    for seat in range(state.seats):
        ctx.state.players[seat].black.extend(filter(None, [ctx.draw(state.black_deck, state.black_discard)]))


def begin_turns(ctx: Ctx) -> None:
    """Called once every seat has set up: the first seat at the table starts [oldest player]."""
    ctx.push("turn_start", seat=0)


@builder("draft_hero")
def build_hero(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    taken = {p.hero for p in ctx.state.players}
    options = [opt(h.id, "hero", hero=h.id) for h in ctx.pack.heroes.values() if h.id not in taken]
    return prompt(ctx, frame, "hero", options)


@decision("draft_hero")
def act_hero(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    seat = frame["seat"]
    values = answers[seat]
    ctx.player(seat).hero = values[0]
    hero = new_piece(ctx, seat, "hero", values[0], (-1, -1))
    ctx.emit("hero_chosen", seat=seat, hero=values[0])
    ctx.push("place", seat=seat, what="hero", piece=hero.id)


@builder("draft_general")
def build_general(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    """Any general not yet taken, in the pack's order (branch by branch), whatever the hidden order of
    the deck: choosing reveals nothing [Ganancias Iniciales: choose the general you prefer]."""
    free = set(ctx.state.general_deck) | set(ctx.state.general_market)
    options = [opt(g, "general", general=g) for g in ctx.pack.generals if g in free]
    return prompt(ctx, frame, "general", options)


@decision("draft_general")
def act_general(ctx: Ctx, frame: Frame, answers: Answers) -> None:

    seat = frame["seat"]
    values = answers[seat]
    state = ctx.state
    if values[0] in state.general_market:  # one lying face up in the market: the market fills up again
        state.general_market.remove(values[0])
        refill(ctx)
    else:
        state.general_deck.remove(values[0])
    general = new_piece(ctx, seat, "general", values[0], (-1, -1))
    ctx.player(seat).gold = ctx.pack.n("start_gold")
    ctx.player(seat).food = ctx.pack.n("start_food")
    ctx.emit("general_chosen", seat=seat, general=values[0])
    if seat == ctx.state.seats - 1:
        begin_turns(ctx)
    ctx.push("place", seat=seat, what="general", piece=general.id)


@auto("turn_start")
def turn_start(ctx: Ctx, frame: Frame) -> None:
    state, seat = ctx.state, frame["seat"]
    state.active = seat
    player = ctx.player(seat)
    player.card_played = False
    for piece in state.pieces:
        piece.fought, piece.fed, piece.steps = False, False, 0
    income(ctx, seat)
    if not player.black:
        player.black.extend(filter(None, [ctx.draw(state.black_deck, state.black_discard)]))
    ctx.push("turn_end", seat=seat)
    ctx.push("limits", seat=seat)  # holding limits count at the end of the turn [Intercambio en el Mercado]
    ctx.push("card_step", seat=seat)
    ctx.push("action", seat=seat)
    ctx.push("hero_turn", seat=seat)
    # A board at each round's start, not each turn's: the channel gets one at the moments a
    # player wants one (issue 16); seat 0 opens every round (turn_end wraps to it).
    ctx.emit("turn", seat=seat, round=state.round, board=seat == 0)
    dragon.roll(ctx)


def income(ctx: Ctx, seat: int) -> None:
    player, n = ctx.player(seat), ctx.pack.n
    gold = n("origin_income") + n("castle_income") * len(castles_of(ctx, seat))
    food = n("food_income") + (1 if ctx.pack.heroes[player.hero].power == "food" else 0)
    player.gold = min(n("gold_cap"), player.gold + gold)
    player.food = min(n("food_cap"), player.food + food)
    ctx.emit("income", seat=seat, gold=gold, food=food)


def hero_of(ctx: Ctx, seat: int) -> Piece:
    return next(p for p in ctx.state.pieces if p.seat == seat and p.kind == "hero")


@auto("hero_turn")
def hero_turn(ctx: Ctx, frame: Frame) -> None:
    """Ask for the die move only when the hero can go somewhere (else straight to its attack)."""

    hero = hero_of(ctx, frame["seat"])
    if hero.at[0] >= 0 and can_move(ctx, hero) and ctx.geo.reach(hero, hero_steps(ctx, frame["seat"]),
                                                                  ctx.allies(frame["seat"])):
        ctx.push("hero_move", seat=frame["seat"])
    else:
        offer_attack(ctx, hero)


@builder("hero_move")
def build_hero_move(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    hero = hero_of(ctx, seat)
    options = [opt("stay", "stay")]
    if hero.at[0] >= 0 and can_move(ctx, hero):
        steps = hero_steps(ctx, seat)
        reach = ctx.geo.reach(hero, steps, ctx.allies(seat))
        options += [opt(name(sq), "move_to", sq=name(sq), cost=reach[sq]) for sq in sorted(reach, key=reading_order)]
    assert ctx.state.dice is not None
    return prompt(ctx, frame, "hero_move", options, args={"steps": hero_steps(ctx, seat)})


def hero_steps(ctx: Ctx, seat: int) -> int:
    assert ctx.state.dice is not None
    return ctx.state.dice.steps + (1 if ctx.pack.heroes[ctx.player(seat).hero].power == "steps" else 0)


@decision("hero_move")
def act_hero_move(ctx: Ctx, frame: Frame, answers: Answers) -> None:

    values = answers[frame["seat"]]
    hero = hero_of(ctx, frame["seat"])
    if values[0] != "stay":
        feed(ctx, hero)
        arrive(ctx, hero, values[0])
    offer_attack(ctx, hero)


@auto("turn_end")
def turn_end(ctx: Ctx, frame: Frame) -> None:
    """Pass to the next seat (quick play names its own turn start); a full round may hit the limit."""
    state = ctx.state
    nxt = (frame["seat"] + 1) % state.seats
    if nxt == 0:
        if state.round_limit and state.round >= state.round_limit:
            finish(ctx, [], "rounds")
            return
        state.round += 1
    ctx.push(frame.get("next", "turn_start"), seat=nxt)
