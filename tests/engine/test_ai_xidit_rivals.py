"""The hard Xidit seat's prediction of its rivals' year (engine/ai/xidit_rivals.py): it reads only
what the seat may know, and a rival who cannot pay for a threat is not expected to clear it."""

from __future__ import annotations

from collections import Counter

from xidit_support import GAME

from engine.ai import choose
from engine.ai.xidit import XiditAI
from engine.ai.xidit_rivals import predict, rival_units
from engine.ai.xidit_value import Values
from engine.core.rng import Rng
from engine.xidit.pack import COLOURS, UNITS
from engine.xidit.state import State


def _play_to_year(year: int, seats: int = 5, seed: int = 4) -> State:
    state = GAME.setup(seats, {"length": "short"}, seed)
    step = 0
    while not (state.phase == "program" and state.year == year):
        prompt = GAME.prompts(state)[0]
        GAME.apply(state, prompt.seat, choose(GAME, GAME.view(state, prompt.seat), prompt, step,
                                              "normal"))
        step += 1
    return state


def test_rival_units_are_the_public_remainder() -> None:
    """Rulebook "Reclutar": a recruited unit goes behind the recruiter's screen; "Eliminar una
    amenaza" and the titans: units handed in go back to the barracks. So every unit is in the
    barracks, on a recruitment tile or behind a screen, and what the rivals hold together, type by
    type, is the box's count less the barracks, the tiles and the seat's own army."""
    state = _play_to_year(4)
    for seat in range(state.seats):
        held = Counter[str]()
        for other, player in enumerate(state.players):
            if other != seat:
                held.update({u: n for u, n in player.units.items() if n})
        assert held, "a mid-game table where the rivals hold units"
        assert rival_units(GAME.pack, GAME.view(state, seat)) == held


def test_a_rival_who_cannot_pay_is_not_expected_to_clear_the_threat() -> None:
    """Rulebook "Eliminar una amenaza": the units shown on the tile must be handed in, and the
    Action does nothing to a player without them. A rival next door to a threat whose units no
    rival holds (by the public count) cannot take it first, so the seat counts on clearing it
    more than a count of who can reach the city would."""
    state = _play_to_year(2, seats=4)
    threat = next(c for c, t in sorted(state.board.items()) if t.side == "threat")
    colour = next(c for c in COLOURS if GAME.pack.road(threat, c) is not None)
    neighbour = GAME.pack.road(threat, colour)
    assert neighbour is not None
    state.players[1].city = neighbour
    on_tiles = Counter(u for t in state.board.values() for u in t.units)
    for player in state.players:
        player.units = {u: 0 for u in UNITS}
    state.players[0].units.update(Counter(GAME.pack.tiles[threat].need))
    state.barracks = {u: GAME.pack.units_per_type - on_tiles[u] - state.players[0].units[u]
                      for u in UNITS}
    view = GAME.view(state, 0)
    assert not +rival_units(GAME.pack, view)
    values = Values(GAME.pack, view)
    slot = 5
    guess = values.threat_risk(threat, slot)
    assert guess < 1.0  # the reach count alone fears the rival next door
    plan = XiditAI(GAME, "normal").programme
    acts = predict(GAME.pack, view, Rng.from_seed(1), plan)
    assert all(not any(s < slot for s, _ in row) for row in acts.get(threat, []))
    values.predict(Rng.from_seed(1), plan)
    assert values.threat_risk(threat, slot) > guess
