"""A Great Wall table of the Hungry Ghost Festival through the real bot [IT AC, "Il Festival dei
Fantasmi"]: alice chooses the scenario in the lobby beside two AI seats, the bot restarts in the
middle of the first Fall, and the year plays on through its Winter: after the Assault the ghosts
rise and Locations are haunted, every line in the channel, the board's public panel names them,
nothing lost to the restart."""

from __future__ import annotations

from typing import Any

import pytest
from driver import channel_lines, greatwall_first_fall, in_year, play_on, restart_unchanged, table_of

from engine.greatwall.chronicles.ghost_festival import haunted, rows
from rendering.greatwall_text import panel

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


async def test_a_ghost_festival_year_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    """IT AC, "Luoghi infestati": "Ogni Inverno, dopo la fase di Assalto ... Prendete 1 tassello Onta
    dalla riserva per ogni FILA con almeno 1 carta Orda ... piazzate ciascun tassello Onta su 1 Luogo a
    scelta." Nothing of it is hidden: the board names the haunted Locations."""
    env = world["env"]
    lobby, _ = await greatwall_first_fall(world, scenario="ghost_festival")
    assert "Hungry Ghost Festival" in lobby.content
    await restart_unchanged(world, db_path)
    # On to the end of Year 1's Winter: the ghosts rise after the Assault.
    state = await play_on(world, in_year(2))
    text = "\n".join(channel_lines(world))
    assert "The ghosts rise after the Assault" in text or rows(state) == 0
    shown = panel(table_of(env).game.view(state, None), "ghost_festival")
    assert shown is not None and shown["haunted"] == haunted(state)
    assert text.count(" haunts the ") == len(haunted(state))
    assert not env.errors
