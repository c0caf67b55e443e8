"""Slash-command descriptions in the user's Discord language, from the same catalogs as messages."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import catalog, lang_of


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        lang = lang_of(locale)
        if key is None or lang == "en":
            return None  # English is the text the command was declared with
        text = catalog(lang).get(key)
        return text if isinstance(text, str) else None  # descriptions have no numbers
