"""A Great Famine table through the real bot [IT AC, "La Grande Carestia"; fact sheet §13.2]: alice
picks the scenario in the lobby beside two AI seats, the scenario card (the shared cap, each player's
Food, the Market) is on the board from the first Fall, the bot restarts in the middle of it, and the
year plays on through its Winter, whose Consumption asks alice which pieces she does not feed."""

from __future__ import annotations

from typing import Any

import pytest
from driver import asked, channel_lines, greatwall_first_fall, in_year, play_on, restart_unchanged

from bot.i18n import LANGS, catalog, t
from bot.presenters import presenter_for
from engine.games import make_game
from rendering.greatwall_text import panel

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


async def test_a_great_famine_year_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    """IT AC, "Fase di Consumo": "Ogni Inverno, dopo la fase di Assalto, risolvete la fase di Consumo";
    "Mercato": a new Special Location; "Tracciato del Cibo": one shared cap, a Food marker per player."""
    env = world["env"]
    lobby, table = await greatwall_first_fall(world, scenario="great_famine")
    assert t("en", "option.scenario.great_famine") in lobby.content
    numbers = table.game.pack.scenarios["great_famine"]
    shown = panel(table.game.view(table.state, None), "chronicle")  # public: the scenario card
    assert shown is not None and shown["cap"] == numbers.cap and set(shown["food"]) == {"0", "1", "2"}
    await restart_unchanged(world, db_path)
    feeds: list[bool] = []  # an ask still open between alice's answers is hers (the AI seats answer at once)

    def done(state: Any) -> bool:
        feeds.append(asked(env, "gf_feed"))
        return in_year(2, "fall", "winter")(state)

    state = await play_on(world, done)
    assert (state.year == 2 and state.season in ("fall", "winter")) or state.end_reasons == ["famine"]
    fed = [line for line in channel_lines(world) if "; back to the reserve: " in line]  # gw.gf_fed, one per seat
    assert fed or any(feeds)  # Year 1's Winter fed the pieces on the board
    chronicle = state.chronicle or {}
    assert all(0 <= n <= chronicle["cap"] for n in chronicle["food"].values())
    assert any(m.attachments for m in world["channel"].history())  # the board, with the scenario card
    assert not env.errors


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_have_a_great_famine_topic_in_every_language(lang: str) -> None:
    """/rules knows the scenario: its topic and text in all four languages, each its own words."""
    assert "great_famine" in presenter_for(make_game("greatwall")).reference().topics
    for key in ("gw.topic.great_famine", "gw.rules.great_famine", "option.scenario.great_famine", "gw.loc.market"):
        assert key in catalog(lang), (lang, key)
        assert lang == "en" or catalog(lang)[key] != catalog("en")[key], (lang, key)
