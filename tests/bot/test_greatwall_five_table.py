"""A 5-seat Great Wall table through the real bot (the fifth player [IT 5P]): five people join the
lobby, draft and pick command cards in DM panels (each with a picture of their own board), play a
year with a restart in the middle of it; a co-op table of 5 opens too; five AI seats fill a table
and play to the end, and the result is rated for all five."""

from __future__ import annotations

import io
from typing import Any

import pytest
from driver import current_panel, open_table, play_until, table_of
from PIL import Image

from bot.app import create_bot
from bot.ratings import ratings

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]

NAMES = ("alice", "bob", "eve", "dan", "fay")


def _five(world: dict[str, Any]) -> list[Any]:
    """Two more members beside alice, bob and eve."""
    for name in NAMES[3:]:
        world[name] = world["guild"].add_member(world["env"].create_user(name))
    return [world[name] for name in NAMES]


def _year_done(env: Any, year: int) -> Any:
    return lambda: table_of(env).state.season == "over" or (
        table_of(env).state.year > year and table_of(env).state.season == "fall")


async def test_five_people_play_a_year_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    """IT 5P: five players, 4 Clerks each on the Clerk space, the Time marker on the 2nd space; the
    5th command slot is used by the fifth card of each Fall [ES p.8]."""
    env = world["env"]
    humans = _five(world)
    lobby = await open_table(world, ai=0, game="greatwall", humans=NAMES)
    assert "Seats (3–5)" in lobby.content
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    assert table.state.seats == 5 and table.state.variants == ["five"] and table.state.time == 1
    assert [(p.clerk_space, p.clerks) for p in table.state.players] == [(4, 4)] * 5
    assert current_panel(world["fay"]) is not None  # the fifth seat drafts in its DM panel
    await play_until(humans, lambda: table_of(env).state.active is not None, cycle=False)
    table = table_of(env)
    assert table.state.season == "fall" and all(card is not None for card in table.state.track)
    before, seq = table.game.dumps(table.state), table.seq
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.seq == seq and table.game.dumps(table.state) == before
    pictures: list[Any] = []  # the fifth seat's panels that carry a picture of its own board

    def done() -> bool:
        panel = current_panel(world["fay"])
        pictures.extend(a for a in (panel.attachments if panel else []) if a.filename == "you.png")
        return bool(_year_done(env, 1)())

    await play_until(humans, done, limit=800, cycle=False)
    assert pictures and Image.open(io.BytesIO(await pictures[-1].read())).format == "PNG"
    state = table_of(env).state
    assert state.year == 2 and state.season == "fall" and state.time == 2
    assert any(m.attachments for m in world["channel"].history())
    assert not env.errors


async def test_a_coop_table_takes_five(world: dict[str, Any]) -> None:
    """Co-op at 5 [IT 5P step 10: "standard and co-op"; ES p.18: 9 Demands to win at 5]."""
    env = world["env"]
    _five(world)
    lobby = await open_table(world, ai=0, game="greatwall", humans=NAMES, mode="coop")
    assert "Seats (2–5)" in lobby.content and "2–5 players" in lobby.content
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    assert table.state.seats == 5 and table.state.mode == "coop" and table.state.variants == ["five"]
    assert table.game.view(table.state, None)["coop"]["target"] == 9
    assert sum(len(s.hordes) for s in table.state.sections) == 6  # players + 1 [ES p.18 step 5]
    assert not env.errors


async def test_a_sixth_person_cannot_join(world: dict[str, Any]) -> None:
    env = world["env"]
    _five(world)
    lobby = await open_table(world, ai=0, game="greatwall", humans=NAMES)
    sixth = world["guild"].add_member(env.create_user("gus"))
    await sixth.click(lobby, label="Join")
    table = table_of(env)
    assert len(table.seats) == 5 and all(seat.user_id != sixth.id for seat in table.seats)


@pytest.mark.simcord(settle_timeout=60)  # the whole game runs inside the Start interaction
async def test_five_ai_seats_play_to_the_end_and_are_rated(world: dict[str, Any]) -> None:
    channel = world["channel"]
    await world["alice"].slash(channel, "game new", game="greatwall", seat=False)
    for _ in range(5):
        await world["alice"].slash(channel, "game addai")
    await world["alice"].slash(channel, "game start")
    table = table_of(world["env"])
    assert table.row.status == "over" and table.state.year <= 4  # at most 4 years [IT 5P step 3]
    outcome = table.game.outcome(table.state)
    assert outcome is not None and sorted(outcome.ranking) == list(range(5))
    assert "The game is over" in "\n".join(m.content or "" for m in channel.history())
    rows = await world["env"].bot.store.results(world["guild"].id, "greatwall")
    assert len(rows) == 5 and sorted(r.place for r in rows) == sorted(outcome.placed()[i][0] for i in range(5))
    assert ratings(rows)  # a free-for-all of five: rated
    assert not world["env"].errors
