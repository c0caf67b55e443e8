"""Whose language a text speaks (issue 24). A table has one language, chosen at ``/game new`` (the
server's preferred language when none is chosen) and kept with the table: the channel's posts and
boards use it. Each player has their own, their Discord client's: every interaction carries it, and a
seated player's is kept with their seat (stored), so their DMs and ephemeral panels use it even when
sent with no interaction at hand (a deadline, a restart, another player's move)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from bot.i18n import LANGS, lang_of, t
from bot.tables import Table

# ``/game new language:``: one choice per catalog, named in its own language (a reader looks for
# their language by the name they know it by).
TABLE_LANGUAGES = [app_commands.Choice(name=t(lang, f"language.{lang}"), value=lang) for lang in LANGS]


def own_lang(interaction: discord.Interaction[Any]) -> str:
    """The language of the person who interacted: their Discord client's."""
    return lang_of(interaction.locale)


def server_lang(interaction: discord.Interaction[Any]) -> str:
    """The server's preferred language (Server Settings → Community), or the caller's outside a
    community server, where Discord sends none."""
    return lang_of(interaction.guild_locale or interaction.locale)


def language_name(lang: str) -> str:
    return t(lang, f"language.{lang}")


async def remember(table: Table, interaction: discord.Interaction[Any], others: Iterable[Table] = ()) -> None:
    """A player's language follows their latest interaction, wherever it was: each seat of theirs —
    at this table and at the ``others`` (every table the bot holds) — keeps it (stored), and every
    later DM and panel of theirs reads it from there. A language is the person's, not the seat's:
    a Spanish click at one table must not leave their DMs of another in English."""
    lang = own_lang(interaction)
    for held in {id(one): one for one in (table, *others)}.values():
        changed = False
        for seat in held.seats:
            if not seat.is_ai and seat.user_id == interaction.user.id and seat.lang != lang:
                seat.lang, changed = lang, True
        if changed:
            await held.store.save_seats(held.id, held.seats)
