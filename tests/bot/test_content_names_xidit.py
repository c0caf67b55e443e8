"""Issue 24, "game content names (cards, advisors, hordes, artifacts, locations) in every catalog":
Lords of Xidit's regions, cities and titans are words of the catalogs (content.xidit.<lang>.json, our
own names), read by the board, the seat picture and the panels in the reader's language."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGS, catalog, translator
from bot.presenters import presenter_for
from engine.core.prompt import Option
from engine.games import make_game

GAME = make_game("xidit")
PACK: Any = GAME.pack  # type: ignore[attr-defined]
KEYS = ([f"content.xi.region.{r}" for r in PACK.regions] + [f"content.xi.city.{c}" for c in PACK.cities]
        + [f"content.xi.titan.{t.id}" for t in PACK.titans])


@pytest.mark.parametrize("lang", LANGS)
def test_every_region_city_and_titan_has_a_name_in_every_catalog(lang: str) -> None:
    words = catalog(lang)
    assert [k for k in KEYS if not str(words.get(k, "")).strip()] == []


def test_the_russian_names_are_not_the_english_ones() -> None:
    en, ru = catalog("en"), catalog("ru")
    assert [k for k in KEYS if en[k] == ru[k]] == []


def test_the_board_names_its_regions_in_the_tables_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from rendering import xidit as board

    drawn: list[str] = []
    real = board.text_centered

    def recording(draw: object, at: object, text: str, *args: object, **kwargs: object) -> object:
        drawn.append(text)
        return real(draw, at, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(board, "text_centered", recording)
    view = GAME.view(GAME.setup(4, {}, 1), None)
    board.render_board(view, PACK, ["A", "B", "C", "D"], translator("ru"))
    region = next(iter(PACK.regions.values()))
    assert translator("ru")(f"content.xi.region.{region.id}") in drawn and region.name not in drawn


@pytest.mark.parametrize("lang", ["es", "ru", "it"])
def test_a_panel_names_cities_and_regions_in_the_readers_language(lang: str) -> None:
    presenter = presenter_for(GAME)
    tr = translator(lang)
    city, region = PACK.cities[18], next(iter(PACK.regions.values()))
    for key, args, word, english in (
            ("xidit.opt.city", {"city": city.id}, tr(f"content.xi.city.{city.id}"), city.name),
            ("xidit.opt.region", {"region": region.id}, tr(f"content.xi.region.{region.id}"), region.name)):
        label = presenter.option_label(tr, Option("x", key, args), [])
        assert word in label and english not in label, (args, label)


@pytest.mark.parametrize("lang", ["es", "ru", "it"])
def test_the_card_reference_names_the_titans_in_the_readers_language(lang: str) -> None:
    from bot.games.xidit_ref import XiditReference

    tr = translator(lang)
    names = {c.id: c.name for c in XiditReference(PACK).cards(tr)}
    assert all(names[t.id] == tr(f"content.xi.titan.{t.id}") != t.name for t in PACK.titans)
