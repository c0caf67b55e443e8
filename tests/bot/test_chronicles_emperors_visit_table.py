"""A Great Wall table of the Emperor's Visit through the real bot [IT AC, "La Visita
dell'Imperatore"]: alice chooses the scenario in the lobby beside two AI seats, the Wound token is on
a resource space from the start, the bot restarts in the middle of the first Fall, and the year plays
on through its Winter: after the Assault each player shows the wanted amount or takes a Shame token,
every line in the channel, the board's public panel shows the card, nothing lost to the restart."""

from __future__ import annotations

from typing import Any

import pytest
from driver import open_table, play_until, table_of

from bot.app import create_bot
from rendering.greatwall_text import panel

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


def _lines(world: dict[str, Any]) -> list[str]:
    return [m.content or "" for m in world["channel"].history()]


def _asked(env: Any, kind: str) -> bool:
    ask = table_of(env).state.ask
    return ask is not None and ask.kind == kind


async def test_an_emperors_visit_year_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    """IT AC: "Ogni Inverno, dopo la fase di Assalto, controllate la posizione del segnalino Ferita
    sulla carta Visita dell'Imperatore. Ciascun giocatore che ha il numero indicato di Risorse o più
    ... riceve immediatamente 10 punti Onore ... Ciascun giocatore che non ci riesce, riceve un
    tassello Onta." The card is public: the board shows the wanted resource."""
    env, alice = world["env"], world["alice"]
    lobby = await open_table(world, ai=2, game="greatwall", humans=("alice",), scenario="emperors_visit")
    assert "The Emperor's Visit" in lobby.content
    await alice.click(lobby, label="Start")
    await play_until([alice], lambda: _asked(env, "place"), cycle=False)
    table = table_of(env)
    wanted = table.state.chronicle["wanted"]
    shown = panel(table.game.view(table.state, None), "emperors_visit")
    assert shown is not None and shown["resource"] == wanted
    # A restart in the middle of the first Fall loses nothing.
    before, seq = table.game.dumps(table.state), table.seq
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.seq == seq and table.game.dumps(table.state) == before
    await play_until([alice], lambda: table_of(env).state.season == "over" or table_of(env).state.year > 1,
                     limit=600, cycle=False)
    text = "\n".join(_lines(world))
    claims = text.count("shows the Emperor") + text.count("cannot show the Emperor")
    assert claims == 3  # one line per player, after Year 1's Assault
    assert any(m.attachments for m in world["channel"].history())
    assert not env.errors
