"""Slash commands: the ``/game`` group and ``/hand``. Each turns a command into a table call."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.absence import MAX_EXTENSIONS, away_effect, extend, extension_settings
from bot.board_asks import BoardAsks
from bot.boards import draw
from bot.clock import PERIODS, POLICIES, replace_seat, settings_for
from bot.cogs.choices import new_table_choices, refresh
from bot.delivery import chunks
from bot.history import log_page, past_board, spectator_view
from bot.i18n import lang_of, t, translator
from bot.lobby import display_name
from bot.lobby_call import follow_call
from bot.locales import TABLE_LANGUAGES, own_lang, remember, server_lang
from bot.parts import Parts
from bot.replies import refuse
from bot.tables import Table, TableError
from engine.ai import DEFAULT_LEVEL, LEVELS
from engine.games import capabilities


def _d(key: str, text: str) -> locale_str:
    """A command description that the tree's translator localizes (catalog key ``cmd.<key>``)."""
    return locale_str(text, key=f"cmd.{key}")


# Each level's choice says how strong it plays and in what style (catalog bot/i18n/ai.<lang>.json).
AI_LEVEL_TEXT = {"easy": "easy — for learning: a simple plan and many careless moves",
                 "normal": "normal — steady: follows a sound plan without looking ahead",
                 "hard": "hard — the strongest: weighs its moves ahead and plays for the win"}
AI_LEVELS = [app_commands.Choice(name=_d(f"ai_level.{level}", AI_LEVEL_TEXT[level]), value=level) for level in LEVELS]
CLOCKS = [app_commands.Choice(name=name, value=name) for name in PERIODS]
ON_TIMEOUT = [app_commands.Choice(name=name, value=name) for name in POLICIES]
PALETTES = [app_commands.Choice(name=_d(f"palette.{name}", text), value=name)
            for name, text in (("standard", "Standard colours"), ("cb", "Colour-blind safe (black and white marks)"))]
# Generated from the engine registry (refreshed when the cog is built: a game registered later shows).
NEW_TABLE = new_table_choices()


class GameCog(commands.Cog):
    game = app_commands.Group(name="game", description=_d("game", "Open, join and run a board game table here"))

    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        self.board_asks = BoardAsks()
        refresh(self.game.get_command("new"), new_table_choices())

    def _table(self, interaction: discord.Interaction[Any]) -> Table:
        table = self.parts.tables.in_channel(interaction.channel_id or 0)
        if table is None:
            raise TableError("error.no_table")
        return table

    async def _table_or_refuse(self, interaction: discord.Interaction[Any]) -> Table | None:
        """This channel's open table, or None after telling the user there is none."""
        table = self.parts.tables.in_channel(interaction.channel_id or 0)
        if table is None:
            await refuse(interaction, "error.no_table")
        return table

    async def _seat_or_refuse(self, interaction: discord.Interaction[Any]) -> tuple[Table, int] | None:
        """This channel's table and the caller's seat at it, or None after saying which is missing."""
        table = await self._table_or_refuse(interaction)
        if table is None:
            return None
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await refuse(interaction, "error.not_seated")
            return None
        await remember(table, interaction, self.parts.tables.by_id.values())  # their panels follow it
        return table, seat

    async def _say(self, interaction: discord.Interaction[Any], key: str, ephemeral: bool = True,
                   **args: Any) -> None:
        text = t(lang_of(interaction.locale), key, **args)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=ephemeral)
        else:
            await interaction.response.send_message(text, ephemeral=ephemeral)

    async def _lobby_action(self, interaction: discord.Interaction[Any], action: str,
                            level: str = DEFAULT_LEVEL) -> None:
        try:
            table = self._table(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            key = await self.parts.lobby.act(interaction, table, action, level)
            if key is not None:
                await self.parts.lobby.refresh(table)
            await self._say(interaction, key or "lobby.started")
        except TableError as error:
            await refuse(interaction, error.key, **error.args_)

    @game.command(name="new", description=_d("new", "Open a table in this channel"))
    @app_commands.describe(game=_d("new_game", "The game to play (its mode and rules are set in the lobby, "
                                               "with Settings)"),
                           clock=_d("new_clock", "Time per decision (none: play at your own pace)"),
                           on_timeout=_d("new_on_timeout", "What happens when a deadline passes"),
                           seat=_d("new_seat", "Take a seat yourself (off: you only host)"),
                           thread=_d("new_thread", "Open the table in a new thread named after the game"),
                           nudge=_d("new_nudge", "Without a clock: one gentle reminder after a day of waiting"),
                           call=_d("new_call", "A role to invite: mentioned once in the looking-for-players post"),
                           extensions=_d("new_extensions", "Deadline extensions per player (/game extend; 1 if empty)"),
                           language=_d("new_language", "The table's language (default: the server's); each "
                                                       "player's DMs use their own"))
    @app_commands.choices(clock=CLOCKS, on_timeout=ON_TIMEOUT, language=TABLE_LANGUAGES, **NEW_TABLE)
    async def new(self, interaction: discord.Interaction[Any], game: app_commands.Choice[str],
                  clock: app_commands.Choice[str] | None = None,
                  on_timeout: app_commands.Choice[str] | None = None,
                  seat: bool = True, thread: bool = False, nudge: bool = False,
                  extensions: app_commands.Range[int, 0, MAX_EXTENSIONS] | None = None,
                  call: discord.Role | None = None, language: app_commands.Choice[str] | None = None) -> None:
        """Only the game and table-wide settings: the game's own options (mode, length, rulings) are
        set in the lobby's settings panel (bot/ui/settings.py), from what the game declares."""
        if interaction.channel_id is None:
            return
        # Written out at their defaults, so the lobby says which rules apply from the start.
        options = capabilities(game.value).table_options({})
        # The table's language (bot/locales.py): the channel's posts and boards; kept with the table.
        lang = language.value if language is not None else server_lang(interaction)
        try:
            settings = settings_for(clock.value if clock else None, on_timeout.value if on_timeout else None)
            if nudge:
                settings["nudge"] = True
            settings.update(extension_settings(extensions))
            channel_id = await self._table_channel(interaction, game.value, lang) if thread \
                else interaction.channel_id
            table = await self.parts.tables.create(interaction.guild_id, channel_id, game.value,
                                                   options, interaction.user.id, lang, settings)
            if seat:  # the host plays unless they said otherwise (their first /hand must work)
                await table.join(interaction.user.id, display_name(interaction.user), own_lang(interaction))
        except TableError as error:
            await refuse(interaction, error.key, **error.args_)
            return
        if thread:
            await self._say(interaction, "lobby.opened_in", channel=f"<#{channel_id}>")
        else:
            await self._say(interaction, "lobby.opened")
        await self.parts.delivery.post_lobby(table)
        await self.parts.delivery.call_players(table, interaction.channel_id if thread else None,
                                               call.id if call is not None else None)

    async def _table_channel(self, interaction: discord.Interaction[Any], game: str, lang: str) -> int:
        """A new public thread of this channel, named after the game, for ``thread:true``."""
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise TableError("error.no_thread_here")
        await interaction.response.defer(ephemeral=True, thinking=True)
        made = await channel.create_thread(name=translator(lang)(f"{game}.name")[:100],
                                           type=discord.ChannelType.public_thread)
        return made.id

    @game.command(name="remove", description=_d("remove", "Remove an AI seat or a player who left the server, "
                                                           "before the start (host)"))
    async def remove(self, interaction: discord.Interaction[Any], seat: app_commands.Range[int, 1, 8]) -> None:
        try:
            table = self._table(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.parts.lobby.remove(interaction, table, seat - 1)
        except TableError as error:
            await refuse(interaction, error.key, **error.args_)
            return
        await self._say(interaction, "lobby.removed", seat=seat)

    @game.command(name="join", description=_d("join", "Take a seat at this channel's table"))
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self._lobby_action(interaction, "join")

    @game.command(name="leave", description=_d("leave", "Give up your seat before the game starts"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self._lobby_action(interaction, "leave")

    @game.command(name="addai", description=_d("addai", "Seat an AI player"))
    @app_commands.choices(level=AI_LEVELS)
    async def addai(self, interaction: discord.Interaction[Any],
                    level: app_commands.Choice[str] | None = None) -> None:
        await self._lobby_action(interaction, "addai", level.value if level else DEFAULT_LEVEL)

    @game.command(name="start", description=_d("start", "Start the game with the seated players"))
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self._lobby_action(interaction, "start")

    @game.command(name="abort", description=_d("abort", "End this channel's table (host or Manage Channels)"))
    async def abort(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._host_table(interaction, active=False)
        if table is None:
            return
        async with table.lock:
            started = table.row.status != "lobby"
            await self.parts.tables.abort(table)
            await self.parts.clock.follow(table)
            if started:  # a lobby's call follows it with the lobby message (bot/lobby.py)
                await follow_call(self.parts.delivery.client, table)
        await interaction.response.send_message(t(table.row.lang, "table.aborted",
                                                  user=interaction.user.mention))
        async with table.lock:
            await self.parts.delivery.refresh_status(table)  # the live status stops saying whom we wait for
        await self.parts.lobby.refresh(table)  # the lobby and its call say the table is closed

    # -- clocks (play-by-post) ----------------------------------------------------------------------
    async def _host_table(self, interaction: discord.Interaction[Any], active: bool = True) -> Table | None:
        """This channel's table if the user may run it (host or Manage Channels), else None after
        saying why."""
        table = await self._table_or_refuse(interaction)
        if table is None:
            return None
        if not self.parts.lobby.is_admin(interaction, table):
            await refuse(interaction, "error.not_host")
            return None
        if active and table.row.status != "active":
            await refuse(interaction, "error.not_running")
            return None
        return table

    @game.command(name="clock", description=_d("clock", "Set the deadline per decision before the start (host)"))
    @app_commands.choices(clock=CLOCKS, on_timeout=ON_TIMEOUT)
    @app_commands.describe(extensions=_d("new_extensions", "Deadline extensions per player (/game extend; 1 if empty)"))
    async def set_clock(self, interaction: discord.Interaction[Any], clock: app_commands.Choice[str],
                        on_timeout: app_commands.Choice[str] | None = None,
                        extensions: app_commands.Range[int, 0, MAX_EXTENSIONS] | None = None) -> None:
        table = await self._host_table(interaction, active=False)
        if table is None:
            return
        if table.row.status != "lobby":
            await refuse(interaction, "error.already_started")
            return
        policy = on_timeout.value if on_timeout else str(table.row.settings.get("on_timeout", "ai"))
        table.row.settings.update(settings_for(clock.value, policy))
        if extensions is not None:
            table.row.settings.pop("extensions", None)
            table.row.settings.update(extension_settings(extensions))
        await self.parts.store.set_settings(table.id, table.row.settings)
        await self.parts.lobby.refresh(table)
        await self._say(interaction, "clock.set")

    @game.command(name="pause", description=_d("pause", "Stop the clocks of this table (host)"))
    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._host_table(interaction)
        if table is None:
            return
        async with table.lock:
            if "paused_at" in table.row.settings:
                await refuse(interaction, "error.already_paused")
                return
            await self.parts.clock.pause(table)
        await interaction.response.send_message(t(table.row.lang, "clock.paused", user=interaction.user.mention))

    @game.command(name="resume", description=_d("resume", "Start the clocks again (host)"))
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._host_table(interaction)
        if table is None:
            return
        async with table.lock:
            if "paused_at" not in table.row.settings:
                await refuse(interaction, "error.not_paused")
                return
            await interaction.response.defer()
            length = await self.parts.clock.resume(table)
        await interaction.followup.send(t(table.row.lang, "clock.resumed", minutes=round(length / 60)))

    @game.command(name="replace", description=_d("replace", "Give a seat that keeps missing deadlines to "
                                                             "someone else or an AI (host)"))
    async def replace(self, interaction: discord.Interaction[Any], seat: app_commands.Range[int, 1, 8],
                      member: discord.Member | None = None) -> None:
        table = await self._host_table(interaction)
        if table is None:
            return
        async with table.lock:
            try:
                await interaction.response.defer()
                steps = await replace_seat(table, seat - 1, member)
            except TableError as error:
                await refuse(interaction, error.key, **error.args_)
                return
            await self.parts.delivery.forget_panel(table, seat - 1)
            await interaction.followup.send(t(table.row.lang, "clock.replaced", seat=seat,
                                              name=table.names[seat - 1]))
            await self.parts.changes.after(table, steps)

    @game.command(name="extend", description=_d("extend", "More time for your current decision (once per game "
                                                           "unless the host allows more)"))
    async def extend(self, interaction: discord.Interaction[Any]) -> None:
        seated = await self._seat_or_refuse(interaction)
        if seated is None:
            return
        table, seat = seated
        async with table.lock:
            try:
                due = await extend(self.parts.store, table, seat)
            except TableError as error:
                await refuse(interaction, error.key, **error.args_)
                return
            self.parts.clock.arm(table)
        await interaction.response.send_message(t(table.row.lang, "extend.done", name=table.names[seat], at=due),
                                                allowed_mentions=discord.AllowedMentions.none())

    @game.command(name="away", description=_d("away", "Your vacation, at every table: the AI plays your turns "
                                                       "or your clock stops (table's policy)"))
    async def away(self, interaction: discord.Interaction[Any], enabled: bool) -> None:
        prefs = await self.parts.store.player(interaction.user.id)
        prefs.away = enabled
        await self.parts.store.set_player(interaction.user.id, prefs)
        await interaction.response.defer(ephemeral=True, thinking=True)
        for row in await self.parts.store.tables_of(interaction.user.id):
            table = self.parts.tables.by_id.get(row.id)
            if table is not None and table.row.status == "active":
                await self._announce_away(table, interaction.user.id, enabled)
        await self._say(interaction, "away.set_on" if enabled else "away.set_off")

    async def _announce_away(self, table: Table, user_id: int, enabled: bool) -> None:
        """Tell the table, and let its clock take the absence (or the return) into account: the
        seat's deadline starts afresh (a full period when they are back)."""
        seat = table.seat_of(user_id)
        if seat is None:
            return
        key = f"away.{away_effect(table)}" if enabled else "away.back"
        channel = await self.parts.delivery.channel(table)
        await channel.send(t(table.row.lang, key, name=table.names[seat]),
                           allowed_mentions=discord.AllowedMentions.none())
        async with table.lock:
            await self.parts.store.drop_deadline(table.id, seat)
            await self.parts.clock.follow(table)

    @game.command(name="reminders", description=_d("reminders", "Your deadline reminders: on/off and quiet hours"))
    async def reminders(self, interaction: discord.Interaction[Any], enabled: bool | None = None,
                        quiet_from: app_commands.Range[int, 0, 23] | None = None,
                        quiet_to: app_commands.Range[int, 0, 23] | None = None,
                        utc_offset: app_commands.Range[int, -12, 14] | None = None) -> None:
        prefs = await self.parts.store.player(interaction.user.id)
        if enabled is not None:
            prefs.reminders = enabled
        if quiet_from is not None or quiet_to is not None:
            prefs.quiet_from, prefs.quiet_to = quiet_from, quiet_to
            if prefs.quiet_from is None or prefs.quiet_to is None:
                await refuse(interaction, "error.quiet_needs_both")
                return
        if utc_offset is not None:
            prefs.utc_offset = utc_offset * 60
        await self.parts.store.set_player(interaction.user.id, prefs)
        lang = lang_of(interaction.locale)
        quiet_text = (f"{prefs.quiet_from:02d}:00–{prefs.quiet_to:02d}:00"
                      if prefs.quiet_from is not None and prefs.quiet_from != prefs.quiet_to else "—")
        await self._say(interaction, "reminders.show", on=t(lang, f"reminders.{'on' if prefs.reminders else 'off'}"),
                        quiet=quiet_text, offset=f"{prefs.utc_offset // 60:+d}")

    @game.command(name="undo", description=_d("undo", "Ask to take back your last move"))
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._table_or_refuse(interaction)
        if table is not None:
            await self.parts.undo.ask(interaction, table)

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
        """The board as it is now, posted with the live status as its text: it becomes the live status
        (README, "A quiet channel"). Once per BOARD_GAP per table (bot/board_asks.py)."""
        table = await self._table_or_refuse(interaction)
        if table is None:
            return
        if table.state is None:
            await refuse(interaction, "error.not_running")
            return
        if (again := self.board_asks.ask(table.id)) is not None:
            await refuse(interaction, "error.board_soon", at=int(again))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        from bot.delivery import render_board

        board = await render_board(table)  # posted in the channel: the table's language
        if board is None:
            await interaction.followup.send(t(lang_of(interaction.locale), "error.no_board"), ephemeral=True)
            return
        await self.parts.delivery.feed.milestone(
            table, discord.File(io.BytesIO(board[0]), "board.png", description=board[1][:1000]))
        await interaction.followup.send(t(lang_of(interaction.locale), "board.posted"), ephemeral=True)

    @game.command(name="log", description=_d("log", "Page through the public log of this table"))
    async def log(self, interaction: discord.Interaction[Any],
                  page: app_commands.Range[int, 1, 100_000] | None = None) -> None:
        table = await self._table_or_refuse(interaction)
        if table is None:
            return
        lang = lang_of(interaction.locale)
        shown = await log_page(table, lang, page)
        if not shown.lines:
            await self._say(interaction, "table.log_empty")
            return
        footer = t(lang, "history.log_footer", page=shown.page, pages=shown.pages)
        await interaction.response.send_message(chunks([*shown.lines, footer])[0], ephemeral=True)

    @game.command(name="watch", description=_d("watch", "The public view of this table: board, status, log"))
    async def watch(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._table_or_refuse(interaction)
        if table is None:
            return
        view = spectator_view(table)
        if view is None:
            await refuse(interaction, "error.not_running")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = lang_of(interaction.locale)
        shown = await log_page(table, lang, None)
        waiting = ", ".join(sorted({table.names[p.seat] for p in table.prompts()})) or "—"
        text = "\n".join([t(lang, "history.watch", game=translator(lang)(f"{table.row.game}.name"),
                             seats=", ".join(table.names), waiting=waiting), *shown.lines[-8:]])
        # Ephemeral to the caller: drawn in their language, as the rest of this answer is.
        board = await asyncio.to_thread(draw, table.game, view, list(table.names), lang)
        files = [discord.File(io.BytesIO(board[0]), "board.png", description=board[1])] if board else []
        await interaction.followup.send(chunks([text])[0], files=files, ephemeral=True)

    @game.command(name="replay", description=_d("replay", "The board as it was at the start of a round"))
    async def replay(self, interaction: discord.Interaction[Any],
                     round: app_commands.Range[int, 0, 10_000]) -> None:
        table = await self._table_or_refuse(interaction)
        if table is None:
            return
        if table.state is None:
            await refuse(interaction, "error.not_running")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        past = await past_board(table, round)
        if past.view is None:
            await refuse(interaction, "error.no_such_round", first=past.rounds[0], latest=past.rounds[1])
            return
        lang = lang_of(interaction.locale)  # ephemeral to the caller: their language
        board = await asyncio.to_thread(draw, table.game, past.view, list(table.names), lang)
        files = [discord.File(io.BytesIO(board[0]), "board.png", description=board[1])] if board else []
        await interaction.followup.send(t(lang, "history.replay", round=round), files=files, ephemeral=True)

    @game.command(name="export", description=_d("export", "The record of this channel's last finished game"))
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        row = await self.parts.store.last_table(interaction.channel_id or 0)
        if row is None or row.status != "over":
            await refuse(interaction, "error.not_over")
            return
        import json

        from bot.replay import export_record

        record = await export_record(self.parts.store, row.id)
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        await interaction.response.send_message(
            t(lang_of(interaction.locale), "table.export"), ephemeral=True,
            file=discord.File(io.BytesIO(data), f"{row.game}-{row.id}.json"))

    @app_commands.command(name="hand", description=_d("hand", "Your private panel for the current decision"))
    @app_commands.describe(palette=_d("hand_palette", "Colours of your own board picture at this table"))
    @app_commands.choices(palette=PALETTES)
    async def hand(self, interaction: discord.Interaction[Any],
                   palette: app_commands.Choice[str] | None = None) -> None:
        seated = await self._seat_or_refuse(interaction)
        if seated is None:
            return
        table, seat = seated
        if palette is not None and table.seats[seat].palette != palette.value:
            # Kept with the seat (store migration 7): its next DM panels use it too.
            table.seats[seat].palette = palette.value
            await table.store.save_seats(table.id, table.seats)
        await self.parts.hand.show(interaction, table, seat)
