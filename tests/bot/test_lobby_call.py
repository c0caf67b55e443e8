"""Issue 24 item 1: the "looking for players" post follows its table — the seats left as players
sit down and leave, full, started (with a link to the table), closed — edited in place, never a
second post, never a second ping."""

from __future__ import annotations

from typing import Any

import pytest
from driver import table_of

from bot.i18n import t

pytestmark = pytest.mark.contract  # every request checked against Discord's documented payloads


def _post(world: dict[str, Any], post_id: int) -> str:
    return next(m for m in world["channel"].history() if m.id == post_id).content or ""


async def _thread_table(world: dict[str, Any]) -> tuple[Any, Any, Any]:
    """alice opens a Lords of Xidit table in a thread (she takes a seat): the channel's post,
    the thread, its lobby message."""
    channel = world["channel"]
    await world["alice"].slash(channel, "game new", game="xidit", thread=True)
    [thread] = channel.threads
    return channel.last_message, thread, thread.last_message


async def test_the_post_counts_the_seats_left_as_players_come_and_go(world: dict[str, Any]) -> None:
    post, thread, lobby = await _thread_table(world)
    least, most = table_of(world["env"]).seat_range()
    assert t("en", "lobby.call_open", game="Lords of Xidit", min=least, max=most, left=most - 1,
             channel=f"<#{thread.id}>") in _post(world, post.id)
    await world["bob"].click(lobby, label="Join")
    assert t("en", "lobby.call_open", game="Lords of Xidit", min=least, max=most, left=most - 2,
             channel=f"<#{thread.id}>") in _post(world, post.id)
    await world["bob"].click(lobby, label="Leave")
    assert f"{most - 1} seats left" in _post(world, post.id)
    for _ in range(most - 1):
        await world["alice"].click(lobby, label="Add AI")
    assert _post(world, post.id) == t("en", "lobby.call_full", game="Lords of Xidit", channel=f"<#{thread.id}>")
    calls = [m for m in world["channel"].history() if (m.content or "")[:1] in ("📣", "✅")]
    assert [m.id for m in calls] == [post.id] and not world["env"].errors


async def test_the_post_says_the_game_started_and_links_to_it(world: dict[str, Any]) -> None:
    post, thread, lobby = await _thread_table(world)
    for _ in range(2):
        await world["alice"].click(lobby, label="Add AI")
    await world["alice"].click(lobby, label="Start")
    text = _post(world, post.id)
    assert text == t("en", "lobby.call_started", game="Lords of Xidit", channel=f"<#{thread.id}>")
    assert f"<#{thread.id}>" in text and not world["env"].errors


async def test_the_post_says_the_table_was_closed(world: dict[str, Any]) -> None:
    post, thread, _ = await _thread_table(world)
    await world["alice"].slash(thread, "game abort")
    assert _post(world, post.id) == t("en", "lobby.call_closed", game="Lords of Xidit")
    assert not world["env"].errors


async def test_a_called_role_keeps_its_mention_and_is_not_pinged_again(world: dict[str, Any]) -> None:
    """The edits keep the role's mention (so the post still reads as the call it was) and allow no
    mention at all: only the first post notifies."""
    channel = world["channel"]
    role = world["env"].guild.create_role("Board gamers")
    await world["alice"].slash(channel, "game new", game="xidit", call=role)
    post = channel.last_message
    lobby = next(m for m in channel.history() if t("en", "lobby.join") in str(m.components))
    await world["bob"].click(lobby, label="Join")
    text = _post(world, post.id)
    _, most = table_of(world["env"]).seat_range()
    assert text.startswith(f"<@&{role.id}>") and f"{most - 2} seats left" in text
    edits = [r for r in world["env"].http_requests
             if r.method == "PATCH" and r.path == f"/channels/{channel.id}/messages/{post.id}"]
    assert edits and all(not (r.json or {}).get("allowed_mentions", {}).get("roles") for r in edits)
    assert (edits[-1].json or {}).get("allowed_mentions", {}).get("parse", []) == []
