"""Publishing what happened: log lines and the board to the channel, private panels and notes to the
seats that must decide. Channel text is in the table's language, private text in the seat's."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot import outcomes
from bot.attachments import kept_files
from bot.boards import BoardPoster, channel_by_id, draw
from bot.dm_panels import head_layout, headed, unpark
from bot.feed import Feed
from bot.i18n import t, translator
from bot.lobby_call import follow_call, post_call
from bot.mentions import pinging
from bot.presenters import presenter_for
from bot.seat_pictures import Picture, SeatPictures, with_picture
from bot.tables import Step, Table, commitment
from bot.ui.panels import Panel, build_panel, lobby_view
from bot.ui.settings import rules_lines
from engine.games import capabilities

log = logging.getLogger("muster.delivery")
CHUNK = 1900
# The seat colours of the board (rendering/kit.py SEATS), as the lobby shows them.
SEAT_MARKS = ("🟠", "🔵", "🟢", "🟡", "🟣")


def chunks(lines: list[str], limit: int = CHUNK) -> list[str]:
    """Join lines into messages under Discord's 2000-character limit."""
    out: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + len(line) + 1 > limit:
            out.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


async def render_board(table: Table, lang: str | None = None) -> tuple[bytes, str] | None:
    """The spectator view as a PNG and its alt text, if this game has a renderer, in ``lang`` (the
    table's language by default: a board posted in the channel is for everyone at the table). The view
    is taken here, on the event loop, so it is consistent; drawing happens in a worker thread."""
    view = table.game.view(table.state, None)
    return await asyncio.to_thread(draw, table.game, view, list(table.names), lang or table.row.lang)


class Delivery:
    def __init__(self, client: discord.Client, quiet: Callable[[], Awaitable[None]] | None = None) -> None:
        self.client = client
        self.feed = Feed(client)
        self.boards = BoardPoster(client, self.feed.milestone, quiet)
        self.pictures = SeatPictures()

    async def channel(self, table: Table) -> discord.abc.Messageable:
        return await channel_by_id(self.client, table.row.channel_id)

    # -- lobby ----------------------------------------------------------------------------------
    def lobby_text(self, table: Table) -> str:
        lang = table.row.lang
        tr = translator(lang)
        seats = "\n".join(f"{SEAT_MARKS[s.seat % len(SEAT_MARKS)]} {s.seat + 1}. {s.name}"
                          + (f" ({t(lang, f'ai.level.{s.level}')})" if s.is_ai else "")
                          for s in table.seats) or t(lang, "lobby.empty")
        note = tr(f"{table.row.game}.lobby_note")
        least, most = table.seat_range()
        rules = [t(lang, "lobby.language", language=t(lang, f"language.{lang}")),
                 *rules_lines(tr, capabilities(table.row.game), table.row.options)]
        return t(lang, "lobby.text", game=tr(f"{table.row.game}.name"), seats=seats,
                 min=least, max=most, rules="".join(f"{line}\n" for line in rules),
                 options="".join(f" ({text})" for text in [", ".join(self._clock_text(table))] if text), note=note)

    def _clock_text(self, table: Table) -> list[str]:
        clock = str(table.row.settings.get("clock", "none"))
        if clock == "none":
            return [t(table.row.lang, "nudge.setting")] if table.row.settings.get("nudge") else []
        lang, policy = table.row.lang, str(table.row.settings.get("on_timeout", "ai"))
        extensions = table.row.settings.get("extensions")
        return [t(lang, "clock.setting", clock=clock, policy=t(lang, f"option.on_timeout.{policy}")),
                *([t(lang, "extend.setting", count=extensions)] if extensions is not None else [])]

    async def post_lobby(self, table: Table) -> discord.Message:
        channel = await self.channel(table)
        message = await channel.send(self.lobby_text(table), view=lobby_view(table.id, table.row.lang, False))
        await table.store.set_message(table.id, "lobby", message.channel.id, message.id)
        return message

    async def call_players(self, table: Table, origin_id: int | None, role_id: int | None) -> None:
        """The "looking for players" post (bot/lobby_call.py: it follows the table from then on)."""
        await post_call(self.client, table, origin_id, role_id)

    # -- after choices ----------------------------------------------------------------------------
    async def publish(self, table: Table, steps: list[Step], board: bool = False, actor: int | None = None) -> None:
        """Log lines, board, notes and panels after a change (bot/changes.py calls it, then the
        clock, then ``refresh_status``). The lines join the step's log message; a board comes only at
        a milestone (an event marked ``board``), an undo (``board``) or the end."""
        lines: list[str] = []
        private: dict[int, list[tuple[str, dict[str, Any]]]] = {}
        for step in steps:
            lines += self.step_lines(table, step)
            for event in step.events:
                for seat, detail in event.private.items():
                    private.setdefault(seat, []).append(detail)
        lines += await self._verifications(table, steps)
        heading = await self.feed.note_steps(table, steps)
        await self.feed.log(table, lines)
        if table.row.status == "over":  # the final board closes the step's log: the summary follows it
            await self.boards.post_now(table, caption=heading)
            await self.feed.log(table, [self.summary(table)])
            await follow_call(self.client, table)  # the "looking for players" post says it ended
        elif board or any(e.board for s in steps for e in s.events):
            self.boards.request(table, caption=heading)
        # ``actor`` just answered (through /hand, if its DMs are closed): the reply shows its next
        # panel, so it gets no "your turn" ping for it. A seat's private notes head the panel it gets
        # on this publish; the others come as DMs of their own (bot/dm_panels.py).
        notes = self._private_notes(table, private)
        left = await self.sync_panels(table, acted=frozenset({actor} if actor is not None else ()), notes=notes)
        for seat, text in left.items():
            await self._dm(table, seat, text, None)

    def step_lines(self, table: Table, step: Step) -> list[str]:
        """The public lines of one step, in the table's language (a locked secret shows its commit)."""
        presenter, tr = presenter_for(table.game), translator(table.row.lang)
        lines = []
        for index, event in enumerate(step.events):
            if event.key:
                line = presenter.line(tr, event.key, event.args, table.names)
                if index == 0 and step.prompt.group and step.salt:
                    line += " · 🔒 `" + step.commit + "`"
                lines.append(line)
        return lines

    async def refresh_status(self, table: Table) -> None:
        """The live status shows the table as it is now (after the clock set its deadlines)."""
        await self.feed.refresh(table)

    async def say(self, table: Table, line: str) -> None:
        """One public line without a ping: it joins the step's log message."""
        await self.feed.log(table, [line])

    async def _verifications(self, table: Table, steps: list[Step]) -> list[str]:
        """Once a simultaneous secret round closes, show each locked choice with its salt."""
        open_groups = {p.group for p in table.prompts()}
        closed = {s.prompt.group for s in steps if s.prompt.group and s.prompt.group not in open_groups}
        if not closed:
            return []
        rows = await table.secrets_of(closed)
        return [t(table.row.lang, "table.verify", seat=table.names[r.seat], choice=r.choice, salt=r.salt,
                  commit=commitment(r.salt, r.choice)) for r in rows]

    def summary(self, table: Table) -> str:
        """The final summary, said by the game's declared outcome kind (bot/outcomes.py)."""
        outcome = table.game.outcome(table.state)
        return "" if outcome is None else outcomes.summary(table.row.lang, table.row.game, outcome, table.names)

    def _private_notes(self, table: Table, notes: dict[int, list[tuple[str, dict[str, Any]]]]) -> dict[int, str]:
        """Each human seat's private lines of a publish, in its language (none for a closed-DM seat)."""
        presenter = presenter_for(table.game)
        out: dict[int, str] = {}
        for seat, details in notes.items():
            info = table.seats[seat]
            if info.is_ai or info.user_id is None or info.dm_closed:
                continue
            tr = translator(info.lang)
            out[seat] = "\n".join(presenter.line(tr, key, args, table.names) for key, args in details)
        return out

    # -- panels -----------------------------------------------------------------------------------
    def panel(self, table: Table, seat: int, draft: list[str | None] | None = None, path: str = "") -> Panel | None:
        """The seat's panel for its open decision; ``path`` opens a step of a long list's picker."""
        prompt = table.open_prompt(seat)
        if prompt is None:
            return None
        lang = table.seats[seat].lang
        view = table.game.view(table.state, seat)
        return build_panel(table.id, prompt, view, presenter_for(table.game), lang, table.names, draft or [], path)

    async def sync_panels(self, table: Table, acted: set[int] | frozenset[int] = frozenset(),
                          notes: dict[int, str] | None = None) -> dict[int, str]:
        """Every human seat with an open decision has a DM panel for it; finished panels close.
        ``acted``: seats that just answered (a closed-DM seat among them is not pinged again).
        ``notes``: private lines by seat, put at the head of the panel a seat gets now; returns
        those that went into no panel."""
        left = dict(notes or {})
        for info in table.seats:
            if info.is_ai or info.user_id is None:
                continue
            prompt = table.open_prompt(info.seat)
            stored = await table.store.message(table.id, f"panel:{info.seat}")
            if stored is not None and (prompt is None or stored[2] != prompt.id):
                await self._close(stored, info.lang)
                await table.store.drop_message(table.id, f"panel:{info.seat}")
                stored = None
            if await unpark(self, table, info.seat, left.get(info.seat, "")):  # still at it: same message
                left.pop(info.seat, None)
                continue
            note = left.get(info.seat, "")
            if prompt is not None and stored is None and await self.send_panel(table, info.seat, info.seat in acted,
                                                                               note):
                left.pop(info.seat, None)
        return left

    async def find_lost_panels(self, table: Table) -> None:
        """After a restart: a DM panel that is gone (lost, or deleted while we were down: 404) is
        forgotten, so the next ``sync_panels`` sends the seat a new one (to that seat only). Only the
        panels of decisions still open are looked at (sync closes the others anyway), once each, at
        start-up only: clicks never pay for it. Any other failure keeps the panel: a look that cannot
        tell must not send a seat a second one."""
        for info in table.seats:
            stored = await table.store.message(table.id, f"panel:{info.seat}")
            prompt = table.open_prompt(info.seat)
            if info.is_ai or stored is None or not stored[1] or prompt is None or stored[2] != prompt.id:
                continue
            try:
                channel = self.client.get_channel(stored[0]) or await self.client.fetch_channel(stored[0])
                if isinstance(channel, discord.abc.Messageable):
                    await channel.fetch_message(stored[1])
            except discord.NotFound:
                await table.store.drop_message(table.id, f"panel:{info.seat}")
            except discord.HTTPException:
                log.info("could not look at panel %s of table %s", stored[1], table.id)

    async def forget_panel(self, table: Table, seat: int) -> None:
        """The seat changed hands: its old DM panel closes, and the next sync sends a new one."""
        stored = await table.store.message(table.id, f"panel:{seat}")
        if stored is not None:
            await self._close(stored, table.seats[seat].lang)
            await table.store.drop_message(table.id, f"panel:{seat}")

    async def send_panel(self, table: Table, seat: int, quiet: bool = False, note: str = "") -> bool:
        """The seat's panel as a new DM, headed by ``note``; True when it was sent."""
        prompt = table.open_prompt(seat)
        panel = self.panel(table, seat)
        if prompt is None or panel is None:
            return False
        if note and isinstance(panel.view, discord.ui.LayoutView):
            head_layout(panel.view, note)
        content = headed(note, panel.content or "") if panel.content is not None or note else None
        picture = await self.pictures.attach(table, seat, table.seats[seat].lang, panel.view)
        message = await self._dm(table, seat, content, panel.view, quiet, **picture)
        await table.store.set_message(table.id, f"panel:{seat}", message.channel.id if message else 0,
                                      message.id if message else 0, prompt.id)
        return message is not None

    async def _dm(self, table: Table, seat: int, content: str | None,
                  view: discord.ui.View | discord.ui.LayoutView | None, quiet: bool = False,
                  **extra: Any) -> discord.Message | None:
        """``extra``: a panel's picture (``file=``, bot/seat_pictures.py)."""
        info = table.seats[seat]
        assert info.user_id is not None
        try:
            user = self.client.get_user(info.user_id) or await self.client.fetch_user(info.user_id)
            if view is None:
                return await user.send(content or "")
            if isinstance(view, discord.ui.LayoutView):
                return await user.send(view=view, **extra)
            return await user.send(content or "", view=view, **extra)
        except discord.HTTPException as error:
            # Closed DMs (403/50007), or a player Discord no longer knows (404): reach them in
            # the channel and through /hand instead.
            if not isinstance(error, discord.Forbidden | discord.NotFound) and error.code != 50007:
                raise
            await self._dms_closed(table, seat, quiet)
            return None

    async def remind(self, table: Table, seat: int, due: int) -> None:
        """A deadline reminder: by DM, or a mention in the channel when the seat's DMs are closed.
        It names the table and the due time only, never what the decision is about."""
        info = table.seats[seat]
        if info.dm_closed:
            channel = await self.channel(table)
            await channel.send(t(table.row.lang, "clock.reminder_ping", mention=f"<@{info.user_id}>", at=due),
                               allowed_mentions=pinging(info.user_id))
            return
        await self._dm(table, seat, t(info.lang, "clock.reminder", channel=f"<#{table.row.channel_id}>", at=due),
                       None)

    async def nudge(self, table: Table, seat: int) -> None:
        """A clock-less table's one gentle reminder: by DM, or a mention in the channel when the
        seat's DMs are closed; like a deadline reminder, it names the table only."""
        info = table.seats[seat]
        if info.dm_closed:
            channel = await self.channel(table)
            await channel.send(t(table.row.lang, "nudge.ping", mention=f"<@{info.user_id}>"),
                               allowed_mentions=pinging(info.user_id))
            return
        await self._dm(table, seat, t(info.lang, "nudge.dm", channel=f"<#{table.row.channel_id}>"), None)

    async def _dms_closed(self, table: Table, seat: int, quiet: bool = False) -> None:
        # A neutral ping: it says only that this player has something to do, never what. The DM
        # text goes out once (when the DMs are first found closed); after that one short "your turn"
        # per open decision (issue 16: 23 repeats of the DM text in one Great Wall year).
        info = table.seats[seat]
        prompt = table.open_prompt(seat)
        key = f"ping:{seat}"
        pinged = await table.store.message(table.id, key)
        if info.dm_closed and prompt is not None and (quiet or (pinged is not None and pinged[2] == prompt.id)):
            return
        text_key = "table.your_turn" if info.dm_closed else "table.use_hand"
        if not info.dm_closed:
            info.dm_closed = True
            await table.store.save_seats(table.id, table.seats)
        channel = await self.channel(table)
        message = await channel.send(t(table.row.lang, text_key, mention=f"<@{info.user_id}>"),
                                     allowed_mentions=pinging(info.user_id))
        await table.store.set_message(table.id, key, message.channel.id, message.id,
                                      prompt.id if prompt is not None else "")

    async def _close(self, stored: tuple[int, int, str], lang: str) -> None:
        channel_id, message_id, _ = stored
        if not message_id:
            return
        try:
            channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
            assert isinstance(channel, discord.abc.Messageable)
            message = await channel.fetch_message(message_id)
            await message.edit(**done_edit(message, t(lang, "panel.closed")))
        except discord.HTTPException:
            log.info("could not close panel %s", message_id)


def done_edit(message: discord.Message | discord.InteractionMessage | None, text: str,
              picture: Picture | None = None) -> dict[str, Any]:
    """Edit arguments that turn a panel into a plain note, keeping the message's kind (a Components
    V2 message cannot take content, a classic one should not become V2). A classic panel keeps its
    files by their ids. A V2 panel shows ``picture`` (what it showed as it was answered, uploaded in
    the same edit: bot/seat_pictures.py) or, without one (a panel closed once its decision went away:
    a picture of that moment is gone with it), no gallery and no file."""
    if message is not None and message.flags.components_v2:
        layout = discord.ui.LayoutView(timeout=None)
        layout.add_item(discord.ui.TextDisplay(text))
        return {"view": layout, **with_picture(layout, picture, message)}
    return {"content": text, "view": None, **kept_files(message)}
