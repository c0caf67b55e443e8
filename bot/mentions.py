"""Who a message may ping (Allowed Mentions: https://discord.com/developers/docs/resources/message#
allowed-mentions-object). Without ``allowed_mentions`` Discord pings every user, role, @everyone and
@here the content names, and our content names players by their display names, which a player chooses
("@here" is a valid one). So the client sends ``QUIET`` with every message by default (bot/app.py), and
a message meant to ping says exactly whom: one user (``pinging``), or one invited role (bot/delivery.py
``call_players``). tests/bot/contract.py checks every message the bot sends."""

from __future__ import annotations

import discord

QUIET = discord.AllowedMentions.none()


def pinging(user_id: int | None) -> discord.AllowedMentions:
    """Only this user may be pinged (never @everyone, @here, a role, or a reply's author)."""
    users: list[discord.abc.Snowflake] | bool = [discord.Object(user_id)] if user_id is not None else False
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)
