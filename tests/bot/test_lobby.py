"""The lobby (issue 16): the host is seated by /game new (or only hosts with seat:false), a Join by a
seated player changes nothing, the host removes an AI seat or a player who left the server before the
start, and thread:true opens the table in a new thread named after the game."""

from __future__ import annotations

from typing import Any

import pytest
from driver import open_table, table_of

from bot.i18n import t
from engine.akhedena.game import limit_score

pytestmark = pytest.mark.contract


def _lobby_text(world: dict[str, Any], lobby: Any) -> str:
    return next(m for m in world["channel"].history() if m.id == lobby.id).content or ""


async def test_the_host_is_seated_and_their_first_hand_finds_the_seat(world: dict[str, Any]) -> None:
    lobby = await open_table(world, ai=2, humans=("alice", "bob"), length="short")
    table = table_of(world["env"])
    assert [s.name for s in table.seats][:2] == ["alice", "bob"]
    await world["alice"].click(lobby, label="Start")
    hand = await world["alice"].slash(world["channel"], "hand")
    assert t("en", "error.not_seated") not in (hand.response.content or "")
    assert not world["env"].errors


async def test_a_join_by_a_seated_player_says_so_and_changes_nothing(world: dict[str, Any]) -> None:
    lobby = await open_table(world, ai=0, humans=("alice",))
    again = await world["alice"].slash(world["channel"], "game join")
    assert again.ephemeral and again.response.content == t("en", "error.already_seated")
    await world["alice"].click(lobby, label="Join")
    assert [s.name for s in table_of(world["env"]).seats] == ["alice"]


async def test_seat_false_only_hosts(world: dict[str, Any]) -> None:
    await world["alice"].slash(world["channel"], "game new", game="xidit", seat=False)
    table = table_of(world["env"])
    assert table.seats == [] and table.row.host_id == world["alice"].id
    assert t("en", "lobby.empty") in world["channel"].last_message.content


async def test_the_host_removes_an_ai_seat(world: dict[str, Any]) -> None:
    lobby = await open_table(world, ai=2, humans=("alice", "bob"))
    table = table_of(world["env"])
    done = await world["alice"].slash(world["channel"], "game remove", seat=3)
    assert done.ephemeral and done.response.content == t("en", "lobby.removed", seat=3)
    assert [s.is_ai for s in table.seats] == [False, False, True]
    assert [s.seat for s in table.seats] == [0, 1, 2]
    assert len([line for line in _lobby_text(world, lobby).splitlines() if "🤖" in line]) == 1


async def test_only_the_host_removes_and_never_a_present_player(world: dict[str, Any]) -> None:
    await open_table(world, ai=1, humans=("alice", "bob"))
    table = table_of(world["env"])
    refused = await world["bob"].slash(world["channel"], "game remove", seat=3)
    assert refused.response.content == t("en", "error.not_host")
    present = await world["alice"].slash(world["channel"], "game remove", seat=2)
    assert present.response.content == t("en", "error.seat_present", seat=2)
    missing = await world["alice"].slash(world["channel"], "game remove", seat=5)
    assert missing.response.content == t("en", "error.no_such_seat", count=3)
    assert len(table.seats) == 3


async def test_the_host_removes_a_player_who_left_the_server(world: dict[str, Any]) -> None:
    lobby = await open_table(world, ai=0, humans=("alice", "bob", "eve"))
    world["guild"].remove_member(world["bob"])
    await world["alice"].slash(world["channel"], "game remove", seat=2)
    table = table_of(world["env"])
    assert [s.name for s in table.seats] == ["alice", "eve"]
    assert "bob" not in _lobby_text(world, lobby)


async def test_no_removal_after_the_start(world: dict[str, Any]) -> None:
    lobby = await open_table(world, ai=2, humans=("alice", "bob"), length="short")
    await world["alice"].click(lobby, label="Start")
    late = await world["alice"].slash(world["channel"], "game remove", seat=4)
    assert late.response.content == t("en", "error.already_started")


async def test_thread_true_opens_the_table_in_a_thread_named_after_the_game(world: dict[str, Any]) -> None:
    channel = world["channel"]
    result = await world["alice"].slash(channel, "game new", game="greatwall", thread=True)
    assert result.ephemeral
    [thread] = channel.threads
    assert thread.name == "The Great Wall"
    table = table_of(world["env"])
    assert table.row.channel_id == thread.id and table.seat_of(world["alice"].id) == 0
    assert f"<#{thread.id}>" in (result.response.content or "")
    lobby = thread.last_message
    await world["bob"].click(lobby, label="Join")
    assert [s.name for s in table.seats] == ["alice", "bob"]
    again = await world["bob"].slash(channel, "game new", game="xidit")  # the channel itself is free
    assert again.ephemeral and not world["env"].errors


async def test_a_thread_table_is_announced_in_its_channel_without_pinging_anyone(world: dict[str, Any]) -> None:
    """thread:true: the channel it was opened from gets one "looking for players" post linking the
    thread; it may notify nobody (no @here, no @everyone, no user)."""
    channel = world["channel"]
    await world["alice"].slash(channel, "game new", game="akhedena", thread=True)
    [thread] = channel.threads
    post = channel.last_message
    assert f"<#{thread.id}>" in post.content and "@here" not in post.content
    allowed = _allowed_mentions(world, channel.id)
    assert allowed.get("parse", []) == [] and not allowed.get("users") and not allowed.get("roles")


async def test_call_invites_one_role_once(world: dict[str, Any]) -> None:
    """call:@role mentions that role, and only it, in the looking-for-players post."""
    channel, guild = world["channel"], world["env"].guild
    role = guild.create_role("Board gamers")
    await world["alice"].slash(channel, "game new", game="xidit", call=role)
    post = channel.last_message
    assert post.content.startswith(f"<@&{role.id}>") and t("en", "xidit.name") in post.content
    allowed = _allowed_mentions(world, channel.id)
    assert [int(r) for r in allowed.get("roles", [])] == [role.id] and "everyone" not in allowed.get("parse", [])
    calls = [m for m in channel.history() if f"<@&{role.id}>" in (m.content or "")]
    assert len(calls) == 1 and not world["env"].errors


def _allowed_mentions(world: dict[str, Any], channel_id: int) -> dict[str, Any]:
    """What the bot's last post in the channel allowed to notify (from simcord's REST log)."""
    [*_, last] = [r for r in world["env"].http_requests
                  if r.method == "POST" and r.path == f"/channels/{channel_id}/messages"]
    body = last.json if isinstance(last.json, dict) else {}
    return dict(body.get("allowed_mentions") or {})


@pytest.mark.parametrize("mode", ["quick", "standard"])
async def test_the_round_limit_says_what_ranks_at_the_limit(world: dict[str, Any], mode: str) -> None:
    """Issue 20 item 10. ES "Modo de Partida Rápida": quick play has no VP to count (no origin
    cards, no dragon); engine/akhedena/quick.py's ruling ranks a quick table stopped by the round
    limit by the crown, then the army cards left, and the full game by the crown, then VP. The lobby
    names the score the engine ranks by (``limit_score``), never the other one."""
    lobby = await open_table(world, ai=1, game="akhedena", humans=("alice",), mode=mode, rounds="on")
    text = _lobby_text(world, lobby)
    ranked = limit_score(mode)
    other = next(s for s in ("vp", "cards") if s != ranked)
    assert t("en", f"akhedena.assess.{ranked}") in text
    assert t("en", f"akhedena.assess.{other}") not in text
