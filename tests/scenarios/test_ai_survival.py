"""The hard team's answers at the co-op survival scenarios' tables (engine/ai/greatwall_survival.py,
greatwall_siege.py), against the rules they read [IT AC, "L'Assedio di Diaoyucheng", "La Rivolta dei
Turbanti Rossi"]."""

from __future__ import annotations

from greatwall_kit import GAME, PACK, activate, horde, jobs, players_cleared
from greatwall_kit import drafted as kit_drafted

from engine.ai import choose
from engine.games import capabilities
from engine.greatwall.state import State

BLUE, RED = 0, 1
NUMBERS = PACK.scenarios["siege"]


def cleared(scenario: str) -> State:
    """Drafted at 3 players, an empty board; in the Siege no token beside the Fortress, which three
    archers of another seat fill (so the Barracks offers only the normal recruit)."""
    state = kit_drafted(3, 1, options=capabilities("greatwall").table_options({"scenario": scenario}))
    for section in state.sections:
        section.hordes, section.barricades, section.firing, section.rest = [], 0, [], {}
    players_cleared(state)
    if scenario == "siege":
        state.chronicle = {"scenario": "siege", "defence": NUMBERS.defence_start, "siege": 0,
                           "fortress": [RED] * NUMBERS.firing_spots}
    return state


def recruit_answer(scenario: str) -> tuple[str, ...]:
    state = cleared(scenario)
    deck = iter(state.horde_deck)
    horde(state, 0, next(deck))
    state.players[BLUE].res.update(wood=5, stone=5, gold=5, chi=5)
    activate(state, BLUE, "barracks")
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "recruit"
    return choose(GAME, GAME.view(state, BLUE), prompt, 0, "hard").values


def test_a_survival_recruit_is_an_archer_on_a_firing_spot_first() -> None:
    """ES p.9: in every Winter's Firing step each archer on a Firing spot wounds a Horde of its
    Section, and ES p.12: it stays there; a spearman covers one spot once [ES p.12]. A Horde falls when
    every Vital spot is covered [ES p.10], and each one left standing brings the Raids that lose a
    survival scenario [IT AC; ES p.8]. So with all three payable the hard seat's recruit is an archer
    that attacks from a Firing spot (not one sent to rest, not a spearman), in the Siege and with the
    Red Turbans."""
    for scenario in ("siege", "red_turban"):
        answer = recruit_answer(scenario)
        assert answer[0].startswith("archer.atk."), (scenario, answer)


def test_the_siege_keeps_its_resources_rather_than_donate() -> None:
    """ES p.11: a donation turns 1 resource into 2 Honor; in the Siege Honor buys nothing but a Shame
    token back [ES p.19], while the Raids' Shame is boxed for good [ES p.7; IT AC, "Razzie"] and only
    soldiers defeat the Hordes that bring them. So the hard seat keeps its Wood."""
    state = cleared("siege")
    state.players[BLUE].res.update(wood=3)
    jobs(state, {"op": "donate", "loc": "mill", "seat": BLUE, "stage": 1})
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "donate" and "donate" in {o.id for o in prompt.options}
    assert choose(GAME, GAME.view(state, BLUE), prompt, 0, "hard").values == ("pass",)


def camp_answer(defence: int, tokens: int) -> tuple[str, ...]:
    state = cleared("siege")
    state.chronicle = {"scenario": "siege", "defence": defence, "siege": tokens, "fortress": []}
    state.players[BLUE].res.update(wood=9, stone=9, gold=9)
    activate(state, BLUE, "encampment")
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "siege_camp"
    return choose(GAME, GAME.view(state, BLUE), prompt, 0, "hard").values


def test_the_siege_buys_defence_only_when_the_coming_nights_would_end_it() -> None:
    """IT AC, "Fase della Notte": each Night takes 1 Defence per token beside the Fortress (less one
    per archer inside) and 0 loses at once; "Aumentare la Difesa": a Clerk at the Encampment may pay
    3 resources but Chi for +1, resources a soldier would use. With 2 tokens two Nights take at most
    5 (a Raid may add one): 7 Defence outlasts them, so the seat builds as usual. With 3 tokens and
    6 Defence the next two Nights take 7: it buys Defence."""
    assert camp_answer(7, 2) == ("normal",)
    assert camp_answer(6, 3)[0] != "normal"
