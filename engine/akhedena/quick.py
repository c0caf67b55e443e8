"""Quick-play mode [Modo de Partida Rápida]: a 13x13 field, seven pieces each, one move a turn.

A variant on the hooks of engine/akhedena/variant.py (``Quick`` below): its own setup, field, targets
and end (beating a hero or a castle wins); no black cards, upkeep or VP.

Rulings:
- C11 placement: everything stands on the player's back row, seen from the player: the castle in
  the middle, an infantry unit on each side of it, hero and archer two squares from the castle on
  either side, the two cavalry units in the corners of that row. At 3–4 players neighbouring sides
  share the corners, and a rider one square in would stand on a neighbour's front row, able to
  strike a hero before it ever moved, so the riders start two squares in. Sides go south, west,
  north, east; two players face each other.
- C7: the archer's 2-square range counts diagonals ("in any direction"); orthogonally adjacent
  targets are melee. Attacking after a move is optional, as in the full game.
- Cavalry moves any distance in one straight line; nobody passes through a piece or the crown,
  which is picked up by ending a move next to it [La Corona].
- C12: the box's 18 general figures do not limit commanders here (each commander is a card).
- A round limit (table option ``rounds``) is on by default here, unlike the full game: two players may
  shuffle pieces and swap cards for ever, nothing in quick play forces a battle, and there are no VP to
  end on. At the limit the crown's holder ranks first, then the most army cards left; sides nothing
  separates share the place (victory.py ``standings``). A table may turn it off.
"""

from __future__ import annotations

from engine.akhedena.board import STEPS, at, name, reading_order
from engine.akhedena.flow import Ctx, auto, builder, decision, opt, prompt
from engine.akhedena.pack import AkhedenaPack, Square
from engine.akhedena.state import Frame, Piece, card_type
from engine.akhedena.strength import is_archer, piece_class
from engine.akhedena.structures import new_piece
from engine.akhedena.variant import Variant
from engine.akhedena.victory import finish
from engine.core.prompt import Option, Prompt
from engine.core.runner import Answers

SIDES = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}


def back_row(side: str, size: int, x: int) -> Square:
    """Column ``x`` of a side's back row, counted from that player's left."""
    last = size - 1
    return {"S": (last, x), "N": (0, last - x), "W": (x, 0), "E": (last - x, last)}[side]


def setup(ctx: Ctx) -> None:
    state, pack, lay = ctx.state, ctx.pack, ctx.pack.quick
    heroes = list(pack.heroes)
    ctx.rng.shuffle(heroes)
    castles = [c for c in state.castle_supply if pack.castles[c].cls == "infantry"]
    for seat, side in enumerate(SIDES[state.seats]):
        state.players[seat].hero = heroes[seat]
        castle = castles[seat % len(castles)]
        if castle in state.castle_supply:
            state.castle_supply.remove(castle)
        units = [("castle", castle, lay.castle, "infantry"), ("hero", heroes[seat], lay.hero, "infantry")]
        units += [("general", "ranged", lay.archer, "ranged")]
        units += [("general", "infantry", x, "infantry") for x in lay.infantry]
        riders = lay.cavalry if state.seats == 2 else lay.cavalry_crowded
        units += [("general", "cavalry", x, "cavalry") for x in riders]
        for kind, card, x, cls in units:
            if kind == "general":
                card = next(g for g in state.general_deck if pack.generals[g].cls == card)
                state.general_deck.remove(card)
            piece = new_piece(ctx, seat, kind, card, back_row(side, lay.size, x))
            piece.army = [c for c in (_draw(ctx, cls) for _ in range(2)) if c]
    ctx.push("qturn_start", seat=0)


def _draw(ctx: Ctx, cls: str) -> str | None:
    """The first card of ``cls`` in the army deck (the discard is reshuffled in when none is left)."""
    state = ctx.state
    for attempt in range(2):
        card = next((c for c in state.army_deck if ctx.pack.armies[card_type(c)].cls == cls), None)
        if card is not None:
            state.army_deck.remove(card)
            return card
        if attempt == 0 and state.army_discard:
            state.army_deck.extend(state.army_discard)
            state.army_discard.clear()
            ctx.rng.shuffle(state.army_deck)
    return None


def _has(ctx: Ctx, cls: str) -> bool:
    return any(ctx.pack.armies[card_type(c)].cls == cls for c in ctx.state.army_deck + ctx.state.army_discard)


@auto("qturn_start")
def turn_start(ctx: Ctx, frame: Frame) -> None:
    ctx.state.active = frame["seat"]
    for piece in ctx.state.pieces:
        piece.fought = False
    # A board every second round (1, 3, 5…): a quick-play round is two or three moves, and each
    # player's own panel already pictures the field (bot/seat_pictures.py), so the channel gets one
    # at most every ten decisions or so (issue 16).
    milestone = frame["seat"] == 0 and ctx.state.round % 2 == 1
    ctx.emit("turn", seat=frame["seat"], round=ctx.state.round, board=milestone)
    ctx.push("turn_end", seat=frame["seat"], next="qturn_start")
    ctx.push("qturn", seat=frame["seat"])


def steps(ctx: Ctx, piece: Piece) -> int:
    lay = ctx.pack.quick
    if piece.kind == "castle":
        return 0
    if piece.kind == "hero":
        return lay.hero_steps
    return ctx.geo.size if piece_class(ctx.pack, piece) == "cavalry" else lay.foot_steps


def reach(ctx: Ctx, piece: Piece) -> list[Square]:
    n = steps(ctx, piece)
    if n == 0:
        return []
    if piece.kind == "general" and piece_class(ctx.pack, piece) == "cavalry":
        out: list[Square] = []
        occ = ctx.geo.snapshot()
        for dr, dc in STEPS:
            r, c = piece.at
            while ctx.geo.inside((r + dr, c + dc)) and occ.free((r + dr, c + dc)):
                r, c = r + dr, c + dc
                out.append((r, c))
        return sorted(out, key=reading_order)
    return sorted(ctx.geo.reach(piece, n, {piece.seat}), key=reading_order)


def targets(ctx: Ctx, piece: Piece) -> list[Option]:
    if piece.fought or not piece.army or piece.kind == "castle":
        return []
    crowned = ctx.state.crown and ctx.state.piece(ctx.state.crown)
    crown_seat = crowned.seat if crowned else None
    archer = is_archer(ctx.pack, piece)
    here = at(piece)
    options = []
    for other in ctx.state.pieces:
        if other.seat == piece.seat or (other.kind == "castle" and crown_seat != piece.seat):
            continue  # castles stand until their attacker holds the crown [Reglas del Castillo]
        there = at(other)
        ortho = abs(here[0] - there[0]) + abs(here[1] - there[1])
        king = max(abs(here[0] - there[0]), abs(here[1] - there[1]))
        if ortho == 1 or (archer and king <= ctx.pack.quick.range):
            options.append(opt(other.id, "target", seat=other.seat, unit=other.card, sq=name(there),
                               ranged=ortho > 1))
    return options


def _swappable(ctx: Ctx, seat: int) -> list[Option]:
    return [opt(c, "replace", card=card_type(c), unit=p.card) for p in ctx.state.pieces if p.seat == seat
            for c in p.army if _has(ctx, ctx.pack.armies[card_type(c)].cls)]


@builder("qturn")
def build_turn(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    options = [opt(p.id, "unit", unit=p.card, sq=name(at(p)), steps=steps(ctx, p)) for p in ctx.state.pieces
               if p.seat == seat and (reach(ctx, p) or targets(ctx, p))]
    if _swappable(ctx, seat):
        options.append(opt("replace", "replace_turn"))
    if not options:
        options.append(opt("pass", "pass"))
    return prompt(ctx, frame, "qturn", options)


@decision("qturn")
def act_turn(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    seat = frame["seat"]
    values = answers[seat]
    choice = values[0]
    if choice == "pass":
        ctx.emit("passed", seat=seat)
    elif choice == "replace":
        crowned = ctx.state.crown and ctx.state.piece(ctx.state.crown)
        ctx.push("qreplace", seat=seat, left=2 if crowned and crowned.seat == seat else 1, first=True)
    else:
        piece = ctx.state.piece(choice)
        assert piece is not None
        if reach(ctx, piece):
            ctx.push("qmove", seat=seat, piece=piece.id)
        else:
            ctx.push("attack", seat=seat, piece=piece.id)


@builder("qmove")
def build_move(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    piece = ctx.state.piece(frame["piece"])
    assert piece is not None
    options = [opt(name(sq), "move_to", sq=name(sq), cost=0) for sq in reach(ctx, piece)]
    return prompt(ctx, frame, "move", [opt("stay", "stay"), *options], args={"unit": piece.card,
                                                                             "steps": steps(ctx, piece)})


@decision("qmove")
def act_move(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    values = answers[frame["seat"]]
    piece = ctx.state.piece(frame["piece"])
    assert piece is not None
    if values[0] != "stay":
        sq = next(s for s in reach(ctx, piece) if name(s) == values[0])
        piece.at = [sq[0], sq[1]]
        ctx.emit("moved", seat=piece.seat, unit=piece.card, sq=values[0])
        _crown(ctx, piece)
    if targets(ctx, piece):
        ctx.push("attack", seat=piece.seat, piece=piece.id)


def _crown(ctx: Ctx, piece: Piece) -> None:
    centre = ctx.geo.centre
    if ctx.state.crown or abs(piece.at[0] - centre[0]) + abs(piece.at[1] - centre[1]) != 1:
        return
    castle = next((p for p in ctx.state.pieces if p.seat == piece.seat and p.kind == "castle"), None)
    if castle is not None:
        ctx.state.crown = castle.id
        ctx.emit("crown_taken", seat=piece.seat)


@builder("qreplace")
def build_replace(ctx: Ctx, frame: Frame, seat: int) -> Prompt:
    options = _swappable(ctx, seat)
    if not frame["first"] or not options:
        options.append(opt("done", "done"))
    return prompt(ctx, frame, "replace", options, args={"left": frame["left"]})


@decision("qreplace")
def act_replace(ctx: Ctx, frame: Frame, answers: Answers) -> None:
    """Swap one army card for a new one of the same class; never add one [Turnos]."""
    values = answers[frame["seat"]]
    if values[0] == "done":
        return
    holder = next(p for p in ctx.state.pieces if values[0] in p.army)
    cls = ctx.pack.armies[card_type(values[0])].cls
    holder.army.remove(values[0])
    ctx.state.army_discard.append(values[0])
    fresh = _draw(ctx, cls)
    if fresh is not None:
        holder.army.append(fresh)
    ctx.emit("replaced", seat=frame["seat"], unit=holder.card, card=card_type(values[0]),
             new=card_type(fresh) if fresh else "")
    if frame["left"] > 1:
        ctx.push("qreplace", seat=frame["seat"], left=frame["left"] - 1, first=False)


def eliminated(ctx: Ctx, piece: Piece, winner: int | None) -> None:
    """A beaten piece leaves the field; beating a hero or a castle wins the game [Condiciones de Victoria]."""
    ctx.state.pieces.remove(piece)
    if piece.kind == "general":
        ctx.state.general_deck.append(piece.card)
    elif piece.kind == "castle":
        ctx.state.castle_supply.append(piece.card)
    if piece.kind in ("hero", "castle") and winner is not None:
        finish(ctx, [winner], "hero" if piece.kind == "hero" else "castle")



class Quick(Variant[Ctx]):
    name = "quick"
    rounds = "on"  # see the module's rulings: nothing in quick play forces an end
    scoring = "cards"  # no VP [Modo de Partida Rápida]: army cards left rank a stopped game
    open_field = True

    def setup(self, ctx: Ctx) -> None:
        setup(ctx)

    def board_size(self, pack: AkhedenaPack) -> int:
        return pack.quick.size

    def declare(self, ctx: Ctx, attacker: Piece, target: Piece) -> None:
        """No black cards in quick play [Modo de Partida Rápida]."""

    def battle_vp(self, ctx: Ctx) -> int:
        return 0

    def defeated(self, ctx: Ctx, piece: Piece, winner: int | None) -> bool:
        eliminated(ctx, piece, winner)
        return True

    def upkeep(self, ctx: Ctx, piece: Piece) -> None:
        """No upkeep: quick play has no gold [Modo de Partida Rápida]."""

    def targets(self, ctx: Ctx, piece: Piece) -> list[Option] | None:
        return targets(ctx, piece)

    def target_vp(self, ctx: Ctx) -> int:
        return 0


VARIANT = Quick()
