"""Shared helpers for Akhedena engine tests: playouts (AI and random seats) and invariants."""

from __future__ import annotations

from collections import Counter

import games

from engine.akhedena.game import AkhedenaGame
from engine.akhedena.state import State, card_type

GAME = AkhedenaGame()
MODES = [("standard", 2), ("standard", 3), ("standard", 4), ("team", 4), ("quick", 2), ("quick", 3), ("quick", 4)]


def check_invariants(state: State) -> None:
    n = GAME.pack.n
    for p in state.players:
        assert 0 <= p.gold <= n("gold_cap") and 0 <= p.food <= n("food_cap"), (p.seat, p.gold, p.food)
        assert len(p.hand) <= n("hand_size") and len(p.black) <= 1 and p.origin_vp >= 0
        mine = [x for x in state.pieces if x.seat == p.seat]
        if state.mode != "quick" and p.seat != state.active:  # holding limits count at the end of a turn
            assert sum(x.kind == "general" for x in mine) <= n("max_generals")
        assert sum(x.kind == "castle" for x in mine) <= n("max_castles")
        assert sum(w[2] == p.seat for w in state.walls) <= n("max_walls")
    _check_pieces(state)
    placing = {f.get("piece") for f in state.stack if f["k"] == "place"}
    squares = [tuple(x.at) for x in state.pieces if x.at[0] >= 0]
    squares += [(w[0], w[1]) for w in state.walls]
    assert len(squares) == len(set(squares)), "two things on one square"
    assert state.over or all(x.at[0] >= 0 or x.id in placing for x in state.pieces), "a piece left off the board"
    tunnels = GAME.pack.board.tunnels if state.mode != "quick" else ()
    assert not set(tunnels) & set(squares), "something stands on a tunnel entrance"
    assert state.crown == "" or any(x.id == state.crown and x.kind == "castle" for x in state.pieces)
    _check_cards(state)


def _check_pieces(state: State) -> None:
    pack = GAME.pack
    for x in state.pieces:
        assert x.seat == state.active or len(x.army) <= pack.n("cards_per_holder"), (x.id, x.army)
        classes = {pack.armies[card_type(c)].cls for c in x.army}
        assert len(classes) <= 1, (x.id, x.army)
        if x.kind == "general" and classes:
            assert classes == {pack.generals[x.card].cls}
        if x.kind == "castle" and classes:
            assert classes == {pack.castles[x.card].cls}


def _check_cards(state: State) -> None:
    pack = GAME.pack
    pending = [f["card"] for f in state.stack if f["k"] == "assign"]
    armies = [*state.army_deck, *state.army_discard, *state.market, *pending,
              *(c for x in state.pieces for c in x.army)]
    assert Counter(card_type(c) for c in armies) == Counter({a.id: a.count for a in pack.armies.values()})
    assert len(set(armies)) == len(armies)
    blacks = [*state.black_deck, *state.black_discard, *(c for p in state.players for c in p.black)]
    assert len(blacks) == sum(b.count for b in pack.black.values()) == len(set(blacks))
    declared = [f["card"] for f in state.stack if f["k"] == "march"]
    acts = [*state.action_deck, *state.action_discard, *(c for p in state.players for c in p.hand)]
    assert len(acts) == sum(a.count for a in pack.actions.values()) == len(set(acts)), declared
    generals = [*state.general_deck, *state.general_market, *(x.card for x in state.pieces if x.kind == "general")]
    assert sorted(generals) == sorted(pack.generals)
    castles = [*state.castle_supply, *(x.card for x in state.pieces if x.kind == "castle"),
               *(f["card"] for f in state.stack if f["k"] == "place" and f["what"] == "castle")]
    assert sorted(castles) == sorted(pack.castles)


def playout(seed: int, mode: str = "standard", seats: int = 2, random_share: int = 30,
            check: bool = True) -> tuple[State, list[tuple[int, str]]]:
    """A whole game, part AI and part random (games.playout), invariants after every step."""
    return games.playout(_case(mode, seats), seed, random_share=random_share,
                         check=check_invariants if check else None)


def replay(seed: int, mode: str, seats: int, log: list[tuple[int, str]]) -> State:
    state: State = games.replay(_case(mode, seats), seed, log)
    return state


def _case(mode: str, seats: int) -> games.Case:
    return games.Case("akhedena", seats, {"mode": mode})
