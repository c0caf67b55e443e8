"""A Great Wall table of the Hungry Ghost Festival through the real bot [IT AC, "Il Festival dei
Fantasmi"]: alice chooses the scenario in the lobby beside two AI seats, the bot restarts in the
middle of the first Fall, and the year plays on through its Winter: after the Assault the ghosts
rise and Locations are haunted, every line in the channel, the board's public panel names them,
nothing lost to the restart."""

from __future__ import annotations

from typing import Any

import pytest
from driver import open_table, play_until, table_of

from bot.app import create_bot
from engine.greatwall.chronicles.ghost_festival import haunted, rows
from rendering.greatwall_text import panel

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


def _asked(env: Any, kind: str) -> bool:
    ask = table_of(env).state.ask
    return ask is not None and ask.kind == kind


async def test_a_ghost_festival_year_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    """IT AC, "Luoghi infestati": "Ogni Inverno, dopo la fase di Assalto ... Prendete 1 tassello Onta
    dalla riserva per ogni FILA con almeno 1 carta Orda ... piazzate ciascun tassello Onta su 1 Luogo a
    scelta." Nothing of it is hidden: the board names the haunted Locations."""
    env, alice = world["env"], world["alice"]
    lobby = await open_table(world, ai=2, game="greatwall", humans=("alice",), scenario="ghost_festival")
    assert "Hungry Ghost Festival" in lobby.content
    await alice.click(lobby, label="Start")
    await play_until([alice], lambda: _asked(env, "place"), cycle=False)
    table = table_of(env)
    before, seq = table.game.dumps(table.state), table.seq
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.seq == seq and table.game.dumps(table.state) == before
    # On to the end of Year 1's Winter: the ghosts rise after the Assault.
    await play_until([alice], lambda: table_of(env).state.season == "over" or table_of(env).state.year > 1,
                     limit=600, cycle=False)
    state = table_of(env).state
    text = "\n".join(m.content or "" for m in world["channel"].history())
    assert "The ghosts rise after the Assault" in text or rows(state) == 0
    shown = panel(table_of(env).game.view(state, None), "ghost_festival")
    assert shown is not None and shown["haunted"] == haunted(state)
    assert text.count(" haunts the ") == len(haunted(state))
    assert not env.errors
