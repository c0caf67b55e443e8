"""A board in the channel keeps the caption it was posted with (issue 20, item 8): once a newer board
replaces it as the live status, the older one keeps its own heading, and that heading agrees with
the board's alt text ("Year 1 begins" over the year-1 board, never the next year's line)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from driver import play_until, set_options, table_of

from bot.ui.components import custom_id

pytestmark = [pytest.mark.simcord(settle_timeout=30), pytest.mark.contract]

# The year the caption's heading names, and the year the board's alt text describes, per language.
YEARS = {"en": (r"Year (\d+) begins", r"year (\d+) of \d+"),
         "ru": (r"Начинается год (\d+)", r"год (\d+) из \d+")}


async def boards_of_three_years(world: dict[str, Any], lang: str, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """A short Xidit table in ``lang`` (chosen at /game new: simcord's servers are all en-US), played
    until its third year's board is out; every board in the channel."""
    await world["alice"].slash(world["channel"], "game new", game="xidit", language=lang)
    await set_options(world, world["channel"].last_message, length="short")
    table = table_of(world["env"])
    lobby = world["channel"].last_message
    for action in ("addai", "addai", "addai", "start"):
        await world["alice"].click(lobby, custom_id=custom_id("lobby", table.id, arg=action))
    assert table.row.lang == lang and table.row.status == "active"

    def boards() -> list[Any]:
        return [m for m in world["channel"].history() if m.attachments]

    await play_until([world["alice"]], lambda: len(boards()) >= 3, limit=60, cycle=False)
    await world["env"].bot.delivery.boards.drain()
    assert table.row.status == "active" and len(boards()) >= 3
    return boards()


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_a_replaced_board_keeps_the_heading_of_its_own_year(lang: str, world: dict[str, Any],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 20 item 8: "🖼️ Year 2 begins" stood over the year-1 board ("Начинается год 2" over
    "год 1 из 9" in Russian). Each retired board's heading names the year its picture shows."""
    boards = await boards_of_three_years(world, lang, monkeypatch)
    caption, alt = YEARS[lang]
    retired = boards[:-1]  # the newest board is the live status; the ones before it are retired
    assert retired
    for board in retired:
        heading = re.search(caption, board.content or "")
        shown = re.search(alt, board.attachments[0].description or "")
        assert heading and shown, (board.content, board.attachments[0].description)
        assert heading.group(1) == shown.group(1), (board.content, board.attachments[0].description)
