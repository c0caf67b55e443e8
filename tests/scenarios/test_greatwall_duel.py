"""The Great Wall for 2 players with the Reed clan [ES v2.0 p.15, "Partidas de 2 jugadores"; RU p.15],
one test per rule, each replayed through the engine."""

from __future__ import annotations

import pytest
from greatwall_kit import GAME, PACK, answer, cover_rest, horde, jobs, keys

from engine.core.prompt import Choice
from engine.greatwall.flow import Ctx
from engine.greatwall.seasons import invade
from engine.greatwall.state import Claimed, State, TrackCard

A, B, REED = 0, 1, 2
DUEL = {"mode": "duel"}


def duel(seed: int = 1, **options: str) -> State:
    """A duel just past the draft (each player took the first general and advisor offered)."""
    state = GAME.setup(2, {**DUEL, **options}, seed)
    for prompt in GAME.prompts(state):
        GAME.apply(state, prompt.seat, Choice(prompt.kind, tuple(prompt.options_for(i)[0].id for i in range(2))))
    return state


def cleared(seed: int = 1, **options: str) -> State:
    """A duel with an empty board: no hordes, barricades or pending work; the Reed Clerks where the
    setup put them; Tea order A, B, Reed; no resources, Honor or abilities."""
    state = duel(seed, **options)
    for section in state.sections:
        section.hordes, section.barricades, section.firing, section.rest = [], 0, [], {}
    for seat in [s for at in state.clerks_at.values() for s in at if s != REED]:
        state.players[seat].clerks += 1
    state.clerks_at = {loc: [REED] for loc in ("mill", "quarry", "mine")}
    state.tea = [A, B, REED]
    state.ask, state.tasks, state.active = None, [], None
    for p in state.players:
        p.tactics, p.active, p.support = [], [], []
        p.res = {"wood": 0, "stone": 0, "gold": 0, "chi": 0}
        p.honor = 0
    state.warehouse = {"wood": 0, "stone": 0, "gold": 0, "chi": 0}
    return state


def place_clerk(state: State, seat: int, loc: str) -> None:
    state.players[seat].clerks -= 1
    state.clerks_at.setdefault(loc, []).append(seat)


def asked(state: State) -> tuple[str, list[int]]:
    assert state.ask is not None
    return state.ask.kind, list(state.ask.seats)


# --- Setup [ES p.15, steps 1, 4, 5, 6, 8, 18, 19] -------------------------------------------------

def test_setup_step1_three_player_side_with_the_leftmost_section_out_of_play() -> None:
    """Two players play on the 3-player side of the board (its time track) and the leftmost Wall Section
    is closed by 3 Barricades that stay all game: only 2 Sections are in play [ES p.15, step 1]."""
    state = GAME.setup(2, DUEL, 3)
    assert Ctx(state, PACK).time_track() == PACK.time[3]
    assert state.blocked == 1 and len(state.sections) == PACK.box["sections"] - 1
    assert GAME.view(state, None)["blocked"] == 1


def test_setup_step4_hordes_showing_the_leftmost_section_are_removed() -> None:
    """The Horde deck holds none of the cards whose back shows the leftmost Section [ES p.15, step 4]."""
    state = GAME.setup(2, DUEL, 4)
    in_play = state.horde_deck + [c.card for s in state.sections for c in s.hordes]
    assert in_play and all(PACK.hordes[h].invasion != 0 for h in in_play)
    assert len(in_play) == sum(1 for h in PACK.deck("hordes", "duel") if PACK.hordes[h].invasion != 0)


def test_setup_steps5_6_one_horde_and_three_barricades_per_section_in_play() -> None:
    """1 Horde on each of the 2 Sections in play and 6 Barricades in all [ES p.15, steps 5–6]."""
    state = GAME.setup(2, DUEL, 5)
    assert [len(s.hordes) for s in state.sections] == [1, 1]
    assert sum(s.barricades for s in state.sections) == 6


def test_setup_step8_reed_takes_3_clerks_and_all_spearmen_of_a_spare_colour() -> None:
    """The Reed clan gets 3 Clerks, one each in the Lumber Mill, Quarry and Gold Mine, and all the
    Spearmen of an unused colour; no other soldiers, no Clerks in reserve [ES p.15, step 8; errata 44]."""
    state = GAME.setup(2, DUEL, 6)
    reed = state.players[REED]
    assert state.reed == REED and len(state.players) == 3
    assert {loc for loc, at in state.clerks_at.items() if REED in at} == {"mill", "quarry", "mine"}
    assert reed.reserve == {"spearman": PACK.box["spearmen"], "archer": 0, "horseman": 0}
    assert reed.clerks == 0 and reed.clerk_space == 0


def test_setup_step18_reed_tea_marker_at_the_bottom() -> None:
    """The Tea stack is built as usual, with the Reed clan's marker at the bottom [ES p.15, step 18]."""
    for seed in range(4):
        assert duel(seed).tea[-1] == REED


def test_setup_step19_twenty_shame_tokens() -> None:
    """Only 20 Shame tokens are used with 2 players [ES p.15, step 19; FAQ #22]."""
    assert GAME.setup(2, DUEL, 7).shame_supply == 20


def test_duel_is_for_exactly_two_players() -> None:
    """The 2-player rules are for 2 players; the standard game stays 3–4 [ES p.15], 5 with the fifth
    player [IT 5P]."""
    assert GAME.caps.seat_range(DUEL) == (2, 2)
    assert GAME.caps.seat_range({}) == (3, 5)


# --- Command cards [ES p.15, "Reglas de mando y funcionarios"] ------------------------------------

def _pick_commands(state: State) -> None:
    for prompt in GAME.prompts(state):
        GAME.apply(state, prompt.seat, Choice("command", (prompt.options[0].id,)))


def test_reed_plays_its_one_command_card_every_fall() -> None:
    """The Reed clan has 1 command card and plays it every Fall [ES p.15]."""
    state = duel(8)
    assert asked(state) == ("command", state.tea_humans())
    _pick_commands(state)
    while state.ask is not None and state.ask.kind in ("place", "reed_place"):
        answer(state, state.ask.seats[0], GAME.prompts(state)[0].options[0].id)
    assert any(c is not None and c.seat == REED and c.card == PACK.reed.id for c in state.track)


def test_reed_above_a_player_takes_the_lowest_free_slot() -> None:
    """When the Reed clan is above any player in Tea order its card goes on the lowest-numbered free slot
    of the command track, nearest to resolving first [ES p.15]."""
    state = duel(9)
    top, other = state.tea_humans()
    state.tea = [top, REED, other]
    _pick_commands(state)
    answer(state, top, "slot0")  # the top player takes slot 1
    assert state.track[1] is not None and state.track[1].seat == REED


def test_reed_last_in_tea_order_the_overlord_picks_its_slot() -> None:
    """Ruling: when the Reed clan is last in Tea order the rulebook gives no slot, so it is placed like a
    player's card, the Overlord (the top Tea player, nobody being active) choosing [ES p.15]."""
    state = duel(10)
    top, other = state.tea_humans()
    _pick_commands(state)
    answer(state, top, "slot0")
    answer(state, other, "slot1")
    assert asked(state) == ("reed_place", [top])
    answer(state, top, "slot4")
    assert state.track[4] is not None and state.track[4].seat == REED


def test_betrayal_cannot_copy_the_reed_card() -> None:
    """Betrayal cannot copy the effects of the Reed clan's command card [ES p.15; FAQ #35]."""
    state = cleared()
    state.track = [TrackCard(REED, PACK.reed.id), TrackCard(B, "economy"), TrackCard(A, "betrayal"), None, None]
    jobs(state, {"op": "cmd_copy", "seat": A})
    assert {o.id for o in GAME.prompts(state)[0].options} == {"copy.economy", "alt"}


def test_overlord_is_the_active_player() -> None:
    """The active player is the Overlord and decides for the Reed clan: on B's turn, B moves Reed's
    Clerks when B's card tells the other players to move [ES p.15]."""
    state = cleared()
    state.active = B
    jobs(state, {"op": "cmd_move", "seat": REED, "n": 1})
    assert asked(state) == ("reed_move", [B])
    assert GAME.prompts(state)[0].key == "gw.ask.reed_move"


def test_on_reeds_own_turn_the_top_tea_player_is_overlord() -> None:
    """During the Reed clan's turn the first player in Tea order is the Overlord: B on top decides Reed's
    moves and its activation order [ES p.15]."""
    state = cleared()
    state.tea = [B, A, REED]
    state.track = [TrackCard(REED, PACK.reed.id), None, None, None, None]
    jobs(state, {"op": "track", "slot": 0})
    assert state.active == REED
    assert asked(state) == ("reed_move", [B])


def test_reed_clerks_move_at_most_one_per_location() -> None:
    """The Overlord moves Reed Clerks as usual, but never 2 Reed Clerks in one Location [ES p.15]."""
    state = cleared()
    state.active = A
    jobs(state, {"op": "cmd_move", "seat": REED, "n": 1})
    targets = {o.id.split("-")[1] for o in GAME.prompts(state)[0].options if o.id != "skip"}
    assert not targets & {"mill", "quarry", "mine"}
    answer(state, A, "mill-temple")
    assert state.clerks_at["temple"] == [REED] and REED not in state.clerks_at["mill"]


# --- Locations [ES p.15, "Reglas de localizaciones"] -------------------------------------------------

def test_a_lone_reed_clerk_does_not_activate_a_special_location() -> None:
    """A Special Location whose only Clerk is a Reed Clerk does not activate [ES p.15]."""
    state = cleared()
    state.clerks_at["barracks"] = [REED]
    state.active = A
    jobs(state, {"op": "activation", "seat": A})
    assert "gw.activate" not in keys(jobs(state))
    assert state.ask is None and state.clerks_at["barracks"] == [REED]


def test_reed_clerks_stay_after_an_activation() -> None:
    """When a Location with a Reed Clerk activates the players' Clerks go home but the Reed Clerk stays
    [ES p.15]."""
    state = cleared()
    place_clerk(state, A, "mill")
    state.active = A
    jobs(state, {"op": "activate", "loc": "mill", "advanced": False})
    answer(state, A, "pass", "tac.none")  # no upgrade
    answer(state, A, "pass")  # no donation
    assert state.clerks_at["mill"] == [REED]
    assert state.players[A].clerks == PACK.box["clerks"] - PACK.box["clerks_on_board"]


@pytest.mark.parametrize(("loc", "resource"), [("mill", "wood"), ("quarry", "stone"), ("mine", "gold")])
def test_reed_at_a_production_location_donates_1_to_the_warehouse(loc: str, resource: str) -> None:
    """Lumber Mill, Quarry, Gold Mine: the Reed clan donates 1 of the resource it just gathered to the
    Warehouse, and gains no Honor for it [ES p.15]."""
    state = cleared()
    place_clerk(state, A, loc)
    state.active = A
    jobs(state, {"op": "activate", "loc": loc, "advanced": False})
    answer(state, A, "pass", "tac.none")  # no upgrade
    answer(state, A, "pass")  # no donation
    assert state.warehouse[resource] == 1
    assert state.players[REED].honor == 0 and state.players[REED].res[resource] == 0


def _temple(state: State, active: int) -> None:
    state.players[A].shamed["spearman"] = 1
    state.players[B].shamed["spearman"] = 1
    state.clerks_at["temple"] = [REED]
    place_clerk(state, B, "temple")
    state.active = active


def test_reed_at_the_temple_the_active_player_discards_their_own_shame() -> None:
    """Temple: the active player discards 1 of their own Shame tokens [ES p.15]."""
    state = cleared()
    _temple(state, A)
    jobs(state, {"op": "activate", "loc": "temple", "advanced": False})
    answer(state, B, "pass", "tac.none")
    assert state.players[A].shamed["spearman"] == 0 and state.players[B].shamed["spearman"] == 1


def test_reed_at_the_temple_on_reeds_turn_does_nothing() -> None:
    """Temple: no effect when the Reed clan itself is the active player [ES p.15; conflict C5]."""
    state = cleared()
    _temple(state, REED)
    jobs(state, {"op": "activate", "loc": "temple", "advanced": False})
    answer(state, B, "pass", "tac.none")
    assert state.players[A].shamed["spearman"] == 1 and state.players[B].shamed["spearman"] == 1


def test_reed_at_the_temple_overlord_reading_is_a_table_option() -> None:
    """The older fan reference reads the Temple as the Overlord's Shame (conflict C5): with the table
    option, on Reed's turn the top Tea player (A) discards one of theirs [ES p.15]."""
    state = cleared(reed_temple="overlord")
    _temple(state, REED)
    jobs(state, {"op": "activate", "loc": "temple", "advanced": False})
    answer(state, B, "pass", "tac.none")
    assert state.players[A].shamed["spearman"] == 0


def test_reed_at_the_embassy_the_overlord_discards_an_advisor() -> None:
    """Emperor's Embassy: the Overlord discards 1 Advisor from the queue; the rest slide left and the
    queue refills [ES p.15]."""
    state = cleared()
    state.clerks_at["embassy"] = [REED]
    place_clerk(state, B, "embassy")
    state.active = A
    queue = list(state.queue)
    jobs(state, {"op": "activate", "loc": "embassy", "advanced": False})
    answer(state, B, "pass")
    assert asked(state) == ("reed_embassy", [A])
    answer(state, A, "q1")
    assert state.queue[:3] == [queue[0], queue[2], queue[3]] and len(state.queue) == 4
    assert queue[1] in state.advisor_discard


def test_reed_at_the_encampment_builds_a_free_barricade_where_the_overlord_says() -> None:
    """Builders' Encampment: the Reed clan builds 1 Barricade for free on the empty space the Overlord
    chooses [ES p.15]."""
    state = cleared()
    state.clerks_at["encampment"] = [REED]
    place_clerk(state, A, "encampment")
    state.active = B
    jobs(state, {"op": "activate", "loc": "encampment", "advanced": False})
    answer(state, A, "pass", "tac.none")
    assert asked(state) == ("reed_barricade", [B])
    answer(state, B, "sec1")
    assert [s.barricades for s in state.sections] == [0, 1]
    assert state.warehouse == {"wood": 0, "stone": 0, "gold": 0, "chi": 0}


def test_reed_at_the_barracks_recruits_a_spearman_that_attacks_without_reward() -> None:
    """Barracks: the Reed clan recruits 1 Spearman and the Overlord has it Attack a legal vital spot; the
    spot's reward is ignored [ES p.15]."""
    state = cleared()
    card = horde(state, 0, "raiders1")
    rewarded = next(iter(PACK.hordes["raiders1"].rewards), PACK.hordes["raiders1"].spots[0])
    state.clerks_at["barracks"] = [REED]
    place_clerk(state, A, "barracks")
    state.active = A
    jobs(state, {"op": "activate", "loc": "barracks", "advanced": False})
    answer(state, A, "pass", "tac.none")
    assert asked(state) == ("reed_attack", [A])
    answer(state, A, f"0.{rewarded}")
    assert [(s.seat, s.unit, s.spots) for s in card.soldiers] == [(REED, "spearman", [rewarded])]
    assert state.players[REED].reserve["spearman"] == PACK.box["spearmen"] - 1
    assert state.warehouse == {"wood": 0, "stone": 0, "gold": 0, "chi": 0} and state.players[REED].honor == 0


def test_reed_at_the_barracks_with_no_legal_spot_the_spearman_stays() -> None:
    """Barracks: with no vital spot it may legally Attack, the Spearman goes back to its supply with no
    effect [ES p.15]."""
    state = cleared()
    cover_rest(horde(state, 0, "raiders1"))
    state.clerks_at["barracks"] = [REED]
    place_clerk(state, A, "barracks")
    state.active = A
    jobs(state, {"op": "activate", "loc": "barracks", "advanced": False})
    answer(state, A, "pass", "tac.none")
    assert state.ask is None or state.ask.kind != "reed_attack"
    assert state.players[REED].reserve["spearman"] == PACK.box["spearmen"]


@pytest.mark.parametrize("loc", ["academy", "logistics"])
def test_reed_at_the_academy_or_logistics_has_no_effect(loc: str) -> None:
    """War Academy and Logistics Center: a Reed Clerk there has no effect [ES p.15]."""
    state = cleared()
    state.clerks_at[loc] = [REED]
    place_clerk(state, A, loc)
    state.active = A
    before = (list(state.players[REED].tactics), dict(state.warehouse), state.players[REED].honor)
    events = jobs(state, {"op": "activate", "loc": loc, "advanced": False})
    while state.ask is not None:
        answer(state, A, *GAME.prompts(state)[0].default or (GAME.prompts(state)[0].options[0].id,))
    assert not [k for k in keys(events) if k.startswith("gw.reed_")]
    assert (list(state.players[REED].tactics), dict(state.warehouse), state.players[REED].honor) == before


# --- What the Reed clan never does [ES p.15, "El clan Junco nunca"] ---------------------------------

def _defeat(state: State) -> None:
    card = horde(state, 0, "raiders1", [(REED, "spearman", [PACK.hordes["raiders1"].spots[0]])])
    cover_rest(card)
    jobs(state, {"op": "defeat_check"})
    while state.ask is not None:
        prompt = GAME.prompts(state)[0]
        answer(state, prompt.seat, *(prompt.default or tuple(prompt.options_for(i)[0].id
                                                             for i in range(max(1, prompt.slots)))))


def test_reed_never_gains_honor_or_horde_cards() -> None:
    """The Reed clan gains no Honor and no Horde card: a Horde it alone fought is discarded, unclaimed
    (ruling: the claim skips Reed) [ES p.15]."""
    state = cleared()
    _defeat(state)
    assert state.players[REED].honor == 0 and state.players[REED].claimed == []
    assert "raiders1" in state.horde_discard


def test_reed_never_uses_rest_zones_survivors_go_back_to_its_reserve() -> None:
    """A Reed soldier that would go to a Rest Zone returns to the Reed reserve instead [ES p.15]."""
    state = cleared()
    card = horde(state, 0, "raiders1", [(REED, "spearman", [s]) for s in PACK.hordes["raiders1"].spots[:2]])
    cover_rest(card)
    jobs(state, {"op": "defeat_check"})
    assert state.ask is None  # Reed never Saves: nobody was asked
    assert all(REED not in s.rest for s in state.sections)
    assert state.players[REED].reserve["spearman"] == PACK.box["spearmen"]


def test_reed_never_gains_shame_in_a_breach() -> None:
    """A breach gives Shame to each player without a soldier on a card there, never to Reed [ES p.10, p.15]."""
    state = cleared()
    horde(state, 0, "raiders1")
    supply = state.shame_supply
    jobs(state, {"op": "breach", "sec": 0})
    while state.ask is not None:
        prompt = GAME.prompts(state)[0]
        answer(state, prompt.seat, *(prompt.default or (prompt.options[0].id,)))
    assert state.shame_supply == supply - 2  # one each for A and B
    assert state.players[REED].shamed == {"spearman": 0, "archer": 0, "horseman": 0}


def test_reed_resources_go_to_the_warehouse() -> None:
    """Resources the Reed clan would gain go to the Warehouse; the Overlord names them [ES p.15]."""
    state = cleared()
    state.active = A
    jobs(state, {"op": "cmd_gain", "seat": REED, "n": 2, "of": ["wood", "stone"]})
    assert asked(state) == ("reed_gain", [A])
    answer(state, A, "stone")
    answer(state, A, "wood")
    assert state.warehouse["stone"] == 1 and state.warehouse["wood"] == 1
    assert state.players[REED].res == {"wood": 0, "stone": 0, "gold": 0, "chi": 0}


def test_reed_chi_goes_to_the_warehouse_too() -> None:
    """ES p.15 / RU p.15: the Reed clan never gains resources; every resource it would gain is put in
    the Warehouse instead. Chi is a resource like Wood, Stone and Gold [ES p.7]; only a player's
    Donation leaves Chi out [ES p.11], and Reed gains here, it does not Donate."""
    from engine.greatwall.abilities import gain
    state = cleared()
    ctx = Ctx(state, PACK)
    gain(ctx, REED, {"chi": 2, "wood": 1}, reason="reward")
    assert state.warehouse == {"wood": 1, "stone": 0, "gold": 0, "chi": 2}
    assert state.players[REED].res == {"wood": 0, "stone": 0, "gold": 0, "chi": 0}
    assert [e.args["resource"] for e in ctx.events if e.key == "gw.reed_warehouse"] == ["wood", "chi"]


def test_reed_never_gains_or_loses_clerks() -> None:
    """The Reed clan always has its 3 Clerks on the board: hiring gives it none [ES p.15]."""
    state = cleared()
    jobs(state, {"op": "cmd_hire", "seat": REED, "n": 2})
    assert state.players[REED].clerks == 0
    assert sum(at.count(REED) for at in state.clerks_at.values()) == 3


# --- Raids, the end [ES p.7, p.15; RU p.15; FAQ #4] --------------------------------------------------

def _raid(state: State) -> int:
    for sec in range(2):
        for card in [h for h in PACK.hordes if PACK.hordes[h].invasion == 1][:3] if sec == 0 else []:
            horde(state, 0, card)
    incoming = next(h for h in PACK.hordes if all(c.card != h for c in state.sections[0].hordes))
    state.horde_deck = [incoming, next(h for h in PACK.hordes if PACK.hordes[h].invasion == 1
                                       and all(c.card != h for c in state.sections[0].hordes))]
    state.sections[1].hordes = [state.sections[0].hordes[0]]  # no empty Section: the indicator decides
    supply = state.shame_supply
    invade(Ctx(state, PACK))
    return supply - state.shame_supply


def test_a_raid_boxes_shame_per_human_player() -> None:
    """A Raid boxes as many Shame tokens as there are human players: the Reed clan is not counted
    [RU p.15; FAQ #4; conflict C7]."""
    assert _raid(cleared()) == 2


def test_a_raid_counting_every_clan_is_a_table_option() -> None:
    """The other reading of conflict C7 (ES p.7 with "play as 3 players"): one token per clan, Reed too."""
    assert _raid(cleared(raid_count="clans")) == 3


def test_the_final_ranking_is_the_two_players_only() -> None:
    """The Reed clan never gains Honor, so it never ranks: the outcome ranks the 2 players [ES p.15]."""
    state = cleared()
    state.players[A].honor, state.players[B].honor = 3, 9
    state.players[A].claimed = [Claimed("raiders1")]
    state.tasks = [{"op": "end_check"}]
    state.shame_supply = 0
    jobs(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and set(outcome.ranking) == {A, B}
    assert set(state.final) == {A, B}


# --- Rulings offered as table options ---------------------------------------------------------------

def _contest(state: State) -> None:
    spots = PACK.hordes["raiders1"].spots
    card = horde(state, 0, "raiders1", [(REED, "spearman", [spots[0]]), (REED, "spearman", [spots[1]]),
                                        (A, "spearman", [spots[2]])])
    cover_rest(card)
    jobs(state, {"op": "defeat_check"})
    while state.ask is not None:
        prompt = GAME.prompts(state)[0]
        answer(state, prompt.seat, *(prompt.default or tuple(prompt.options_for(i)[0].id
                                                             for i in range(max(1, prompt.slots)))))


def test_a_horde_reed_would_claim_is_discarded() -> None:
    """The player covering the most spots claims a defeated Horde [ES p.10]; the Reed clan never gains
    Horde cards [ES p.15], so when it covers the most, nobody claims it (ruling)."""
    state = cleared()
    _contest(state)
    assert state.players[A].claimed == [] and "raiders1" in state.horde_discard


def test_a_horde_reed_would_claim_goes_to_the_next_player_as_a_table_option() -> None:
    """The other reading (table option reed_claim=next): the player with the most spots among the
    others claims it [ES p.10, p.15]."""
    state = cleared(reed_claim="next")
    _contest(state)
    assert [c.card for c in state.players[A].claimed] == ["raiders1"]


def _shared_mill(**options: str) -> State:
    state = cleared(**options)
    place_clerk(state, A, "mill")
    state.active = A
    jobs(state, {"op": "activate", "loc": "mill", "advanced": False})
    while state.ask is not None and state.ask.kind != "upgrade":
        answer(state, A, GAME.prompts(state)[0].options[0].id)
    return state


def test_a_player_with_a_reed_clerk_is_not_alone_at_a_shame_location() -> None:
    """The lone-player Shame icon gives Shame to the only player with Clerks at a Location [ES p.7]; the
    Reed clan plays as the third player [ES p.15], so sharing with a Reed Clerk is not alone (ruling)."""
    state = _shared_mill()
    assert sum(state.players[A].shamed.values()) == 0


def test_alone_with_a_reed_clerk_gives_shame_as_a_table_option() -> None:
    """The other reading (table option reed_company=alone): only players count, so the Shame is taken."""
    state = _shared_mill(reed_company="alone")
    assert sum(state.players[A].shamed.values()) == 1
