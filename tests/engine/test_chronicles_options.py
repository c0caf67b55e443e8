"""Ancient Chronicles at the table: a scenario is one value of the ``scenario`` option, sets its
mode, seats its mode's base count and is played with no other expansion [IT AC, "Preparazione"].

Two toy scenarios (a competitive one and a co-op one: tests/chronicles_toys.py) stand in for the six, so
these hold for whichever of them are registered."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalChoice
from engine.core.game import OutcomeKind
from engine.games import capabilities, get_game
from engine.greatwall.combos import combinations


def test_a_scenario_is_one_choice_that_sets_its_mode(toy_scenarios: None) -> None:
    """IT AC: "Prima dell'inizio della partita, scegliete uno Scenario. Per alcuni scenari si usano le
    regole di preparazione del gioco standard, per altri quelle della modalità cooperazione"."""
    caps = capabilities("greatwall")
    option = caps.option("scenario")
    assert option is not None and option.values[0] == "off" and option.default == "off"
    assert {"toy_rival", "toy_siege"} <= set(option.values)
    assert caps.table_options({"scenario": "toy_siege"})["mode"] == "coop"
    assert caps.table_options({"scenario": "toy_rival"})["mode"] == "standard"
    assert caps.outcome_kind({"scenario": "toy_siege"}) is OutcomeKind.COOP
    assert caps.table_options({})["scenario"] == "off"


def test_a_scenario_seats_its_modes_base_count(toy_scenarios: None) -> None:
    """IT AC: scenarios are not combined with the other expansions (the fifth player's box is one), so
    a competitive scenario seats the standard game's 3–4 and a co-op one co-op's 2–4 [ES p.18]."""
    caps = capabilities("greatwall")
    assert caps.seat_range({"scenario": "toy_rival"}) == (3, 4)
    assert caps.seat_range({"scenario": "toy_siege"}) == (2, 4)
    game = get_game("greatwall")
    with pytest.raises(IllegalChoice):
        game.setup(5, {"scenario": "toy_rival"}, 1)
    state = game.setup(3, {"scenario": "toy_rival"}, 1)
    assert (state.mode, state.variants) == ("standard", ["toy_rival"])


def test_a_scenario_is_played_with_no_expansion_and_in_its_own_mode(toy_scenarios: None) -> None:
    """IT AC: "gli Scenari non possono essere combinati con le altre espansioni"; a co-op scenario
    "può essere giocato solo in modalità cooperazione"."""
    caps = capabilities("greatwall")
    for expansion in ("rat", "khan"):
        assert caps.clash({"scenario": "toy_rival", expansion: "on"}) is not None
        assert caps.clash({"scenario": "toy_siege", expansion: "on"}) is not None
    assert caps.clash({"scenario": "toy_siege", "mode": "standard"}) == ("scenario", "mode")
    assert caps.clash({"scenario": "toy_rival", "mode": "duel"}) == ("scenario", "mode")
    assert caps.clash({"scenario": "toy_rival"}) is None
    with pytest.raises(IllegalChoice):
        get_game("greatwall").setup(3, {"scenario": "toy_rival", "khan": "on"}, 1)


def test_every_scenario_table_is_a_combination(toy_scenarios: None) -> None:
    """The combinations the tests play hold each scenario alone, at each of its seat counts."""
    found = {(c.mode, c.seats) for c in combinations() if "toy_rival" in c.expansions}
    assert found == {("standard", 3), ("standard", 4)}
    found = {(c.mode, c.expansions, c.seats) for c in combinations() if "toy_siege" in c.expansions}
    assert found == {("coop", ("toy_siege",), n) for n in (2, 3, 4)}


def test_a_duel_or_solo_table_does_not_list_the_scenario_choice(toy_scenarios: None) -> None:
    """IT AC, "Preparazione": a scenario is set up as the standard game or as co-op, so a duel or a solo
    table cannot play one; its lobby does not list a choice it cannot make, and refuses a scenario."""
    caps = capabilities("greatwall")
    for mode in ("duel", "solo"):
        assert "scenario" not in caps.table_options({"mode": mode})
        assert caps.clash(caps.table_options({"mode": mode, "scenario": "toy_rival"})) == ("scenario", "mode")
    for mode in ("standard", "coop"):
        assert caps.table_options({"mode": mode})["scenario"] == "off"
