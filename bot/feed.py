"""The quiet channel (issue 16): a table speaks in the channel through three kinds of message.

- **The live status**, one per table, edited in place: where the game stands, whose turn it is, who
  has locked in a secret choice (only *that* they did), the deadlines, a paused clock. At a milestone
  the board image is posted with the status as its text, and that message becomes the live status;
  the one before keeps its board with only its heading (a record of the moment), so the status is
  always the newest message but one post, never a second live copy.
- **The log**: public log lines of one step of play gathered into one message, edited as it grows;
  a milestone's board closes it (the next step's lines start below the board), and a message near
  Discord's 2000-character limit starts the next one.
- **Milestone boards** (bot/boards.py draws them): the end of a phase, season, round or year (the
  engines mark those events ``board=True``), an undo, the end of the game, and ``/game board``.

Everything is remembered in the store's message rows (kind ``status`` and ``log``; their tag holds
what is needed to go on after a restart: the log's text and the last action it shows, the status'
locked-in seats and heading). An edit that fails (a moderator deleted the message) falls back to a
new post. Nothing here reads hidden information: the status is built from the open prompts (who
must decide, which the channel already learns from pings and deadlines), the published steps and the
spectator view.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from bot.attachments import kept
from bot.boards import channel_by_id
from bot.i18n import t, translator
from bot.presenters import presenter_for
from bot.tables import Step, Table

log = logging.getLogger("muster.feed")
LIMIT = 1900  # a log message stays under Discord's 2000 characters (room for a last line's suffix)
QUIET = discord.AllowedMentions.none()


@dataclass
class StatusTag:
    """What the live status remembers across a restart (the message row's tag, as JSON)."""

    head: str = ""  # the last milestone's line: the phase the game is in
    locked: dict[str, list[int]] = field(default_factory=dict)  # open secret round -> seats locked in
    board: bool = False  # the message carries a board image (it stays, captioned, when replaced)
    seq: int = -1  # the last action the status was built after (a restart checks it is current)
    text: str = ""  # what the message shows now (an unchanged status is not edited again)
    keys: list[str] = field(default_factory=list)  # event keys seen on milestones (the heading's kin)
    # The heading the board of this message was posted with: a replaced board keeps it (issue 20:
    # "Year 2 begins" stood over the year-1 board once the year-2 board came). Empty in tags stored
    # before it existed: the heading then stands in, as it did.
    caption: str = ""
    # The board's attachment ids: an edit of the message lists them, as Discord documents an edit that
    # keeps files (Edit Message, ``attachments``). Empty in tags stored before it existed: such an edit
    # then passes no ``attachments`` (the field omitted leaves the files as they are).
    files: list[int] = field(default_factory=list)

    @classmethod
    def parse(cls, raw: str) -> StatusTag:
        try:
            data = json.loads(raw) if raw else {}
        except ValueError:
            data = {}
        locked = {str(k): [int(s) for s in v] for k, v in data.get("locked", {}).items()}
        return cls(str(data.get("head", "")), locked, bool(data.get("board", False)), int(data.get("seq", -1)),
                   str(data.get("text", "")), [str(k) for k in data.get("keys", [])], str(data.get("caption", "")),
                   [int(i) for i in data.get("files", [])])

    def dump(self) -> str:
        return json.dumps({"head": self.head, "locked": self.locked, "board": self.board, "seq": self.seq,
                           "text": self.text, "keys": self.keys, "caption": self.caption, "files": self.files})


class Feed:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, table: Table) -> asyncio.Lock:
        """Status and log edits of one table one at a time (the board poster runs beside the click)."""
        return self._locks.setdefault(table.id, asyncio.Lock())

    # -- the log ---------------------------------------------------------------------------------
    async def log(self, table: Table, lines: Sequence[str], seq: int | None = None) -> None:
        """Append ``lines`` to the step's log message (a new one when there is none, it is full, or
        it is gone); ``seq`` is the last action these lines show (for the restart check)."""
        seq = table.seq if seq is None else seq
        async with self.lock(table):
            stored = await table.store.message(table.id, "log")
            data = _json(stored[2]) if stored else {}
            text = str(data.get("text", ""))
            pending = [line[:LIMIT] for line in lines if line]
            if not pending:  # nothing to show, but the restart check learns these actions are shown
                if data.get("seq") != seq:
                    await table.store.set_message(table.id, "log", table.row.channel_id, stored[1] if stored else 0,
                                                  json.dumps({"text": text, "seq": seq}))
                return
            message_id = stored[1] if stored else 0
            while pending:
                take, rest = _fit(pending, len(text) + 1 if text else 0)
                if message_id and text and take and await self._edit(table, message_id, "\n".join([text, *take])):
                    text, pending = "\n".join([text, *take]), rest
                    continue
                take, pending = _fit(pending)  # the message is full or gone: a new one takes the lines
                text = "\n".join(take)
                message_id = (await self._post(table, text)).id
            await table.store.set_message(table.id, "log", table.row.channel_id, message_id,
                                          json.dumps({"text": text, "seq": seq}))

    async def logged_seq(self, table: Table) -> int | None:
        """The last action whose lines reached the channel (None: no log message yet)."""
        stored = await table.store.message(table.id, "log")
        seq = _json(stored[2]).get("seq") if stored else None
        return int(seq) if isinstance(seq, int) else None

    async def close_log(self, table: Table) -> None:
        """The step is over: the next lines start a new message (called under the feed's lock)."""
        stored = await table.store.message(table.id, "log")
        if stored is not None:
            seq = _json(stored[2]).get("seq", table.seq)
            await table.store.set_message(table.id, "log", stored[0], 0, json.dumps({"text": "", "seq": seq}))

    # -- the live status ---------------------------------------------------------------------------
    async def note_steps(self, table: Table, steps: Sequence[Step]) -> str:
        """Remember who locked in which open secret round, and the phase the last milestone began;
        returns that heading (a board asked for now is captioned with it)."""
        open_groups = {p.group for p in table.prompts() if p.group}
        async with self.lock(table):
            stored = await table.store.message(table.id, "status")
            tag = StatusTag.parse(stored[2]) if stored else StatusTag()
            # The heading follows the milestone events and their kin (an event key that once came
            # with a board): Akhedena's "turn" is a milestone at a round's start, and each turn's
            # line still says whose turn the round is at.
            events = [e for s in steps for e in s.events if e.key]
            tag.keys = sorted({*tag.keys, *(e.key for e in events if e.board)})
            heads = [e for e in events if e.key in tag.keys]
            if heads:
                tag.head = presenter_for(table.game).line(translator(table.row.lang), heads[-1].key, heads[-1].args,
                                                          table.names)
            for step in steps:
                if step.prompt.group:
                    seats = tag.locked.setdefault(step.prompt.group, [])
                    if step.seat not in seats:
                        seats.append(step.seat)
            tag.locked = {g: s for g, s in tag.locked.items() if g in open_groups}
            if stored is not None:
                await table.store.set_message(table.id, "status", stored[0], stored[1], tag.dump())
            else:
                await table.store.set_message(table.id, "status", table.row.channel_id, 0, tag.dump())
            return tag.head

    async def status_text(self, table: Table, tag: StatusTag) -> str:
        lang = table.row.lang
        tr = translator(lang)
        lines = [t(lang, "live.head", game=tr(f"{table.row.game}.name"), phase=tag.head or "—")]
        if table.row.status != "active":
            lines.append(t(lang, "live.over" if table.row.status == "over" else "live.aborted"))
            return "\n".join(lines)
        prompts = table.prompts()
        if prompts:
            lines.append(t(lang, "table.waiting", names=", ".join(sorted({table.names[p.seat] for p in prompts}))))
        locked = sorted({s for seats in tag.locked.values() for s in seats})
        if locked:
            lines.append(t(lang, "live.locked", names=", ".join(table.names[s] for s in locked)))
        if "paused_at" in table.row.settings:
            lines.append(t(lang, "live.paused"))
        else:
            for d in sorted(await table.store.deadlines(table.id), key=lambda d: (d.due, d.seat)):
                lines.append(t(lang, "live.due", name=table.names[d.seat], at=int(d.due)))
        return "\n".join(lines)[:LIMIT]

    async def refresh(self, table: Table) -> None:
        """Edit the live status to the table as it is now (a new post if it was never posted or is
        gone). A table still in its lobby has none."""
        if table.row.status == "lobby":
            return
        async with self.lock(table):
            stored = await table.store.message(table.id, "status")
            if table.row.status == "aborted" and (stored is None or not stored[1]):
                return  # closed in its lobby: it never had a status
            tag = StatusTag.parse(stored[2]) if stored else StatusTag()
            text = await self.status_text(table, tag)
            keeps = tag.files if tag.board else []
            if stored and stored[1] and (text == tag.text or await self._edit(table, stored[1], text, keeps)):
                if (tag.seq, tag.text) != (table.seq, text):
                    tag.seq, tag.text = table.seq, text
                    await table.store.set_message(table.id, "status", stored[0], stored[1], tag.dump())
                return
            message = await self._post(table, text)
            tag.board, tag.seq, tag.text, tag.files = False, table.seq, text, []
            await table.store.set_message(table.id, "status", message.channel.id, message.id, tag.dump())

    async def recover(self, table: Table) -> None:
        """After a restart: lines of actions stored but never shown (a crash between the store and
        the channel) join the log, and a status built before the last action is brought up to date."""
        logged = await self.logged_seq(table)
        if logged is not None and logged < table.seq:
            presenter, tr = presenter_for(table.game), translator(table.row.lang)
            rows = await table.store.log_after(table.id, logged)
            await self.log(table, [presenter.line(tr, key, args, table.names) for key, args in rows])
        stored = await table.store.message(table.id, "status")
        if stored is None or not stored[1] or StatusTag.parse(stored[2]).seq != table.seq:
            await self.refresh(table)

    async def milestone(self, table: Table, file: discord.File, caption: str | None = None) -> None:
        """Post the board with the live status as its text: it becomes the live status; the previous
        one keeps its board with the heading it was posted with (or goes, if it was text alone). The
        step's log message is closed: the next lines follow the board. ``caption``: the heading when
        the board was asked for (the game may have moved on while it was drawn); None: the current."""
        async with self.lock(table):
            stored = await table.store.message(table.id, "status")
            tag = StatusTag.parse(stored[2]) if stored else StatusTag()
            caption = tag.head if caption is None else caption
            text = await self.status_text(table, replace(tag, head=caption))
            channel = await channel_by_id(self.client, table.row.channel_id)
            message = await channel.send(text, file=file, allowed_mentions=QUIET)
            if stored is not None and stored[1]:
                await self._retire(table, stored[1], tag)
            tag.board, tag.seq, tag.text, tag.caption = True, table.seq, text, caption
            tag.files = [attachment.id for attachment in message.attachments]
            await table.store.set_message(table.id, "status", message.channel.id, message.id, tag.dump())
            await self.close_log(table)

    async def _retire(self, table: Table, message_id: int, tag: StatusTag) -> None:
        try:
            channel = await channel_by_id(self.client, table.row.channel_id)
            message = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
            if tag.board:
                await message.edit(content=t(table.row.lang, "live.past", phase=tag.caption or tag.head or "—"),
                                   **kept(tag.files))
            else:
                await message.delete()
        except discord.HTTPException:
            log.info("table %s: the old status %s was not retired", table.id, message_id)

    # -- posting -----------------------------------------------------------------------------------
    async def _post(self, table: Table, text: str) -> discord.Message:
        channel = await channel_by_id(self.client, table.row.channel_id)
        return await channel.send(text, allowed_mentions=QUIET)

    async def _edit(self, table: Table, message_id: int, text: str, files: list[int] | None = None) -> bool:
        """Edit a message of ours; False when it is gone (deleted by a moderator) or cannot be edited.
        ``files``: the ids of the attachments it keeps (a board)."""
        try:
            channel = await channel_by_id(self.client, table.row.channel_id)
            await channel.get_partial_message(message_id).edit(  # type: ignore[attr-defined]
                content=text, allowed_mentions=QUIET, **kept(files or []))
        except discord.HTTPException:
            log.info("table %s: message %s could not be edited; posting anew", table.id, message_id)
            return False
        return True


def _json(raw: str) -> dict[str, Any]:
    try:
        data = json.loads(raw) if raw else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _fit(lines: list[str], used: int = 0) -> tuple[list[str], list[str]]:
    """The first lines that fit in a message with ``used`` characters taken already (a fresh
    message, ``used`` 0, takes at least one), and the rest."""
    size, count = used, 0
    for line in lines:
        size += len(line) + (1 if count else 0)
        if size > LIMIT and (count or used):
            break
        count += 1
    return lines[:count], lines[count:]
