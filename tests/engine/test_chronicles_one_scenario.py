"""A single registered scenario is still a choice of the ``scenario`` setting that sets its mode [IT AC,
"Preparazione": "Per alcuni scenari si usano le regole di preparazione del gioco standard, per altri
quelle della modalità cooperazione"]: the scenarios are bundled one by one, and the first alone must
already set co-op and its seats, not wait to be chosen in a mode like an expansion."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.games import capabilities, get_game
from engine.greatwall.variant import register_variant, registered, unregister_variant
from engine.greatwall.variants.chronicles import ScenarioVariant, competitive, cooperative


@dataclass(frozen=True)
class _Toy(ScenarioVariant):
    """No rules of its own."""


@pytest.mark.parametrize(("make", "mode", "seats"), [(competitive, "standard", (3, 4)), (cooperative, "coop", (2, 4))])
def test_a_lone_scenario_sets_its_mode_and_seats(make: object, mode: str, seats: tuple[int, int]) -> None:
    toy = make(_Toy, "toy_alone")  # type: ignore[operator]
    bundled = [v for v in registered() if v.option[0] == "scenario"]  # alone: the bundled ones stand aside
    for scenario in bundled:
        unregister_variant(scenario.name)
    register_variant(toy)
    try:
        caps = capabilities("greatwall")
        option = caps.option("scenario")
        assert option is not None and option.values == ("off", "toy_alone") and not option.expansion
        assert caps.table_options({"scenario": "toy_alone"})["mode"] == mode
        assert caps.seat_range({"scenario": "toy_alone"}) == seats
        assert caps.clash({"scenario": "toy_alone", "khan": "on"}) is not None
        state = get_game("greatwall").setup(seats[0], {"scenario": "toy_alone"}, 1)
        assert (state.mode, state.variants) == (mode, ["toy_alone"])
    finally:
        unregister_variant(toy.name)
        for scenario in bundled:
            register_variant(scenario)
