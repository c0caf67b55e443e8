"""Issue 24: the names of a game's content are words of the catalogs, in every language, and the
boards and panels read them. First slice: the Great Wall's command cards (the clan cards, the Reed
clan's and Qin Jiushao's), named in our own words (``content.gw.command.<id>``)."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, catalog, translator
from bot.presenters import presenter_for
from engine.games import make_game

GAME = make_game("greatwall")
PACK = GAME.pack  # type: ignore[attr-defined]
COMMAND_IDS = sorted([*PACK.commands, *PACK.solo, PACK.reed.id])


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_card_has_a_name_in_every_catalog(lang: str) -> None:
    words = catalog(lang)
    missing = [c for c in COMMAND_IDS if not str(words.get(f"content.gw.command.{c}", "")).strip()]
    assert missing == []


@pytest.mark.parametrize("lang", ["ru", "it", "es"])
def test_a_command_card_in_a_log_line_is_named_in_the_readers_language(lang: str) -> None:
    """"Карты приказа раскрыты — Basil: Mobilisation" was the bug: the name is the catalog's."""
    presenter = presenter_for(GAME)
    tr = translator(lang)
    text = presenter.line(tr, "gw.placed", {"seat": 0, "card": "mobilise", "slot": 1}, ["Ann"])
    assert tr("content.gw.command.mobilise") in text and "Mobilisation" not in text
