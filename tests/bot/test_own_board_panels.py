"""Your own board (issue 16) through the real bot: a seat's DM panel and its /hand panel carry a picture
of its own view; the colour-blind palette, chosen with /hand, changes it and is kept for the seat; a
game without seat pictures keeps text-only panels."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from driver import close_dms, current_panel, interactive, open_table, play_until, table_of
from PIL import Image
from simcord.http import client as simcord_http

from bot.app import create_bot

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


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
    close_dms(env, alice)
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
    await world["alice"].slash(channel, "game new", game="toy")  # secret first move: the default mode
    lobby = channel.last_message
    await world["bob"].click(lobby, label="Join")
    await world["alice"].click(lobby, label="Start")
    panel = current_panel(world["alice"])
    assert panel is not None and not panel.attachments
    assert not env.errors


def _gallery_urls(message: Any) -> list[str]:
    """The media URLs of a V2 message's galleries: what it actually shows of its attachments (a DM's
    components come as discord.py objects, an ephemeral response's as raw payloads)."""
    urls = []
    for component in message.components:
        if isinstance(component, discord.MediaGalleryComponent):
            urls += [item.media.url for item in component.items]
        elif isinstance(component, dict) and component.get("type") == 12:  # a media gallery
            urls += [item["media"]["url"] for item in component["items"]]
    return urls


def _dm(user: Any, message_id: int) -> Any:
    return next(m for m in user.user.dm_channel.history() if m.id == message_id)


async def _shown(message: Any) -> bytes:
    """The picture a V2 panel shows: its gallery names the message's one attachment."""
    [attachment] = [a for a in message.attachments if a.filename == "you.png"]
    assert _gallery_urls(message) == [attachment.url]
    return await _png(message)


async def test_a_programme_panel_keeps_its_picture_through_picks_and_lock_in(world: dict[str, Any]) -> None:
    """A Components V2 panel (Lords of Xidit's six orders) is rebuilt on every pick: its gallery names
    the picture again each time, so the picture is still shown after two picks — redrawn with the
    route of the orders chosen so far — and once locked in, on the message the panel becomes (a note of
    the answer, or the seat's next panel headed by it, when the lock-in opened one: bot/dm_panels.py)."""
    env, alice = world["env"], world["alice"]
    lobby = await open_table(world, ai=3, game="xidit", humans=("alice",), length="short")
    await alice.click(lobby, label="Start")
    await play_until([alice], lambda: table_of(env).state.phase == "program")
    panel = current_panel(alice)
    assert panel is not None and panel.flags.components_v2
    first = await _shown(panel)
    hand = await alice.slash(world["channel"], "hand")  # the same V2 panel, ephemeral, shows it too
    assert hand.ephemeral and await _shown(hand.response) == first
    slots = [i for i in interactive(panel) if i.custom_id.startswith("mu:slot:")]
    table = table_of(env)
    city = table.state.players[table.seat_of(alice.id)].city
    colour = sorted(table.game.pack.roads[city])[0]
    pictures = [first]
    for select, order in zip(slots[:2], (colour, "act"), strict=True):
        await alice.user.select(panel, [order], custom_id=select.custom_id)
        panel = _dm(alice, panel.id)
        pictures.append(await _shown(panel))
    assert len(set(pictures)) == 3  # each pick redraws the route preview
    # A pick that leaves the picture as it was uploads it again (discord-api-docs #7529): the same picture.
    await alice.user.select(panel, ["act"], custom_id=slots[1].custom_id)
    panel = _dm(alice, panel.id)
    assert await _shown(panel) == pictures[-1]
    assert Image.open(io.BytesIO(pictures[-1])).width <= 1000
    for select in slots[2:]:
        await alice.user.select(panel, ["wait"], custom_id=select.custom_id)
        panel = _dm(alice, panel.id)
    await alice.user.click(panel, label="Lock in")
    done = _dm(alice, panel.id)
    assert await _shown(done)
    if interactive(done):  # the next decision, in the same message: the picture of the new position
        assert table_of(env).open_prompt(table.seat_of(alice.id)) is not None
    assert not env.errors


async def _programme(world: dict[str, Any]) -> tuple[Any, list[Any], bytes]:
    """Alice's Xidit programme panel with every slot picked, its slots, and the picture it shows."""
    env, alice = world["env"], world["alice"]
    lobby = await open_table(world, ai=3, game="xidit", humans=("alice",), length="short")
    await alice.click(lobby, label="Start")
    await play_until([alice], lambda: table_of(env).state.phase == "program")
    panel = current_panel(alice)
    assert panel is not None and panel.flags.components_v2
    slots = [i for i in interactive(panel) if i.custom_id.startswith("mu:slot:")]
    for select in slots:
        await alice.user.select(panel, ["act"], custom_id=select.custom_id)
        panel = _dm(alice, panel.id)
    return panel, slots, await _shown(panel)


def _no_cdn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every read of an uploaded file from Discord's CDN from now on fails, and is noted."""
    reads: list[str] = []

    async def refuse(self: Any, url: str) -> bytes:
        reads.append(url)
        raise discord.NotFound(type("R", (), {"status": 404, "reason": "Not Found"})(), "asset not found")

    monkeypatch.setattr(simcord_http.FakeHTTPClient, "get_from_cdn", refuse)
    return reads


async def _answered_shows(done: Any, shown: bytes) -> None:
    """The locked-in panel's message shows ``shown`` as a note, or, when the lock-in opened alice's
    next decision in the same DM (bot/dm_panels.py), that decision's own picture, uploaded with it."""
    if interactive(done):
        assert await _shown(done)
    else:
        assert await _shown(done) == shown


async def test_an_answered_programme_keeps_its_picture_without_reading_it_back(
        world: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: the note a V2 panel becomes once locked in shows the picture the panel showed, uploaded
    again in the same edit (discord-api-docs #7529) from what the bot has, never read back from Discord's
    CDN at edit time (a network round trip that can fail and slows every answer)."""
    alice = world["alice"]
    panel, _, shown = await _programme(world)
    reads = _no_cdn(monkeypatch)
    await alice.user.click(panel, label="Lock in")
    assert reads == []
    monkeypatch.undo()
    await _answered_shows(_dm(alice, panel.id), shown)
    assert not world["env"].errors


async def test_a_programme_locked_in_after_a_restart_keeps_its_picture(world: dict[str, Any], db_path: Any,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """After a restart the bot has no picture in memory: the answered panel's picture is drawn again
    from the table's state and the stored draft (the same bytes: drawing is deterministic), not read
    back from the CDN."""
    env, alice = world["env"], world["alice"]
    panel, _, shown = await _programme(world)
    await env.restart_bot(create_bot(db_path=db_path))
    reads = _no_cdn(monkeypatch)
    await alice.user.click(panel, label="Lock in")
    assert reads == []
    monkeypatch.undo()
    await _answered_shows(_dm(alice, panel.id), shown)
    assert not env.errors
