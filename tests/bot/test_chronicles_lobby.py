"""Ancient Chronicles in the lobby [IT AC, "Preparazione"]: the host chooses a scenario in the settings
panel; it sets the table's mode and seat range, and another expansion is refused beside it. Two toy
scenarios (a competitive one, a co-op one: tests/chronicles_toys.py) stand in for the bundled six."""

from __future__ import annotations

from typing import Any

import pytest
from chronicles_toys import WORDS
from driver import _component, interactive, open_table, set_options, table_of

from bot.i18n import LANGS, catalog, t, translator


@pytest.mark.simcord(settle_timeout=60)
async def test_the_host_chooses_a_scenario_and_it_sets_the_mode_and_seats(world: dict[str, Any],
                                                                        toy_scenarios: None) -> None:
    """IT AC: "Prima dell'inizio della partita, scegliete uno Scenario. Per alcuni scenari si usano le
    regole di preparazione del gioco standard, per altri quelle della modalità cooperazione" — the co-op
    one makes the table a co-op table (2–4 seats), the other a standard one (3–4); "gli Scenari non
    possono essere combinati con le altre espansioni": Genghis Khan is refused beside one, in words."""
    env, tr = world["env"], translator("en")
    for lang in LANGS:  # the setting and its "off" value are worded (each scenario words its own value)
        assert all(catalog(lang).get(f"option.scenario{k}") for k in ("", ".desc", ".off")), lang
    lobby = await open_table(world, ai=0, game="greatwall", humans=("alice",))
    panel = await set_options(world, lobby, scenario="toy_siege")
    picker = _component(panel, "mu:setopt:")
    assert "scenario" in picker.values and picker.values.index("scenario") < picker.values.index("mode")
    table = table_of(env)
    assert table.row.options["mode"] == "coop" and table.seat_range() == (2, 4)
    text = next(m for m in world["channel"].history() if m.id == lobby.id).content
    assert f"{tr('option.scenario')}: {WORDS['option.scenario.toy_siege']}" in text
    await set_options(world, lobby, scenario="toy_rival")
    assert table.row.options["mode"] == "standard" and table.seat_range() == (3, 4)
    await world["alice"].select(panel, ["khan"], custom_id=picker.custom_id)
    values = next(i for i in interactive(panel) if i.custom_id.startswith("mu:setval:"))
    refused = await world["alice"].select(panel, ["on"], custom_id=values.custom_id)
    assert refused.ephemeral and refused.response.content == t(
        "en", "error.options_clash", setting=tr("option.khan"), other=tr("option.scenario"))
    assert table.row.options["khan"] == "off" and table.row.options["scenario"] == "toy_rival"
    for _ in range(2):
        await world["alice"].slash(world["channel"], "game addai")
    await world["alice"].click(lobby, label="Start")
    assert (table.state.mode, table.state.variants) == ("standard", ["toy_rival"])
    assert not env.errors
