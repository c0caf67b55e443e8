"""The hard seat's race for the crown (engine/ai/akhedena_race.py) reads two rules of the full game:
a hero leaves its home territory only carrying an army card [Territorio de Origen] and moves by the
die before the turn's action [Detalles del Turno]; the first hero on the fortress centre takes the
crown onto one of its castles, so a hero arriving with no castle leaves it there (C17,
akhedena-facts.md §8) [Cómo Obtener la Corona]."""

from __future__ import annotations

from engine.ai import choose
from engine.ai.akhedena import AkhedenaAI
from engine.akhedena.actions import castle_cost
from engine.akhedena.flow import Ctx
from engine.akhedena.game import AkhedenaGame
from engine.akhedena.state import Piece, State, card_type
from engine.core.prompt import Choice, Prompt
from engine.core.rng import Rng

GAME = AkhedenaGame()


def _first_action(seats: int = 3, seed: int = 5) -> tuple[State, Prompt]:
    """A table of normal seats played up to seat 0's first action: heroes and generals placed, no
    castle, no army card yet."""
    state = GAME.setup(seats, {"mode": "standard"}, seed)
    step = 0
    while (prompt := GAME.prompts(state)[0]).kind != "action":
        GAME.apply(state, prompt.seat, choose(GAME, GAME.view(state, prompt.seat), prompt, step, "normal"))
        step += 1
    return state, prompt


def _answer(state: State, prompt: Prompt, level: str) -> str:
    return AkhedenaAI(GAME, level).choose(GAME.view(state, prompt.seat), prompt, Rng.from_seed(1)).values[0]


def test_an_unarmed_hero_is_armed_before_the_castle_is_built() -> None:
    """Territorio de Origen: a hero with no army card may not leave its territory, and its die move
    comes before the action, so the Market action of the first turn is what lets the hero set out
    on the second turn (a castle first would keep it home one more turn)."""
    state, prompt = _first_action()
    hero = next(p for p in state.pieces if p.seat == 0 and p.kind == "hero")
    assert not hero.army and not state.crown
    assert _answer(state, prompt, "hard") == "market"


def test_the_market_arms_the_hero_then_keeps_the_gold_for_the_castle() -> None:
    """Reglas de asignación: a hero takes a card of any class first; Cómo Obtener la Corona: the
    crown sits on one of its taker's castles, so with the hero armed and no castle standing the
    hard seat buys nothing more (no general) and builds the castle next."""
    state, prompt = _first_action()
    GAME.apply(state, 0, _choice(state, prompt))
    hero = next(p for p in state.pieces if p.seat == 0 and p.kind == "hero")
    while (prompt := GAME.prompts(state)[0]).kind in ("market", "assign", "place"):
        GAME.apply(state, 0, _choice(state, prompt))
    assert hero.army
    assert sum(1 for p in state.pieces if p.seat == 0 and p.kind == "general") == 1
    # the next turn's income pays for the castle [Detalles del Turno: +2 Gold from the Origin Point]
    assert state.players[0].gold + GAME.pack.n("origin_income") >= castle_cost(Ctx(state, GAME.pack), 0)


def _choice(state: State, prompt: Prompt) -> Choice:
    return AkhedenaAI(GAME, "hard").choose(GAME.view(state, prompt.seat), prompt, Rng.from_seed(1))


def _sprint_table() -> State:
    """Seat 0 at its first action, its armed hero three squares from the free crown, a castle at
    home and a march card (+3 steps) in hand."""
    state, _ = _first_action()
    hero = next(p for p in state.pieces if p.seat == 0 and p.kind == "hero")
    hero.at, hero.army = [4, 7], [_take(state.army_deck, "sabre1"), _take(state.army_deck, "sabre1")]
    state.pieces.append(Piece(id="p900", seat=0, kind="castle", card="c04", at=[0, 2]))
    state.players[0].hand.append(_take(state.action_deck, "march"))
    state.players[0].food = 3
    assert not state.crown and GAME.pack.actions["march"].effect == "steps"
    return state


def _take(deck: list[str], kind: str) -> str:
    card = next(c for c in deck if card_type(c) == kind)
    deck.remove(card)
    return card


def test_a_march_card_carries_the_hero_onto_the_free_crown() -> None:
    """Movimiento después de una batalla: the extra-movement action card moves a figure again in
    the Move & Fight action; Cómo Obtener la Corona: the first hero on the fortress centre takes the
    crown onto its castle. Three squares away with a +3 march card, the hard seat takes it this turn."""
    for level, crowned in (("normal", False), ("hard", True)):
        state = _sprint_table()
        step = 0
        while (prompts := GAME.prompts(state)) and prompts[0].seat == 0:
            GAME.apply(state, 0, choose(GAME, GAME.view(state, 0), prompts[0], step, level))
            step += 1
        assert (state.crown == "p900") is crowned, level
