"""The Great Wall rulebook's worked examples [ES v2.0] and the base-game rulings of fact sheet §16,
each replayed through the engine."""

from __future__ import annotations

from dataclasses import replace

import pytest
from greatwall_kit import GAME, PACK, answer, cleared, cover_rest, drafted, horde, jobs, keys

from engine.core.errors import IllegalChoice
from engine.core.prompt import Choice
from engine.greatwall.combat import defence, power
from engine.greatwall.flow import Ctx
from engine.greatwall.game import GreatWallGame
from engine.greatwall.state import Claimed, Overseer, TrackCard

BLUE, RED, YELLOW = 0, 1, 2


# --- Setup and the Tea track [ES p.5–6, p.14] ------------------------------------------------------

def test_tea_order_blue_red_yellow_from_tea_values_65_40_2() -> None:
    """Tea markers are stacked by the generals' Tea values, highest on top: the rulebook's Blue 65, Red 40
    and Yellow 2 stack as Blue, Red, Yellow [ES p.5, setup step 19]."""
    gens = dict(PACK.generals)
    ids = list(gens)[:3]
    for gid, tea in zip(ids, (40, 2, 65), strict=True):
        gens[gid] = replace(gens[gid], tea=tea)
    game = GreatWallGame(replace(PACK, generals=gens))
    state = game.setup(3, {}, 1)
    for seat, gid in enumerate(ids):  # Red 40, Yellow 2, Blue 65 are dealt to seats 0, 1, 2
        state.players[seat].offer_generals = [gid, next(g for g in gens if g not in ids)]
    for prompt in game.prompts(state):
        game.apply(state, prompt.seat, Choice("draft", (prompt.options_for(0)[0].id, prompt.options_for(1)[0].id)))
    assert state.tea == [2, 0, 1]  # highest Tea value on top: Blue, Red, Yellow


def test_tea_house_example_red_then_blue_climb_over_yellow() -> None:
    """At the Tea House each player present climbs one place, in Tea order: from Yellow, Red, Blue, Red first
    goes over Yellow, then Blue does too; the clerks still go home [ES p.14, Tea House example]."""
    state = cleared()
    state.tea = [YELLOW, RED, BLUE]
    state.clerks_at["teahouse"] = [RED, BLUE]
    state.players[RED].clerks -= 1
    state.players[BLUE].clerks -= 1
    jobs(state, {"op": "activate", "loc": "teahouse", "advanced": False})
    assert state.tea == [RED, BLUE, YELLOW]
    assert "teahouse" not in state.clerks_at  # the clerks went home


def test_tea_house_filled_alone_goes_straight_to_the_top() -> None:
    """A player whose clerks alone fill every Tea House slot jumps straight to the top of the Tea stack
    instead of climbing one place [ES p.14, Tea House]."""
    state = cleared()
    state.clerks_at["teahouse"] = [YELLOW, YELLOW]
    state.players[YELLOW].clerks -= 2
    jobs(state, {"op": "activate", "loc": "teahouse", "advanced": False})
    assert state.tea == [YELLOW, BLUE, RED]


def test_tea_house_on_top_already_has_no_effect() -> None:
    """Clerks of the player already on top of the Tea stack do nothing at the Tea House; the next player
    still climbs one place, here over that top player [ES p.14, Tea House]."""
    state = cleared()
    state.clerks_at["teahouse"] = [BLUE, RED]
    jobs(state, {"op": "activate", "loc": "teahouse", "advanced": False})
    assert state.tea == [RED, BLUE, YELLOW]  # Blue (top) does nothing; Red then climbs over Blue


# --- Spring [ES p.4, p.8] ---------------------------------------------------------------------------

def test_four_player_fourth_horde_follows_the_invasion_indicator_of_the_top_card() -> None:
    """At 4 players setup adds a fourth horde after the first-row ones, in the section that the Invasion
    indicator on the back of the deck's top card shows [ES p.4, setup step 5]."""
    for seed in range(6):
        state = GAME.setup(4, {}, seed)
        counts = [len(s.hordes) for s in state.sections]
        assert sorted(counts) == [1, 1, 2]
        # Nothing was drawn since: the deck's top card is the one whose back was read.
        assert counts.index(2) == PACK.hordes[state.horde_deck[0]].invasion


def test_spring_fills_empty_sections_left_to_right_then_by_indicator() -> None:
    """Spring hordes arrive one at a time: first one into each empty section, left to right; once none is
    empty, the Invasion indicator of the deck's top card (not the card being placed) picks the section
    [ES p.8, Spring step 2]."""
    state = cleared()
    horde(state, 1, "raiders1")
    deck = [h for h in PACK.hordes if h != "raiders1"]
    state.horde_deck = deck
    first, second, third, top = deck[:4]
    from engine.greatwall.seasons import invade

    ctx = Ctx(state, PACK)
    invade(ctx)
    invade(ctx)
    assert state.sections[0].hordes[0].card == first and state.sections[2].hordes[0].card == second
    invade(ctx)
    assert state.sections[PACK.hordes[top].invasion].hordes[-1].card == third


@pytest.mark.parametrize(("supply", "boxed"), [(30, 3), (2, 2)])
def test_raid_discards_the_horde_and_boxes_shame_equal_to_the_players(supply: int, boxed: int) -> None:
    """Raid: a horde due in a section that already holds 3 is discarded, and as many Shame tokens as there
    are players go from the supply to the box; with too few left, all that remain go [ES p.8, Raid]."""
    state = cleared()
    target = next(h for h in PACK.hordes if PACK.hordes[h].invasion == 0)
    for sec in range(3):
        for card in [h for h in PACK.hordes if h != target][sec * 3:sec * 3 + (3 if sec == 0 else 1)]:
            horde(state, sec, card)
    incoming = next(h for h in PACK.hordes if h != target and all(
        c.card != h for s in state.sections for c in s.hordes))
    state.horde_deck = [incoming, target]
    state.shame_supply, state.shame_boxed = supply, 0
    from engine.greatwall.seasons import invade

    invade(Ctx(state, PACK))
    assert state.shame_boxed == boxed and state.shame_supply == supply - boxed
    assert incoming in state.horde_discard and len(state.sections[0].hordes) == 3


# --- Winter: assault, defeat, lethality, breach [ES p.9–10] ----------------------------------------

def test_defence_14_against_power_15_breaches() -> None:
    """Assault: Defence is the wall's value plus 2 per barricade; hordes whose total Offensive Power is
    higher breach the section. The rulebook's example: Defence 14 against Power 15 [ES p.9, Assault]."""
    state = cleared()
    state.sections[0].wall, state.sections[0].barricades = 2, 1  # a wall worth 12 + one barricade
    for card in ("heavy1", "heavy2", "ladders1"):  # 6 + 6 + 3 (ladders out of row 1: no bonus)
        horde(state, 0, card)
    ctx = Ctx(state, PACK)
    assert defence(ctx, 0) == 14 and power(ctx, 0) == 15
    assert "gw.breach" in keys(jobs(state, {"op": "assault"}))


def test_equal_defence_and_power_holds() -> None:
    """Assault: a Defence equal to (or above) the Offensive Power holds the wall; all barricades are
    discarded after the assault either way [ES p.9, Assault]."""
    state = cleared()
    state.sections[0].wall, state.sections[0].barricades = 2, 1
    for card in ("heavy1", "heavy2", "scouts1"):
        horde(state, 0, card)
    assert power(Ctx(state, PACK), 0) == 14
    events = jobs(state, {"op": "assault"})
    assert "gw.breach" not in keys(events) and state.sections[0].barricades == 0  # discarded anyway


def _defeat_position(seat_units: list[tuple[int, str, list[int]]], lethality_index: int = 3):
    state = cleared()
    state.time = lethality_index  # the 3-player track shows lethality 2 here
    card = horde(state, 0, "raiders1", seat_units)
    cover_rest(card)
    return state


def test_lethality_two_kills_two_of_each_players_soldiers_and_the_rest_go_to_the_rest_zone() -> None:
    """Lethality 2: two of the owner's soldiers die — the two the owner names, here the horseman and a
    spearman rather than the two spearmen the default preselects — and the survivor rests [ES p.10]."""
    state = _defeat_position([(BLUE, "spearman", [0]), (BLUE, "horseman", [8, 9]), (BLUE, "spearman", [1])])
    assert Ctx(state, PACK).lethality() == 2
    jobs(state, {"op": "defeat_check"})
    assert state.ask is not None and state.ask.kind == "casualties"
    assert set(GAME.prompts(state)[0].default) != {"s1", "s2"}  # the answer below is not the preselection
    answer(state, BLUE, "s1", "s2")
    assert state.ask is not None and state.ask.kind == "losses" and state.ask.data["counts"] == {"0": 2}
    answer(state, BLUE, "save.0", "tac.none")
    blue = state.players[BLUE]
    assert blue.reserve["spearman"] == 9 and blue.reserve["horseman"] == 2  # one spearman, the horseman
    assert state.sections[0].rest[BLUE] == {"spearman": 1, "archer": 0, "horseman": 0}
    assert [c.card for c in blue.claimed] == ["raiders1"] and blue.honor == 2
    assert state.sections[0].hordes == []


def test_saving_a_soldier_costs_2_chi_and_it_goes_to_the_rest_zone() -> None:
    """A dying soldier may be Saved for 2 Chi: it goes to that section's Rest Zone instead of back to the
    reserve [ES p.10, Saving soldiers]."""
    state = _defeat_position([(BLUE, "spearman", [0]), (BLUE, "spearman", [1])])
    state.players[BLUE].res["chi"] = 3
    jobs(state, {"op": "defeat_check"})
    answer(state, BLUE, "save.1", "tac.none")
    assert state.players[BLUE].res["chi"] == 1
    assert state.sections[0].rest[BLUE]["spearman"] == 1 and state.players[BLUE].reserve["spearman"] == 9


def test_claimant_covers_most_spots_and_ties_go_to_the_higher_tea_marker() -> None:
    """The claimant covers the most vital spots (wounds don't count); a tie goes to the player
    higher on the Tea track [ES p.10 step 3; ties in general, ES p.6]. In the tied cases Tea order
    disagrees with seat order and with the order the soldiers stand on the card."""
    state = _defeat_position([(RED, "horseman", [0, 1]), (BLUE, "spearman", [3]), (YELLOW, "spearman", [8])])
    jobs(state, {"op": "defeat_check"})
    assert state.ask is not None and state.ask.data["claimant"] == RED
    state = _defeat_position([(RED, "spearman", [0]), (YELLOW, "spearman", [1])])
    state.tea = [BLUE, YELLOW, RED]  # Red is the lower seat and first on the card; Yellow is higher in Tea
    jobs(state, {"op": "defeat_check"})
    assert state.ask is not None and state.ask.data["claimant"] == YELLOW
    state = _defeat_position([(BLUE, "spearman", [0]), (YELLOW, "spearman", [1])])
    state.tea = [YELLOW, RED, BLUE]  # Blue is seat 0 and first on the card; Yellow tops the Tea track
    jobs(state, {"op": "defeat_check"})
    assert state.ask is not None and state.ask.data["claimant"] == YELLOW


def test_defeat_gives_2_honor_per_player_on_it_and_2_per_own_archer_on_that_wall() -> None:
    """A defeated horde gives 2 Honor to every player with a soldier on it, and 2 Honor per archer each
    player has in that section's firing spots [ES p.10, Defeated hordes steps 1–2]."""
    state = _defeat_position([(BLUE, "spearman", [0]), (RED, "spearman", [1])])
    state.sections[0].firing = [YELLOW, YELLOW]
    state.players[YELLOW].reserve["archer"] -= 2
    jobs(state, {"op": "defeat_check"})
    for seat in state.ask.seats:
        answer(state, seat, "save.0", "tac.none")
    assert [p.honor for p in state.players] == [2, 2, 4]


def test_breach_shame_wounds_left_archers_die_rest_zone_safe() -> None:
    """Breach: each player takes 1 Shame per horde card in the section without a soldier of theirs;
    Lethality kills on each card and survivors stay; each removed soldier leaves a wound; the archers on the
    wall die; the Rest Zone is safe [ES p.10, Breach]."""
    state = cleared()
    state.time = 0  # lethality 1
    card = horde(state, 0, "raiders1", [(BLUE, "spearman", [0]), (BLUE, "spearman", [1])])
    horde(state, 0, "heavy1")
    horde(state, 0, "heavy2")
    state.sections[0].firing = [RED]
    state.players[RED].reserve["archer"] -= 1
    state.sections[0].rest = {YELLOW: {"spearman": 1, "archer": 0, "horseman": 0}}
    state.players[YELLOW].reserve["spearman"] -= 1
    jobs(state, {"op": "breach", "sec": 0})
    while state.ask is not None and state.ask.kind == "shame":
        answer(state, state.ask.seats[0], "spearman")
    assert state.ask is not None and state.ask.kind == "losses"
    for seat in list(state.ask.seats):
        answer(state, seat, "save.0", "tac.none")
    # Step 1: Blue is on 1 of 3 cards (2 Shame), Red and Yellow on none (3 each).
    assert [sum(p.shamed.values()) for p in state.players] == [2, 3, 3]
    assert len(card.soldiers) == 1 and len(card.wounds) == 1  # lethality 1; its spot keeps a wound
    assert state.sections[0].firing == [] and state.players[RED].reserve["archer"] == 4
    assert state.sections[0].rest[YELLOW]["spearman"] == 1


# --- Production, overseers, Embassy, generals [ES p.6, p.11, p.14] --------------------------------

def test_summer_overseer_income_2_gold() -> None:
    """Summer income: each overseer yields what is printed above its slot; the rulebook's example slot
    pays 2 Gold [ES p.8, Summer step 1; ES p.11]."""
    state = cleared()
    state.overseers = {"mine": {BLUE: Overseer(2, "spearman")}}
    state.players[BLUE].reserve["spearman"] -= 1
    jobs(state, {"op": "summer"})
    assert state.players[BLUE].res["gold"] == 2


def test_first_overseer_at_the_lumber_mill_costs_2_chi_and_a_reserve_soldier() -> None:
    """Gathering gives 1 resource per own clerk; a player with no overseer there may then place a first one,
    paying 2 of the resource on the arrow (Lumber Mill: 2 Chi) plus a soldier from the reserve
    [ES p.11, Upgrade the overseer]."""
    state = cleared()
    state.players[BLUE].res["chi"] = 2
    state.clerks_at["mill"] = [BLUE, RED]
    jobs(state, {"op": "activate", "loc": "mill", "advanced": False})
    answer(state, BLUE, "up.archer", "tac.none")
    assert state.overseers["mill"][BLUE] == Overseer(1, "archer")
    assert state.players[BLUE].res == {"wood": 1, "stone": 0, "gold": 0, "chi": 0}


def test_yellow_pays_3_chi_to_reach_level_2() -> None:
    """An upgrade costs what is printed between the overseer's slot and the next: Yellow's example pays
    3 Chi for level 2. Gathering (1 per clerk plus the overseer's level) comes first [ES p.11]."""
    state = cleared()
    state.overseers = {"mill": {YELLOW: Overseer(1, "spearman")}}
    state.players[YELLOW].res["chi"] = 3
    state.clerks_at["mill"] = [YELLOW, RED]
    jobs(state, {"op": "activate", "loc": "mill", "advanced": False})
    answer(state, RED, "pass", "tac.none")
    answer(state, YELLOW, "up", "tac.none")
    assert state.overseers["mill"][YELLOW].level == 2 and state.players[YELLOW].res["chi"] == 0
    assert state.players[YELLOW].res["wood"] == 2  # 1 clerk + level 1 gathered before the upgrade


def test_donate_gives_2_honor_and_chi_is_never_donated() -> None:
    """Donating puts 1 of the resource just gathered in the Warehouse for 2 Honor; Chi is never donated,
    so the Temple has no donate step [ES p.11, Donate]."""
    state = cleared()
    state.clerks_at["quarry"] = [BLUE, RED]
    jobs(state, {"op": "activate", "loc": "quarry", "advanced": False})
    answer(state, BLUE, "pass", "tac.none")  # step 2, everyone
    answer(state, RED, "pass", "tac.none")
    answer(state, BLUE, "donate")  # step 3
    assert state.warehouse["stone"] == 1 and state.players[BLUE].honor == 2
    answer(state, RED, "pass")
    state.clerks_at["temple"] = [BLUE, RED]
    jobs(state, {"op": "activate", "loc": "temple", "advanced": False})
    prompt = GAME.prompts(state)[0]
    assert prompt.slot_keys == ("gw.slot.upgrade", "gw.slot.tactic")


def test_the_third_advisor_costs_3_gold() -> None:
    """An Embassy advisor costs Gold equal to the number of advisors you will have after hiring it (the
    third costs 3); the queue slides and refills after each hire [ES p.14, Emperor's Embassy]."""
    state = cleared()
    blue = state.players[BLUE]
    blue.active, blue.support, blue.res["gold"] = ["adv01"], ["adv02"], 3
    state.clerks_at["embassy"] = [BLUE, RED]
    jobs(state, {"op": "activate", "loc": "embassy", "advanced": False})
    hired = state.queue[1]
    answer(state, BLUE, "adv.1.s")
    assert blue.res["gold"] == 0 and blue.support == ["adv02", hired] and len(state.queue) == 4


def test_a_general_gives_4_honor_for_2_supporting_icons() -> None:
    """A general's ability grows with the Supporting Advisor icons shown: the rulebook's example, 2 Honor
    per icon with 2 icons, gives 4 Honor [ES p.6, Your General]."""
    state = cleared()
    blue = state.players[BLUE]
    blue.general, blue.support = "liang_hong", ["adv01", "adv02"]  # 2 Honor per icon each Summer
    from engine.greatwall.abilities import trigger

    ctx = Ctx(state, PACK)
    trigger(ctx, BLUE, "summer")
    assert blue.honor == 4


# --- Building [ES p.13] -----------------------------------------------------------------------------

def test_archers_stay_on_the_wall_built_over_them_and_the_warehouse_pays_first() -> None:
    """A wall level is paid in any mix of Wood, Stone and Gold the builder picks; the Warehouse's
    resources must go first, the builder's own only for the rest; archers on the old level stand on
    the new one; Honor equals the cost [ES p.13, Builders' Encampment and Warehouse]."""
    state = cleared()
    state.sections[1].firing = [BLUE]
    state.players[BLUE].reserve["archer"] -= 1
    state.warehouse.update({"wood": 3})
    state.players[BLUE].res.update({"stone": 4, "gold": 2})
    state.clerks_at["encampment"] = [BLUE]
    jobs(state, {"op": "activate", "loc": "encampment", "advanced": False})
    answer(state, BLUE, "wall.1", "tac.none")
    pay = GAME.prompts(state)[0]
    # The Warehouse's 3 Wood are spent whatever the answer; the choice is the other 2 of the cost.
    assert {o.id for o in pay.options} == {"w0-s2-g0", "w0-s1-g1", "w0-s0-g2"}
    assert pay.default != ("w0-s0-g2",)  # the answer below is the player's, not the preselection
    answer(state, BLUE, "w0-s0-g2")
    assert state.sections[1].wall == 1 and state.sections[1].firing == [BLUE]
    assert state.warehouse["wood"] == 0
    assert state.players[BLUE].res["stone"] == 4 and state.players[BLUE].res["gold"] == 0
    assert state.players[BLUE].honor == 5 and state.players[BLUE].walls_built == 1  # Honor = cost


# --- Clerks and activation [ES p.7–9] ----------------------------------------------------------------

def test_two_different_locations_rule() -> None:
    """An effect moving up to 2 clerks to 2 different locations may not send both to one location; the two
    may come from the same place, here the reserve [ES p.8–9, Fall step 3A]."""
    state = cleared()
    jobs(state, {"op": "cmd_move", "seat": BLUE, "n": 2, "distinct": True})
    before = GAME.dumps(state)
    with pytest.raises(IllegalChoice) as err:
        answer(state, BLUE, "from.reserve", "to.barracks", "from.reserve", "to.barracks")
    assert err.value.reason == "different_locations" and GAME.dumps(state) == before
    answer(state, BLUE, "from.reserve", "to.barracks", "from.reserve", "to.academy")
    assert state.clerks_at == {"barracks": [BLUE], "academy": [BLUE]}


def test_a_full_regular_location_is_locked() -> None:
    """A Regular Location whose clerk slots are all filled is locked: no clerk may be moved out of it, and
    none can be placed in it [ES p.7, Clerks and location types]."""
    state = cleared()
    state.clerks_at["mill"] = [BLUE, RED]
    state.clerks_at["barracks"] = [BLUE]
    state.players[BLUE].clerks = 0
    jobs(state, {"op": "cmd_move", "seat": BLUE, "n": 1, "distinct": False})
    froms = [o.id for o in GAME.prompts(state)[0].options_for(0)]
    assert "from.mill" not in froms and "from.barracks" in froms
    tos = [o.id for o in GAME.prompts(state)[0].options_for(1)]
    assert "to.mill" not in tos


def test_lone_player_gains_shame_but_not_on_an_advanced_activation() -> None:
    """A player alone at an activated Shame-icon location takes 1 Shame; an Advanced Activation never gives
    that Shame and may start a Regular Location that is not full [ES p.7, Shame; Advanced Activation]."""
    state = cleared()
    state.clerks_at["mine"] = [BLUE, BLUE]
    jobs(state, {"op": "activate", "loc": "mine", "advanced": False})
    answer(state, BLUE, "spearman")  # where the Shame goes
    assert state.players[BLUE].shamed["spearman"] == 1
    state = cleared()
    state.clerks_at["mine"] = [BLUE]  # not full: only an advanced activation can start it
    state.active, state.advanced = BLUE, 1
    jobs(state, {"op": "activation", "seat": BLUE})
    answer(state, BLUE, "adv.mine")
    assert state.ask is not None and state.ask.kind == "upgrade"
    assert sum(state.players[BLUE].shamed.values()) == 0


# --- Summer [ES p.8] ----------------------------------------------------------------------------------

def test_betrayal_never_leaves_the_discard_and_honor_is_2_per_card_left() -> None:
    """Summer: each player either takes back all their discarded command cards or scores 2 Honor per own
    card in the discard; Betrayal never leaves the discard pile [ES p.8, Summer steps 3–4]."""
    state = cleared()
    state.track = [TrackCard(BLUE, "betrayal"), TrackCard(RED, "economy"), None, None, None]
    state.command_discard = [TrackCard(RED, "attack")]
    for p in state.players:
        p.hand = [c for c in p.hand if c not in ("betrayal", "economy", "attack")]
    jobs(state, {"op": "summer"})
    for seat in (BLUE, RED, YELLOW):
        answer(state, seat, "shame.0", "tac.none")
    answer(state, BLUE, "take")
    answer(state, RED, "honor")  # Yellow has no card in the discard: nothing to ask
    assert "betrayal" not in state.players[BLUE].hand
    assert any(c.card == "betrayal" for c in state.command_discard)
    assert state.players[RED].honor == 4  # economy + attack left in the discard


def test_paying_chi_discards_shame_in_summer() -> None:
    """In Summer, in Tea order, a player may pay 2 Chi per Shame token to discard it, as often as they can
    pay [ES p.7–8, Summer step 2]."""
    state = cleared()
    state.players[BLUE].shamed["spearman"] = 2
    state.players[BLUE].res["chi"] = 4
    state.shame_supply -= 2
    jobs(state, {"op": "summer"})
    answer(state, BLUE, "shame.2", "tac.none")
    assert state.players[BLUE].shamed["spearman"] == 0 and state.players[BLUE].res["chi"] == 0


# --- Shame [ES p.7] -----------------------------------------------------------------------------------

def test_shame_with_an_empty_supply_costs_5_honor() -> None:
    """Shame due when the supply is empty costs 5 Honor at once instead of a token [ES p.7, Shame]."""
    state = cleared()
    state.shame_boxed, state.shame_supply = state.shame_supply, 0
    state.players[BLUE].honor = 7
    jobs(state, {"op": "shame", "seat": BLUE, "reason": "breach"})
    assert state.players[BLUE].honor == 2 and sum(state.players[BLUE].shamed.values()) == 0


def test_unplaceable_shame_is_boxed_and_costs_5_honor() -> None:
    """A Shame token that fits nowhere (no reserve soldier without one, no free slot on a claimed horde)
    goes to the box and costs 5 Honor at once [ES p.7, Shame]."""
    state = cleared()
    blue = state.players[BLUE]
    blue.shamed = dict(blue.reserve)  # every reserve soldier already carries one
    state.shame_supply -= sum(blue.shamed.values())
    blue.honor = 3
    supply = state.shame_supply
    jobs(state, {"op": "shame", "seat": BLUE, "reason": "breach"})
    assert blue.honor == 0 and state.shame_supply == supply - 1 and state.shame_boxed == 1


# --- End and scoring [ES p.9, p.15] ------------------------------------------------------------------

def test_final_scoring_in_three_steps_and_ties_by_tea_order() -> None:
    """Final scoring: −5 Honor per own soldier with Shame under it (never below 0), then the Honor of
    claimed hordes without Shame, then the Artifacts; ties go by Tea order [ES p.15, Final scoring]."""
    state = cleared()
    blue, red = state.players[BLUE], state.players[RED]
    blue.honor, blue.shamed["spearman"] = 3, 1  # −5 cannot push below 0
    blue.claimed = [Claimed("raiders1"), Claimed("heavy1", shame=1)]  # only the clean card scores
    red.honor = PACK.hordes["raiders1"].honor
    state.artifacts = []
    state.time = len(PACK.time[3]) - 1
    state.tea = [RED, BLUE, YELLOW]
    jobs(state, {"op": "end_check"})
    assert state.season == "over" and state.end_reasons == ["time"]
    assert state.final[BLUE] == {"before": 3, "shame": -3, "hordes": 3, "artifacts": 0, "total": 3}
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranking[:2] == (RED, BLUE)  # tie: Red is higher on Tea


def test_two_walls_complete_end_the_game_at_three_players() -> None:
    """At 2–3 players the Winter end check ends the game once 2 walls have their third level
    [ES p.9, end check; ES p.15]."""
    state = cleared()
    state.sections[0].wall = state.sections[2].wall = 3
    jobs(state, {"op": "end_check"})
    assert state.end_reasons == ["walls"]


# --- Fact sheet §16 rulings (base game) --------------------------------------------------------------

def test_faq01_tactics_are_played_on_other_players_turns() -> None:
    """FAQ #1: a tactic is played when its card says, often on another player's turn: Blue's Retreat Saves
    a soldier while Red's card resolves [ES p.14, Tactic cards]."""
    state = _defeat_position([(BLUE, "spearman", [0]), (BLUE, "spearman", [1])])
    state.active = RED  # Red's card is resolving
    state.players[BLUE].tactics = ["retreat1"]
    jobs(state, {"op": "defeat_check"})
    answer(state, BLUE, "save.0", "tac.retreat1.n")
    assert state.sections[0].rest[BLUE]["spearman"] == 1  # both die (lethality 2); Retreat saves 1
    assert state.tactic_discard == ["retreat1"]


def test_faq02_saved_and_surviving_soldiers_go_to_the_rest_zone_only_killed_to_reserve() -> None:
    """FAQ #2: on a defeated horde, Saved soldiers and those Lethality spares go to the Rest Zone; only the
    killed ones return to the reserve [ES p.10, Defeated hordes step 5; Saving soldiers]."""
    state = _defeat_position([(BLUE, "spearman", [0]), (BLUE, "horseman", [8, 9]), (BLUE, "spearman", [1])])
    state.players[BLUE].res["chi"] = 2
    jobs(state, {"op": "defeat_check"})
    answer(state, BLUE, "s0", "s2")  # lethality 2: Blue lets the two spearmen die
    answer(state, BLUE, "save.1", "tac.none")  # and Saves one of them; the horseman survives
    rest = state.sections[0].rest[BLUE]
    assert rest == {"spearman": 1, "archer": 0, "horseman": 1}
    assert state.players[BLUE].reserve["spearman"] == 9


def test_faq05_soldiers_on_hordes_never_attack_again() -> None:
    """FAQ #5: soldiers already on a horde card never attack or move again; an attack effect uses only
    soldiers in the Rest Zone and archers on the wall [ES p.12, Attack]."""
    state = cleared()
    horde(state, 0, "raiders1", [(BLUE, "spearman", [0])])
    state.sections[0].rest = {BLUE: {"spearman": 1, "archer": 0, "horseman": 0}}
    state.players[BLUE].reserve["spearman"] -= 1
    jobs(state, {"op": "cmd_attack_order", "seat": BLUE})
    answer(state, BLUE, "sec0")
    assert state.ask is not None and state.ask.kind == "target"
    answer(state, BLUE, GAME.prompts(state)[0].options[0].id)
    assert state.ask is None and len(state.sections[0].hordes[0].soldiers) == 2  # only the resting one went


def test_faq08_one_upgrade_per_activation_and_faq21_boosted_restless_two_different() -> None:
    """FAQ #8: an overseer is upgraded at most once per activation [ES p.11]; FAQ #21: the boosted Restless
    tactic upgrades 2 different overseers, here the two other locations."""
    state = cleared()
    blue = state.players[BLUE]
    state.overseers = {loc: {BLUE: Overseer(1, "spearman")} for loc in ("mill", "quarry", "mine")}
    blue.reserve["spearman"] -= 3
    blue.tactics, blue.res["chi"] = ["restless1"], 5
    state.clerks_at["mill"] = [BLUE, RED]
    jobs(state, {"op": "activate", "loc": "mill", "advanced": False})
    answer(state, BLUE, "up", "tac.restless1.b")
    levels = {loc: state.overseers[loc][BLUE].level for loc in ("mill", "quarry", "mine")}
    assert levels == {"mill": 2, "quarry": 2, "mine": 2}  # the mill once; the tactic: 2 others


def test_faq11_attack_order_commits_every_soldier_in_the_rest_zone() -> None:
    """FAQ #11: Attack Order commits every soldier you have in the Rest Zone you attack from; each attacks
    in turn until none is left [ES p.12, attacking from a Rest Zone]."""
    state = cleared()
    horde(state, 0, "warlord1")
    state.sections[0].rest = {BLUE: {"spearman": 2, "archer": 0, "horseman": 1}}
    state.players[BLUE].reserve["spearman"] -= 2
    state.players[BLUE].reserve["horseman"] -= 1
    jobs(state, {"op": "cmd_attack_order", "seat": BLUE})
    answer(state, BLUE, "sec0")
    attacks = 0
    while state.ask is not None and state.ask.kind == "target":
        answer(state, BLUE, GAME.prompts(state)[0].options[0].id)
        attacks += 1
    assert attacks == 3 and not any(state.sections[0].rest[BLUE].values())


def test_faq23_every_horde_has_a_2_by_6_vital_grid() -> None:
    """FAQ #23: every horde card's vital-spot grid is 2 by 6, 12 spots at most."""
    assert all(set(h.spots) <= set(range(12)) for h in PACK.hordes.values())


def test_faq39_firing_is_mandatory() -> None:
    """FAQ #39: an archer in a firing spot must fire if it can; its owner only picks where
    [ES p.9, Firing step]."""
    state = cleared()
    card = horde(state, 1, "raiders1")
    horde(state, 1, "scouts1")
    state.sections[1].firing = [BLUE, BLUE]
    state.players[BLUE].reserve["archer"] -= 2
    jobs(state, {"op": "firing"})
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "volley" and prompt.pick_min == prompt.pick_max == 2  # no "hold fire"
    assert [o.id for o in prompt.options] == [f"h0.{s}" for s in (0, 1, 3, 8, 9, 11)] + ["h1.0", "h1.2", "h1.7"]
    answer(state, BLUE, "h0.3", "h0.8")
    assert state.ask is None and card.wounds == [3, 8]


def test_errata39_card_effects_are_optional() -> None:
    """Command card effects are optional [ES p.8–9, Fall step 3A; errata, fact sheet §16 no. 39]: a player
    may skip both clerk moves, and nothing moves."""
    state = cleared()
    jobs(state, {"op": "cmd_move", "seat": BLUE, "n": 2, "distinct": True})
    answer(state, BLUE, "skip", "skip", "skip", "skip")
    assert state.clerks_at == {}


def test_errata41_betrayal_may_move_2_clerks_to_one_location_instead() -> None:
    """Betrayal may, instead of copying a card on the track, move up to 2 of its owner's clerks to one or
    two locations, both to the same one allowed (errata, fact sheet §16 no. 41)."""
    state = cleared()
    state.track = [TrackCard(RED, "economy"), TrackCard(BLUE, "betrayal"), None, None, None]
    jobs(state, {"op": "cmd_copy", "seat": BLUE})
    assert {o.id for o in GAME.prompts(state)[0].options} == {"copy.economy", "alt"}
    answer(state, BLUE, "alt")
    answer(state, BLUE, "from.reserve", "to.barracks", "from.reserve", "to.barracks")
    assert state.clerks_at == {"barracks": [BLUE, BLUE]}


def test_errata42_shame_freezes_soldiers_in_the_reserve() -> None:
    """A reserve soldier with Shame under it cannot be used in any way, so it cannot be recruited
    [ES p.7, Shame; errata, fact sheet §16 no. 42]."""
    state = cleared()
    blue = state.players[BLUE]
    blue.shamed["horseman"] = 2
    blue.res.update({"wood": 5, "gold": 9, "stone": 9, "chi": 9})
    state.clerks_at["barracks"] = [BLUE]
    jobs(state, {"op": "activate", "loc": "barracks", "advanced": False})
    units = {o.args.get("unit") for o in GAME.prompts(state)[0].options_for(0)}
    assert "horseman" not in units and "spearman" in units


def test_five_player_slot_is_ignored_at_four_players() -> None:
    """The command-track slot marked for 5 players is ignored at 4 players [ES p.8, Fall]; at 3 players
    all 5 slots are used (our reading: the rulebook names only 4 players)."""
    state = drafted(4)
    from engine.greatwall.command import usable_slots

    assert PACK.box["five_player_slot"] not in usable_slots(Ctx(state, PACK))
    assert len(usable_slots(Ctx(drafted(3), PACK))) == 5
