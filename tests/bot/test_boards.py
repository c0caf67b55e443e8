"""Board posting off the click path (bot/boards.py): coalesced per table, the latest state wins, a
failed upload does not stop the next one, a board shows the state it was asked for, and it is drawn
in the table's language."""

from __future__ import annotations

import asyncio
import copy
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.boards import BoardPoster
from bot.i18n import translator
from engine.ai import choose
from engine.games import get_game
from rendering import render

NAMES = ["Ann", "Ben", "Cy", "Di"]


class FakeChannel(discord.abc.Messageable):
    def __init__(self, fail_next: int = 0) -> None:
        self.sent: list[bytes] = []
        self.descriptions: list[str | None] = []
        self.fail_next = fail_next

    async def _get_channel(self) -> Any:
        return self

    async def send(self, *, file: discord.File) -> None:  # type: ignore[override]
        if self.fail_next:
            self.fail_next -= 1
            raise discord.HTTPException(SimpleNamespace(status=500, reason="boom"), "upload failed")
        self.sent.append(file.fp.read())
        self.descriptions.append(file.description)


class FakeClient:
    def __init__(self, channel: FakeChannel) -> None:
        self.channel = channel

    def get_channel(self, channel_id: int) -> Any:
        return self.channel


def poster_for(channel: FakeChannel) -> BoardPoster:
    """A poster that sends each board to ``channel`` (the bot hands in bot/feed.py's milestone post)."""

    async def post(table: Any, file: discord.File, caption: str | None) -> None:
        await channel.send(file=file)

    return BoardPoster(FakeClient(channel), post)  # type: ignore[arg-type]


def table_at(seed: int = 3, lang: str = "en") -> Any:
    game = get_game("xidit")
    state = game.setup(4, {"length": "short"}, seed)
    return SimpleNamespace(id=1, game=game, state=state, names=NAMES, row=SimpleNamespace(channel_id=9, lang=lang))


def advance(table: Any, steps: int) -> None:
    for n in range(steps):
        prompt = table.game.prompts(table.state)[0]
        view = table.game.view(table.state, prompt.seat)
        table.game.apply(table.state, prompt.seat, choose(table.game, view, prompt, n))


def board_now(table: Any) -> bytes:
    return render(table.game, table.game.view(table.state, None), NAMES)


async def test_a_burst_posts_at_most_twice_and_ends_on_the_latest_board() -> None:
    channel = FakeChannel()
    poster = poster_for(channel)
    table = table_at()
    first = board_now(table)
    poster.request(table)
    await asyncio.sleep(0)  # one turn of the loop: the worker takes this board and starts drawing it
    for _ in range(4):
        advance(table, 8)
        poster.request(table)
    await poster.drain()
    assert channel.sent == [first, board_now(table)]  # the one being drawn, then only the latest


async def test_a_board_shows_the_state_it_was_asked_for() -> None:
    channel = FakeChannel()
    poster = poster_for(channel)
    table = table_at()
    expected = board_now(table)
    before = copy.deepcopy(table.game.view(table.state, None))
    poster.request(table)
    advance(table, 20)  # the state moves on while the board is drawn in a thread
    assert table.game.view(table.state, None) != before
    await poster.drain()
    assert channel.sent == [expected]


async def test_a_failed_upload_is_logged_and_the_next_board_still_goes(caplog: pytest.LogCaptureFixture) -> None:
    channel = FakeChannel(fail_next=1)
    poster = poster_for(channel)
    table = table_at()
    await poster.post_now(table)
    assert channel.sent == [] and "not posted" in caplog.text
    advance(table, 8)
    await poster.post_now(table)
    assert channel.sent == [board_now(table)]


async def test_a_channel_board_is_drawn_in_the_tables_language() -> None:
    channel = FakeChannel()
    poster = poster_for(channel)
    table = table_at(lang="ru")
    view = table.game.view(table.state, None)
    await poster.post_now(table)
    assert channel.sent == [render(table.game, view, NAMES, translator("ru"))]
    assert channel.sent[0] != render(table.game, view, NAMES)
    assert channel.descriptions[0] is not None and "год" in channel.descriptions[0]
