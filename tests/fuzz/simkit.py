"""simcord helpers for the fuzz suite: messages carrying forged components, and component interactions
prepared without being delivered (to deliver several at once, or one several times)."""

from __future__ import annotations

from typing import Any

import discord
from simcord import actors as sim_actors
from simcord import interactions as sim_interactions
from simcord.backend import serializers
from simcord.components import walk_components
from simcord.enums import ComponentType, InteractionType


async def post_carrier(env: Any, where: discord.abc.Messageable, custom_id: str,
                       values: list[str] | None = None) -> discord.Message:
    """The bot posts a message whose one component (a button, or a select offering ``values``) carries
    ``custom_id``: Discord only delivers clicks on components of a message, so this is how a forged id
    reaches the bot. The view is stopped at once: only the bot's own persistent components answer."""
    view = discord.ui.View(timeout=None)
    if values is None:
        view.add_item(discord.ui.Button(label="forged", custom_id=custom_id))
    else:
        view.add_item(discord.ui.Select(custom_id=custom_id, min_values=len(values), max_values=len(values),
                                        options=[discord.SelectOption(label=v, value=v) for v in values]))
    message = await where.send(view=view)  # no content, like a real (Components V2) panel
    view.stop()
    return message


async def place_of(env: Any, member: Any, in_dm: bool, channel: Any) -> discord.abc.Messageable:
    """Where the bot can post something ``member`` may click: their DM, or ``channel``."""
    bot = env.bot
    if in_dm:
        return bot.get_user(member.id) or await bot.fetch_user(member.id)
    found = bot.get_channel(channel.id)
    assert found is not None
    return found  # type: ignore[no-any-return]


def prepared(env: Any, actor: Any, message: Any, custom_id: str,
             values: list[str] | None = None) -> tuple[Any, dict[str, Any]]:
    """An INTERACTION_CREATE for ``actor`` using the component ``custom_id`` of ``message`` (which must
    be there now, as for a real user), built but not delivered: the record and the payload."""
    stored = sim_actors._visible_message(actor, message)
    assert any(c.get("custom_id") == custom_id for c in walk_components(stored.components)), \
        f"{custom_id!r} is not on that message (a user could not click it)"
    guild = getattr(actor, "guild", None)
    data: dict[str, Any] = {"custom_id": custom_id,
                            "component_type": ComponentType.BUTTON if values is None else ComponentType.STRING_SELECT}
    if values is not None:
        data["values"] = values
    record, payload = sim_interactions.base_payload(
        env.backend, type=InteractionType.MESSAGE_COMPONENT, channel_id=stored.channel_id,
        guild_id=guild.id if guild is not None else None, user_id=actor.id, data=data)
    payload["message"] = dict(serializers.message_payload(env.backend, stored))
    record.source_message_id = stored.id
    return record, payload


async def deliver_at_once(env: Any, payloads: list[dict[str, Any]]) -> None:
    """Every event is on the gateway before the bot handles the first, so the handlers run concurrently."""
    for payload in payloads:
        env.backend.emit("INTERACTION_CREATE", payload)
    await env.settle(timeout=10)
