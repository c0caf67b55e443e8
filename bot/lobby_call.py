"""The "looking for players" post (``/game new thread:true`` or ``call:@role``) follows its table
(issue 24): the seats left while the lobby fills, full, started (with a link to the table), ended,
closed.

It is posted once and then edited in place: an edit allows no mention, so the called role is notified
once, by the first post, and the edit keeps its mention only so the post still reads as that call.
The post's channel and the called role are kept in the store (kind ``call``, the role in the tag), so
the post still follows its table after a restart.
"""

from __future__ import annotations

import logging

import discord

from bot.boards import channel_by_id
from bot.i18n import t, translator
from bot.tables import Table

CALL = "call"
_NOBODY = discord.AllowedMentions.none()
log = logging.getLogger(__name__)


def call_text(table: Table, role_id: int | None) -> str:
    """The post as the table is now, in the table's language."""
    lang = table.row.lang
    game = translator(lang)(f"{table.row.game}.name")
    channel = f"<#{table.row.channel_id}>"
    least, most = table.seat_range()
    status = table.row.status
    if status == "aborted":
        text = t(lang, "lobby.call_closed", game=game)
    elif status == "over":
        text = t(lang, "lobby.call_over", game=game, channel=channel)
    elif status != "lobby":
        text = t(lang, "lobby.call_started", game=game, channel=channel)
    elif len(table.seats) >= most:
        text = t(lang, "lobby.call_full", game=game, channel=channel)
    else:
        text = t(lang, "lobby.call_open", game=game, min=least, max=most, left=most - len(table.seats),
                 channel=channel)
    return f"<@&{role_id}> {text}" if role_id is not None else text


async def post_call(client: discord.Client, table: Table, origin_id: int | None, role_id: int | None) -> None:
    """Post the call in the channel a ``thread:true`` table was opened from (a link to its thread),
    or in the table's channel for a ``call:`` without a thread. It mentions that role only: never
    @here or @everyone, nobody by name."""
    if origin_id is None and role_id is None:
        return
    roles: list[discord.abc.Snowflake] | bool = [discord.Object(role_id)] if role_id is not None else False
    channel = await channel_by_id(client, origin_id if origin_id is not None else table.row.channel_id)
    message = await channel.send(call_text(table, role_id),
                                 allowed_mentions=discord.AllowedMentions(everyone=False, users=False, roles=roles))
    await table.store.set_message(table.id, CALL, message.channel.id, message.id,
                                  str(role_id) if role_id is not None else "")


async def follow_call(client: discord.Client, table: Table) -> None:
    """Edit the table's call (if it has one) to the table as it is now. A post a moderator deleted
    is forgotten, never posted again: the call was an invitation, not the table."""
    stored = await table.store.message(table.id, CALL)
    if stored is None or not stored[1]:
        return
    channel_id, message_id, tag = stored
    try:
        channel = await channel_by_id(client, channel_id)
        await channel.get_partial_message(message_id).edit(  # type: ignore[attr-defined]
            content=call_text(table, int(tag) if tag else None), allowed_mentions=_NOBODY)
    except discord.NotFound:
        await table.store.set_message(table.id, CALL, channel_id, 0, tag)
    except discord.HTTPException:
        log.info("table %s: the call %s could not be edited", table.id, message_id)
