"""Ephemeral refusals: a message key in the user's language, shown only to them; nothing changed."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import lang_of, t


async def refuse(interaction: discord.Interaction[Any], key: str, **args: Any) -> None:
    text = t(lang_of(interaction.locale), key, **args)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
        return
    try:
        await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as error:
        if error.code != 40060:  # the same interaction delivered again: the first delivery answered it
            raise
