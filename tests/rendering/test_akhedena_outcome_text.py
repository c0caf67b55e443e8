"""The Akhedena board's words for the end and the variant read what the view declares (issue 21):
a team game's winning side is named together, a shared first place says so, and a variant the
catalogs do not word reads as its own name."""

from __future__ import annotations

from engine.akhedena.flow import Ctx
from engine.akhedena.game import AkhedenaGame
from engine.akhedena.state import State
from engine.akhedena.victory import finish
from rendering.akhedena import render_board
from rendering.akhedena_text import alt_text, mode_name
from rendering.labels import english

NAMES = ["Alice", "Bruno", "Chiara", "Dmitri"]
GAME = AkhedenaGame()


def _stopped(seats: int, mode: str, vp: dict[int, int]) -> State:
    """A game of ``mode`` stopped by the table's round limit with these Origin Point VP."""
    state = GAME.setup(seats, {"mode": mode, "rounds": "on"}, 5)
    for seat, points in vp.items():
        state.players[seat].origin_vp = points
    finish(Ctx(state, GAME.pack), [], "rounds")
    return state


def test_a_team_game_names_the_winning_team_together() -> None:
    """ES [Modo Avanzado]: allies win as a team ("el equipo gana"). Stopped by the round limit, the
    side ahead (Bruno's VP, with Dmitri his ally across the table) wins: the board and its alt text
    name both, never "Winner: none"."""
    state = _stopped(4, "team", {1: 30, 0: 10})
    view = GAME.view(state, None)
    assert view["winners"] == [1, 3]
    text = alt_text(view, None, NAMES)
    assert "Game over. Winning team: Bruno, Dmitri." in text
    unfinished = GAME.view(GAME.setup(4, {"mode": "team"}, 5), None)
    assert render_board(view, None, NAMES) != render_board({**view, "winners": []}, None, NAMES)
    assert unfinished["sides"] == [[0, 2], [1, 3]] and unfinished["outcome"] == "teams"


def test_a_shared_first_place_says_so() -> None:
    """ES [Objetivo del Juego]: the rulebook's only win is crown + VP; a table stopped by the round
    limit with nobody crowned and equal VP has no one ahead, so both share first place."""
    view = GAME.view(_stopped(3, "standard", {0: 20, 2: 20}), None)
    assert view["winners"] == [0, 2]
    assert "Game over. Sharing first place: Alice, Chiara." in alt_text(view, None, NAMES[:3])


def test_a_variant_the_catalogs_do_not_word_reads_as_its_name() -> None:
    view = GAME.view(GAME.setup(2, {"mode": "standard"}, 5), None)
    assert mode_name(view, english) == "Standard"
    assert mode_name({**view, "mode": "owners_duel"}, english) == "owners_duel"
