"""What one seat (or a spectator, seat None) may know: the single gate for hidden information.

Hidden [Información Pública, Colocación de cartas]: action cards in hand and the black card (how many
each seat holds is public: both are drawn and spent in the open), a black card declared face down
until its battle reveals it, and the order of every deck. Public: the board, gold, food, VP, dragon
cards, and army cards (bought from a face-up market and shown on their flags).

Declared for rendering (from the table's variant, engine/akhedena/variant.py): ``scoring`` ("vp": VP
toward ``target_vp``; "cards": no VP, army cards count), ``outcome`` (an OutcomeKind value), ``sides``
(the seats of each side of a team game) and each player's ``team``. ``winners``: once over, the
seats ranked first (the rulebook's winners, else the round limit's, victory.py ``standings``).
"""

from __future__ import annotations

from typing import Any

from engine.akhedena.board import Geo
from engine.akhedena.flow import Ctx
from engine.akhedena.pack import AkhedenaPack
from engine.akhedena.state import Piece, State, card_type
from engine.akhedena.strength import piece_class, weapon
from engine.akhedena.structures import castles_of, walls_of
from engine.akhedena.victory import army_cards, standings, target_vp, total_vp
from engine.core.game import View


def make_view(state: State, pack: AkhedenaPack, seat: int | None) -> View:
    ctx = Ctx(state, pack)
    geo = ctx.geo
    variant, counts_vp = ctx.variant, ctx.variant.scoring == "vp"
    centre = list(geo.centre)
    crown_castle = state.piece(state.crown) if state.crown else None
    view: View = {
        "game": "akhedena", "mode": state.mode, "seats": state.seats, "size": geo.size, "round": state.round,
        "round_limit": state.round_limit, "active": state.active, "over": state.over,
        "winners": list(standings(ctx).winners) if state.over else [], "end": state.end,
        "target_vp": target_vp(ctx), "scoring": variant.scoring, "outcome": variant.outcome.value,
        "sides": [list(side) for side in variant.sides],
        "dice": None if state.dice is None else {"black": state.dice.black, "steps": state.dice.steps,
                                                 "direction": state.dice.direction},
        "alert": state.alert, "alert_spaces": pack.n("alert_spaces"),
        "dragon": list(state.dragon) if state.dragon else None,
        "tunnels": [list(t) for t in geo.tunnels()], "rock": state.rock,
        "fortress": None if geo.open_field else _fortress(geo), "centre": centre,
        "crown": {"at": list(crown_castle.at) if crown_castle else centre,
                  "seat": crown_castle.seat if crown_castle else None, "castle": state.crown or None},
        "territories": [] if geo.open_field else [_territory(geo, s) for s in range(state.seats)],
        "walls": [{"at": [r, c], "seat": s} for r, c, s in sorted(state.walls)],
        "pieces": [_piece(pack, p, state.crown) for p in state.pieces if p.at[0] >= 0],
        "queue": list(state.queue),
        "market": [card_type(c) for c in state.market], "general_market": list(state.general_market),
        "castle_supply": sorted(set(state.castle_supply)),
        "players": [_player(ctx, s) for s in range(state.seats)],
        "waiting": [],
    }
    if counts_vp:
        view["scores"] = {str(s): total_vp(ctx, s) for s in range(state.seats)}
    if seat is not None:
        player = state.players[seat]
        view["me"] = {"seat": seat, "hand": [card_type(c) for c in sorted(player.hand)],
                      "black": [card_type(c) for c in player.black]}
    return view


def _fortress(geo: Geo) -> list[int]:
    half = geo.pack.board.fortress // 2
    r, c = geo.centre
    return [r - half, c - half, r + half, c + half]


def _territory(geo: Geo, seat: int) -> dict[str, Any]:
    r0, c0, r1, c1 = geo.territory(seat)
    return {"seat": seat, "rows": [r0, r1], "cols": [c0, c1], "origin": list(geo.corner(seat))}


def _piece(pack: AkhedenaPack, p: Piece, crown: str) -> dict[str, Any]:
    return {"id": p.id, "seat": p.seat, "kind": p.kind, "card": p.card, "name": pack.unit_name(p.card),
            "cls": piece_class(pack, p), "weapon": weapon(pack, p), "at": list(p.at),
            "army": [card_type(c) for c in p.army], "crown": p.id == crown, "fought": p.fought, "fed": p.fed,
            "steps": p.steps}


def _player(ctx: Ctx, seat: int) -> dict[str, Any]:
    state, pack = ctx.state, ctx.pack
    p = state.players[seat]
    mine = [x for x in state.pieces if x.seat == seat]
    return {"seat": seat, "hero": p.hero, "hero_name": pack.heroes[p.hero].name if p.hero else "",
            "gold": p.gold, "food": p.food, "vp": total_vp(ctx, seat) if ctx.variant.scoring == "vp" else 0,
            "origin_vp": p.origin_vp, "dragon_cards": p.dragon_cards, "hand": len(p.hand), "black": len(p.black),
            "team": p.team if ctx.variant.sides else None, "castles": len(castles_of(ctx, seat)),
            "walls": walls_of(ctx, seat), "generals": sum(1 for x in mine if x.kind == "general"),
            "cards": army_cards(ctx, seat)}
