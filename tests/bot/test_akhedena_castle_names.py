"""Akhedena's castles are named where a player meets one. ES §3 "Acción: Construcción": "Si construyes
un castillo, recibirás una Carta de Castillo por cada uno" — the builder chooses which Castle card
from the supply, so the build panel names each card (in the reader's language, content.ak.castle.<id>,
our own words), the panel that places it names the card being placed (never its id), and the log line
of the castle built names it too."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.i18n import translator
from bot.presenters import presenter_for
from engine.core.prompt import Choice, Prompt
from engine.games import make_game

GAME: Any = make_game("akhedena")
PACK: Any = GAME.pack


def _to(state: Any, kind: str) -> Prompt:
    """Plays the first seat's turn the plain way, taking the Build action and a Castle card whenever
    offered, up to the first prompt of ``kind`` (or with that message key)."""
    for _ in range(200):
        prompt = GAME.prompts(state)[0]
        if kind in (prompt.kind, prompt.key):
            return prompt
        ids = [o.id for o in prompt.options]
        pick = next((i for i in ids if i == "build" or i.startswith("castle.")), None)
        choice = Choice(prompt.kind, (pick,)) if pick else prompt.default_choice()
        GAME.apply(state, prompt.seat, choice or Choice(prompt.kind, tuple(ids[:max(prompt.pick_min, 1)])))
    raise AssertionError(f"no {kind} prompt")


@pytest.mark.parametrize("lang", ["en", "es", "ru", "it"])
def test_the_build_and_place_panels_and_the_log_name_the_castle(lang: str) -> None:
    tr, presenter = translator(lang), presenter_for(GAME)
    state = GAME.setup(2, {}, 1)
    build = _to(state, "build")
    castles = [o for o in build.options if o.id.startswith("castle.")]
    assert castles
    for option in castles:
        card = option.id.split(".", 1)[1]
        assert tr(f"content.ak.castle.{card}") in presenter.option_label(tr, option, ["A", "B"])
    card = castles[0].id.split(".", 1)[1]
    name = tr(f"content.ak.castle.{card}")
    assert lang == "en" or name != PACK.castles[card].name  # the reader's words, not the pack's
    GAME.apply(state, build.seat, Choice("build", (castles[0].id,)))
    place = GAME.prompts(state)[0]
    text = presenter.prompt_text(tr, place, GAME.view(state, place.seat), ["A", "B"])
    assert name in text and re.search(rf"\b{card}\b", text) is None
    events = GAME.apply(state, place.seat, Choice(place.kind, (place.options[0].id,)))
    built = [e for e in events if e.key == "ak.built_castle"]
    assert built and name in presenter.line(tr, built[0].key, built[0].args, ["A", "B"])


@pytest.mark.parametrize("lang", ["en", "es", "ru", "it"])
def test_the_board_names_the_castle_that_holds_the_crown(lang: str) -> None:
    """ES "La Corona": whoever takes the Crown puts it on one of their castles, and whoever destroys
    that castle takes it: the board's crown line (drawn and in its alt text) names that castle."""
    from rendering import alt_text

    tr = translator(lang)
    state = GAME.setup(2, {}, 1)
    place = _to(state, "ak.ask.place_castle")  # the castle bought on the first turn, being placed
    GAME.apply(state, place.seat, Choice(place.kind, (place.options[0].id,)))
    castle = next(p for p in state.pieces if p.kind == "castle")
    state.crown = castle.id  # as if its owner had reached the Abandoned Fortress and crowned it
    text = alt_text(GAME, GAME.view(state, None), ["A", "B"], tr)
    assert tr(f"content.ak.castle.{castle.card}") in text
