"""A Long Winter table through the real bot [IT AC, "Il Lungo Inverno"; fact sheet §13.2]: alice picks
the scenario in the lobby beside two AI seats, the scenario card is on the board from the first Fall,
the bot restarts in the middle of it, and the year plays on into the next: alice is asked whether to
send resources to the Emperor after her own turn, the board's public panel shows the Production
track and who sent what, nothing lost to the restart."""

from __future__ import annotations

from typing import Any

import pytest
from driver import asked, greatwall_first_fall, in_year, play_on, restart_unchanged, table_of

from bot.i18n import LANGS, catalog, t
from bot.presenters import presenter_for
from engine.games import make_game
from rendering.greatwall_text import panel

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


async def test_a_long_winter_year_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    """IT AC, "Sostenere l'Imperatore": "Durante l'Autunno, alla fine del turno, dopo il passo di
    Controllo Sconfitta delle Orde, potete scartare 4 Risorse dello stesso tipo" (errata 49: after your
    own turn); "Tracciato della Produzione": its value changes each Overseer's yield."""
    env = world["env"]
    lobby, table = await greatwall_first_fall(world, scenario="long_winter")
    assert t("en", "option.scenario.long_winter") in lobby.content
    assert table.state.variants == ["long_winter"] and table.state.mode == "standard"
    shown = panel(table.game.view(table.state, None), "chronicle")  # public: the scenario card
    assert shown is not None and shown["production"] == table.game.pack.scenarios["long_winter"].value(0)
    await restart_unchanged(world, db_path)  # a restart in the middle of the first Fall loses nothing
    sends: list[bool] = []  # an ask still open between alice's answers is hers (the AI seats answer at once)

    def done(state: Any) -> bool:
        sends.append(asked(env, "lw_send"))
        return in_year(2, "fall", "winter")(state)

    state = await play_on(world, done)
    assert state.year == 2 and state.season in ("fall", "winter") and any(sends)
    shown = panel(table_of(env).game.view(state, None), "chronicle")
    assert shown is not None and shown["production"] == table_of(env).game.pack.scenarios["long_winter"].value(1)
    assert any(m.attachments for m in world["channel"].history())  # the board, with the scenario card
    assert not env.errors


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_have_a_long_winter_topic_in_every_language(lang: str) -> None:
    """/rules knows the scenario: its topic and text in all four languages, each its own words."""
    assert "long_winter" in presenter_for(make_game("greatwall")).reference().topics
    for key in ("gw.topic.long_winter", "gw.rules.long_winter", "option.scenario.long_winter"):
        assert key in catalog(lang), (lang, key)
        assert lang == "en" or catalog(lang)[key] != catalog("en")[key], (lang, key)
