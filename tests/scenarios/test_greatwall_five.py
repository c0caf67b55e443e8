"""The fifth player [IT "Quinto giocatore"; fact sheet §13.3, §4, conflict C10], one test per rule
sentence, each through the engine; then seeded playouts of 5-player standard and co-op games with the
invariants after every step."""

from __future__ import annotations

from pathlib import Path

import pytest
from greatwall_kit import GAME, PACK
from greatwall_support import check_invariants, in_game, playout, replay

from engine.core.errors import IllegalChoice
from engine.core.prompt import Choice
from engine.greatwall.coop import target
from engine.greatwall.flow import Ctx
from engine.greatwall.pack import load_pack
from engine.greatwall.state import State
from engine.greatwall.track import usable_slots

COOP = {"mode": "coop"}
FIVE = {kind: set(ids) for kind, ids in PACK.five.items()}


def drafted(options: dict[str, str] | None = None, seed: int = 1, seats: int = 5) -> State:
    """A game just past the draft (everyone took the first General and Advisor offered)."""
    state = GAME.setup(seats, dict(options or {}), seed)
    for prompt in GAME.prompts(state):
        GAME.apply(state, prompt.seat, Choice(prompt.kind, tuple(prompt.options_for(i)[0].id for i in range(2))))
    return state


# --- who plays it [IT 5P, introduction and step 10] ------------------------------------------------

@pytest.mark.parametrize(("mode", "seats"), [("standard", (3, 5)), ("coop", (2, 5)), ("duel", (2, 2)),
                                             ("solo", (1, 1))])
def test_a_fifth_player_joins_the_standard_and_the_coop_game(mode: str, seats: tuple[int, int]) -> None:
    """IT 5P: "a 5-player game is played as a standard 4-player game"; step 10 shuffles the 5P
    Generals "with the base Generals (standard and co-op)". The 2-player and solo modes stay theirs
    [ES p.15–16]."""
    assert GAME.caps.seat_range({"mode": mode}) == seats
    assert GAME.max_seats == 5


def test_five_seats_of_the_duel_are_refused() -> None:
    with pytest.raises(IllegalChoice) as refused:
        GAME.setup(5, {"mode": "duel"}, 1)
    assert refused.value.key == "gw.error.seat_count"


@pytest.mark.parametrize("options", [{}, COOP])
def test_five_seats_turn_the_expansion_on_and_four_do_not(options: dict[str, str]) -> None:
    """IT 5P: the changes are for "a 5-player game"; a 4-player table plays the base setup."""
    assert GAME.setup(5, dict(options), 1).variants == ["five"]
    assert GAME.setup(4, dict(options), 1).variants == []


# --- setup [IT 5P, "Preparazione"] ----------------------------------------------------------------

def test_step1_the_board_on_its_4_5_player_side() -> None:
    """IT 5P step 1: "the board on its side for 4–5 players" — the same Time track as at 4 [ES p.4]."""
    state = GAME.setup(5, {}, 1)
    assert Ctx(state, PACK).time_track() == PACK.time[4]
    view = GAME.view(state, None)
    assert view["time_track"] == [list(space) for space in PACK.time[4]] and view["time"] == 1


@pytest.mark.parametrize("options", [{}, COOP])
def test_step3_time_marker_on_the_2nd_space_at_most_4_years(options: dict[str, str]) -> None:
    """IT 5P step 3: "place the Time marker on the 2nd space of the Time track (the game lasts at
    most 4 years instead of 5)". Year 1 is played on the marker's space [ES p.6], each Spring moves
    it on [ES p.8], and the last space ends the game [ES p.9]."""
    state = GAME.setup(5, dict(options), 1)
    assert state.time == PACK.five_setup["time_start"] == 1 and state.year == 1
    years = len(Ctx(state, PACK).time_track()) - state.time
    assert years == 4
    four = GAME.setup(4, dict(options), 1)
    assert four.time == 0 and len(Ctx(four, PACK).time_track()) - four.time == 5


def test_step7_row_1_full_then_2_more_hordes_by_the_invasion_indicator() -> None:
    """IT 5P step 7: "place 1 Horde in each space of the first row; in a 5-player game place 2 more
    Horde cards by the Invasion indicator on the back of the next Horde card" (fact sheet §4: 3 + 2;
    at 4 players 3 + 1 [ES p.4 step 5])."""
    for seed in range(1, 9):
        state = GAME.setup(5, {}, seed)
        assert all(section.hordes for section in state.sections)  # row 1 full
        extras = [(i, card.card) for i, section in enumerate(state.sections) for card in section.hordes[1:]]
        assert len(extras) == PACK.five_setup["extra_hordes"] == 2
        assert sum(len(s.hordes) for s in GAME.setup(4, {}, seed).sections) == 4

        def shown(card: str) -> int:
            return PACK.hordes[card].invasion

        # The first extra went where the second one's back pointed, the second where the deck's top does.
        (sa, a), (sb, b) = extras
        assert (sa == shown(b) and sb == shown(state.horde_deck[0])) or \
            (sb == shown(a) and sa == shown(state.horde_deck[0]))


def test_coop_at_five_places_players_plus_one_hordes() -> None:
    """Co-op setup step 5: "players + 1" Hordes [ES p.18], 6 at 5 players: the co-op count replaces the
    standard one at 5 too (ruling, engine/greatwall/variants/five.py: the expansion changes the base
    setup's player-count line, on which co-op builds)."""
    state = GAME.setup(5, COOP, 1)
    assert sum(len(s.hordes) for s in state.sections) == 6


def test_step9_the_5p_tactics_join_the_tactic_deck() -> None:
    """IT 5P step 9: "add the 5th player expansion's Tactic cards to the Tactic deck and shuffle it"."""
    for options in ({}, COOP):
        deck = set(GAME.setup(5, dict(options), 1).tactic_deck)
        assert FIVE["tactics"] <= deck and len(FIVE["tactics"]) == 4
        assert not FIVE["tactics"] & set(GAME.setup(4, dict(options), 1).tactic_deck)
    assert len(GAME.setup(5, COOP, 1).tactic_deck) == 20 + 12 + 4  # base, co-op [ES p.18 step 9], 5P


def test_step10_the_5p_generals_are_dealt_with_the_base_ones() -> None:
    """IT 5P step 10: "shuffle the 5th player expansion's General cards with the base Generals
    (standard and co-op) and deal 2 at random, face down, to each player"."""
    offered: set[str] = set()
    for seed in range(12):
        for options in ({}, COOP):
            state = GAME.setup(5, dict(options), seed)
            assert all(len(p.offer_generals) == 2 for p in state.players)
            offered |= {g for p in state.players for g in p.offer_generals}
            assert set(in_game(state, "generals")) >= FIVE["generals"]
    assert offered & FIVE["generals"]


@pytest.mark.parametrize(("ruling", "joined"), [("in", True), ("out", False)])
def test_conflict_c10_the_5p_advisors(ruling: str, joined: bool) -> None:
    """Conflict C10: the IT components list "4 carte Consigliere 5° giocatore" but its setup never adds
    them; the fan reference shuffles them in. Table option five_advisors, default "in" (ruling in
    engine/greatwall/variants/five.py)."""
    option = GAME.caps.option("five_advisors")
    assert option is not None and option.default == "in"
    state = GAME.setup(5, {"five_advisors": ruling}, 1)
    dealt = set(state.advisor_deck) | {a for p in state.players for a in p.offer_advisors}
    assert (FIVE["advisors"] <= dealt) is joined and not (FIVE["advisors"] & dealt and not joined)
    assert len(dealt) == 44 + (4 if joined else 0)


def test_step14_four_clerks_on_the_clerk_space_four_in_reserve() -> None:
    """IT 5P step 14: "all players place 4 of their Clerks instead of 3 in the board's Clerk area"; a
    clan has 8 Clerks [ES p.4], so 4 stay in reserve."""
    for options in ({}, COOP):
        state = GAME.setup(5, dict(options), 1)
        assert [(p.clerk_space, p.clerks) for p in state.players] == [(4, 4)] * 5
        assert [(p.clerk_space, p.clerks) for p in GAME.setup(4, dict(options), 1).players] == [(3, 5)] * 4


def test_the_fifth_clan_has_a_full_clan_set() -> None:
    """IT 5P components: 8 Clerks, 10 Spearmen, 4 Archers, 2 Horsemen and 6 Command cards — a clan's
    set [ES p.4]; its Command cards are the same 6 as every clan's (ruling, data/five.toml)."""
    fifth = GAME.setup(5, {}, 1).players[4]
    assert fifth.reserve == {"spearman": 10, "archer": 4, "horseman": 2}
    assert fifth.clerks + fifth.clerk_space == 8 and sorted(fifth.hand) == sorted(PACK.commands)


def test_ten_shame_tokens_per_player() -> None:
    """Setup: 10 Shame tokens per player [ES p.5] (fact sheet §4: 50 at 5 players)."""
    assert GAME.setup(5, {}, 1).shame_supply == 50


# --- play --------------------------------------------------------------------------------------------

def test_the_5_player_command_slot_is_played_at_five() -> None:
    """ES p.8: the Command track slot marked for 5 players is ignored at 4 players; at 5 every slot is
    free for the 5 command cards."""
    state = drafted()
    assert state.ask is not None and state.ask.kind == "command"
    assert PACK.box["five_player_slot"] in usable_slots(Ctx(state, PACK))
    assert len(usable_slots(Ctx(state, PACK))) == PACK.box["command_slots"] == 5
    four = drafted(seats=4)
    assert PACK.box["five_player_slot"] not in usable_slots(Ctx(four, PACK))


def test_coop_demand_target_is_9_at_five() -> None:
    """Co-op goal: fulfil 6 / 7 / 9 / 9 Demands at 2 / 3 / 4 / 5 players [ES p.18]."""
    state = GAME.setup(5, COOP, 1)
    assert target(Ctx(state, PACK)) == 9
    assert GAME.view(state, None)["coop"]["target"] == 9


# --- the data pack (data/five.toml) ---------------------------------------------------------------

def test_the_pack_holds_the_published_5p_numbers() -> None:
    """IT 5P components: 4 Generals, 4 Tactics, 4 Advisors; Su Dongpo's errata setup bar (fact sheet
    §15): 4 Wood, 6 Stone, 4 Gold, 6 Chi, 2 Tactics, Tea 98. The rest are stand-ins, and say so."""
    assert {k: len(v) for k, v in PACK.five.items()} == {"generals": 4, "tactics": 4, "advisors": 4}
    su = PACK.generals["f_su_dongpo"]
    assert (su.setup, su.tea) == ({"wood": 4, "stone": 6, "gold": 4, "chi": 6, "tactics": 2}, 98)
    assert PACK.five_setup == {"time_start": 1, "extra_hordes": 2, "clerks_on_board": 4}
    assert "five" in PACK.stand_ins


def test_an_owner_overlays_a_5p_card_by_id(tmp_path: Path) -> None:
    (tmp_path / "greatwall").mkdir()
    (tmp_path / "greatwall" / "five.toml").write_text('[[advisors]]\nid = "f_adv1"\nicons = 3\n')
    pack = load_pack(tmp_path)
    assert pack.advisors["f_adv1"].icons == 3 and pack.advisors["f_adv1"].name == PACK.advisors["f_adv1"].name


# --- playouts ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_five_player_playout_to_the_end(seed: int) -> None:
    """A 5-player game [IT 5P] to the end, invariants after every step (pieces, Clerks, Shame, decks
    with the 5P cards); at most 4 years; the outcome ranks the 5 seats; replay == live."""
    options = {"five_advisors": ("in", "out")[seed % 2]}
    state, log = playout(seed, 5, random_share=(seed * 13) % 60, options=options)
    outcome = GAME.outcome(state)
    assert outcome is not None and sorted(outcome.ranking) == list(range(5)) and state.year <= 4
    assert set(state.end_reasons) <= {"walls", "shame", "time"}
    check_invariants(state)
    assert GAME.dumps(replay(seed, 5, log, options=options)) == GAME.dumps(state)


@pytest.mark.parametrize("seed", range(6))
def test_five_player_coop_playout_to_the_end(seed: int) -> None:
    """5-player co-op [ES p.18–19, IT 5P] to the end, invariants after every step: one shared result
    for the 5 players, at most 4 years; replay == live."""
    state, log = playout(seed, 5, random_share=(seed * 13) % 60, mode="coop")
    outcome = GAME.outcome(state)
    assert outcome is not None and state.won is not None and state.year <= 4
    assert outcome.places == (1,) * 5 and outcome.winners == (tuple(range(5)) if state.won else ())
    assert GAME.dumps(replay(seed, 5, log, mode="coop")) == GAME.dumps(state)
