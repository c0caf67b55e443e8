"""Taking back a move: a seat asks (/game undo) to take back its last choice, before anyone else has
acted on it; every other person at the table agrees by button (AI seats never object). It is never
offered where it would re-roll or reveal something: a locked secret choice, a choice that showed a
seat something privately, or one that moved the RNG or a face-down pile (``Game.unknown``).

Votes are kept in the store (``meta``), so a restart between two votes loses neither.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import discord

from bot.changes import Changes
from bot.i18n import t
from bot.replies import refuse
from bot.store import ActionRow, Store
from bot.tables import Table, TableError
from bot.ui.components import MusterButton, custom_id
from engine.core.prompt import Choice


async def undoable(table: Table, seat: int) -> tuple[ActionRow, Any]:
    """The seat's last action and the state before it, if that action may be taken back; else
    TableError with the reason."""
    if table.row.status != "active":
        raise TableError("error.not_running")
    recent = await table.store.actions(table.id, after=table.seq - 1)
    last = recent[-1] if recent else None
    if last is None or last.seq != table.seq or last.seat != seat:
        raise TableError("error.undo_not_last")  # someone (or an AI) has acted on it already
    if last.salt:
        raise TableError("error.undo_hidden")  # a locked secret choice: its commitment is public
    before = await table.state_before(last.seq)
    hidden = table.game.unknown(before)
    if hidden is None:  # the game never offers undo
        raise TableError("error.undo_hidden")
    after = copy.deepcopy(before)
    events = table.game.apply(after, last.seat, Choice.parse(last.choice))
    if hidden != table.game.unknown(after) or any(e.private for e in events):
        raise TableError("error.undo_hidden")
    return last, before


def _key(table: Table, seq: int) -> str:
    return f"undo:{table.id}:{seq}"


def _voters(table: Table, requester: int) -> set[int]:
    return {s.seat for s in table.seats if not s.is_ai and s.user_id is not None and s.seat != requester}


def vote_view(table: Table, seq: int, requester: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for arg, style in (("yes", discord.ButtonStyle.success), ("no", discord.ButtonStyle.danger)):
        view.add_item(MusterButton(custom_id("undo", table.id, f"u{seq}", requester, arg),
                                   t(lang, f"undo.{arg}"), style))
    return view


class Undo:
    def __init__(self, store: Store, changes: Changes) -> None:
        self.store, self.changes = store, changes

    async def ask(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """/game undo: check, then take back at once (nobody to ask) or post the vote."""
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await refuse(interaction, "error.not_seated")
            return
        async with table.lock:
            try:
                last, before = await undoable(table, seat)
            except TableError as error:
                await refuse(interaction, error.key, **error.args_)
                return
            lang = table.row.lang
            if not _voters(table, seat):
                await interaction.response.defer()
                await self._take_back(table, last.seq, before)
                await interaction.followup.send(t(lang, "undo.done", name=table.names[seat]))
                return
            await self.store.set_meta(_key(table, last.seq), json.dumps([]))
            await interaction.response.send_message(
                t(lang, "undo.asked", name=table.names[seat]), view=vote_view(table, last.seq, seat, lang))

    async def vote(self, interaction: discord.Interaction[Any], table: Table, pid: str, requester: int | None,
                   arg: str) -> None:
        """A button of the vote: only the other people at the table count, once each."""
        voter = table.seat_of(interaction.user.id)
        seq = int(pid[1:]) if pid[:1] == "u" and pid[1:].isascii() and pid[1:].isdigit() else -1
        if requester is None or voter is None or voter == requester or arg not in ("yes", "no"):
            await refuse(interaction, "error.not_your_vote")
            return
        async with table.lock:
            stored = await self.store.meta(_key(table, seq))
            if stored is None or stored == "null" or table.seq != seq:  # unknown, closed, or moved on
                await refuse(interaction, "error.stale")
                return
            lang = table.row.lang
            if arg == "no":
                await self.store.set_meta(_key(table, seq), json.dumps(None))
                await interaction.response.edit_message(
                    content=t(lang, "undo.refused", name=table.names[voter]), view=None)
                return
            agreed = set(json.loads(stored) or []) | {voter}
            await self.store.set_meta(_key(table, seq), json.dumps(sorted(agreed)))
            if not _voters(table, requester) <= agreed:
                await interaction.response.edit_message(
                    content=t(lang, "undo.asked", name=table.names[requester])
                    + "\n" + t(lang, "undo.agreed", names=", ".join(table.names[s] for s in sorted(agreed))))
                return
            try:
                _, before = await undoable(table, requester)
            except TableError as error:
                await refuse(interaction, error.key, **error.args_)
                return
            await interaction.response.edit_message(content=t(lang, "undo.done", name=table.names[requester]),
                                                    view=None)
            await self._take_back(table, seq, before)

    async def _take_back(self, table: Table, seq: int, before: Any) -> None:
        await table.take_back(seq, before)
        await self.store.set_meta(_key(table, seq), json.dumps(None))
        await self.changes.after(table, board=True)
