"""The Great Wall solo mode against Qin Jiushao [ES v2.0 p.16–17, "Modo solitario"; RU p.16–17], one
test per rule, each replayed through the engine. Qin's 6 command cards and his Location track are
stand-in data (engine/greatwall/data/commands.toml); the tests build the situations by hand."""

from __future__ import annotations

import pytest
from greatwall_kit import GAME, PACK, answer, cover_rest, horde, jobs, keys

from engine.core.events import Event
from engine.core.prompt import Choice
from engine.greatwall.pack import PRODUCTION, QIN_TOKENS
from engine.greatwall.state import Claimed, State, TrackCard

YOU, QIN, REED = 0, 1, 2
SOLO = {"mode": "solo"}
TRACK = ["wood", "stone", "gold", "chi", "wound"]  # mill highest ... barracks lowest


def solo(seed: int = 1, **options: str) -> State:
    """A solo game just past the draft (you took the first general and advisor offered)."""
    state = GAME.setup(1, {**SOLO, **options}, seed)
    prompt = GAME.prompts(state)[0]
    GAME.apply(state, YOU, Choice(prompt.kind, tuple(prompt.options_for(i)[0].id for i in range(2))))
    return state


def cleared(seed: int = 1, **options: str) -> State:
    """An empty board: no hordes or barricades, every Clerk home but the setup's Reed Clerks, Qin's
    track mill > quarry > mine > temple > barracks, no resources, Honor or abilities."""
    state = solo(seed, **options)
    for section in state.sections:
        section.hordes, section.barricades, section.firing, section.rest = [], 0, [], {}
    state.players[YOU].clerks = PACK.box["clerks"] - PACK.box["clerks_on_board"]
    state.players[QIN].clerks = PACK.box["clerks"]
    state.clerks_at = {loc: [REED] for loc in ("mill", "quarry", "mine")}
    state.ask, state.tasks, state.active, state.advanced = None, [], None, 0
    assert state.qin is not None
    state.qin.track = list(TRACK)
    for p in state.players:
        p.tactics, p.active = [], []
        p.res = {"wood": 0, "stone": 0, "gold": 0, "chi": 0}
        p.honor = 0
    state.players[YOU].support = []
    state.warehouse = {"wood": 0, "stone": 0, "gold": 0, "chi": 0}
    return state


def put_clerks(state: State, seat: int, loc: str, n: int = 1) -> None:
    state.players[seat].clerks -= n
    state.clerks_at.setdefault(loc, []).extend([seat] * n)


def track_of(state: State) -> list[str]:
    assert state.qin is not None
    return list(state.qin.track)


def first_options(state: State) -> list[Event]:
    """Answer your open prompt with the first option of each slot (e.g. no upgrade, no tactic)."""
    prompt = GAME.prompts(state)[0]
    return answer(state, YOU, *(prompt.options_for(i)[0].id for i in range(prompt.slots)))


def asked(state: State) -> tuple[str, list[int]]:
    assert state.ask is not None
    return state.ask.kind, list(state.ask.seats)


def show_invasion(state: State, sec: int) -> None:
    """Put on top of the Horde deck a card whose back shows Section ``sec`` (counted in play)."""
    card = next(h for h in state.horde_deck if PACK.hordes[h].invasion - state.blocked == sec)
    state.horde_deck.remove(card)
    state.horde_deck.insert(0, card)


# --- Setup [ES p.16, steps 1–20] --------------------------------------------------------------------

def test_solo_is_for_one_player() -> None:
    """The solo mode is one player against Qin Jiushao [ES p.16]."""
    assert GAME.caps.seat_range({"mode": "solo"}) == (1, 1)
    with pytest.raises(Exception):  # noqa: B017 - any refusal will do
        GAME.setup(2, SOLO, 1)


def test_setup_steps1_4_6_three_player_side_two_sections() -> None:
    """3-player side; the leftmost Section closed by its Barricades, its Hordes removed; 1 Horde and
    3 Barricades on each of the 2 Sections in play [ES p.16 steps 1, 4–6]."""
    state = GAME.setup(1, SOLO, 3)
    assert state.blocked == 1 and [len(s.hordes) for s in state.sections] == [1, 1]
    assert sum(s.barricades for s in state.sections) == 6
    assert all(PACK.hordes[h].invasion != 0 for h in state.horde_deck)


def test_setup_step8_qin_takes_a_clan_and_his_overseers() -> None:
    """Qin takes 8 Clerks, all Soldiers and his 6 solo command cards (shuffled); 2 Horsemen and 2
    Spearmen become his level-1 Overseers, one on each Production Location [ES p.16 step 8]."""
    state = GAME.setup(1, SOLO, 4)
    assert state.qin is not None and state.qin.seat == QIN
    qin = state.players[QIN]
    assert qin.clerks == 8 and sorted(state.qin.deck) == sorted(PACK.solo)
    assert {loc: (o[QIN].level, o[QIN].unit) for loc, o in state.overseers.items()} == {
        "mill": (1, "horseman"), "quarry": (1, "horseman"), "mine": (1, "spearman"), "temple": (1, "spearman")}
    assert qin.reserve == {"spearman": PACK.box["spearmen"] - 2, "archer": PACK.box["archers"], "horseman": 0}


def test_setup_step9_location_track_holds_each_resource_and_a_wound() -> None:
    """His Location track holds 1 of each resource and the Wound token, in random order [ES p.16
    step 9b]."""
    tracks = {tuple(track_of(GAME.setup(1, SOLO, seed))) for seed in range(6)}
    assert all(sorted(t) == sorted(QIN_TOKENS) for t in tracks) and len(tracks) > 1


def test_setup_step11_two_supporting_advisors_under_qin() -> None:
    """2 random Advisors go under Qin's card as his Supporting Advisors; he has no Active one
    [ES p.16 step 11a; general rule 2]."""
    state = GAME.setup(1, SOLO, 5)
    assert len(state.players[QIN].support) == 2 and state.players[QIN].active == []


def test_setup_step15_ten_shame_tokens() -> None:
    """The Shame supply holds 10 tokens [ES p.16 step 15]."""
    assert GAME.setup(1, SOLO, 6).shame_supply == 10


def test_setup_steps18_20_honor_zero_tea_you_qin_reed() -> None:
    """Both Honor markers start on 0; you are top of the Tea order, Qin second, Reed last; Reed
    Clerks in the Mill, Quarry and Mine [ES p.16 steps 18–20]."""
    state = solo(7)
    assert state.tea == [YOU, QIN, REED] and state.players[QIN].honor == 0
    assert all(REED in state.clerks_at[loc] for loc in ("mill", "quarry", "mine"))


@pytest.mark.parametrize(("level", "honor"), [("honor50", 50), ("honor100", 100)])
def test_difficulty_qin_starts_at_50_or_with_the_100_token(level: str, honor: int) -> None:
    """Harder games: Qin's Honor marker starts on 50, or he takes the 100 Honor token [ES p.17]."""
    assert GAME.setup(1, {**SOLO, "qin_level": level}, 8).players[QIN].honor == honor


# --- Command cards [ES p.16] --------------------------------------------------------------------------

def test_qin_plays_his_top_card_on_the_first_free_slot() -> None:
    """Each Fall Qin plays the top card of his solo deck on the lowest-numbered free slot [ES p.16]."""
    state = solo(9)
    assert state.qin is not None
    top = state.qin.deck[0]
    GAME.apply(state, YOU, Choice("command", (GAME.prompts(state)[0].options[0].id,)))
    answer(state, YOU, "slot2")
    assert state.track[0] == TrackCard(QIN, top) and state.qin.deck[0] != top


def test_turning_qins_top_card_over_can_never_be_taken_back() -> None:
    """Qin's solo command cards are shuffled into a face-down deck [ES p.16]: a move after which his top
    card shows has changed what no seat knows (``Game.unknown``), so an undo could not hide it again."""
    state = solo(9)
    before = GAME.unknown(state)
    GAME.apply(state, YOU, Choice("command", (GAME.prompts(state)[0].options[0].id,)))
    answer(state, YOU, "slot2")
    assert state.qin is not None and len(state.qin.deck) == len(PACK.solo) - 1
    assert GAME.unknown(state) != before


def test_your_bonus_reads_qin_cards_name() -> None:
    """You still get bonuses keyed to the name of Qin's card: your Despotism with his Economy on the
    track gives you 2 more Clerks [ES p.16]."""
    state = cleared()
    state.track = [TrackCard(QIN, "qin.economy"), TrackCard(YOU, "despotism"), None, None, None]
    state.players[YOU].clerk_space = 2
    jobs(state, {"op": "cmd_hire", "seat": YOU, "n": 2, "if_track": "economy"})
    assert state.players[YOU].clerk_space == 0


def test_betrayal_copies_qin_card_but_resolves_yours() -> None:
    """Betrayal may copy Qin's card, resolving your card of the same name [ES p.17; FAQ #35]."""
    state = cleared()
    state.track = [TrackCard(QIN, "qin.economy"), TrackCard(REED, PACK.reed.id), TrackCard(YOU, "betrayal"),
                   None, None]
    jobs(state, {"op": "cmd_copy", "seat": YOU})
    assert {o.id for o in GAME.prompts(state)[0].options} == {"copy.economy", "alt"}
    answer(state, YOU, "copy.economy")
    assert asked(state) == ("gain", [YOU])  # your Economy's first step, not Qin's


# --- Moving his Clerks [ES p.16] ------------------------------------------------------------------------

def test_on_your_turn_qin_sends_2_clerks_to_the_2_lowest_locations() -> None:
    """On your turn, when your card has the others move, Qin moves 2 Clerks to 2 different Locations:
    those of the 2 rightmost tokens of his track [ES p.16]."""
    state = cleared()
    state.active = YOU
    jobs(state, {"op": "cmd_move", "seat": QIN, "n": 1})
    assert state.clerks_at["barracks"] == [QIN] and state.clerks_at["temple"] == [QIN]
    assert state.players[QIN].clerks == 6


def test_a_full_location_passes_his_clerk_up_the_track() -> None:
    """A Clerk that cannot go where the track says (the Location is full) goes to the next Location in
    track order [ES p.16]."""
    state = cleared()
    put_clerks(state, YOU, "temple", 2)
    state.active = YOU
    jobs(state, {"op": "cmd_move", "seat": QIN, "n": 1})
    assert state.clerks_at["barracks"] == [QIN] and QIN in state.clerks_at["mine"]


def test_with_every_clerk_on_the_board_he_moves_one_from_his_highest_location() -> None:
    """With all his Clerks on the board, he takes one from his highest Location on the track [ES p.16]."""
    state = cleared()
    state.clerks_at["quarry"].remove(REED)
    put_clerks(state, QIN, "quarry", 1)
    put_clerks(state, QIN, "barracks", 7)
    state.active = YOU
    jobs(state, {"op": "cmd_move", "seat": QIN, "n": 1})
    assert QIN not in state.clerks_at["quarry"] and state.clerks_at["temple"] == [QIN]


def test_he_uses_only_production_locations_and_the_barracks() -> None:
    """Qin never sends Clerks anywhere but the Production Locations and the Barracks [ES p.16]."""
    state = cleared()
    state.active = YOU
    for _ in range(4):
        jobs(state, {"op": "cmd_move", "seat": QIN, "n": 2})
    assert {loc for loc, at in state.clerks_at.items() if QIN in at} <= {*PRODUCTION, "barracks"}


# --- Activations [ES p.17] ---------------------------------------------------------------------------

def test_production_gives_him_honor_level_times_clerks_and_no_resources() -> None:
    """A Production Location gives Qin Honor = his Overseer's level × his Clerks there (2 × level 2 =
    4); he gathers and Donates nothing [ES p.17]."""
    state = cleared()
    state.overseers["quarry"][QIN].level = 2
    put_clerks(state, QIN, "quarry", 2)
    state.clerks_at["quarry"].remove(REED)
    state.active = YOU
    jobs(state, {"op": "activate", "loc": "quarry", "advanced": False})
    assert state.players[QIN].honor == 4 and not any(state.players[QIN].res.values())
    assert state.warehouse["stone"] == 0


def test_after_an_activation_the_token_jumps_to_the_top_and_he_takes_his_clerks_back() -> None:
    """After a Location with his Clerk activates, its token goes to the leftmost slot and the others
    shift right [ES p.16–17]; his Clerks go back to his reserve (FAQ #7)."""
    state = cleared()
    put_clerks(state, QIN, "temple", 1)
    state.active = YOU
    jobs(state, {"op": "activate", "loc": "temple", "advanced": False})
    assert track_of(state) == ["chi", "wood", "stone", "gold", "wound"]
    assert state.players[QIN].clerks == 8 and "temple" not in state.clerks_at


def test_barracks_recruits_one_free_spearman_per_clerk() -> None:
    """At the Barracks he recruits 1 Spearman per Clerk there, free [ES p.17]."""
    state = cleared()
    horde(state, 0, "raiders1")
    horde(state, 1, "raiders2")
    put_clerks(state, QIN, "barracks", 2)
    state.active = YOU
    jobs(state, {"op": "activate", "loc": "barracks", "advanced": False})
    on_cards = [s for sec in state.sections for c in sec.hordes for s in c.soldiers if s.seat == QIN]
    assert len(on_cards) == 2 and state.players[QIN].reserve["spearman"] == PACK.box["spearmen"] - 4


def test_on_his_turn_his_locations_activate_first_highest_to_lowest() -> None:
    """On his turn his Locations activate first, in track order from highest to lowest; you order the
    rest [ES p.17; errata 43]."""
    state = cleared()
    state.clerks_at["mine"].remove(REED)
    for loc in ("temple", "mine"):
        put_clerks(state, QIN, loc, 1)
        put_clerks(state, YOU, loc, 1)
    put_clerks(state, YOU, "teahouse", 2)
    put_clerks(state, YOU, "embassy", 2)
    state.active = QIN
    events = jobs(state, {"op": "activation", "seat": QIN})
    assert [e.args["loc"] for e in events if e.key == "gw.activate"] == ["mine"]  # above temple
    first_options(state)  # no upgrade at the mine
    events = first_options(state)  # no donation
    assert [e.args["loc"] for e in events if e.key == "gw.activate"] == ["temple"]
    first_options(state)
    assert asked(state) == ("activate", [YOU])
    assert {o.id for o in GAME.prompts(state)[0].options} == {"teahouse", "embassy"}


@pytest.mark.parametrize(("reading", "expected"), [("highest", "quarry"), ("lowest", "temple")])
def test_an_advanced_activation_goes_to_his_highest_location(reading: str, expected: str) -> None:
    """When he may activate more than one Location (his Despotism), he takes the highest possible
    [ES p.17, RU p.17]; the fan reference's "lowest" is the table option qin_advanced (conflict C1)."""
    state = cleared(qin_advanced=reading)
    state.clerks_at["quarry"].remove(REED)
    put_clerks(state, QIN, "quarry", 1)
    put_clerks(state, QIN, "temple", 1)
    state.active, state.advanced = QIN, 1
    events = jobs(state, {"op": "activation", "seat": QIN})
    assert next((e.args["loc"], e.args["advanced"]) for e in events if e.key == "gw.activate") == (expected, True)


# --- Attacks and Wounds [ES p.17] ---------------------------------------------------------------------

def test_his_spearman_attacks_in_the_invasion_section_for_a_flat_2_honor() -> None:
    """His recruit attacks the Horde nearest the Wall in the Section the Invasion indicator shows;
    he gains 2 Honor per Wound, whatever the spot's reward [ES p.17]."""
    state = cleared()
    horde(state, 0, "raiders1")
    card = horde(state, 1, "raiders2")
    show_invasion(state, 1)
    jobs(state, {"op": "qin_spear", "seat": QIN})
    assert [s.seat for s in card.soldiers] == [QIN] and state.players[QIN].honor == 2


def test_his_spearman_goes_to_the_other_section_or_is_not_recruited() -> None:
    """With no spot in the indicated Section it goes to the other; with none there either it is not
    recruited [ES p.17]."""
    state = cleared()
    cover_rest(horde(state, 1, "raiders2"))
    other = horde(state, 0, "raiders1")
    show_invasion(state, 1)
    jobs(state, {"op": "qin_spear", "seat": QIN})
    assert [s.seat for s in other.soldiers] == [QIN]
    cover_rest(other)
    events = jobs(state, {"op": "qin_spear", "seat": QIN})
    assert "gw.qin_no_recruit" in keys(events) and state.players[QIN].reserve["spearman"] == PACK.box["spearmen"] - 3


def test_his_wounds_fill_spots_top_to_bottom_then_left_to_right() -> None:
    """He covers Vital spots from top to bottom, then left to right [ES p.17] (ruling: down each
    column of the 2×6 grid, the leftmost column first)."""
    state = cleared()
    card = horde(state, 0, "raiders1")
    show_invasion(state, 0)
    spots = sorted(PACK.hordes["raiders1"].spots, key=lambda s: (s % 6, s // 6))
    jobs(state, {"op": "qin_spear", "seat": QIN}, {"op": "qin_spear", "seat": QIN})
    assert [s.spots[0] for s in card.soldiers] == spots[:2]


def test_he_builds_the_invasion_sections_wall_the_warehouse_paying_what_it_can() -> None:
    """His Wall goes in the Invasion Section, else the other [ES p.16 rule 6]; Warehouse resources are
    spent, a shortfall counts as paid (FAQ #15), and he gains the Honor [ES p.13]."""
    state = cleared()
    show_invasion(state, 1)
    state.sections[1].wall = 3
    state.warehouse["stone"] = 2
    jobs(state, {"op": "cmd_qin_wall", "seat": QIN})
    assert state.sections[0].wall == 1 and state.warehouse["stone"] == 0
    assert state.players[QIN].honor == PACK.walls[1].cost and not any(state.players[QIN].res.values())


# --- General rules [ES p.16] --------------------------------------------------------------------------

def test_he_never_gains_shame() -> None:
    """Qin never gains Shame tokens [ES p.16 rule 1]."""
    state = cleared()
    jobs(state, {"op": "shame", "seat": QIN, "reason": "alone"})
    assert not any(state.players[QIN].shamed.values()) and state.shame_supply == 10


def test_he_gets_nothing_from_his_overseers_in_summer() -> None:
    """Qin gains nothing in the Summer Overseer income step (FAQ #6)."""
    state = cleared()
    state.tasks = []
    jobs(state, {"op": "summer"})
    assert state.players[QIN].honor == 0 and not any(state.players[QIN].res.values())


def test_he_claims_hordes_and_gains_defeat_honor_like_a_player() -> None:
    """He gains Honor from every usual source [ES p.16 rule 5]: defeating a Horde he covers most
    of, he gains the defeat Honor and claims the card; his Soldiers go back to his reserve [rule 3]."""
    state = cleared()
    card = horde(state, 0, "raiders1", [(QIN, "spearman", [PACK.hordes["raiders1"].spots[0]])])
    cover_rest(card)
    jobs(state, {"op": "defeat_check"})
    qin = state.players[QIN]
    assert [c.card for c in qin.claimed] == ["raiders1"] and qin.honor == PACK.costs["defeat_honor"]
    assert qin.reserve["spearman"] == PACK.box["spearmen"] - 2 and not state.sections[0].rest.get(QIN)


def test_a_raid_boxes_one_shame_token_per_human_player() -> None:
    """A Raid counts human players only: Qin and the Reed clan are left out (FAQ #4, RU p.15)."""
    from engine.greatwall.seasons import _raid_count
    assert _raid_count(cleared()) == 1


# --- Qin as Overlord [ES p.17] --------------------------------------------------------------------------

def test_on_his_turn_he_moves_reed_clerks_to_his_lowest_locations() -> None:
    """As Overlord he moves Reed Clerks to the lowest Locations possible, first those standing where he
    never goes [ES p.17]."""
    state = cleared()
    state.clerks_at["mill"].remove(REED)
    state.clerks_at["embassy"] = [REED]
    state.active = QIN
    events = jobs(state, {"op": "cmd_move", "seat": REED, "n": 1})
    assert state.clerks_at["barracks"] == [REED] and REED not in state.clerks_at.get("embassy", [])
    assert "gw.qin_overlord" in keys(events) and state.ask is None


def test_above_you_in_tea_he_is_overlord_on_reeds_turn() -> None:
    """On the Reed clan's own turn the top Tea player is Overlord: Qin when he is above you; he moves
    Reed Clerks from higher to lower Locations on his track [ES p.17]."""
    state = cleared()
    state.tea = [QIN, YOU, REED]
    state.active = REED
    jobs(state, {"op": "cmd_move", "seat": REED, "n": 1})
    assert REED not in state.clerks_at["mill"] and REED in state.clerks_at.get("barracks", [])


def test_reed_soldiers_attack_by_his_rules_and_he_never_benefits() -> None:
    """As Overlord, Reed's Spearman attacks by Qin's rules (Invasion Section first); Qin gains nothing
    from Reed's actions [ES p.17]."""
    state = cleared()
    horde(state, 0, "raiders1")
    card = horde(state, 1, "raiders2")
    show_invasion(state, 1)
    state.clerks_at["barracks"] = [REED]
    state.active = QIN
    jobs(state, {"op": "activate", "loc": "barracks", "advanced": False})
    assert [s.seat for s in card.soldiers] == [REED] and state.players[QIN].honor == 0


# --- Other rules, the end [ES p.17] ---------------------------------------------------------------------

@pytest.mark.parametrize(("reading", "under"), [("one", 1), ("both", 2)])
def test_spring_queue_one_discarded_advisor_goes_under_qin(reading: str, under: int) -> None:
    """In Spring, of the 2 Advisors leaving the queue one goes under Qin as a Supporting Advisor and
    the other is discarded; for a harder game both go under him (table option qin_advisors) [ES p.17]."""
    state = cleared(qin_advisors=reading)
    before = list(state.queue[:2])
    support = len(state.players[QIN].support)
    jobs(state, {"op": "spring"})
    assert state.players[QIN].support[support:] == before[:under]
    assert state.advisor_discard[-(2 - under):] == before[under:] if under < 2 else True


def test_he_scores_a_flat_20_per_artifact() -> None:
    """At the end Qin scores 20 Honor for each Artifact card [ES p.17]."""
    state = cleared()
    state.players[QIN].honor = 10
    state.players[QIN].claimed = [Claimed("raiders1")]
    from engine.greatwall.flow import Ctx
    from engine.greatwall.seasons import _final_scoring
    _final_scoring(Ctx(state, PACK))
    assert state.final[QIN]["artifacts"] == 20 * len(state.artifacts) == 60
    assert state.players[QIN].honor == 10 + PACK.hordes["raiders1"].honor + 60


def test_you_win_only_by_beating_his_final_honor() -> None:
    """You win by having more Honor than Qin at the end; a tie is not a win [ES p.17]."""
    from engine.greatwall.flow import Ctx
    from engine.greatwall.seasons import _final_scoring
    for mine, won in ((61, True), (60, False)):
        state = cleared()
        state.players[YOU].honor = mine
        _final_scoring(Ctx(state, PACK))
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.winners == ((YOU,) if won else ())


def test_an_empty_shame_supply_when_a_shame_is_due_ends_the_game_and_you_lose() -> None:
    """If the Shame supply is empty (when you must take one), the game ends at once and you lose,
    whatever the Honor [ES p.17]."""
    state = cleared()
    state.shame_supply = 0
    state.players[YOU].honor = 500
    events = jobs(state, {"op": "shame", "seat": YOU, "reason": "alone"}, {"op": "winter"})
    assert state.season == "over" and "gw.qin_shame_out" in keys(events)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ()


def _lost(state: State) -> bool:
    outcome = GAME.outcome(state)
    return state.season == "over" and outcome is not None and outcome.winners == ()


def test_a_raid_emptying_the_shame_supply_in_spring_loses_at_once() -> None:
    """ES p.17 / RU p.17: in solo, once the Shame supply is empty the game ends and you lose, at
    once (RU: "вы немедленно проигрываете"). A Spring Raid that boxes the last token ends the game
    there: Summer never comes, so no Chi can buy tokens back into the supply."""
    state = cleared()
    for sec in range(len(state.sections)):  # every Section full: each new Horde is a Raid [ES p.8]
        for card in state.horde_deck[:3]:
            state.horde_deck.remove(card)
            horde(state, sec, card)
    state.shame_supply = 1
    state.players[YOU].res["chi"] = 10
    state.players[YOU].shamed["spearman"] = 1
    state.players[YOU].honor = 500
    events = jobs(state, {"op": "spring"})
    assert "gw.raid" in keys(events) and state.shame_supply == 0
    assert _lost(state) and state.ask is None
    assert not any(e.key == "gw.season" and e.args.get("season") == "summer" for e in events)


def test_the_last_token_taken_at_the_quarry_loses_even_if_reeds_temple_would_give_one_back() -> None:
    """ES p.17 / RU p.17: the game ends, lost, the moment the supply is empty. Alone at the Quarry
    you take the last Shame token [ES p.7]; a Reed Clerk at the Temple would have you discard one
    [ES p.15], but the game is already over: the token never goes back."""
    state = cleared()
    state.clerks_at["quarry"].remove(REED)
    state.clerks_at["temple"] = [REED]
    put_clerks(state, YOU, "quarry", 1)
    state.active = YOU
    state.shame_supply = 1
    state.players[YOU].honor = 500
    jobs(state, {"op": "activate", "loc": "quarry", "advanced": False},
         {"op": "activate", "loc": "temple", "advanced": False})
    assert asked(state) == ("shame", [YOU])
    events = answer(state, YOU, "spearman")
    assert "gw.reed_temple" not in keys(events) and "gw.shame_discarded" not in keys(events)
    assert state.shame_supply == 0 and state.players[YOU].shamed["spearman"] == 1
    assert _lost(state) and state.ask is None


def test_as_overlord_he_builds_reeds_barricade_in_the_invasion_section() -> None:
    """A Reed Clerk at the Encampment: with Qin as Overlord the free Barricade goes to the Invasion
    Section (his rule for his own Walls, ES p.16 rule 6), else the other [ES p.17]."""
    state = cleared()
    show_invasion(state, 1)
    state.clerks_at["encampment"] = [REED]
    state.active = QIN
    jobs(state, {"op": "reed_at", "loc": "encampment"})
    assert [s.barricades for s in state.sections] == [0, 1] and state.ask is None


def test_as_overlord_reeds_resources_follow_his_track_and_he_gains_none() -> None:
    """A Reed resource for the Warehouse is the one lowest on Qin's track (ruling, his rule of wanting
    the rightmost resource most) [ES p.16]; Qin never benefits from Reed's actions [ES p.17]."""
    state = cleared()
    state.active = QIN
    jobs(state, {"op": "cmd_gain", "seat": REED, "n": 1, "of": ["wood", "stone", "gold"]})
    assert state.warehouse["gold"] == 1 and state.players[QIN].honor == 0  # gold is right of wood, stone


def test_as_overlord_he_places_reeds_card_on_the_first_free_slot() -> None:
    """Placing the Reed card with Qin as Overlord (above you in Tea order): the lowest free slot, his
    own rule for command cards [ES p.16–17]."""
    state = cleared()
    state.tea = [QIN, YOU, REED]
    state.track = [TrackCard(QIN, "qin.economy"), None, TrackCard(YOU, "economy"), None, None]
    state.players[REED].command = PACK.reed.id
    jobs(state, {"op": "place", "seat": REED})
    assert state.track[1] == TrackCard(REED, PACK.reed.id) and state.ask is None


@pytest.mark.parametrize("reed_company", ["company", "alone"])
def test_sharing_a_location_with_qin_is_not_being_alone(reed_company: str) -> None:
    """Ruling: Qin plays as a player [ES p.16 rule 5], so a player sharing a Shame-icon Location with
    his Clerk is not alone there and takes no Shame [ES p.7], whichever Reed reading is chosen."""
    state = cleared(reed_company=reed_company)
    state.clerks_at["quarry"].remove(REED)
    put_clerks(state, YOU, "quarry", 1)
    put_clerks(state, QIN, "quarry", 1)
    state.active = YOU
    jobs(state, {"op": "activate", "loc": "quarry", "advanced": False})
    assert asked(state) == ("upgrade", [YOU])  # a Shame would be asked (or placed) first
    first_options(state)
    assert state.shame_supply == 10 and not any(state.players[YOU].shamed.values())
