"""The four actions, exactly one a turn: Market, Redistribute, Build, Move & Fight [Detalles del Turno].

Rulings:
- The market shows a face-up row of army cards and of general cards, refilled from their decks (the
  box's "10 decks" are unspecified): buying is a choice among known cards, like the printed game's
  free choice of a general [Ganancias Iniciales]. Black cards are only exchanged, as often as the
  player likes: the rulebook limits purchases in a Market action by nothing, only what is held at the
  end of the turn (one black card, which an exchange keeps).
- Holding limits are checked at the end of the turn, as the rulebook says [Acción: Intercambio en el
  Mercado]: during the turn a unit may carry more than 2 army cards and a fourth general may be
  bought; at the end the player lets the excess go — a general (with its cards) first, then cards of
  each unit over 2 — choosing which, by default the newest. A bought card still needs a unit whose
  class fits [Reglas de asignación].
- C4: redistributing costs 2 Food, or 3 when you own more than 4 army cards.
"""

from __future__ import annotations

from engine.akhedena import fight
from engine.akhedena.board import at, name
from engine.akhedena.flow import Ctx, auto, builder, decision, opt, prompt
from engine.akhedena.state import Frame, Piece, card_type
from engine.akhedena.structures import castles_of, new_piece, walls_of
from engine.core.prompt import Option, Prompt
from engine.core.runner import Answers


# -- holders -----------------------------------------------------------------------------------------
def accepts(ctx: Ctx, holder: Piece, card: str, leaving: str | None = None) -> bool:
    """May ``holder`` take ``card`` (with ``leaving`` gone from it first)? Class must match: a
    general's or castle's class, a hero's first card [Reglas de asignación]. How many it holds is
    checked at the end of the turn (``limits``)."""
    kept = [c for c in holder.army if c != leaving]
    if holder.at[0] < 0:
        return False
    cls = ctx.pack.armies[card_type(card)].cls
    if holder.kind == "general":
        return ctx.pack.generals[holder.card].cls == cls
    if holder.kind == "castle":
        return ctx.pack.castles[holder.card].cls == cls
    return all(ctx.pack.armies[card_type(c)].cls == cls for c in kept)


def holders(ctx: Ctx, seat: int) -> list[Piece]:
    return [p for p in ctx.state.pieces if p.seat == seat]


def army_count(ctx: Ctx, seat: int) -> int:
    return sum(len(p.army) for p in holders(ctx, seat))


def redistribute_cost(ctx: Ctx, seat: int) -> int:
    big = army_count(ctx, seat) > ctx.pack.n("redistribute_over")
    return ctx.pack.n("redistribute_big" if big else "redistribute_food")


# -- choosing the action -----------------------------------------------------------------------------
@builder("action")
def build_action(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    options = [opt("market", "act_market"), opt("build", "act_build")]
    if army_count(ctx, seat) and ctx.player(seat).food >= redistribute_cost(ctx, seat):
        options.append(opt("redistribute", "act_redistribute", food=redistribute_cost(ctx, seat)))
    options.append(opt("fight", "act_fight"))
    return prompt(ctx, frame, "action", options)


@decision("action")
def act_action(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    seat = frame["seat"]
    values = answers[seat]
    ctx.emit("action", seat=seat, action=values[0])
    if values[0] == "market":
        ctx.push("market", seat=seat)
    elif values[0] == "build":
        ctx.push("build", seat=seat)
    elif values[0] == "redistribute":
        ctx.player(seat).food -= redistribute_cost(ctx, seat)
        ctx.push("redistribute", seat=seat)
    else:
        fight.start_fight(ctx, seat)


# -- market ------------------------------------------------------------------------------------------
def _market_options(ctx: Ctx, seat: int) -> list[Option]:
    player, n = ctx.player(seat), ctx.pack.n
    options: list[Option] = []
    if player.gold >= n("army_cost"):
        options += [opt(c, "buy_army", card=card_type(c), cost=n("army_cost")) for c in ctx.state.market
                    if any(accepts(ctx, h, c) for h in holders(ctx, seat))]
    if player.gold >= n("general_cost") and ctx.geo.home_squares(seat):
        options += [opt(g, "buy_general", general=g, cost=n("general_cost")) for g in ctx.state.general_market]
    if player.food >= _food_rate(ctx, seat) and player.gold < n("gold_cap"):
        options.append(opt("trade", "trade", food=_food_rate(ctx, seat)))
    return options


def _exchange(ctx: Ctx, seat: int) -> list[Option]:
    """The black card's exchange, offered after "done": free and unlimited, it must never be the
    answer a hurried click (or a naive seat) repeats for ever."""
    if ctx.player(seat).black and (ctx.state.black_deck or ctx.state.black_discard):
        return [opt("swap_black", "swap_black")]
    return []


def _food_rate(ctx: Ctx, seat: int) -> int:
    """2 Food buy 1 Gold; Henry trades 1 for 1 [Intercambio en el Mercado]."""
    return 1 if ctx.pack.heroes[ctx.player(seat).hero].power == "trade" else ctx.pack.n("food_per_gold")


@builder("market")
def build_market(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    return prompt(ctx, frame, "market", [*_market_options(ctx, seat), opt("done", "done"), *_exchange(ctx, seat)])


@decision("market")
def act_market(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    seat = frame["seat"]
    values = answers[seat]
    choice = values[0]
    if choice == "done":
        return
    ctx.push("market", seat=seat)
    player, state = ctx.player(seat), ctx.state
    if choice == "trade":
        player.food -= _food_rate(ctx, seat)
        player.gold += 1
        ctx.emit("traded", seat=seat, food=_food_rate(ctx, seat))
    elif choice == "swap_black":
        old = player.black.pop()
        fresh = ctx.draw(state.black_deck, state.black_discard)
        state.black_discard.append(old)
        player.black.append(fresh or old)
        ctx.emit("black_swapped", seat=seat)
    elif choice in state.general_market:
        player.gold -= ctx.pack.n("general_cost")
        state.general_market.remove(choice)
        refill(ctx)

        general = new_piece(ctx, seat, "general", choice, (-1, -1))
        ctx.emit("bought_general", seat=seat, general=choice)
        ctx.push("place", seat=seat, what="general", piece=general.id)
    else:
        player.gold -= ctx.pack.n("army_cost")
        state.market.remove(choice)
        refill(ctx)
        ctx.emit("bought_army", seat=seat, card=card_type(choice))
        ctx.push("assign", seat=seat, card=choice)


def refill(ctx: Ctx) -> None:
    state = ctx.state
    while len(state.market) < ctx.pack.n("starting_market_armies"):
        card = ctx.draw(state.army_deck, state.army_discard)
        if card is None:
            break
        state.market.append(card)
    while len(state.general_market) < ctx.pack.n("starting_market_generals") and state.general_deck:
        state.general_market.append(state.general_deck.pop(0))


@builder("assign")
def build_assign(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    options = [opt(h.id, "holder", unit=h.card, sq=name(at(h))) for h in holders(ctx, seat)
               if accepts(ctx, h, frame["card"])]
    return prompt(ctx, frame, "assign", options, args={"card": card_type(frame["card"])})


@decision("assign")
def act_assign(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    values = answers[frame["seat"]]
    holder = ctx.state.piece(values[0])
    assert holder is not None
    holder.army.append(frame["card"])
    ctx.emit("assigned", seat=frame["seat"], card=card_type(frame["card"]), unit=holder.card)


# -- build -------------------------------------------------------------------------------------------
def castle_cost(ctx: Ctx, seat: int) -> int:
    mason = ctx.pack.heroes[ctx.player(seat).hero].power == "mason"
    return ctx.pack.n("castle_cost") - (1 if mason else 0)


@builder("build")
def build_build(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    n = ctx.pack.n
    gold = ctx.player(seat).gold
    room = bool(ctx.geo.home_squares(seat))
    options: list[Option] = []
    if room and gold >= castle_cost(ctx, seat) and len(castles_of(ctx, seat)) < n("max_castles"):
        options += [opt(f"castle.{c}", "castle_card", unit=c, cost=castle_cost(ctx, seat))
                    for c in sorted(set(ctx.state.castle_supply))]
    if room and gold >= n("wall_cost") and walls_of(ctx, seat) < n("max_walls"):
        options.append(opt("wall", "wall_build", cost=n("wall_cost")))
    return prompt(ctx, frame, "build", [*options, opt("done", "done")])


@decision("build")
def act_build(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    seat = frame["seat"]
    values = answers[seat]
    choice = values[0]
    if choice == "done":
        return
    ctx.push("build", seat=seat)
    if choice == "wall":
        ctx.player(seat).gold -= ctx.pack.n("wall_cost")
        ctx.push("place", seat=seat, what="wall")
        return
    card = choice.split(".", 1)[1]
    ctx.player(seat).gold -= castle_cost(ctx, seat)
    ctx.state.castle_supply.remove(card)
    ctx.push("place", seat=seat, what="castle", card=card)


# -- redistribute ------------------------------------------------------------------------------------
def _moves(ctx: Ctx, seat: int, card: str) -> list[Option]:
    source = next(h for h in holders(ctx, seat) if card in h.army)
    options = [opt(f"to.{h.id}", "holder", unit=h.card, sq=name(at(h))) for h in holders(ctx, seat)
               if h is not source and accepts(ctx, h, card)]
    for h in holders(ctx, seat):
        if h is source:
            continue
        options += [opt(f"swap.{other}", "swap", card=card_type(other), unit=h.card) for other in h.army
                    if accepts(ctx, h, card, leaving=other) and accepts(ctx, source, other, leaving=card)]
    return options


@builder("redistribute")
def build_redistribute(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    cards = [(c, h) for h in holders(ctx, seat) for c in h.army]
    options = [opt(c, "card_on", card=card_type(c), unit=h.card) for c, h in cards if _moves(ctx, seat, c)]
    return prompt(ctx, frame, "redistribute", [*options, opt("done", "done")])


@decision("redistribute")
def act_redistribute(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    values = answers[frame["seat"]]
    if values[0] == "done":
        return
    ctx.push("redistribute", seat=frame["seat"])
    ctx.push("redistribute_to", seat=frame["seat"], card=values[0])


@builder("redistribute_to")
def build_redistribute_to(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    return prompt(ctx, frame, "redistribute_to", _moves(ctx, seat, frame["card"]),
                  args={"card": card_type(frame["card"])})


@decision("redistribute_to")
def act_redistribute_to(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    seat = frame["seat"]
    values = answers[seat]
    card = frame["card"]
    source = next(h for h in holders(ctx, seat) if card in h.army)
    how, target = values[0].split(".", 1)
    if how == "to":
        holder = ctx.state.piece(target)
        assert holder is not None
        source.army.remove(card)
        holder.army.append(card)
    else:
        holder = next(h for h in holders(ctx, seat) if target in h.army)
        source.army[source.army.index(card)] = target
        holder.army[holder.army.index(target)] = card
    ctx.emit("redistributed", seat=seat, card=card_type(card), unit=holder.card)


# -- the end of the turn: holding limits [Acción: Intercambio en el Mercado] --------------------------
@auto("limits")
def limits(ctx: Ctx, frame: Frame) -> None:
    """Ask the seat to let go of what it holds over the limits, one decision at a time."""
    seat = frame["seat"]
    generals = [p for p in holders(ctx, seat) if p.kind == "general"]
    over = next((h for h in holders(ctx, seat) if len(h.army) > ctx.pack.n("cards_per_holder")), None)
    if len(generals) > ctx.pack.n("max_generals"):
        ctx.push("limits", seat=seat)
        ctx.push("trim_general", seat=seat)
    elif over is not None:
        ctx.push("limits", seat=seat)
        ctx.push("trim_cards", seat=seat, piece=over.id)


@builder("trim_general")
def build_trim_general(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    generals = [p for p in holders(ctx, seat) if p.kind == "general"]
    options = [opt(p.id, "let_go", unit=p.card, sq=name(at(p)), cards=[card_type(c) for c in p.army])
               for p in generals]
    return prompt(ctx, frame, "trim_general", options, default=(generals[-1].id,),
                  args={"keep": ctx.pack.n("max_generals")})


@decision("trim_general")
def act_trim_general(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    values = answers[frame["seat"]]
    general = ctx.state.piece(values[0])
    assert general is not None
    ctx.state.army_discard.extend(general.army)
    ctx.state.pieces.remove(general)
    ctx.state.general_deck.append(general.card)
    ctx.emit("general_let_go", seat=frame["seat"], unit=general.card, cards=[card_type(c) for c in general.army])


@builder("trim_cards")
def build_trim_cards(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    holder = ctx.state.piece(frame["piece"])
    assert holder is not None
    excess = len(holder.army) - ctx.pack.n("cards_per_holder")
    options = [opt(c, "discard_card", card=card_type(c)) for c in holder.army]
    return prompt(ctx, frame, "trim_cards", options, pick_min=excess, pick_max=excess,
                  default=tuple(holder.army[-excess:]),
                  args={"unit": holder.card, "keep": ctx.pack.n("cards_per_holder"), "n": excess})


@decision("trim_cards")
def act_trim_cards(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    values = answers[frame["seat"]]
    holder = ctx.state.piece(frame["piece"])
    assert holder is not None
    for card in values:
        holder.army.remove(card)
        ctx.state.army_discard.append(card)
    ctx.emit("cards_let_go", seat=frame["seat"], unit=holder.card, cards=[card_type(c) for c in values])
