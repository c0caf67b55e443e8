"""Battles between players' units: black card declarations, the exchange, losses, VP and upkeep.

Order [Cómo usar las cartas negras]: the attacker says whether they play a black card (face down),
then the defender; army cards are revealed, then the black cards; the attacker's effect applies
first, then the defender's. Rulings: a battle is won by removing all of the loser's army cards,
worth 10 VP on the winner's Origin Point [Cómo Batallar] — a volley's destroyed cards count, so
shooting a unit or a castle empty wins them too; a unit without cards gives no VP; the
attacker pays upkeep afterwards for the cards it keeps [Costo de Mantenimiento].
"""

from __future__ import annotations

from engine.akhedena import structures
from engine.akhedena.board import at, distance
from engine.akhedena.flow import Ctx, auto, builder, decision, opt, prompt, refuse
from engine.akhedena.state import Frame, Piece, card_type
from engine.akhedena.strength import Boost, Exchange, clash, is_archer, stats
from engine.core.prompt import Prompt
from engine.core.runner import Answers


def start(ctx: Ctx, attacker: Piece, target: Piece) -> None:
    """Open a battle: the variant's black card declarations first (variant.py ``declare``), then resolve."""
    attacker.fought = True
    ctx.push("resolve", att=attacker.id, tgt=target.id, ab=False, db=False)
    ctx.emit("battle", seat=attacker.seat, unit=attacker.card, target=target.card, other=target.seat)
    ctx.variant.declare(ctx, attacker, target)


@builder("declare")
def build_declare(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    return prompt(ctx, frame, "declare", [opt("play", "black_play"), opt("hold", "black_hold")], secret=True)


@decision("declare")
def act_declare(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    values = answers[frame["seat"]]
    resolve = next(f for f in reversed(ctx.state.stack) if f["k"] == "resolve")
    resolve[frame["role"]] = values[0] == "play"
    ctx.emit("declared" if values[0] == "play" else "declined", seat=frame["seat"])


def _boosts(ctx: Ctx, frame: Frame, attacker: Piece, defender: Piece) -> tuple[Boost, Boost]:
    """Reveal the declared black cards; the attacker's applies first, so its Veil voids the
    defender's card, and a defender's Veil voids the attacker's only if not voided itself."""
    cards = {role: ctx.player(p.seat).black[0] if frame[role] else "" for role, p in
             (("ab", attacker), ("db", defender))}
    kinds = {role: ctx.pack.black[card_type(c)] if c else None for role, c in cards.items()}
    for role, piece in (("ab", attacker), ("db", defender)):
        if cards[role]:
            ctx.emit("black_revealed", seat=piece.seat, card=card_type(cards[role]))
            _spend_black(ctx, piece.seat, cards[role])
    a, d = kinds["ab"], kinds["db"]
    if a is not None and a.effect == "cancel":
        d = None
    elif d is not None and d.effect == "cancel":
        a = None
    return _boost(a), _boost(d)


def _boost(card: object) -> Boost:
    effect, value = getattr(card, "effect", ""), getattr(card, "value", 0)
    return Boost(atk=value if effect == "atk" else 0, df=value if effect == "def" else 0,
                 first=value if effect == "first" else 0)


def _spend_black(ctx: Ctx, seat: int, card: str) -> None:
    player = ctx.player(seat)
    player.black.remove(card)
    ctx.state.black_discard.append(card)
    if ctx.pack.black[card_type(card)].effect == "bluff":  # the bluff is replaced at once
        fresh = ctx.draw(ctx.state.black_deck, ctx.state.black_discard)
        if fresh is not None:
            player.black.append(fresh)


@auto("resolve")
def resolve(ctx: Ctx, frame: Frame) -> None:
    attacker, defender = ctx.state.piece(frame["att"]), ctx.state.piece(frame["tgt"])
    assert attacker is not None and defender is not None
    ctx.emit("armies", seat=attacker.seat, cards=[card_type(c) for c in attacker.army], other=defender.seat,
             other_cards=[card_type(c) for c in defender.army])
    ab, db = _boosts(ctx, frame, attacker, defender)
    ranged = distance(at(attacker), at(defender)) > 1
    result = exchange(ctx, attacker, defender, ab, db, ranged)
    ctx.emit("exchange", seat=attacker.seat, other=defender.seat, atk=result.first[0], df=result.first[1],
             counter=list(result.counter) if result.counter else None, lost=[card_type(c) for c in result.lost_cards])
    consequences(ctx, attacker, defender, result)


def exchange(ctx: Ctx, attacker: Piece, defender: Piece, ab: Boost, db: Boost, ranged: bool) -> Exchange:
    """The exchange of ``attacker`` on ``defender`` with their black cards' boosts (strength.py ``clash``)."""
    pack = ctx.pack
    structure = pack.castles[defender.card].base if defender.kind == "castle" else None
    return clash(stats(pack, attacker), stats(pack, defender), ab, db, ranged, is_archer(pack, defender), structure)


def consequences(ctx: Ctx, attacker: Piece, defender: Piece, result: Exchange) -> None:
    """Apply the result. Whoever removes every army card of the other side wins the battle and its VP
    [Cómo Batallar]: a volley that destroys the last card counts, though the cards go before the unit
    (and a castle whose walls then hold still stands, but its cards were all removed)."""
    had_cards = bool(defender.army)
    for card in result.lost_cards:
        defender.army.remove(card)
        ctx.state.army_discard.append(card)
    if result.defender_lost:
        lose(ctx, defender, attacker.seat, had_cards)
    elif result.attacker_lost:
        lose(ctx, attacker, defender.seat)
    elif had_cards and not defender.army:
        _battle_vp(ctx, attacker.seat)
    if ctx.state.piece(attacker.id) is not None and attacker.army:
        ctx.variant.upkeep(ctx, attacker)


def lose(ctx: Ctx, piece: Piece, winner: int | None, had_cards: bool | None = None) -> None:
    """A beaten unit discards its army cards; a general is discarded, a castle falls, a hero goes
    home [¿Qué pasa cuando mi héroe es derrotado?]. Beating a unit that had cards when the battle
    began (``had_cards``; by default, now) is worth VP."""
    had_cards = bool(piece.army) if had_cards is None else had_cards
    ctx.state.army_discard.extend(piece.army)
    piece.army.clear()
    if winner is not None and had_cards:
        _battle_vp(ctx, winner)
    ctx.emit("lost", seat=piece.seat, unit=piece.card)
    if ctx.variant.defeated(ctx, piece, winner):
        return
    if piece.kind == "hero":
        send_home(ctx, piece)
    elif piece.kind == "general":
        ctx.state.pieces.remove(piece)
        ctx.state.general_deck.append(piece.card)
    else:
        structures.fall(ctx, piece, winner)


def _battle_vp(ctx: Ctx, winner: int) -> None:
    vp = ctx.variant.battle_vp(ctx)
    if vp:
        ctx.player(winner).origin_vp += vp
        ctx.emit("battle_vp", seat=winner, vp=vp)


def send_home(ctx: Ctx, piece: Piece) -> None:
    """Lift the piece off the board; its owner puts it back anywhere in their territory."""
    piece.at = [-1, -1]
    piece.steps = 0
    ctx.push("place", seat=piece.seat, what="home", piece=piece.id)


@builder("upkeep")
def build_upkeep(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    """Which cards to keep is the player's; any set the purse pays for, none included, is an answer
    [Detalles de la Carta de Ejército, 6. Costo de Mantenimiento]."""
    piece = ctx.state.piece(frame["piece"])
    assert piece is not None
    gold = ctx.player(seat).gold
    options = [opt(c, "keep", card=card_type(c), cost=_upkeep(ctx, c)) for c in piece.army]
    return prompt(ctx, frame, "upkeep", options, pick_min=0, pick_max=len(options), args={"gold": gold},
                  default=_most_kept(ctx, piece.army, gold))


def _upkeep(ctx: Ctx, card: str) -> int:
    return ctx.pack.armies[card_type(card)].upkeep


def _most_kept(ctx: Ctx, army: list[str], gold: int) -> tuple[str, ...]:
    """The preselection: as many cards as the purse pays for (cheapest first keeps the most), every
    card when it pays for all. Only a preselection: the player may keep others, or none."""
    kept: set[str] = set()
    for card in sorted(army, key=lambda c: _upkeep(ctx, c)):
        if _upkeep(ctx, card) <= gold:
            kept.add(card)
            gold -= _upkeep(ctx, card)
    return tuple(c for c in army if c in kept)


def _check_upkeep(ctx: Ctx, frame: Frame, seat: int, values: list[str]) -> None:
    cost = sum(_upkeep(ctx, c) for c in values)
    if cost > ctx.player(seat).gold:
        raise refuse("upkeep_gold", cost=cost, gold=ctx.player(seat).gold)


@decision("upkeep", _check_upkeep)
def act_upkeep(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    values = answers[frame["seat"]]
    piece = ctx.state.piece(frame["piece"])
    assert piece is not None
    cost = sum(_upkeep(ctx, c) for c in values)
    ctx.player(frame["seat"]).gold -= cost
    dropped = [c for c in piece.army if c not in values]
    for card in dropped:
        piece.army.remove(card)
        ctx.state.army_discard.append(card)
    ctx.emit("upkeep", seat=frame["seat"], gold=cost, dropped=[card_type(c) for c in dropped])
