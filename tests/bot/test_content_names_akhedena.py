"""Issue 24, "game content names (cards, advisors, hordes, artifacts, locations) in every catalog":
Akhedena's army cards, generals, castles and heroes are words of the catalogs
(content.akhedena.<lang>.json, our own names), read by the board, its alt text, the panels and /card
in the reader's language."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGS, catalog, translator
from bot.presenters import presenter_for
from engine.games import make_game

GAME = make_game("akhedena")
PACK: Any = GAME.pack  # type: ignore[attr-defined]
KEYS = ([f"content.ak.army.{a}" for a in PACK.armies] + [f"content.ak.general.{g}" for g in PACK.generals]
        + [f"content.ak.castle.{c}" for c in PACK.castles] + [f"content.ak.hero.{h}" for h in PACK.heroes])


@pytest.mark.parametrize("lang", LANGS)
def test_every_army_general_castle_and_hero_has_a_name_in_every_catalog(lang: str) -> None:
    words = catalog(lang)
    assert [k for k in KEYS if not str(words.get(k, "")).strip()] == []


def test_the_russian_names_are_russian() -> None:
    ru = catalog("ru")
    assert [k for k in KEYS if not any("а" <= ch.lower() <= "я" for ch in str(ru[k]))] == []


@pytest.mark.parametrize("lang", ["es", "ru", "it"])
def test_panels_and_the_card_reference_name_armies_in_the_readers_language(lang: str) -> None:
    from bot.games.akhedena_ref import AkhedenaReference

    tr, presenter = translator(lang), presenter_for(GAME)
    army = next(iter(PACK.armies.values()))
    word = tr(f"content.ak.army.{army.id}")
    assert word != army.name
    assert presenter.card(tr, army.id).startswith(word)  # type: ignore[attr-defined]
    names = {c.id: c.name for c in AkhedenaReference(PACK).cards(tr)}
    assert names[army.id] == word


def test_the_board_and_its_alt_text_name_the_heroes_in_the_tables_language() -> None:
    from rendering import alt_text

    state = GAME.setup(3, {"mode": "quick"}, 1)
    view = GAME.view(state, None)
    heroes = [p["hero"] for p in view["players"] if p.get("hero")]
    assert heroes
    text = alt_text(GAME, view, ["A", "B", "C"], translator("ru"))
    assert all(translator("ru")(f"content.ak.hero.{h}") in text for h in heroes), text


@pytest.mark.parametrize("lang", LANGS)
def test_card_reference_lists_every_castle_card_with_its_own_defence(lang: str) -> None:
    """ES §3 (Construcción) gives each castle built a castle card; its army cards must match its class,
    and it defends with a value of its own (akhedena-facts §7.5): /card finds each castle card by its
    name in the reader's language and gives that defence and its weapon bonus."""
    from bot.games.akhedena_ref import AkhedenaReference

    tr = translator(lang)
    castles = {c.id: c for c in AkhedenaReference(PACK).cards(tr) if c.kind == "ak.kind.castle"}
    assert set(castles) == set(PACK.castles)
    for card in PACK.castles.values():
        ref = castles[card.id]
        assert ref.name == tr(f"content.ak.castle.{card.id}")
        assert str(card.base) in ref.effect and tr(f"ak.weapon.{card.weapon}") in ref.effect
