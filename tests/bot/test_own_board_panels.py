"""Your own board (issue 16) through the real bot: a seat's DM panel and its /hand panel carry a picture
of its own view; the colour-blind palette, chosen with /hand, changes it and is kept for the seat; a
game without seat pictures keeps text-only panels."""

from __future__ import annotations

import io
from typing import Any

import pytest
from driver import current_panel, open_table, table_of
from PIL import Image

pytestmark = pytest.mark.simcord(settle_timeout=5)


async def _png(message: Any) -> bytes:
    [attachment] = [a for a in message.attachments if a.filename == "you.png"]
    data: bytes = await attachment.read()
    return data


async def test_the_dm_panel_carries_the_seats_own_picture(world: dict[str, Any]) -> None:
    env = world["env"]
    lobby = await open_table(world, ai=1, game="akhedena", humans=("alice",))
    await world["alice"].click(lobby, label="Start")
    panel = current_panel(world["alice"])
    assert panel is not None
    image = Image.open(io.BytesIO(await _png(panel)))
    assert image.format == "PNG" and image.width <= 1000
    assert not env.errors


async def test_hand_carries_the_picture_with_dms_closed_and_the_palette_changes_it(world: dict[str, Any]) -> None:
    env, alice = world["env"], world["alice"]
    env.inject_error("POST", f"/channels/{alice.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user")
    lobby = await open_table(world, ai=1, game="akhedena", humans=("alice",))
    await alice.click(lobby, label="Start")
    table = table_of(env)
    seat = table.seat_of(alice.id)
    standard = await alice.slash(world["channel"], "hand")
    assert standard.ephemeral and table.seats[seat].dm_closed
    first = await _png(standard.response)
    cb = await alice.slash(world["channel"], "hand", palette="cb")
    assert await _png(cb.response) != first
    assert table.seats[seat].palette == "cb"
    assert (await table.store.seats(table.id))[seat].palette == "cb"  # kept for the seat's next panels
    again = await alice.slash(world["channel"], "hand", palette="standard")
    assert await _png(again.response) == first
    assert not env.errors


async def test_a_game_without_seat_pictures_sends_text_panels(world: dict[str, Any]) -> None:
    """The toy of tests/toy registers no renderer at all: its panels stay text only."""
    env, channel = world["env"], world["channel"]
    await world["alice"].slash(channel, "game new", game="toy", mode="secret")
    lobby = channel.last_message
    await world["bob"].click(lobby, label="Join")
    await world["alice"].click(lobby, label="Start")
    panel = current_panel(world["alice"])
    assert panel is not None and not panel.attachments
    assert not env.errors
