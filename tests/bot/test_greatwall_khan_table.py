"""A Great Wall table with Genghis Khan through the real bot [IT GK; fact sheet §13.1]: alice turns
the expansion on in the lobby beside two AI seats, the Khan is set on a Section at setup
("Preparazione" step 7), the bot restarts in the middle of the first Fall, and the year plays on into
the next: the Khan moves once the new Hordes are out ("Muovere Genghis Khan"), the board's public
panel shows his card and Skills, every line of it in the channel, nothing lost to the restart."""

from __future__ import annotations

from typing import Any

import pytest
from driver import channel_lines, greatwall_first_fall, in_year, play_on, restart_unchanged

from bot.i18n import t
from rendering.greatwall_text import panel

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


async def test_a_khan_year_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    """IT GK step 7 / fact sheet §13.1 "Setup": the Khan miniature goes on the Section the top Horde
    card's Invasion indicator shows; "Khan movement": every year, after the new Hordes are placed,
    he moves to the Section the (new) top card shows; his card and the 2 Skills lie above the board."""
    env = world["env"]
    # Step 7 comes after the draft (the starting Hordes are out): by the first Fall's placing he stands.
    lobby, table = await greatwall_first_fall(world, khan="on")
    assert "With Genghis Khan" in lobby.content
    khan, pack = table.state.khan, table.game.pack
    assert khan is not None and khan.sec in range(len(table.state.sections)) and len(khan.skills) == 2
    assert khan.award in pack.khan.awards and set(khan.skills) <= set(pack.khan.skills)
    shown = panel(table.game.view(table.state, None), "khan")  # public: everyone sees his cards
    assert shown is not None and shown["sec"] == khan.sec
    assert [c["card"] for c in shown["cards"]] == [pack.khan.khan.id, *khan.skills]
    # A restart in the middle of the first Fall loses nothing; the Khan stays where he stood.
    stood = table.state.khan.sec
    table = await restart_unchanged(world, db_path)
    assert table.state.khan.sec == stood
    # On through Winter into Year 2: its Spring places the new Hordes, then the Khan moves.
    state = await play_on(world, in_year(2, "fall", "winter"))
    assert state.year == 2 and state.season in ("fall", "winter")
    lines = channel_lines(world)
    spring = t("en", "gw.season", season=t("en", "gw.season.spring"), year=2)
    arrive = next(i for i, line in enumerate(lines) if spring in line)
    moved = [i for i, line in enumerate(lines) if "Genghis Khan moves to the" in line]
    assert moved and all(i >= arrive for i in moved)  # only after Year 2's new Hordes
    assert state.khan is not None and state.khan.sec in range(len(state.sections))
    assert any(m.attachments for m in world["channel"].history())  # the board, with his miniature
    assert not env.errors
