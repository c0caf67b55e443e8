"""Helpers to play through the bot as real users would: find panels in DMs and answer them."""

from __future__ import annotations

from typing import Any

import discord


def interactive(message: discord.Message) -> list[Any]:
    """Every button and select of a message, nested V2 layouts included."""
    found: list[Any] = []

    def walk(items: list[Any]) -> None:
        for item in items:
            custom = getattr(item, "custom_id", None)
            if custom and str(custom).startswith("mu:"):
                found.append(item)
            walk(list(getattr(item, "children", []) or []))
            accessory = getattr(item, "accessory", None)
            if accessory is not None:
                walk([accessory])

    walk(list(message.components))
    return found


def current_panel(user: Any) -> discord.Message | None:
    """The newest DM from the bot that still has live components."""
    channel = user.user.dm_channel if hasattr(user, "user") else user.dm_channel
    for message in reversed(channel.history()):
        if interactive(message):
            return message
    return None


async def answer(actor: Any, message: discord.Message, turn: int = 0) -> None:
    """Answer a panel the simple way: each order slot cycles through the options; otherwise the first
    option(s)."""
    items = interactive(message)
    slots = [i for i in items if i.custom_id.startswith("mu:slot:")]
    if slots:
        for index, select in enumerate(slots):
            values = [o.value for o in select.options]
            await actor.select(message, [values[(index + turn) % len(values)]], custom_id=select.custom_id)
            message = current_panel(actor) or message
        await actor.click(message, label="Lock in")
        return
    select = next((i for i in items if isinstance(i, discord.SelectMenu)), None)
    if select is not None:
        values = [o.value for o in select.options][: max(1, select.min_values)]
        await actor.select(message, values, custom_id=select.custom_id)
        return
    await actor.click(message, custom_id=items[0].custom_id)


async def play_until(actors: list[Any], done: Any, limit: int = 400) -> int:
    """Answer panels of ``actors`` (users with DMs) until ``done()`` or nothing is left to answer."""
    moves = 0
    while not done() and moves < limit:
        acted = False
        for actor in actors:
            panel = current_panel(actor)
            if panel is not None:
                await answer(actor.user if hasattr(actor, "user") else actor, panel, moves)
                moves += 1
                acted = True
                if done():
                    break
        if not acted:
            break
    return moves
