"""Boards in the reader's language (DESIGN.md, i18n: board labels and alt text are message keys): the
four board catalogs hold the same keys with the same placeholders, every key a renderer asks for is in
them, a Russian or Spanish board really is Russian or Spanish, and the font draws Cyrillic letters."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from test_akhedena_render import quick_view, standard_view
from test_greatwall_render import _play

from bot.i18n import LANGS, catalog, translator
from engine.akhedena.game import AkhedenaGame
from engine.core.game import Game, View
from engine.core.prompt import Choice
from engine.greatwall.game import GreatWallGame
from engine.xidit.game import XiditGame
from rendering import alt_text, render
from rendering.kit import font, plural_form
from rendering.labels import ENGLISH

CATALOGS = Path(__file__).parents[2] / "bot" / "i18n"
NAMES = ["Alice", "Бартоломей", "Chiara", "Dmitri"]
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def board_catalog(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((CATALOGS / f"board.{lang}.json").read_text(encoding="utf-8"))
    return data


def sample_views() -> Iterator[tuple[str, Game, View]]:
    """Every kind of board the rendering tests build: Great Wall mid-game and finished, Akhedena full,
    quick and finished, Xidit at the start and played on."""
    wall = GreatWallGame()
    for steps in (0, 40, 150, None):
        yield f"greatwall-{steps}", wall, wall.view(_play(3, 5, steps), None)
    akhedena = AkhedenaGame()
    over = standard_view()
    over["over"], over["winners"] = True, [1]
    alert = standard_view()
    alert["dragon"], alert["alert"], alert["dice"] = None, 2, {"black": "stone", "steps": 3, "direction": "E"}
    for label, view in (("standard", standard_view()), ("quick", quick_view()), ("over", over),
                        ("alert", alert)):
        yield f"akhedena-{label}", akhedena, view
    xidit = XiditGame()
    state = xidit.setup(4, {}, 21)
    yield "xidit-setup", xidit, xidit.view(state, None)
    for city in (1, 2, 3, 4):
        prompt = xidit.prompts(state)[0]
        xidit.apply(state, prompt.seat, Choice.of("place", str(city)))
    yield "xidit-placed", xidit, xidit.view(state, None)


def recording(lang: str) -> tuple[Callable[[str], str], set[str]]:
    asked: set[str] = set()
    tr = translator(lang)

    def record(key: str) -> str:
        asked.add(key)
        return tr(key)

    return record, asked


def test_the_english_board_catalog_is_the_renderers_english() -> None:
    assert board_catalog("en") == ENGLISH


@pytest.mark.parametrize("lang", LANGS)
def test_every_board_key_is_in_every_language_with_the_same_placeholders(lang: str) -> None:
    texts = board_catalog(lang)
    assert set(texts) == set(ENGLISH), lang
    for key, english in ENGLISH.items():
        assert set(PLACEHOLDER.findall(texts[key])) == set(PLACEHOLDER.findall(english)), (lang, key)
        assert texts[key].strip(), (lang, key)


@pytest.mark.parametrize("lang", ["es", "ru", "it"])
def test_the_translations_are_not_english_copies(lang: str) -> None:
    texts = board_catalog(lang)
    sentences = [k for k, v in ENGLISH.items() if len(v) > 12 and " " in v]
    same = [k for k in sentences if texts[k] == ENGLISH[k]]
    assert len(same) <= len(sentences) // 10, same


def test_the_bot_finds_the_board_catalogs() -> None:
    """``board.ru.json`` is merged as Russian by the bot's loader (the language is the last dot part)."""
    for lang in LANGS:
        assert catalog(lang)["board.seat"] == board_catalog(lang)["board.seat"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_a_renderer_asks_for_is_in_the_catalogs(lang: str) -> None:
    tr, asked = recording(lang)
    for _, game, view in sample_views():
        assert render(game, view, NAMES[:len(view["players"])], tr)
        alt_text(game, view, NAMES[:len(view["players"])], tr)
    assert asked, "the renderers translate nothing"
    # Content names (issue 24) are the catalogs' content.<game>.<lang>.json words, shared with the panels.
    content = {k for k in asked if k.startswith("content.")}
    assert asked - content <= set(board_catalog(lang)), sorted(asked - content - set(board_catalog(lang)))
    assert content <= set(catalog(lang)), sorted(content - set(catalog(lang)))


def test_a_russian_alt_text_is_russian() -> None:
    for label, game, view in sample_views():
        names = NAMES[:len(view["players"])]
        russian = alt_text(game, view, names, translator("ru"))
        english = alt_text(game, view, names)
        assert russian != english, label
        without_names = re.sub("|".join(map(re.escape, ["Бартоломей", "Lords of Xidit", "Idrakys"])), "", russian)
        assert re.search("[а-яё]{3,}", without_names), (label, russian)


def test_alt_texts_use_the_catalogs_words() -> None:
    wall = GreatWallGame()
    view = wall.view(_play(3, 5, 150), None)
    assert board_catalog("ru")["board.gw.alt.title"].split(",")[0] in alt_text(wall, view, NAMES[:3],
                                                                                translator("ru"))
    assert "Orden de Té" in alt_text(wall, view, NAMES[:3], translator("es"))
    assert "Ordine del Tè" in alt_text(wall, view, NAMES[:3], translator("it"))


def test_a_spanish_board_differs_from_the_english_one() -> None:
    for label, game, view in sample_views():
        names = NAMES[:len(view["players"])]
        english = _image(render(game, view, names))
        spanish = _image(render(game, view, names, translator("es")))
        assert english.size == spanish.size
        assert ImageChops.difference(english, spanish).getbbox() is not None, label


def test_english_is_the_default_translator() -> None:
    for _, game, view in sample_views():
        names = NAMES[:len(view["players"])]
        assert render(game, view, names) == render(game, view, names, translator("en"))
        assert alt_text(game, view, names) == alt_text(game, view, names, translator("en"))


def test_the_font_draws_cyrillic_letters_not_boxes() -> None:
    """Pillow's bundled font has no Cyrillic: every letter came out as the same empty box. The board's
    font must draw "Ж" as a letter: its mask differs from the box drawn for a code point no font has."""
    board = font(20)
    box = bytes(board.getmask("\ue000"))
    for letter in "ЖБяё":
        assert bytes(board.getmask(letter)) != box, letter
    assert bytes(board.getmask("Ж")) != bytes(board.getmask("Б"))


def test_russian_plural_forms() -> None:
    forms = {n: plural_form("one-few-many", n) for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)}
    assert forms == {1: "one", 2: "few", 4: "few", 5: "many", 11: "many", 12: "many", 14: "many", 21: "one",
                     22: "few", 25: "many", 101: "one", 111: "many"}
    assert [plural_form("one-other", n) for n in (0, 1, 2)] == ["other", "one", "other"]


def _image(png: bytes | None) -> Image.Image:
    assert png is not None
    return Image.open(io.BytesIO(png)).convert("RGB")

