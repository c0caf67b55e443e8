"""What a click does: check the clicker holds that seat and the decision is still open, then hand the
choice to the table and publish. Every refusal is ephemeral and changes nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.attachments import kept_files
from bot.changes import Changes
from bot.delivery import Delivery, done_edit
from bot.dm_panels import next_panel_edit, park, redraw_edit
from bot.hand import Hand
from bot.i18n import lang_of, t, translator
from bot.lobby import Lobby
from bot.locales import remember
from bot.presenters import presenter_for
from bot.replies import refuse
from bot.seat_pictures import Picture
from bot.tables import Table, TableError, TableManager
from bot.ui.components import Click
from bot.ui.limits import SELECT_OPTIONS
from bot.ui.panels import none_label
from bot.undo import Undo
from engine.core.errors import IllegalChoice
from engine.core.prompt import Choice, Prompt

LOBBY_ACTS = ("lobby", "setopt", "setval")  # the lobby's buttons and its settings panel's selects
NOTE_ANSWER = 1500  # the answer in an answered panel's note (a message holds 2,000 characters)


def drafted(prompt: Prompt, stored: list[str | None] | None, arg: str,
            values: tuple[str, ...]) -> list[str | None] | None:
    """The draft after one select of a drafted panel changed, or None for a forged argument.
    A programme's draft holds one value per slot (arg "slot" or "slot.page"); a long multi-pick's
    holds the ids picked so far, and a page's select replaces that page's picks (arg "page")."""
    head = arg.split(".")[0]
    if not (head.isascii() and head.isdigit()):
        return None
    index = int(head)
    if prompt.slots > 1:
        if index >= prompt.slots:
            return None
        draft = list(stored or prompt.default or [None] * prompt.slots)
        draft[index] = values[0] if values else None
        return draft
    page = [o.id for o in prompt.options[index * SELECT_OPTIONS:(index + 1) * SELECT_OPTIONS]]
    if not page:
        return None
    kept = {v for v in (stored if stored is not None else prompt.default) if v and v not in page}
    chosen = kept | (set(values) & set(page))
    return [o.id for o in prompt.options if o.id in chosen]


def locked(prompt: Prompt, stored: list[str | None] | None) -> list[str] | None:
    """What Lock in submits: the draft (or the prompt's default), when complete."""
    draft = stored if stored is not None else list(prompt.default)
    values = [v for v in draft if v]
    if prompt.slots > 1:
        return values if len(draft) == prompt.slots and len(values) == prompt.slots else None
    return values if prompt.pick_min <= len(values) <= prompt.pick_max else None


def chosen_note(table: Table, prompt: Prompt | None, values: Sequence[str], lang: str) -> str:
    """What an answered panel says: the answer, in the clicker's words (only the clicker sees the
    panel it clicked), the empty one included."""
    if prompt is None:
        return t(lang, "panel.done")
    tr = translator(lang)
    presenter = presenter_for(table.game)
    labels = [presenter.option_label(tr, option, table.names) if (option := prompt.option(value)) else value
              for value in values]
    answer = ", ".join(labels) if labels else none_label(tr, prompt)
    return t(lang, "dm.you_chose", answer=answer[:NOTE_ANSWER])


async def redraw(interaction: discord.Interaction[Any], **edit: Any) -> None:
    """Edit the clicked panel: as the interaction's response, or (a click another worker handed over,
    already deferred there, bot/shards.py) through its original response."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**edit)
    else:
        await interaction.response.edit_message(**edit)


class ClickRouter:
    def __init__(self, tables: TableManager, delivery: Delivery, changes: Changes, lobby: Lobby, undo: Undo,
                 hand: Hand) -> None:
        self.tables, self.delivery, self.changes = tables, delivery, changes
        self.lobby, self.undo, self.hand = lobby, undo, hand

    async def route(self, interaction: discord.Interaction[Any], click: Click) -> None:
        table = self.tables.by_id.get(click.table)
        if table is None or table.row.status not in ("lobby", "active"):
            await refuse(interaction, "error.stale")
            return
        if click.act in LOBBY_ACTS:  # seatless: the lobby checks who may do it (the host for settings)
            await self.lobby.click(interaction, table, click)
            return
        if click.act == "undo":  # a vote: any other person at the table, checked by the vote itself
            await self.undo.vote(interaction, table, click.prompt_id, click.seat, click.arg)
            return
        if click.seat is None or not 0 <= click.seat < len(table.seats) \
                or table.seats[click.seat].user_id != interaction.user.id:
            await refuse(interaction, "error.not_your_seat")
            return
        await remember(table, interaction, self.tables.by_id.values())  # their panels speak it from now on
        if table.open_prompt(click.seat, click.prompt_id) is None:
            await refuse(interaction, "error.stale")
            return
        if click.act in ("slot", "page"):
            await self._draft(interaction, table, click)
        elif click.act == "nav":
            await self._narrow(interaction, table, click)
        elif click.act == "lock":
            await self._lock(interaction, table, click)
        else:
            prompt = table.open_prompt(click.seat, click.prompt_id)
            assert prompt is not None
            values = {"multi": click.values, "one": click.values, "dflt": prompt.default,
                      "none": ()}.get(click.act, (click.arg,))
            await self.submit(interaction, table, click, prompt.kind, values)

    async def _draft(self, interaction: discord.Interaction[Any], table: Table, click: Click) -> None:
        """One slot of a programme (or one page of a long multi-pick) chosen: remember it (durably)
        and redraw the panel. Under the table lock, like a submit: the same seat's lock-in (from its
        DM and its /hand panel, or a double click) must not be applied between reading the draft and
        redrawing the panel."""
        assert click.seat is not None
        async with table.lock:
            prompt = table.open_prompt(click.seat, click.prompt_id)
            if prompt is None:  # answered while this click waited for the lock
                await refuse(interaction, "error.stale")
                return
            stored = await table.store.draft(table.id, click.seat, prompt.id)
            draft = drafted(prompt, stored, click.arg, click.values)
            if draft is None:  # forged slot or page
                await refuse(interaction, "error.unknown_action")
                return
            await table.store.set_draft(table.id, click.seat, prompt.id, draft)
            panel = self.delivery.panel(table, click.seat, draft)
            assert panel is not None and isinstance(panel.view, discord.ui.LayoutView)  # open, lock held
            picture = await self.delivery.pictures.redrawn(table, click.seat, table.seats[click.seat].lang,
                                                           panel.view, draft, interaction.message)
            await redraw(interaction, view=panel.view, **picture)

    async def _narrow(self, interaction: discord.Interaction[Any], table: Table, click: Click) -> None:
        """One step of narrowing a long list: redraw the panel with that range open. Nothing is
        stored: the open range lives in the message's own components."""
        assert click.seat is not None
        step = click.values[0] if click.values else ""
        path = f"{click.arg}.{step}" if click.arg else step
        panel = self.delivery.panel(table, click.seat, None, path)
        if panel is None:
            await refuse(interaction, "error.stale")
            return
        # The picture stays: a classic panel's file by its id; a V2 one drawn again (bot/seat_pictures.py),
        # as is a classic panel laid out as V2 in a DM that became V2 (bot/dm_panels.py).
        edit = redraw_edit(panel.content, panel.view, interaction.message)
        if isinstance(edit["view"], discord.ui.LayoutView):
            picture = await self.delivery.pictures.redrawn(table, click.seat, table.seats[click.seat].lang,
                                                           edit["view"], None, interaction.message)
        else:
            picture = kept_files(interaction.message)
        await redraw(interaction, **edit, **picture)

    async def _lock(self, interaction: discord.Interaction[Any], table: Table, click: Click) -> None:
        assert click.seat is not None
        prompt = table.open_prompt(click.seat, click.prompt_id)
        assert prompt is not None
        stored = await table.store.draft(table.id, click.seat, prompt.id)
        values = locked(prompt, stored)
        if values is None:
            if prompt.slots > 1:
                await refuse(interaction, "error.incomplete", count=prompt.slots)
            else:
                await refuse(interaction, "error.incomplete_picks", low=prompt.pick_min, high=prompt.pick_max)
            return
        await self.submit(interaction, table, click, prompt.kind, values)

    async def submit(self, interaction: discord.Interaction[Any], table: Table, click: Click,
                     kind: str, values: Sequence[str]) -> None:
        """The click's answer becomes one Choice here, once (a forged value is refused), and travels
        as that value to the table, its steps and the store."""
        assert click.seat is not None
        try:
            if not interaction.response.is_done():  # a click handed over (bot/shards.py) is deferred
                await interaction.response.defer()
        except discord.HTTPException as error:
            if error.code == 40060:  # the same interaction delivered again: the first delivery has it
                return
            raise
        lang = lang_of(interaction.locale)
        async with table.lock:
            note = chosen_note(table, table.open_prompt(click.seat, click.prompt_id), values, lang)
            # Before the answer moves the state on: the picture the answered panel keeps.
            picture = await self.delivery.pictures.answered(table, click.seat, click.prompt_id, interaction.message)
            try:
                steps = await table.submit(click.seat, click.prompt_id, Choice.of(kind, *values), interaction.id,
                                           await self._closing(table, click.seat, interaction))
            except TableError as error:
                await refuse(interaction, error.key, **error.args_)
                return
            except IllegalChoice as error:
                await refuse(interaction, error.key, **error.args_)
                return
            await self._finish_panel(interaction, table, click.seat, note, picture)
            await self.changes.after(table, steps, actor=click.seat)
            if interaction.guild is not None:  # an ephemeral /hand panel: show the next decision
                await self.hand.follow_up(interaction, table, click.seat)

    async def _finish_panel(self, interaction: discord.Interaction[Any], table: Table, seat: int, note: str,
                            picture: Picture | None) -> None:
        """The clicked panel becomes a note (its row went with the choice: ``_closing``), still showing
        its picture (``picture``: a V2 panel's, taken before the answer); or, in a DM where the answer
        itself opened the seat's next decision, that next panel headed by the note: one message for a
        chain of answers (bot/dm_panels.py says when a new DM comes instead)."""
        prompt = table.open_prompt(seat) if interaction.guild is None else None
        edit = None if prompt is None else await next_panel_edit(self.delivery, table, seat, note, interaction.message)
        if prompt is None or edit is None:
            noted = await interaction.edit_original_response(**done_edit(interaction.message, note, picture))
            if interaction.guild is None and prompt is None:
                await park(table, seat, noted)
            return
        message = await interaction.edit_original_response(**edit)
        await table.store.set_message(table.id, f"panel:{seat}", message.channel.id, message.id, prompt.id)

    @staticmethod
    async def _closing(table: Table, seat: int, interaction: discord.Interaction[Any]) -> str | None:
        """The seat's stored DM panel, when it is the clicked message: it is no longer the seat's current
        one, and its row is dropped in the choice's own transaction."""
        kind = f"panel:{seat}"
        stored = await table.store.message(table.id, kind)
        message = interaction.message
        return kind if stored is not None and message is not None and stored[1] == message.id else None
