"""Lobby actions shared by the lobby's buttons and the slash commands: join, leave, add an AI, start."""

from __future__ import annotations

from typing import Any

import discord

from bot.changes import Changes
from bot.delivery import Delivery
from bot.i18n import lang_of, t, translator
from bot.lobby_call import follow_call
from bot.replies import refuse
from bot.tables import Table, TableError
from bot.ui.components import Click
from bot.ui.panels import lobby_view
from bot.ui.settings import option_text, settings_text, settings_view
from engine.ai import DEFAULT_LEVEL
from engine.games import capabilities


def display_name(user: discord.abc.User) -> str:
    return (getattr(user, "display_name", None) or user.name)[:32]


class Lobby:
    def __init__(self, delivery: Delivery, changes: Changes) -> None:
        self.delivery, self.changes = delivery, changes

    async def act(self, interaction: discord.Interaction[Any], table: Table, action: str,
                  level: str = DEFAULT_LEVEL) -> str | None:
        """Do ``action`` for the interaction's user; returns the confirmation key. Raises TableError."""
        user = interaction.user
        lang = lang_of(interaction.locale)
        async with table.lock:
            if action == "join":
                await table.join(user.id, display_name(user), lang)
                return "lobby.joined"
            if action == "leave":
                await table.leave(user.id)
                return "lobby.left"
            if action == "addai":
                await table.add_ai(level)
                return "lobby.ai_added"
            if action == "start":
                if table.seat_of(user.id) is None and not self.is_admin(interaction, table):
                    raise TableError("error.not_seated")
                steps = await table.start()
                await self.refresh(table)
                await self.changes.after(table, steps)
                return None
        raise TableError("error.unknown_action")

    async def remove(self, interaction: discord.Interaction[Any], table: Table, seat: int) -> None:
        """The host takes away an AI seat, or the seat of a player who is no longer a member of this
        server, before the start (a present player leaves by themselves). Raises TableError."""
        if not self.is_admin(interaction, table):
            raise TableError("error.not_host")
        async with table.lock:
            if not 0 <= seat < len(table.seats):
                raise TableError("error.no_such_seat", count=len(table.seats))
            info = table.seats[seat]
            if not info.is_ai and await _present(interaction.guild, info.user_id):
                raise TableError("error.seat_present", seat=seat + 1)
            await table.remove(seat)
        await self.refresh(table)

    def is_admin(self, interaction: discord.Interaction[Any], table: Table) -> bool:
        perms = getattr(interaction.user, "guild_permissions", None)
        return interaction.user.id == table.row.host_id or bool(perms and perms.manage_channels)

    async def click(self, interaction: discord.Interaction[Any], table: Table, click: Click) -> None:
        if click.act != "lobby" or click.arg == "settings":
            await self.settings(interaction, table, click)
            return
        await interaction.response.defer()
        try:
            key = await self.act(interaction, table, click.arg)
        except TableError as error:
            await refuse(interaction, error.key, **error.args_)
            return
        if key is not None:
            await self.refresh(table)

    async def settings(self, interaction: discord.Interaction[Any], table: Table, click: Click) -> None:
        """The settings panel (bot/ui/settings.py): opened by the Settings button, a setting picked
        (its values shown), or a value chosen (the table changes, the lobby says so). Only the host
        (or a member with Manage Channels, as for the other host commands), only before the start."""
        lang = lang_of(interaction.locale)
        tr = translator(lang)
        # The setting whose values the panel shows: the one just picked, or just changed.
        editing = {"setopt": (click.values or (None,))[0], "setval": click.arg}.get(click.act)
        note = ""
        try:
            if not self.is_admin(interaction, table):
                raise TableError("error.settings_host")
            if table.row.status != "lobby":
                raise TableError("error.settings_locked")
            if click.act == "setval":
                async with table.lock:
                    await table.set_option(click.arg, click.values[0] if click.values else "")
                note = t(lang, "settings.changed", setting=tr(f"option.{click.arg}"),
                         value=option_text(tr, table.row.options, click.arg))
        except TableError as error:
            # Arguments that name a setting or a game are keys: worded in the clicker's language.
            await refuse(interaction, error.key, **{k: tr(v) if k in ("setting", "game", "other") else v
                                                    for k, v in error.args_.items()})
            return
        caps = capabilities(table.row.game)
        content = settings_text(lang, caps, table.row.options, note)
        view = settings_view(table.id, lang, caps, table.row.options, editing)
        if click.act == "lobby":
            await interaction.response.send_message(content, view=view, ephemeral=True)
            return
        await interaction.response.edit_message(content=content, view=view)
        if click.act == "setval":
            await self.refresh(table)

    async def refresh(self, table: Table) -> None:
        """Show the seats and settings as they are now; a lobby message that is gone (a moderator
        deleted it: 404, Unknown Message) is posted again and remembered, never a failure. The
        "looking for players" post follows too (bot/lobby_call.py)."""
        await follow_call(self.delivery.client, table)
        stored = await table.store.message(table.id, "lobby")
        if stored is None:
            return
        started = table.row.status != "lobby"
        text = self.delivery.lobby_text(table)
        if started:
            closed = table.row.status == "aborted"
            text += "\n" + t(table.row.lang, "lobby.closed" if closed else "lobby.started")
        view = lobby_view(table.id, table.row.lang, started)
        channel = await self.delivery.channel(table)
        assert isinstance(channel, discord.TextChannel | discord.Thread)
        try:
            await channel.get_partial_message(stored[1]).edit(content=text, view=view)
        except discord.NotFound:
            message = await channel.send(text, view=view)
            await table.store.set_message(table.id, "lobby", message.channel.id, message.id)

async def _present(guild: discord.Guild | None, user_id: int | None) -> bool:
    """Is the user still a member of the table's server? Asked of Discord: the bot has no members
    intent, so its cache does not know who left."""
    if guild is None or user_id is None:
        return False
    try:
        await guild.fetch_member(user_id)
    except discord.NotFound:
        return False
    return True
