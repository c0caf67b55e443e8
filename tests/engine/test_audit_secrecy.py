"""The secrecy audit, strong form, for every registered game and mode: at mid-game states, change
every value hidden from all but one seat; every public output — the spectator's view, each other
seat's view and open prompts, and the board PNG and its alt text in every language — must stay
byte-identical."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from games import SUPPORT, Case, cases, game_of, states_along

import engine
from bot.i18n import LANGS, translator
from engine.core.game import Game, View
from engine.games import game_ids
from rendering import alt_text, render

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


def board_langs(index: int) -> list[str]:
    """English at every state; every other state also one other language, in turn. Every language
    sees states of every case, while the audit renders 1.5 boards a state, not 4 (a render is ~50 ms
    and the default suite must stay fast)."""
    others = [lang for lang in LANGS if lang != "en"]
    return ["en"] if index % 2 else ["en", others[index // 2 % len(others)]]


def assert_same_board(game: Game, public: View, disturbed: View, seats: int, lang: str) -> None:
    tr, names = translator(lang), NAMES[:seats]
    assert render(game, public, names, tr) == render(game, disturbed, names, tr), lang
    assert alt_text(game, public, names, tr) == alt_text(game, disturbed, names, tr), lang


def test_every_game_registers_support() -> None:
    for module in pkgutil.iter_modules(engine.__path__):
        if module.ispkg and importlib.util.find_spec(f"engine.{module.name}.game") is not None:
            importlib.import_module(f"engine.{module.name}.game")
    assert set(game_ids()) <= set(SUPPORT), "register the new game in tests/engine/games.py"


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.label)
def test_hidden_values_never_change_public_outputs(case: Case) -> None:
    audit(case, seed=5)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(20, 40))
@pytest.mark.parametrize("case", cases(), ids=lambda c: c.label)
def test_soak_hidden_values_never_change_public_outputs(case: Case, seed: int) -> None:
    """The same audit over many games of every case (every Great Wall combination among them)."""
    audit(case, seed)


def audit(case: Case, seed: int) -> None:
    game = game_of(case)
    disturb = SUPPORT[case.game_id].disturb
    owner_saw = 0
    langs: set[str] = set()
    states = states_along(case, seed=seed, every=23, max_steps=600)
    for index, state in enumerate(states):
        for seat in range(case.seats):
            other = disturb(state, seat)
            for viewer in (None, *(s for s in range(case.seats) if s != seat)):
                assert game.view(state, viewer) == game.view(other, viewer), (case.label, seat, viewer)
            theirs = [p for p in game.prompts(state) if p.seat != seat]
            assert theirs == [p for p in game.prompts(other) if p.seat != seat]
            owner_saw += game.view(state, seat) != game.view(other, seat)
        public, disturbed = game.view(state, None), game.view(disturb(state, 0), None)
        for lang in board_langs(index):
            assert_same_board(game, public, disturbed, case.seats, lang)
            langs.add(lang)
    assert bool(owner_saw) == case.secrets  # the disturbance reaches something the owner does see
    if len(states) >= 6:  # a game long enough to audit: every language's board was compared
        assert langs == set(LANGS), (case.label, langs)
