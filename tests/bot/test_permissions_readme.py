"""The README's *Permissions* table against the requests the bot really makes.

A table is played through every feature the table lists (``thread:true`` with a ``call:`` role, DM
panels, closed DMs with ``/hand`` and pings, boards), every request discord.py sends is recorded
(tests/bot/contract.py), and each is mapped to the permission its endpoint needs, per Discord's docs:
- Create Message (https://discord.com/developers/docs/resources/message#create-message): "if operating
  on a guild channel, this endpoint requires the SEND_MESSAGES permission"; in a thread,
  SEND_MESSAGES_IN_THREADS (https://discord.com/developers/docs/topics/permissions, "Allows for sending
  messages in threads"); uploading files, ATTACH_FILES.
- Start Thread without Message (https://discord.com/developers/docs/resources/channel#start-thread-
  without-message): a public thread needs CREATE_PUBLIC_THREADS.
- Get Channel Message(s): READ_MESSAGE_HISTORY in a guild channel; none in a DM.
- Edit or delete one's own message, a DM, an interaction response or followup (a webhook of the
  application, not a channel post): no permission.
A request this map does not know fails the test: a new kind of call must be placed in the README.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from contract import Recorder, Request, install
from driver import answer, close_dms, current_panel, interactive, table_of

pytestmark = pytest.mark.simcord(settle_timeout=5)

README = Path(__file__).parents[2] / "README.md"
DM, THREADS = 1, (10, 11, 12)
# Named by the table but conditional (a role that does not allow mentions) or for members, not the bot.
NOT_THE_BOTS = {"Use Application Commands", "Mention @everyone, @here, and All Roles"}
NO_PERMISSION = ("/interactions/", "/webhooks/", "/users/", "/applications/", "/gateway")


def readme_permissions() -> set[str]:
    """The permissions the README's *Permissions* table names."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Permissions\n", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[2] for line in section.splitlines() if line.startswith("| ") and "---" not in line]
    return {name for row in rows[1:] for name in re.findall(r"\*([^*]+)\*", row)}


def needed(request: Request, backend: Any) -> set[str]:
    """The permission the request's endpoint needs (see the module docstring); KeyError: unknown."""
    path, method = request.path, request.method
    if path.startswith(NO_PERMISSION):
        return set()
    parts = path.strip("/").split("/")
    if parts[0] != "channels":
        raise KeyError(f"{method} {path}")
    kind = backend.get_channel(int(parts[1])).type
    guild = kind != DM
    if method == "POST" and parts[2:] == ["messages"]:
        if not guild:
            return set()
        send = "Send Messages in Threads" if kind in THREADS else "Send Messages"
        return {send, "View Channels"} | ({"Attach Files"} if request.files else set())
    if method == "POST" and parts[2:] == ["threads"]:
        return {"Create Public Threads", "View Channels"}
    if method == "GET" and parts[2:3] == ["messages"]:
        return {"Read Message History", "View Channels"} if guild else set()
    if (method in ("PATCH", "DELETE") and parts[2:3] == ["messages"]) or (method == "GET" and len(parts) == 2):
        return set()  # its own message (or the channel itself, which it sees)
    raise KeyError(f"{method} {path}")


async def test_the_readme_names_every_permission_the_bot_uses_and_no_other(
        world: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    env, channel, alice, bob = world["env"], world["channel"], world["alice"], world["bob"]
    recorder = Recorder()
    install(monkeypatch, recorder)
    role = env.guild.create_role("Board gamers")
    close_dms(env, alice, times=None)
    await alice.slash(channel, "game new", game="akhedena", thread=True, call=role)
    [thread] = channel.threads
    await bob.click(thread.last_message, label="Join")
    await alice.click(thread.last_message, label="Start")
    def board() -> bool:
        return any(r.files == ["board.png"] and r.path == f"/channels/{thread.id}/messages" for r in recorder.requests)

    for _ in range(60):
        if board():
            break
        if (panel := current_panel(bob)) is not None and interactive(panel):
            await answer(bob.user, panel)
        shown = await alice.slash(thread, "hand")
        if shown.response is not None and interactive(shown.response):
            await answer(alice, shown.response)
    assert table_of(env).row.channel_id == thread.id
    assert board()
    used = set().union(*(needed(r, env.backend) for r in recorder.requests))
    listed = readme_permissions()
    assert used <= listed, used - listed
    assert listed - NOT_THE_BOTS <= used, (listed - NOT_THE_BOTS) - used
    assert not env.errors
