"""/games (issue 16, "My games"): the caller's open tables in every server, the ones where it is
their turn first, each with a link to its channel; ephemeral, and it works in DMs too."""

from __future__ import annotations

from typing import Any

import pytest
from driver import set_options

from bot.i18n import t

pytestmark = pytest.mark.contract


async def _three_tables(world: dict[str, Any]) -> dict[str, Any]:
    """alice sits at a lobby here, a game waiting for her in another channel, and a game waiting for
    bob in a second server."""
    env, guild = world["env"], world["guild"]
    await world["alice"].slash(world["channel"], "game new", game="xidit")  # a lobby: alice seated
    mine = guild.create_text_channel("mine")
    await world["alice"].slash(mine, "game new", game="akhedena")
    await set_options(world, mine.last_message, mode="quick")
    await world["alice"].slash(mine, "game addai")
    await world["alice"].slash(mine, "game start")
    other = env.create_guild("Other Server")
    theirs = other.create_text_channel("theirs")
    alice2, bob2 = other.add_member(world["alice"].user), other.add_member(world["bob"].user)
    await bob2.slash(theirs, "game new", game="akhedena")
    await set_options({**world, "bob2": bob2}, theirs.last_message, who="bob2", mode="quick")
    await alice2.slash(theirs, "game join")
    await bob2.slash(theirs, "game start")
    return {"mine": mine, "theirs": theirs, "other": other}


def _links(text: str) -> list[str]:
    return [word for word in text.split() if word.startswith("https://discord.com/channels/")]


async def test_games_lists_every_server_with_your_turn_first_and_links(world: dict[str, Any]) -> None:
    made = await _three_tables(world)
    alice = world["alice"].id
    tables = {x.row.channel_id: x for x in world["env"].bot.tables.by_id.values()}
    theirs = tables[made["theirs"].id]
    alices_turn_there = any(p.seat == theirs.seat_of(alice) for p in theirs.prompts())
    result = await world["alice"].slash(world["channel"], "games")
    assert result.ephemeral
    lines = result.response.content.splitlines()
    assert lines[0] == t("en", "games.title", count=3)
    guild, other = world["guild"], made["other"]
    here = f"https://discord.com/channels/{guild.id}/"
    there = f"https://discord.com/channels/{other.id}/{made['theirs'].id}"
    # With only an AI beside her, "mine" always waits for alice: it comes first; a lobby comes last.
    assert t("en", "games.your_turn") in lines[1] and _links(lines[1]) == [f"{here}{made['mine'].id}"]
    assert t("en", "games.lobby") in lines[3] and _links(lines[3]) == [f"{here}{world['channel'].id}"]
    assert _links(lines[2]) == [there] and "Other Server" in lines[2]
    waiting = sorted({theirs.names[p.seat] for p in theirs.prompts()})
    expected = t("en", "games.your_turn") if alices_turn_there else t("en", "games.waiting", names=", ".join(waiting))
    assert expected in lines[2]


async def test_games_works_in_dms_and_only_lists_your_own_tables(world: dict[str, Any]) -> None:
    await _three_tables(world)
    result = await world["alice"].user.slash("games")
    assert result.ephemeral and result.response.content.splitlines()[0] == t("en", "games.title", count=3)
    eve = await world["eve"].user.slash("games")
    assert eve.response.content == t("en", "games.none")
    assert not world["env"].errors
