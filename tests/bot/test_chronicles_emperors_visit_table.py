"""A Great Wall table of the Emperor's Visit through the real bot [IT AC, "La Visita
dell'Imperatore"]: alice chooses the scenario in the lobby beside two AI seats, the Wound token is on
a resource space from the start, the bot restarts in the middle of the first Fall, and the year plays
on through its Winter: after the Assault each player shows the wanted amount or takes a Shame token,
every line in the channel, the board's public panel shows the card, nothing lost to the restart."""

from __future__ import annotations

from typing import Any

import pytest
from driver import channel_lines, greatwall_first_fall, in_year, play_on, restart_unchanged

from rendering.greatwall_text import panel

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


async def test_an_emperors_visit_year_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    """IT AC: "Ogni Inverno, dopo la fase di Assalto, controllate la posizione del segnalino Ferita
    sulla carta Visita dell'Imperatore. Ciascun giocatore che ha il numero indicato di Risorse o più
    ... riceve immediatamente 10 punti Onore ... Ciascun giocatore che non ci riesce, riceve un
    tassello Onta." The card is public: the board shows the wanted resource."""
    env = world["env"]
    lobby, table = await greatwall_first_fall(world, scenario="emperors_visit")
    assert "The Emperor's Visit" in lobby.content
    wanted = table.state.chronicle["wanted"]
    shown = panel(table.game.view(table.state, None), "emperors_visit")
    assert shown is not None and shown["resource"] == wanted
    await restart_unchanged(world, db_path)  # a restart in the middle of the first Fall loses nothing
    await play_on(world, in_year(2))
    text = "\n".join(channel_lines(world))
    claims = text.count("shows the Emperor") + text.count("cannot show the Emperor")
    assert claims == 3  # one line per player, after Year 1's Assault
    assert any(m.attachments for m in world["channel"].history())
    assert not env.errors
