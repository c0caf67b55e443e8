"""The seat AIs' Red Turban Rebellion answers (engine/ai/greatwall_turban.py, greatwall_team.py),
against the rules they read [IT AC, "La Rivolta dei Turbanti Rossi"]."""

from __future__ import annotations

from greatwall_kit import GAME, activate, horde, players_cleared
from greatwall_kit import drafted as kit_drafted

from engine.ai import choose
from engine.games import capabilities
from engine.greatwall.state import State

BLUE = 0
OPTIONS = capabilities("greatwall").table_options({"scenario": "red_turban"})


def cleared() -> State:
    state = kit_drafted(3, 1, options=OPTIONS)
    for section in state.sections:
        section.hordes, section.barricades, section.firing, section.rest = [], 0, [], {}
    players_cleared(state)
    return state


def test_the_build_closes_the_section_a_breach_threatens_first() -> None:
    """IT AC, "Breccia e Razzia": any Breach loses the game at once; a Section breaches when its Hordes'
    Offensive Power beats its Defence [ES p.9-10]. So the hard seat's Encampment build goes to the
    Section under threat, even where a dearer Wall level elsewhere would pay more Honor [ES p.13] and
    the seat's own soldiers on every Horde there would spare it the Breach's Shame [ES p.10]."""
    state = cleared()
    deck = iter(state.horde_deck)
    while GAME.view(state, BLUE)["sections"][0]["power"] <= GAME.view(state, BLUE)["sections"][0]["defence"]:
        horde(state, 0, next(deck), soldiers=[(BLUE, "spearman", [0])])
    state.sections[1].wall = 2  # its next level costs most and pays most Honor
    state.players[BLUE].res.update(wood=9, stone=9, gold=9, chi=0)
    activate(state, BLUE, "encampment")
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "build"
    answer = choose(GAME, GAME.view(state, BLUE), prompt, 0, "hard")
    assert answer.values[0].endswith(".0")
