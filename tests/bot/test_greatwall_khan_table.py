"""A Great Wall table with Genghis Khan through the real bot [IT GK; fact sheet §13.1]: alice turns
the expansion on in the lobby beside two AI seats, the Khan is set on a Section at setup
("Preparazione" step 7), the bot restarts in the middle of the first Fall, and the year plays on into
the next: the Khan moves once the new Hordes are out ("Muovere Genghis Khan"), the board's public
panel shows his card and Skills, every line of it in the channel, nothing lost to the restart."""

from __future__ import annotations

from typing import Any

import pytest
from driver import open_table, play_until, table_of

from bot.app import create_bot
from bot.i18n import t
from rendering.greatwall_text import panel

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


def _lines(world: dict[str, Any]) -> list[str]:
    return [m.content or "" for m in world["channel"].history()]


def _asked(env: Any, kind: str) -> bool:
    ask = table_of(env).state.ask
    return ask is not None and ask.kind == kind


async def test_a_khan_year_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    """IT GK step 7 / fact sheet §13.1 "Setup": the Khan miniature goes on the Section the top Horde
    card's Invasion indicator shows; "Khan movement": every year, after the new Hordes are placed,
    he moves to the Section the (new) top card shows; his card and the 2 Skills lie above the board."""
    env, alice = world["env"], world["alice"]
    lobby = await open_table(world, ai=2, game="greatwall", humans=("alice",), khan="on")
    assert "With Genghis Khan" in lobby.content
    await alice.click(lobby, label="Start")
    # Step 7 comes after the draft (the starting Hordes are out): by the first Fall's placing he stands.
    await play_until([alice], lambda: _asked(env, "place"), cycle=False)
    table = table_of(env)
    khan, pack = table.state.khan, table.game.pack
    assert khan is not None and khan.sec in range(len(table.state.sections)) and len(khan.skills) == 2
    assert khan.award in pack.khan.awards and set(khan.skills) <= set(pack.khan.skills)
    shown = panel(table.game.view(table.state, None), "khan")  # public: everyone sees his cards
    assert shown is not None and shown["sec"] == khan.sec
    assert [c["card"] for c in shown["cards"]] == [pack.khan.khan.id, *khan.skills]
    # A restart in the middle of the first Fall loses nothing; the Khan stays where he stood.
    before, seq, stood = table.game.dumps(table.state), table.seq, table.state.khan.sec
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.seq == seq and table.game.dumps(table.state) == before and table.state.khan.sec == stood
    # On through Winter into Year 2: its Spring places the new Hordes, then the Khan moves.
    await play_until([alice], lambda: table_of(env).state.season == "over" or (
        table_of(env).state.year > 1 and table_of(env).state.season in ("fall", "winter")),
        limit=600, cycle=False)
    state = table_of(env).state
    assert state.year == 2 and state.season in ("fall", "winter")
    lines = _lines(world)
    spring = t("en", "gw.season", season=t("en", "gw.season.spring"), year=2)
    arrive = next(i for i, line in enumerate(lines) if spring in line)
    moved = [i for i, line in enumerate(lines) if "Genghis Khan moves to the" in line]
    assert moved and all(i >= arrive for i in moved)  # only after Year 2's new Hordes
    assert state.khan is not None and state.khan.sec in range(len(state.sections))
    assert any(m.attachments for m in world["channel"].history())  # the board, with his miniature
    assert not env.errors
