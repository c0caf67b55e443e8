"""What a click does: check the clicker holds that seat and the decision is still open, then hand the
choice to the table and publish. Every refusal is ephemeral and changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.delivery import done_edit
from bot.i18n import lang_of, t
from bot.tables import Table, TableError
from bot.ui.components import Click
from engine.core.errors import IllegalChoice

if TYPE_CHECKING:
    from bot.app import MusterBot


async def refuse(interaction: discord.Interaction[Any], key: str, **args: Any) -> None:
    text = t(lang_of(interaction.locale), key, **args)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


class ClickRouter:
    def __init__(self, bot: MusterBot) -> None:
        self.bot = bot

    async def route(self, interaction: discord.Interaction[Any], click: Click) -> None:
        table = self.bot.tables.by_id.get(click.table)
        if table is None or table.row.status not in ("lobby", "active"):
            await refuse(interaction, "error.stale")
            return
        if click.act == "lobby":
            await self.bot.lobby.click(interaction, table, click.arg)
            return
        if click.act == "undo":  # a vote: any other person at the table, checked by the vote itself
            await self.bot.undo.vote(interaction, table, click.prompt_id, click.seat, click.arg)
            return
        if click.seat is None or not 0 <= click.seat < len(table.seats) \
                or table.seats[click.seat].user_id != interaction.user.id:
            await refuse(interaction, "error.not_your_seat")
            return
        if table.open_prompt(click.seat, click.prompt_id) is None:
            await refuse(interaction, "error.stale")
            return
        if click.act == "slot":
            await self._draft(interaction, table, click)
        elif click.act == "lock":
            await self._lock(interaction, table, click)
        else:
            values = click.values if click.act in ("multi", "one") else (click.arg,)
            prompt = table.open_prompt(click.seat, click.prompt_id)
            assert prompt is not None
            await self.submit(interaction, table, click, f"{prompt.kind}:{','.join(values)}")

    async def _draft(self, interaction: discord.Interaction[Any], table: Table, click: Click) -> None:
        """One slot of a programme chosen: remember it (durably) and redraw the panel with the route.
        Under the table lock, like a submit: the same seat's lock-in (from its DM and its /hand panel,
        or a double click) must not be applied between reading the draft and redrawing the panel."""
        assert click.seat is not None
        async with table.lock:
            prompt = table.open_prompt(click.seat, click.prompt_id)
            if prompt is None:  # answered while this click waited for the lock
                await refuse(interaction, "error.stale")
                return
            if not (click.arg.isascii() and click.arg.isdigit()) or int(click.arg) >= prompt.slots:  # forged
                await refuse(interaction, "error.unknown_action")
                return
            draft = await table.store.draft(table.id, click.seat, prompt.id) or [None] * prompt.slots
            draft[int(click.arg)] = click.values[0] if click.values else None
            await table.store.set_draft(table.id, click.seat, prompt.id, draft)
            panel = self.bot.delivery.panel(table, click.seat, draft)
            assert panel is not None  # the prompt is open and the lock is held
            await interaction.response.edit_message(view=panel.view)

    async def _lock(self, interaction: discord.Interaction[Any], table: Table, click: Click) -> None:
        assert click.seat is not None
        prompt = table.open_prompt(click.seat, click.prompt_id)
        assert prompt is not None
        draft = await table.store.draft(table.id, click.seat, prompt.id) or []
        if len(draft) != prompt.slots or not all(draft):
            await refuse(interaction, "error.incomplete", count=prompt.slots)
            return
        await self.submit(interaction, table, click, f"{prompt.kind}:{','.join(v or '' for v in draft)}")

    async def submit(self, interaction: discord.Interaction[Any], table: Table, click: Click,
                     choice: str) -> None:
        assert click.seat is not None
        try:
            await interaction.response.defer()
        except discord.HTTPException as error:
            if error.code == 40060:  # the same interaction delivered again: the first delivery has it
                return
            raise
        lang = lang_of(interaction.locale)
        async with table.lock:
            try:
                steps = await table.submit(click.seat, click.prompt_id, choice, interaction.id)
            except TableError as error:
                await refuse(interaction, error.key, **error.args_)
                return
            except IllegalChoice as error:
                await refuse(interaction, error.key, **error.args_)
                return
            await self._finish_panel(interaction, table, click.seat, lang)
            await self.bot.delivery.publish(table, steps)
            if interaction.guild is not None:  # an ephemeral /hand panel: show the next decision
                await self.bot.hand.follow_up(interaction, table, click.seat)

    async def _finish_panel(self, interaction: discord.Interaction[Any], table: Table, seat: int,
                            lang: str) -> None:
        """The clicked panel becomes a note; a DM panel is no longer the seat's current one."""
        message = interaction.message
        await interaction.edit_original_response(**done_edit(message, t(lang, "panel.done")))
        stored = await table.store.message(table.id, f"panel:{seat}")
        if stored is not None and message is not None and stored[1] == message.id:
            await table.store.drop_message(table.id, f"panel:{seat}")
