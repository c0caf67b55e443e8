"""The Akhedena seats' campaign (engine/ai/akhedena_plan.py) plays for its side's win: "the team wins
if any ally reaches 50 VP and any ally holds the Crown" ([Modo por Equipos], akhedena-facts.md), and a
castle that falls passes the crown to its conqueror (C17). So a partner's crown is the side's own —
never a target, never a reason to arm for a siege — while a rival's crown castle is one."""

from __future__ import annotations

from engine.ai import akhedena_plan as plan
from engine.ai import choose
from engine.ai.akhedena import AkhedenaAI
from engine.akhedena.game import AkhedenaGame
from engine.akhedena.state import Piece, State, card_type
from engine.core.rng import Rng

GAME = AkhedenaGame()


def _team_table() -> State:
    """A team game played by normal seats up to the first seat's first action (pieces placed); then
    seat 2 (seat 0's partner) holds the crown on a manned castle in its territory."""
    state = GAME.setup(4, {"mode": "team"}, 3)
    step = 0
    while (prompt := GAME.prompts(state)[0]).kind != "action":
        GAME.apply(state, prompt.seat, choose(GAME, GAME.view(state, prompt.seat), prompt, step, "normal"))
        step += 1
    castle = Piece(id="p900", seat=2, kind="castle", card="c01", at=[12, 12],
                   army=[_card(state, "sword3"), _card(state, "sword3")])
    state.pieces.append(castle)
    state.crown = castle.id
    return state


def _card(state: State, kind: str) -> str:
    card = next(c for c in state.army_deck if card_type(c) == kind)
    state.army_deck.remove(card)
    return card


def _archer(state: State, seat: int, at: list[int]) -> Piece:
    """The seat's general made an archer with a full quiver, standing at ``at``."""
    general = next(p for p in state.pieces if p.seat == seat and p.kind == "general")
    general.card = next(g for g, c in GAME.pack.generals.items() if c.cls == "ranged")
    general.army = [_card(state, "crossbow2"), _card(state, "crossbow2")]
    general.at = at
    return general


def _ai(state: State, seat: int) -> AkhedenaAI:
    ai = AkhedenaAI(GAME, "hard")
    ai.view, ai.me, ai.rng = GAME.view(state, seat), seat, Rng.from_seed(0)
    return ai


def test_a_partners_crown_is_the_sides_own() -> None:
    state = _team_table()
    archer = _archer(state, 0, [9, 12])
    ai = _ai(state, 0)
    assert plan.crown_holder(ai.view) in plan.side(ai.view, 0)
    assert not plan.siege(ai)
    unit = next(p for p in ai.view["pieces"] if p["id"] == archer.id)
    assert plan.goal(ai, unit) != (12, 12)


def test_a_rival_marches_on_the_crown_castle_its_archers_can_storm() -> None:
    state = _team_table()
    archer = _archer(state, 1, [9, 12])
    ai = _ai(state, 1)
    unit = next(p for p in ai.view["pieces"] if p["id"] == archer.id)
    castle = next(p for p in ai.view["pieces"] if p["crown"])
    assert plan.beats(ai, unit, castle)  # each crossbow volley passes every card's defence, then the walls
    assert plan.goal(ai, unit) == (12, 12)


def test_a_rival_with_no_unit_to_storm_the_crown_castle_arms_archers() -> None:
    state = _team_table()
    for piece in state.pieces:
        if piece.seat == 1 and piece.kind != "castle":
            piece.army = []
    ai = _ai(state, 1)
    assert plan.siege(ai)
