"""Every table the rules allow (engine/greatwall/combos.py): a mode, the expansions that join it and
each seat count, read from the registered variants. Each is a table the engine sets up and the lobby
offers, and plays to its end with the invariants after every step; the secrecy audit
(test_audit_secrecy.py) and the panel-fit suite (tests/bot/test_panel_fit.py) cover the same list
through tests/engine/games.py. By default they play, audit and draw a representative subset of them
(games.greatwall_default: every variant, every mode with every variant that joins it); ``-m soak``
runs every combination, with many more seeds."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations as subsets

import pytest
from games import Case, all_cases, cases, greatwall_case, greatwall_default, greatwall_pairs, greatwall_variants
from greatwall_support import GAME, check_invariants, playout, replay

from engine.core.errors import IllegalChoice
from engine.games import capabilities
from engine.greatwall.combos import Combination, combinations
from engine.greatwall.variant import MODE, Variant, active, register_variant, registered, unregister_variant

COMBOS = combinations()
DEFAULT = greatwall_default(COMBOS)
SEEDS = (1, 2, 3)  # the default run's subset, and under soak the rest; the soak run plays SOAK_SEEDS more of each
SOAK_SEEDS = range(100, 140)


def _id(combo: Combination) -> str:
    return combo.label


def test_the_bundled_modes_and_the_rat_give_every_table_the_rulebooks_allow() -> None:
    """ES p.4 (3–4 players), p.15 (2 players with the Reed clan), p.16 (solo), p.18 (co-op, 2–4); IT
    Rat, "Introduzione": the Rat "can be added to any game mode". Each of them with and without it."""
    found = {(c.mode, c.expansions, c.seats) for c in COMBOS}
    base = {("standard", 3), ("standard", 4), ("duel", 2), ("solo", 1), ("coop", 2), ("coop", 3), ("coop", 4)}
    assert {(m, s) for m, e, s in found if not e} >= base
    assert all((m, ("rat",), s) in found for m, s in base)
    assert len(set(COMBOS)) == len(COMBOS)


@pytest.mark.parametrize("combo", COMBOS, ids=_id)
def test_every_combination_is_a_table_the_engine_sets_up(combo: Combination) -> None:
    """The mode's seat range [ES p.4, p.15, p.16, p.18] is the table's: the engine sets up each
    combination with its variants active, and refuses one seat fewer or more than the range allows."""
    state = GAME.setup(combo.seats, combo.options(), 3)
    by_seats = {v.name for v in registered() if combo.seats in v.at_seats and combo.mode in v.combines}
    assert {v.name for v in active(state)} == {combo.mode, *combo.expansions, *by_seats}  # the fifth player [IT 5P]
    allowed = {c.seats for c in COMBOS if (c.mode, c.expansions) == (combo.mode, combo.expansions)}
    for seats in (min(allowed) - 1, max(allowed) + 1):
        if seats > 0:
            with pytest.raises(IllegalChoice):
                GAME.setup(seats, combo.options(), 3)


def lobby_tables() -> set[tuple[str, tuple[str, ...], int]]:
    """What the lobby lets a host choose, read as the lobby reads it (the game's capabilities): a mode,
    any of the expansion options that apply to it and do not clash, a seat count in the range the
    options give."""
    caps = capabilities("greatwall")
    mode = caps.option(MODE)
    assert mode is not None
    # By (option, value): the Ancient Chronicles scenarios are the values of one option, ``scenario``.
    expansions = {v.option: v for v in registered() if v.is_option}
    found = set()
    for value in mode.values:
        offered = [(o.name, v) for o in caps.options if o.applies({MODE: value}) for v in o.values
                   if (o.name, v) in expansions]
        for size in range(len(offered) + 1):
            for chosen in subsets(offered, size):
                if len({name for name, _ in chosen}) < len(chosen):  # one value per option
                    continue
                options = {MODE: value, **dict(chosen)}
                if caps.clash(options) is not None:  # refused by the lobby (bot/tables.py ``changed``)
                    continue
                low, high = caps.seat_range(options)
                names = tuple(v.name for v in sorted((expansions[o] for o in chosen), key=lambda v: v.order))
                found |= {(value, names, seats) for seats in range(low, high + 1)}
    return found


def test_the_lobby_offers_exactly_the_allowed_tables() -> None:
    """The settings panel (bot/ui/settings.py) shows an expansion only with the modes it joins and
    takes the seats the mode allows: what it lets a host choose is the list above, no more."""
    assert lobby_tables() == {(c.mode, c.expansions, c.seats) for c in COMBOS}


def _tables(found: list[Case]) -> set[tuple[int, tuple[tuple[str, str], ...]]]:
    caps = capabilities("greatwall")
    return {(c.seats, tuple(sorted(caps.table_options(c.options).items()))) for c in found if c.game_id == "greatwall"}


def test_every_combination_is_audited_and_drawn() -> None:
    """tests/engine/games.py's Great Wall cases are the combinations, so the secrecy audit and the
    panel-fit suite run over every one of them (under soak), and over the subset by default."""
    assert _tables(all_cases()) == _tables([greatwall_case(c) for c in COMBOS])
    assert _tables(cases()) == _tables([greatwall_case(c) for c in DEFAULT])


def assert_represents(default: tuple[Combination, ...], combos: tuple[Combination, ...]) -> None:
    """The subset plays every registered variant (so each one's hooks run: the fifth player's at 5,
    the Reed clan's in the duel, solo and 2-player co-op [ES p.15]) and every (mode, variant) pair
    the combinations allow, each mode bare at every seat count it allows, and each expansion alone."""
    assert set(default) <= set(combos)
    played = set().union(*(greatwall_variants(c) for c in default))
    assert played == set().union(*(greatwall_variants(c) for c in combos)) == {v.name for v in registered()}
    assert greatwall_pairs(default) == greatwall_pairs(combos)
    assert {c for c in combos if not c.expansions} <= set(default)
    alone = {c.expansions for c in combos if len(c.expansions) == 1}
    assert alone <= {c.expansions for c in default}


def test_the_default_run_plays_every_variant_and_every_pair() -> None:
    assert_represents(DEFAULT, COMBOS)
    assert len(DEFAULT) < len(COMBOS)  # the default run stays quick: the rest is soak's


def test_a_registered_scenario_joins_the_default_subset(scenarios: None) -> None:
    """Read from the registry: two made-up variants of one ``scenario`` option (the shape Ancient
    Chronicles' scenarios are to take), each joining two modes, each meet both modes in the default run."""
    combos = combinations()
    default = greatwall_default(combos)
    assert_represents(default, combos)
    assert {("standard", "scenario_a"), ("coop", "scenario_a"), ("standard", "scenario_b"),
            ("coop", "scenario_b")} <= greatwall_pairs(default)


@pytest.fixture
def scenarios() -> Iterator[None]:
    """Two made-up scenarios of one option that join the standard and co-op modes and the Rat, not
    each other."""
    for name in ("scenario_a", "scenario_b"):
        register_variant(Variant(name, option=("scenario", name), combines=frozenset({"standard", "coop", "rat"}),
                                 order=40))
    yield
    for name in ("scenario_a", "scenario_b"):
        unregister_variant(name)


@pytest.fixture
def drill() -> Iterator[Variant]:
    """A made-up expansion that joins the duel only: registering it is all the harness needs."""
    variant: Variant = Variant("drill", option=("drill", "on"), combines=frozenset({"duel"}), order=30)
    register_variant(variant)
    yield variant
    unregister_variant("drill")


def test_a_registered_expansion_joins_the_list_with_the_modes_it_declares(drill: Variant) -> None:
    """Read from the registry, not a list: the new expansion appears with the duel only (2 seats,
    ES p.15), and not with the Rat, since neither declares it combines with the other."""
    found = {(c.mode, c.expansions, c.seats) for c in combinations()}
    assert ("duel", ("drill",), 2) in found
    assert not any("drill" in e for m, e, _ in found if m != "duel")
    assert ("duel", ("rat", "drill"), 2) not in found
    assert ("duel", "drill") in greatwall_pairs(greatwall_default(combinations()))  # the default run plays it
    assert lobby_tables() == found  # the lobby refuses the Rat with it (Capabilities.clash)
    with pytest.raises(IllegalChoice):
        GAME.setup(2, {MODE: "duel", "rat": "on", "drill": "on"}, 1)


def _play(combo: Combination, seed: int) -> None:
    state, log = playout(seed, combo.seats, random_share=(seed * 13) % 60, options=combo.options(),
                         mode=combo.mode)
    check_invariants(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and state.season == "over"
    assert sorted(outcome.ranking) == list(range(combo.seats))
    assert (state.rat is not None) == ("rat" in combo.expansions)
    assert GAME.dumps(replay(seed, combo.seats, log, combo.options(), combo.mode)) == GAME.dumps(state)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("combo", [pytest.param(c, id=_id(c), marks=[] if c in DEFAULT else [pytest.mark.soak])
                                   for c in COMBOS])
def test_every_combination_plays_to_its_end(combo: Combination, seed: int) -> None:
    """Every allowed table, part AI and part random, to the end of the game [ES p.9, end check] with
    the invariants after every step (greatwall_support: components never lost, the Reed clan, Qin
    and the Rat within their rules); every seat ranked; the log replays to the same state."""
    _play(combo, seed)


@pytest.mark.soak
@pytest.mark.parametrize("seed", SOAK_SEEDS)
@pytest.mark.parametrize("combo", COMBOS, ids=_id)
def test_soak_every_combination(combo: Combination, seed: int) -> None:
    _play(combo, seed)
