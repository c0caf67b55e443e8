"""Alt text on every seat picture (issue 24: "Alt text on every seat picture, as on boards, in the
reader's language"), rendering/seat_alt.py. Its secrecy is audited in tests/engine/test_audit_secrecy.py;
here: every picture has one, it says what the picture marks, in the reader's language, within the
1,024 characters of an attachment's description (Discord's attachment object)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from games import Case, game_of, states_along

from bot.i18n import LANGS, translator
from rendering import seat_alt_text, seat_picture
from rendering.akhedena_seat import target_squares
from rendering.seat_alt import ENGLISH, LIMIT

NAMES = ["Ana", "Bo", "Cy", "Di"]
CATALOGS = Path(__file__).resolve().parents[2] / "bot" / "i18n"
CASES = [Case("greatwall", 3), Case("xidit", 4, {"length": "short"}), Case("akhedena", 3, {"mode": "standard"})]


def _catalog(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((CATALOGS / f"seatalt.{lang}.json").read_text(encoding="utf-8"))
    return data


def test_the_english_catalog_is_the_modules_english() -> None:
    assert _catalog("en") == ENGLISH


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_every_key_with_the_same_placeholders(lang: str) -> None:
    texts = _catalog(lang)
    assert set(texts) == set(ENGLISH)
    for key, english in ENGLISH.items():
        assert set(re.findall(r"{(\w+)}", texts[key])) == set(re.findall(r"{(\w+)}", english)), (lang, key)


def _decisions(case: Case) -> list[tuple[Any, Any, Any]]:
    game = game_of(case)
    return [(game, game.view(state, p.seat), p)
            for state in states_along(case, seed=5, every=4, max_steps=200) for p in game.prompts(state)]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.game_id)
def test_every_seat_picture_has_alt_text_in_the_readers_language(case: Case) -> None:
    """Wherever a seat picture is drawn, its alt text is there, fits Discord's field, and is worded
    in the reader's language (Russian is not the English text)."""
    described = 0
    for game, view, prompt in _decisions(case)[:40]:
        names = NAMES[:case.seats]
        if seat_picture(game, view, prompt, names, translator("en")) is None:
            continue
        english = seat_alt_text(game, view, prompt, names, translator("en"))
        russian = seat_alt_text(game, view, prompt, names, translator("ru"))
        assert english and len(english) <= LIMIT and len(russian) <= LIMIT, prompt.key
        assert russian != english and "seatalt." not in russian + english, prompt.key
        described += 1
    assert described


def test_an_akhedena_alt_text_names_the_marked_squares() -> None:
    """The squares the picture tags are the ones its alt text names."""
    named = 0
    for game, view, prompt in _decisions(CASES[2]):
        squares = target_squares(view, prompt, view["size"])
        if squares:
            text = seat_alt_text(game, view, prompt, NAMES[:3], translator("es"))
            assert all(name in text for name in squares.values()), text
            named += 1
    assert named
