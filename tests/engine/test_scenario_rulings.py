"""A co-op scenario table offers only the co-op rulings its rules read. The two co-op Ancient
Chronicles scenarios play co-op "ad eccezione delle Richieste dell'Imperatore" and are won by
surviving to the end [IT AC, "L'Assedio di Diaoyucheng", "La Rivolta dei Turbanti Rossi"]: co-op's
Demand-counting end check, the one ``time_loss`` (conflict C14, ES p.19 / RU p.19) words, is not
played there, so the table does not read it, and neither the lobby, ``/game new`` nor the local-play
command line offers it. co-op's setup is played [IT AC], so ``start_hordes`` (players + 1 Hordes,
ES p.18 step 5) and the Reed clan's rulings at 2 players [ES p.15, p.19] stay."""

from __future__ import annotations

import pytest

from bot.local import bad_option
from engine.games import capabilities, get_game

CO_OP_SCENARIOS = ("siege", "red_turban")


def test_a_plain_co_op_table_reads_time_loss() -> None:
    """ES p.19 / RU p.19 (conflict C14): the co-op end of the Time track is a ruling of co-op tables."""
    chosen = capabilities("greatwall").table_options({"mode": "coop"})
    assert chosen["time_loss"] == "unmet" and "start_hordes" in chosen


@pytest.mark.parametrize("scenario", CO_OP_SCENARIOS)
def test_a_co_op_scenario_table_does_not_read_time_loss(scenario: str) -> None:
    """IT AC: co-op without the Emperor's Demands, won by surviving to the end: co-op's end check,
    which ``time_loss`` words, is not played; co-op's setup (start_hordes, ES p.18 step 5) is."""
    caps = capabilities("greatwall")
    chosen = caps.table_options({"scenario": scenario})
    assert chosen["mode"] == "coop"
    assert "time_loss" not in chosen
    assert {"start_hordes", "reed_temple", "raid_count", "reed_claim", "reed_company"} <= set(chosen)
    assert caps.foreign({"scenario": scenario, "time_loss": "always"}) == ("time_loss", "always")


@pytest.mark.parametrize("scenario", CO_OP_SCENARIOS)
def test_the_local_command_line_refuses_time_loss_at_a_co_op_scenario(scenario: str) -> None:
    """The terminal's --option is checked as the lobby checks it: time_loss is not one of the
    settings a co-op scenario table takes, and its list of valid settings does not name it."""
    problem = bad_option("greatwall", {"scenario": scenario, "mode": "coop", "time_loss": "always"}, "en")
    assert problem is not None and "time_loss" in problem
    assert "time_loss:" not in problem and "start_hordes:" in problem
    assert bad_option("greatwall", {"mode": "coop", "time_loss": "always"}, "en") is None


@pytest.mark.parametrize("scenario", CO_OP_SCENARIOS)
def test_a_co_op_scenario_sets_up_without_time_loss(scenario: str) -> None:
    """IT AC, "Preparazione": the scenario's table is set up from the options it reads."""
    state = get_game("greatwall").setup(2, {"scenario": scenario}, 7)
    assert (state.mode, state.variants) == ("coop", [scenario])


@pytest.mark.parametrize("scenario", ["siege", "red_turban", "long_winter", "great_famine", "emperors_visit",
                                      "ghost_festival"])
def test_a_scenario_table_does_not_read_the_fifth_players_rulings(scenario: str) -> None:
    """IT AC: "gli Scenari non possono essere combinati con le altre espansioni" — the fifth player's
    box is one, so a scenario table seats at most 4 and never reads the fifth player's rulings; a
    plain table of the same mode does (IT 5P: played at 5 in the standard game and co-op)."""
    caps = capabilities("greatwall")
    chosen = caps.table_options({"scenario": scenario})
    assert "five_advisors" not in chosen and caps.seat_range({"scenario": scenario})[1] <= 4
    assert "five_advisors" in caps.table_options({"mode": chosen["mode"]})
