"""The ``/game addai`` level choices tell a player how strong each level plays and in what style, in
the player's own language (catalog bot/i18n/ai.<lang>.json), and fit Discord's 100-character limit
on a choice name."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot.cogs.game import AI_LEVELS
from bot.commands_i18n import CatalogTranslator
from bot.i18n import LANGS, catalog
from engine.ai import LEVELS

CONTEXT = app_commands.TranslationContext(app_commands.TranslationContextLocation.choice_name, None)
LOCALES = {"es": discord.Locale.spain_spanish, "ru": discord.Locale.russian, "it": discord.Locale.italian}


def test_every_level_is_offered_with_its_description() -> None:
    assert [c.value for c in AI_LEVELS] == list(LEVELS)
    for choice in AI_LEVELS:
        key = f"cmd.ai_level.{choice.value}"
        assert choice._locale_name is not None and choice._locale_name.extras["key"] == key
        assert choice.name == catalog("en")[key]  # the declared English text is the catalog's
        assert choice.name.startswith(choice.value + " ")  # the level's own word leads the line


@pytest.mark.parametrize("lang", LANGS)
def test_level_descriptions_exist_in_every_language_and_fit_discords_limit(lang: str) -> None:
    for level in LEVELS:
        text = catalog(lang).get(f"cmd.ai_level.{level}")
        assert isinstance(text, str) and 0 < len(text) <= 100, (lang, level)
    texts = {catalog(lang)[f"cmd.ai_level.{level}"] for level in LEVELS}
    assert len(texts) == len(LEVELS)  # each level reads differently


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_the_choices_are_shown_in_the_players_language(lang: str) -> None:
    translator = CatalogTranslator()
    for choice in AI_LEVELS:
        assert choice._locale_name is not None
        shown = await translator.translate(choice._locale_name, LOCALES[lang], CONTEXT)
        assert shown == catalog(lang)[f"cmd.ai_level.{choice.value}"]
        assert shown != choice.name
