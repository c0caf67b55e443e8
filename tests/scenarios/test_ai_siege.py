"""The seat AIs' Siege of Diaoyucheng answers (engine/ai/greatwall_siege.py), against the rules they
read [IT AC, "L'Assedio di Diaoyucheng"]."""

from __future__ import annotations

from greatwall_kit import GAME, PACK, jobs, players_cleared
from greatwall_kit import drafted as kit_drafted

from engine.ai import choose
from engine.games import capabilities
from engine.greatwall.state import State

BLUE = 0
NUMBERS = PACK.scenarios["siege"]
OPTIONS = capabilities("greatwall").table_options({"scenario": "siege"})


def cleared(tokens: int) -> State:
    """Drafted at 3 players, an empty board, ``tokens`` Shame beside the Fortress, none inside."""
    state = kit_drafted(3, 1, options=OPTIONS)
    for section in state.sections:
        section.hordes, section.barricades, section.firing, section.rest = [], 0, [], {}
    players_cleared(state)
    state.chronicle = {"scenario": "siege", "defence": NUMBERS.defence_start, "siege": tokens, "fortress": []}
    return state


def barracks_answers(tokens: int, defence: int) -> dict[str, tuple[str, ...]]:
    """The normal and hard answers of a seat with two Barracks Clerks and plenty to pay with."""
    state = cleared(tokens=tokens)
    assert state.chronicle is not None
    state.chronicle["defence"] = defence
    state.players[BLUE].clerks -= 2
    state.clerks_at.setdefault("barracks", []).extend([BLUE, BLUE])
    state.players[BLUE].res.update(wood=5, stone=5, gold=5, chi=5)
    jobs(state, {"op": "activate", "loc": "barracks", "advanced": False})
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "siege_barracks"
    return {level: choose(GAME, GAME.view(state, BLUE), prompt, 0, level).values for level in ("normal", "hard")}


def test_the_fortress_takes_an_archer_for_each_token_beside_it() -> None:
    """IT AC, "Fase della Notte": each Night the Defence falls by 1 per Shame token beside the card,
    and each archer in the Fortress cancels one; the tokens stay. So with a token beside the card
    (and a Raid to come) both of a seat's Barracks Clerks send an archer into the Fortress: the normal
    seat always, the hard one when the next two Nights (1, then 2 after a Raid) would end a Defence of
    3 ("Se la Difesa scende a 0 [...] sconfitta immediata")."""
    assert barracks_answers(tokens=1, defence=NUMBERS.defence_start)["normal"] == ("fort", "fort")
    assert barracks_answers(tokens=1, defence=3)["hard"] == ("fort", "fort")


def test_the_hard_team_keeps_its_recruits_on_the_wall_while_the_defence_holds() -> None:
    """A Fortress archer cancels one token for one Night, then goes to a Rest Zone [IT AC, "Fase della
    Notte"], where an archer can never climb back to a Firing spot [ES p.13]; an archer on a Firing
    spot of the Wall wounds a Horde every Winter [ES p.9]. With the Defence at its start and one token,
    two Nights cannot end it: the hard team's Clerks recruit on the Wall (the normal recruit)."""
    assert barracks_answers(tokens=1, defence=NUMBERS.defence_start)["hard"] == ("normal", "normal")
