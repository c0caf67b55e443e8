"""``/games``: where the caller plays, in every server (and in DMs): tables where it is their turn
first, then the ones waiting for others, then the lobbies, each with a link to its channel."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown

from bot.cogs.game import _d
from bot.delivery import chunks
from bot.i18n import lang_of, t, translator
from bot.parts import Parts
from bot.store import TableRow

# The order of the list: what needs the caller now comes first.
YOUR_TURN, PLAYING, LOBBY = 0, 1, 2
MARKS = {YOUR_TURN: "👉", PLAYING: "⏳", LOBBY: "🪑"}


@dataclass(frozen=True)
class Entry:
    rank: int
    row: TableRow
    waiting: str  # the names the table waits for (PLAYING), else ""


def link(row: TableRow) -> str:
    """A jump link to the table's channel: it opens from a DM or from another server."""
    return f"https://discord.com/channels/{row.guild_id or '@me'}/{row.channel_id}"


class MineCog(commands.Cog):
    def __init__(self, parts: Parts) -> None:
        self.parts = parts

    def entry(self, row: TableRow, user_id: int) -> Entry:
        table = self.parts.tables.by_id.get(row.id)
        if row.status == "lobby" or table is None or table.row.status == "lobby":
            return Entry(LOBBY, row, "")
        seat = table.seat_of(user_id)
        prompts = table.prompts()
        if any(p.seat == seat for p in prompts):
            return Entry(YOUR_TURN, row, "")
        return Entry(PLAYING, row, ", ".join(sorted({table.names[p.seat] for p in prompts})) or "—")

    def line(self, lang: str, entry: Entry) -> str:
        guild = self.parts.delivery.client.get_guild(entry.row.guild_id or 0)
        server = escape_markdown(guild.name) if guild is not None else "—"
        state = t(lang, "games.waiting", names=entry.waiting) if entry.rank == PLAYING \
            else t(lang, "games.your_turn" if entry.rank == YOUR_TURN else "games.lobby")
        return t(lang, "games.line", mark=MARKS[entry.rank], game=translator(lang)(f"{entry.row.game}.name"),
                 server=server, state=state, link=link(entry.row))

    @app_commands.command(name="games", description=_d("games", "Your tables in every server, your turn first "
                                                                 "(only you see it)"))
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        lang = lang_of(interaction.locale)
        rows = await self.parts.store.tables_of(interaction.user.id)
        entries = sorted((self.entry(row, interaction.user.id) for row in rows), key=lambda e: (e.rank, e.row.id))
        if not entries:
            await interaction.response.send_message(t(lang, "games.none"), ephemeral=True)
            return
        texts = chunks([t(lang, "games.title", count=len(entries)), *(self.line(lang, e) for e in entries)])
        await interaction.response.send_message(texts[0], ephemeral=True)
        for text in texts[1:]:
            await interaction.followup.send(text, ephemeral=True)
