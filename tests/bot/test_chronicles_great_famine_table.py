"""A Great Famine table through the real bot [IT AC, "La Grande Carestia"; fact sheet §13.2]: alice
picks the scenario in the lobby beside two AI seats, the scenario card (the shared cap, each player's
Food, the Market) is on the board from the first Fall, the bot restarts in the middle of it, and the
year plays on through its Winter, whose Consumption asks alice which pieces she does not feed."""

from __future__ import annotations

from typing import Any

import pytest
from driver import open_table, play_until, table_of

from bot.app import create_bot
from bot.i18n import LANGS, catalog, t
from bot.presenters import presenter_for
from engine.games import make_game
from rendering.greatwall_text import panel

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


def _asked(env: Any, kind: str) -> bool:
    ask = table_of(env).state.ask
    return ask is not None and ask.kind == kind


async def test_a_great_famine_year_with_a_restart(world: dict[str, Any], db_path: Any) -> None:
    """IT AC, "Fase di Consumo": "Ogni Inverno, dopo la fase di Assalto, risolvete la fase di Consumo";
    "Mercato": a new Special Location; "Tracciato del Cibo": one shared cap, a Food marker per player."""
    env, alice = world["env"], world["alice"]
    lobby = await open_table(world, ai=2, game="greatwall", humans=("alice",), scenario="great_famine")
    assert t("en", "option.scenario.great_famine") in lobby.content
    await alice.click(lobby, label="Start")
    await play_until([alice], lambda: _asked(env, "place"), cycle=False)
    table = table_of(env)
    numbers = table.game.pack.scenarios["great_famine"]
    shown = panel(table.game.view(table.state, None), "chronicle")  # public: the scenario card
    assert shown is not None and shown["cap"] == numbers.cap and set(shown["food"]) == {"0", "1", "2"}
    before, seq = table.game.dumps(table.state), table.seq
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.seq == seq and table.game.dumps(table.state) == before
    asked: list[bool] = []  # an ask still open between alice's answers is hers (the AI seats answer at once)

    def done() -> bool:
        asked.append(_asked(env, "gf_feed"))
        state = table_of(env).state
        return state.season == "over" or (state.year > 1 and state.season in ("fall", "winter"))

    await play_until([alice], done, limit=600, cycle=False)
    state = table_of(env).state
    assert (state.year == 2 and state.season in ("fall", "winter")) or state.end_reasons == ["famine"]
    lines = [m.content or "" for m in world["channel"].history()]
    fed = [line for line in lines if "; back to the reserve: " in line]  # gw.gf_fed, one per seat fed
    assert fed or any(asked)  # Year 1's Winter fed the pieces on the board
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
