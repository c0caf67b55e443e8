"""Slash commands: the ``/game`` group and ``/hand``. Each turns a command into a table call."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.clicks import refuse
from bot.i18n import lang_of, t
from bot.tables import Table, TableError

if TYPE_CHECKING:
    from bot.app import MusterBot

def _d(key: str, text: str) -> locale_str:
    """A command description that the tree's translator localizes (catalog key ``cmd.<key>``)."""
    return locale_str(text, key=f"cmd.{key}")


GAMES = [app_commands.Choice(name="The Great Wall", value="greatwall"),
         app_commands.Choice(name="Lords of Xidit", value="xidit"),
         app_commands.Choice(name="Akhedena: Destiny of the Throne", value="akhedena")]
MODES = [app_commands.Choice(name="full game", value="standard"),
         app_commands.Choice(name="team game (4 players)", value="team"),
         app_commands.Choice(name="quick play", value="quick")]
LENGTHS = [app_commands.Choice(name="long (12 years)", value="long"),
           app_commands.Choice(name="short (9 years)", value="short")]
LOG_LINES = 15


class GameCog(commands.Cog):
    game = app_commands.Group(name="game", description=_d("game", "Open, join and run a board game table here"))

    def __init__(self, bot: MusterBot) -> None:
        self.bot = bot

    def _table(self, interaction: discord.Interaction[Any]) -> Table:
        table = self.bot.tables.in_channel(interaction.channel_id or 0)
        if table is None:
            raise TableError("error.no_table")
        return table

    async def _table_or_refuse(self, interaction: discord.Interaction[Any]) -> Table | None:
        """This channel's open table, or None after telling the user there is none."""
        table = self.bot.tables.in_channel(interaction.channel_id or 0)
        if table is None:
            await refuse(interaction, "error.no_table")
        return table

    async def _say(self, interaction: discord.Interaction[Any], key: str, ephemeral: bool = True,
                   **args: Any) -> None:
        text = t(lang_of(interaction.locale), key, **args)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=ephemeral)
        else:
            await interaction.response.send_message(text, ephemeral=ephemeral)

    async def _lobby_action(self, interaction: discord.Interaction[Any], action: str) -> None:
        try:
            table = self._table(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            key = await self.bot.lobby.act(interaction, table, action)
            if key is not None:
                await self.bot.lobby.refresh(table)
            await self._say(interaction, key or "lobby.started")
        except TableError as error:
            await refuse(interaction, error.key, **error.args_)

    @game.command(name="new", description=_d("new", "Open a table in this channel"))
    @app_commands.choices(game=GAMES, length=LENGTHS, mode=MODES)
    async def new(self, interaction: discord.Interaction[Any], game: app_commands.Choice[str],
                  length: app_commands.Choice[str] | None = None,
                  mode: app_commands.Choice[str] | None = None) -> None:
        if interaction.channel_id is None:
            return
        options = {"length": length.value if length else "long", "mode": mode.value if mode else "standard"}
        lang = lang_of(interaction.guild_locale or interaction.locale)
        try:
            table = await self.bot.tables.create(interaction.guild_id, interaction.channel_id, game.value,
                                                 options, interaction.user.id, lang)
        except TableError as error:
            await refuse(interaction, error.key, **error.args_)
            return
        await interaction.response.send_message(t(lang_of(interaction.locale), "lobby.opened"), ephemeral=True)
        await self.bot.delivery.post_lobby(table)

    @game.command(name="join", description=_d("join", "Take a seat at this channel's table"))
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self._lobby_action(interaction, "join")

    @game.command(name="leave", description=_d("leave", "Give up your seat before the game starts"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self._lobby_action(interaction, "leave")

    @game.command(name="addai", description=_d("addai", "Seat an AI player"))
    async def addai(self, interaction: discord.Interaction[Any]) -> None:
        await self._lobby_action(interaction, "addai")

    @game.command(name="start", description=_d("start", "Start the game with the seated players"))
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self._lobby_action(interaction, "start")

    @game.command(name="abort", description=_d("abort", "End this channel's table (host or Manage Channels)"))
    async def abort(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._table_or_refuse(interaction)
        if table is None:
            return
        if not self.bot.lobby.is_admin(interaction, table):
            await refuse(interaction, "error.not_host")
            return
        async with table.lock:
            await self.bot.tables.abort(table)
        await interaction.response.send_message(t(table.row.lang, "table.aborted",
                                                  user=interaction.user.mention))

    @game.command(name="status", description=_d("status", "Where the game stands (only you see it)"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._table_or_refuse(interaction)
        if table is None:
            return
        lang = lang_of(interaction.locale)
        waiting = sorted({table.names[p.seat] for p in table.prompts()})
        seats = ", ".join(table.names) or "—"
        await interaction.response.send_message(
            t(lang, "table.status", status=t(lang, f"status.{table.row.status}"), seats=seats,
              waiting=", ".join(waiting) or "—", actions=table.seq), ephemeral=True)

    @game.command(name="board", description=_d("board", "Post the current board again"))
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._table_or_refuse(interaction)
        if table is None:
            return
        if table.state is None:
            await refuse(interaction, "error.not_running")
            return
        await interaction.response.defer(thinking=True)
        from bot.delivery import render_board

        board = await render_board(table)
        if board is None:
            await interaction.followup.send(t(lang_of(interaction.locale), "error.no_board"))
            return
        import io

        await interaction.followup.send(file=discord.File(io.BytesIO(board[0]), "board.png",
                                                          description=board[1][:1000]))

    @game.command(name="log", description=_d("log", "The recent public log of this table"))
    async def log(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._table_or_refuse(interaction)
        if table is None:
            return
        from bot.delivery import chunks
        from bot.games import presenter_for
        from bot.i18n import translator

        lang = lang_of(interaction.locale)
        presenter, tr = presenter_for(table.game), translator(lang)
        lines = [presenter.line(tr, key, args, table.names)
                 for key, args in await table.store.recent_log(table.id, LOG_LINES)]
        text = chunks(lines)[-1] if lines else t(lang, "table.log_empty")
        await interaction.response.send_message(text, ephemeral=True)

    @game.command(name="export", description=_d("export", "The record of this channel's last finished game"))
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        row = await self.bot.store.last_table(interaction.channel_id or 0)
        if row is None or row.status != "over":
            await refuse(interaction, "error.not_over")
            return
        import io
        import json

        from bot.replay import export_record

        record = await export_record(self.bot.store, row.id)
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        await interaction.response.send_message(
            t(lang_of(interaction.locale), "table.export"), ephemeral=True,
            file=discord.File(io.BytesIO(data), f"{row.game}-{row.id}.json"))

    @app_commands.command(name="hand", description=_d("hand", "Your private panel for the current decision"))
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._table_or_refuse(interaction)
        if table is None:
            return
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await refuse(interaction, "error.not_seated")
            return
        await self.bot.hand.show(interaction, table, seat)
