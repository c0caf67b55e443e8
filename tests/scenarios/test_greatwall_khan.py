"""The Genghis Khan expansion [IT "Genghis Khan Espansione"; fact sheet §13.1, conflict C2], one test
per rule sentence, each through the engine; then a seeded playout of the Khan with every mode."""

from __future__ import annotations

from collections import Counter

import games  # tests/engine, on the path by tests/scenarios/conftest.py
import pytest
from greatwall_kit import GAME, PACK, answer, cover_rest, horde, jobs, keys, players_cleared
from greatwall_kit import drafted as kit_drafted
from greatwall_support import check_invariants

from engine.core.errors import IllegalChoice
from engine.core.prompt import Choice
from engine.games import capabilities
from engine.greatwall import khan as rules
from engine.greatwall.combat import defence, power
from engine.greatwall.flow import Ctx
from engine.greatwall.state import Khan, Soldier, State

BLUE, RED, YELLOW = 0, 1, 2
MODES = {"standard": 3, "duel": 2, "solo": 1, "coop": 3}
KHAN = PACK.khan
BASE_TYPES = {PACK.hordes[h].type for h in PACK.deck("hordes")}


def drafted(seats: int = 3, mode: str = "standard", seed: int = 1, **options: str) -> State:
    """A Khan game just past the draft (everyone took the first general and advisor offered)."""
    return kit_drafted(seats, seed, options={"mode": mode, "khan": "on", **options})


def cleared(seats: int = 3, mode: str = "standard", **options: str) -> State:
    """Drafted, then an empty board, nothing pending, Tea order 0, 1, 2…; the Khan in the centre
    with War Cry (power 3) and Siege Master (defence 3), the Award Bolt of Imperial Silk (2 Gold)."""
    state = drafted(seats, mode, 1, **options)
    for section in state.sections:
        section.hordes, section.barricades, section.firing, section.rest = [], 0, [], {}
    players_cleared(state)
    state.khan = Khan(sec=1, skills=["skill_warcry", "skill_siege"], award="award_silk")
    return state


def defeat(state: State, sec: int, soldiers: list[tuple[int, str, list[int]]], card: str = "raiders1") -> None:
    """A covered Horde in ``sec`` with ``soldiers`` on it, the defeat check run and its death steps
    answered with their preselections (no Chi spent), up to the Khan's question if it comes."""
    cover_rest(horde(state, sec, card, soldiers))
    jobs(state, {"op": "defeat_check"})
    while state.ask is not None and state.ask.kind in ("casualties", "losses", "rescue"):
        for prompt in GAME.prompts(state):
            values = ("save.0", "tac.none") if prompt.kind == "losses" else prompt.default
            GAME.apply(state, prompt.seat, Choice(prompt.kind, tuple(values)))


def cover(state: State, card: str, leave: int = 0) -> None:
    """Soldiers of Red on every active spot of ``card`` but ``leave`` of them (out of his reserve)."""
    free = rules.free_spots(Ctx(state, PACK), card)
    for spot in free[:len(free) - leave]:
        state.players[RED].reserve["spearman"] -= 1
        state.khan.wounds.setdefault(card, []).append(Soldier(RED, "spearman", [spot]))  # type: ignore[union-attr]


# --- Introduction and setup [IT GK, introduction, "Preparazione"] ------------------------------------

def test_the_khan_is_offered_with_every_mode_and_off_by_default() -> None:
    """IT GK, introduction: the expansion "can be added to almost every game mode (except Ancient
    Chronicles)": its own option (off, on) with each of the four modes, and with the Rat; its C2 ruling
    only with the Khan."""
    caps = capabilities("greatwall")
    option = caps.option("khan")
    assert option is not None and option.values == ("off", "on") and option.default == "off"
    assert sorted(m for _, m in option.when) == sorted(MODES)
    hordes = caps.option("khan_hordes")
    assert hordes is not None and hordes.values == ("plus_one", "players") and hordes.default == "plus_one"
    assert hordes.when == (("khan", "on"),)
    assert GAME.setup(3, {}, 1).khan is None
    both = GAME.setup(3, {"khan": "on", "rat": "on"}, 1)
    assert both.khan is not None and both.rat is not None


def test_setup_step6_two_random_base_types_out_and_the_three_new_types_in() -> None:
    """IT GK step 6: "remove 2 types of cards at random from the base Horde deck (6 cards in all), then
    add the 3 new Horde types of the expansion (9 cards)"."""
    removed: set[frozenset[str]] = set()
    for seed in range(12):
        state = GAME.setup(3, {"khan": "on"}, seed)
        cards = [*state.horde_deck, *(c.card for s in state.sections for c in s.hordes)]
        assert len(cards) == 24 - 6 + 9 and len(set(cards)) == len(cards)
        assert set(KHAN.hordes) <= set(cards)
        out = BASE_TYPES - {PACK.hordes[c].type for c in cards}
        assert len(out) == 2
        removed.add(frozenset(out))
        counts = Counter(PACK.hordes[c].type for c in cards)
        assert set(counts.values()) == {3}
    assert len(removed) > 1  # at random
    assert not set(KHAN.hordes) & set(GAME.setup(3, {}, 1).horde_deck)


def test_setup_step6_a_two_player_game_still_drops_the_leftmost_cards() -> None:
    """IT GK step 6, "2-player game": remember to remove every Horde card whose back shows the
    leftmost Wall Section."""
    for seed in range(6):
        state = GAME.setup(2, {"mode": "duel", "khan": "on"}, seed)
        cards = [*state.horde_deck, *(c.card for s in state.sections for c in s.hordes)]
        assert cards and all(PACK.hordes[c].invasion >= 1 for c in cards)
        assert [c for c in KHAN.hordes if PACK.hordes[c].invasion >= 1] == \
            [c for c in cards if c in KHAN.hordes] or set(c for c in cards if c in KHAN.hordes) == \
            {c for c in KHAN.hordes if PACK.hordes[c].invasion >= 1}


@pytest.mark.parametrize(("seats", "ruling", "placed"), [(3, "plus_one", 4), (4, "plus_one", 5),
                                                         (3, "players", 3), (4, "players", 4)])
def test_setup_step7_starting_hordes_players_plus_one_or_the_c2_reading(seats: int, ruling: str, placed: int) -> None:
    """IT GK step 7: "draw as many Horde cards as the number of players + 1 and place them normally".
    Conflict C2: the fan reference says the number of players (table option khan_hordes=players)."""
    state = GAME.setup(seats, {"khan": "on", "khan_hordes": ruling}, 3)
    assert sum(len(s.hordes) for s in state.sections) == placed
    assert all(s.hordes for s in state.sections)  # placed normally: one per Section first


def test_setup_step7_two_skills_and_the_khan_on_the_section_of_the_deck_tops_indicator() -> None:
    """IT GK step 7: the Khan's personal Horde card above the board, 2 Skill cards drawn from the
    shuffled Skill deck, the Khan miniature on the Wall Section the invasion indicator of the Horde
    deck's top card shows."""
    seen: set[str] = set()
    for seed in range(8):
        state = GAME.setup(3, {"khan": "on"}, seed)
        assert state.khan is not None
        assert len(set(state.khan.skills)) == 2 and set(state.khan.skills) <= set(KHAN.skills)
        assert state.khan.sec == PACK.hordes[state.horde_deck[0]].invasion
        assert not state.khan.wounds and not state.khan.defeated
        seen |= set(state.khan.skills)
    assert len(seen) > 2


def test_setup_step4_one_emperors_award_drawn_with_its_miniature_on_it() -> None:
    """IT GK step 4: draw 1 Emperor's Award card at random, its miniature on it (nobody holds it)."""
    awards = {GAME.setup(3, {"khan": "on"}, seed).khan.award for seed in range(10)}  # type: ignore[union-attr]
    assert awards <= set(KHAN.awards) and len(awards) > 1
    assert GAME.setup(3, {"khan": "on"}, 1).khan.holder is None  # type: ignore[union-attr]


def test_setup_step11_the_genghis_khan_advisors_are_shuffled_into_the_advisor_deck() -> None:
    """IT GK step 11: shuffle the Genghis Khan Advisor cards into the Advisor deck, then deal 2."""
    for seed in range(4):
        state = GAME.setup(3, {"khan": "on"}, seed)
        advisors = [*state.advisor_deck, *(a for p in state.players for a in p.offer_advisors)]
        assert sorted(advisors) == sorted([*PACK.deck("advisors"), *KHAN.advisors])
        plain = GAME.setup(3, {}, seed)
        assert not {*plain.advisor_deck, *(a for p in plain.players for a in p.offer_advisors)} & set(KHAN.advisors)


# --- Vital spots and Skills [IT GK, "Punti vitali", "Carte Abilità"] ---------------------------------

@pytest.mark.parametrize(("seats", "active"), [(3, 5), (4, 6)])
def test_numbered_spots_are_active_up_to_the_player_count(seats: int, active: int) -> None:
    """IT GK, "Punti vitali di Genghis Khan": a numbered spot is active if its number is at most the
    number of players; spots with no number are always active (the Khan's card: 3 unnumbered, 2–5)."""
    state = GAME.setup(seats, {"khan": "on"}, 1)
    assert KHAN.khan.spots.count(0) == 3
    assert len(rules.free_spots(Ctx(state, PACK), KHAN.khan.id)) == active


def test_a_skill_works_only_in_the_khans_section() -> None:
    """IT GK, "Carte Abilità": "Skill cards are active only in the Wall Section where the Genghis Khan
    miniature is" (War Cry: +3 Horde power; Siege Master: −3 Defence)."""
    state = cleared()
    for sec in (0, 1):
        horde(state, sec, "raiders1")
        state.sections[sec].barricades = 3
    ctx = Ctx(state, PACK)
    assert power(ctx, 1) == power(ctx, 0) + 3
    assert defence(ctx, 1) == defence(ctx, 0) - 3
    state.khan.sec = 0  # type: ignore[union-attr]
    ctx = Ctx(state, PACK)
    assert power(ctx, 0) == power(ctx, 1) + 3 and defence(ctx, 0) == defence(ctx, 1) - 3


def test_a_skill_with_all_its_active_spots_covered_is_off_for_good() -> None:
    """IT GK, "Carte Abilità": a Skill card whose active spots are all covered is switched off and has
    no effect for the rest of the game (War Cry at 3 players: its spot numbered 4 is inactive)."""
    state = cleared()
    horde(state, 1, "raiders1")
    base = power(Ctx(state, PACK), 1)
    cover(state, "skill_warcry")
    assert len(state.khan.wounds["skill_warcry"]) == 1  # type: ignore[union-attr]  # only the unnumbered spot
    ctx = Ctx(state, PACK)
    assert power(ctx, 1) == base - 3 and not rules.skill_on(ctx, "skill_warcry")
    assert rules.skill_on(ctx, "skill_siege")


# --- Moving the Khan [IT GK, "Muovere Genghis Khan"] -------------------------------------------------

def test_the_khan_moves_each_year_after_the_new_hordes_to_the_deck_tops_indicator() -> None:
    """IT GK, "Muovere Genghis Khan": every Year, after placing the new Horde cards, check the invasion
    indicator on the top card of the Horde deck and put the Khan on that Wall Section."""
    state = cleared()
    state.khan.sec = 2  # type: ignore[union-attr]
    state.horde_deck = ["raiders1", "raiders2", "raiders3", "ladders1", "rams1"]  # 3 arrive (Spring, year 2)
    events = jobs(state, {"op": "spring"})
    assert state.khan.sec == PACK.hordes["ladders1"].invasion == 1  # type: ignore[union-attr]
    names = keys(events)
    assert names.count("gw.horde") == 3 and names.index("gw.khan_moved") > max(
        i for i, k in enumerate(names) if k == "gw.horde")


# --- Wounding the Khan [IT GK, "Ferire Genghis Khan"] ------------------------------------------------

def test_the_claimant_may_send_a_surviving_spearman_onto_the_khan_for_6_honor() -> None:
    """IT GK, "Ferire Genghis Khan": whenever a Horde is defeated in any Wall Section, its claimant may
    attack the Khan with 1 of their Soldiers from it; it covers 1 vital spot, 6 Honor per spot. The
    Khan need not be in that Section (he is in the centre, the Horde on the left)."""
    state = cleared()
    defeat(state, 0, [(BLUE, "spearman", [0]), (BLUE, "spearman", [1])])
    assert state.ask is not None and state.ask.kind == "khan_wound" and state.ask.seats == [BLUE]
    prompt = GAME.prompts(state)[0]
    assert {o.id for o in prompt.options} == {"no", "spearman.khan", "spearman.skill_warcry", "spearman.skill_siege"}
    before = state.players[BLUE].honor
    answer(state, BLUE, "spearman.khan")
    assert state.players[BLUE].honor == before + 6
    assert [s.unit for s in state.khan.wounds["khan"]] == ["spearman"]  # type: ignore[union-attr]
    assert state.sections[0].rest[BLUE]["spearman"] == 0


def test_a_horseman_covers_two_spots_for_12_honor() -> None:
    """IT GK, "Ferire Genghis Khan": the Soldier goes on 1 vital spot "(or possibly 2, if using a
    Horseman)"; 6 Honor per spot covered."""
    state = cleared()
    defeat(state, 0, [(BLUE, "spearman", [0]), (BLUE, "horseman", [8, 9])])
    before = state.players[BLUE].honor
    answer(state, BLUE, "horseman.skill_siege")
    assert state.players[BLUE].honor == before + 12
    assert state.khan.wounds["skill_siege"][0].spots == [0, 1]  # type: ignore[union-attr]


def test_only_spearmen_and_horsemen_never_archers() -> None:
    """IT GK, "Ferire Genghis Khan": the Khan can be Wounded only by Spearmen and Horsemen, never by
    Archers nor any other Wound token: the claimant's Archers on that Wall are never offered, and
    arrows fired in his Section land only on its Horde cards."""
    state = cleared()
    state.sections[0].firing = [BLUE]
    state.players[BLUE].reserve["archer"] -= 1
    defeat(state, 0, [(BLUE, "spearman", [0]), (BLUE, "horseman", [8, 9]), (BLUE, "spearman", [1])])
    units = {o.args["unit"] for o in GAME.prompts(state)[0].options if o.id != "no"}
    assert units == {"spearman", "horseman"}
    answer(state, BLUE, "no")
    state = cleared()
    card = horde(state, 1, "raiders1")
    state.sections[1].firing = [BLUE]
    state.players[BLUE].reserve["archer"] -= 1
    jobs(state, {"op": "firing"})
    prompt = GAME.prompts(state)[0]
    assert {o.id.partition(".")[0] for o in prompt.options} == {"h0"}  # spots of its Horde card only
    GAME.apply(state, BLUE, Choice(prompt.kind, tuple(prompt.default)))
    assert card.wounds and not state.khan.wounds  # type: ignore[union-attr]


def test_the_soldier_must_survive_the_defeat() -> None:
    """IT GK, "Ferire Genghis Khan": "This Soldier must survive (it may need to be Saved with Chi or
    another way)": a lone Spearman that dies is never asked for; Saved for 2 Chi, it may go."""
    state = cleared()
    defeat(state, 0, [(BLUE, "spearman", [0])])
    assert state.ask is None or state.ask.kind != "khan_wound"
    state = cleared()
    state.players[BLUE].res["chi"] = 2
    cover_rest(horde(state, 0, "raiders1", [(BLUE, "spearman", [0])]))
    jobs(state, {"op": "defeat_check"})
    answer(state, BLUE, "save.1", "tac.none")
    assert state.ask is not None and state.ask.kind == "khan_wound"


def test_declining_keeps_the_soldier_and_the_default_is_the_most_honor() -> None:
    """IT GK, "Ferire Genghis Khan": the claimant "may" attack: saying no leaves the survivor in the
    Rest Zone. The preselection is the most spots (a Horseman), on a Skill still working."""
    state = cleared()
    defeat(state, 0, [(BLUE, "spearman", [0]), (BLUE, "horseman", [8, 9]), (BLUE, "spearman", [1])])
    assert GAME.prompts(state)[0].default == ("horseman.skill_siege",)
    answer(state, BLUE, "no")
    assert state.sections[0].rest[BLUE]["horseman"] == 1 and not state.khan.wounds  # type: ignore[union-attr]


def test_a_full_card_is_not_offered_and_a_forged_answer_is_refused() -> None:
    """IT GK, "Punti vitali": only free active spots can be covered; a card with none is not offered
    and an answer naming it is refused, changing nothing."""
    state = cleared()
    cover(state, "skill_warcry")
    defeat(state, 0, [(BLUE, "spearman", [0]), (BLUE, "spearman", [1])])
    assert "spearman.skill_warcry" not in {o.id for o in GAME.prompts(state)[0].options}
    with pytest.raises(IllegalChoice):
        answer(state, BLUE, "spearman.skill_warcry")
    with pytest.raises(IllegalChoice):
        answer(state, BLUE, "horseman.khan")
    assert state.ask is not None and state.ask.kind == "khan_wound"


def test_soldiers_sent_against_the_khan_stay_for_the_rest_of_the_game() -> None:
    """IT GK, "Ferire Genghis Khan": the Soldiers stay on his card (or Skill) until the end of the
    game and cannot be removed in any way: a breach in his Section leaves them there."""
    state = cleared()
    defeat(state, 0, [(BLUE, "spearman", [0]), (BLUE, "spearman", [1])])
    answer(state, BLUE, "spearman.khan")
    horde(state, 1, "raiders1")
    horde(state, 1, "raiders2")
    jobs(state, {"op": "breach", "sec": 1})
    assert [(s.seat, s.unit) for s in state.khan.wounds["khan"]] == [(BLUE, "spearman")]  # type: ignore[union-attr]


def test_a_rules_driven_clan_never_wounds_him() -> None:
    """Ruling (engine/greatwall/khan.py): a rules-driven clan's survivors go back to its reserve at once
    [ES p.15], so it has no Soldier left to send."""
    state = cleared(1, "solo")
    ctx = Ctx(state, PACK)
    rules.after_defeat(ctx, state.seats, 0, ["spearman"])
    assert not state.tasks


# --- The Khan defeated [IT GK, "Nuovo obiettivo", "Fine della partita"] ------------------------------

def _last_wound(state: State) -> None:
    for card in ("skill_warcry", "skill_siege"):
        cover(state, card)
    cover(state, "khan", leave=1)
    defeat(state, 0, [(BLUE, "spearman", [0]), (BLUE, "spearman", [1])])
    answer(state, BLUE, "spearman.khan")


def test_the_defeated_khan_ends_a_competitive_game_after_the_years_winter() -> None:
    """IT GK, "Fine della partita": when every active spot on his card and both Skills is covered the
    Khan is defeated; play the current Year to its end and, after Winter, score. Not before Winter."""
    state = cleared()
    _last_wound(state)
    assert state.khan.defeated and state.season != "over"  # type: ignore[union-attr]
    jobs(state, {"op": "end_check"})
    assert state.season == "over" and state.end_reasons == ["khan"]


def test_the_khan_changes_no_cooperative_goal() -> None:
    """IT GK, "Nuovo obiettivo": the rule applies only to a competitive game; co-op victory conditions
    are unchanged: his defeat ends nothing there."""
    state = cleared(3, "coop")
    _last_wound(state)
    assert state.khan.defeated  # type: ignore[union-attr]
    jobs(state, {"op": "end_check"})
    assert state.season != "over" and "khan" not in state.end_reasons


# --- The Emperor's Award [IT GK, "Premi dell'Imperatore"] --------------------------------------------

def _build_wall(state: State, seat: int, sec: int) -> None:
    state.warehouse.update({"wood": 5})
    state.clerks_at["encampment"] = [seat]
    jobs(state, {"op": "activate", "loc": "encampment", "advanced": False})
    answer(state, seat, f"wall.{sec}", "tac.none")
    while state.ask is not None:
        prompt = GAME.prompts(state)[0]
        GAME.apply(state, prompt.seat, Choice(prompt.kind, tuple(prompt.default)))


def test_the_award_passes_to_whoever_builds_a_wall_level() -> None:
    """IT GK, "Premi dell'Imperatore": each time a player builds part of the Wall they take the
    Emperor's Award miniature (it changes hands unless its holder builds)."""
    state = cleared()
    _build_wall(state, BLUE, 0)
    assert state.khan.holder == BLUE  # type: ignore[union-attr]
    _build_wall(state, BLUE, 1)
    assert state.khan.holder == BLUE  # type: ignore[union-attr]
    _build_wall(state, RED, 2)
    assert state.khan.holder == RED  # type: ignore[union-attr]


def test_the_holder_has_the_awards_effect() -> None:
    """IT GK, "Premi dell'Imperatore": while holding the miniature the player benefits from the active
    Award card (stand-in Bolt of Imperial Silk: 2 Gold each Summer)."""
    state = cleared()
    state.khan.holder = RED  # type: ignore[union-attr]
    jobs(state, {"op": "summer"})
    assert [p.res["gold"] for p in state.players] == [0, 2, 0]


# --- Every mode, what everyone sees, the AI ----------------------------------------------------------

def check_khan(state: State) -> None:
    assert state.khan is not None
    ctx = Ctx(state, PACK)
    assert 0 <= state.khan.sec < len(state.sections)
    assert state.khan.holder is None or state.khan.holder < state.seats
    for card, soldiers in state.khan.wounds.items():
        spots = [s for soldier in soldiers for s in soldier.spots]
        sheet = KHAN.sheet(card)
        assert len(spots) == len(set(spots)) and all(sheet.spots[s] <= state.seats for s in spots)
        assert all(soldier.unit in rules.WOUNDERS and soldier.seat < state.seats for soldier in soldiers)
    assert state.khan.defeated == rules.defeated(ctx)


@pytest.mark.parametrize("rat", ["off", "on"])
@pytest.mark.parametrize("mode", list(MODES))
def test_a_khan_game_of_each_mode_plays_to_its_end(mode: str, rat: str) -> None:
    """IT GK, introduction: almost every mode. A seeded game (AI and random answers) with the Khan,
    with and without the Rat, ends, every invariant holding after every step (every Soldier counted,
    those on the Khan included; the Horde and Advisor decks as step 6 and 11 made them)."""
    def check(state: State) -> None:
        check_invariants(state)
        check_khan(state)

    state, _ = games.playout(games.Case("greatwall", MODES[mode], {"mode": mode, "khan": "on", "rat": rat}),
                             3, random_share=30, check=check)
    assert state.season == "over" and state.khan is not None


def test_the_khan_and_the_award_are_public_and_drawn() -> None:
    """IT GK: the Khan's miniature, his cards with the Soldiers on them and the Award's holder are on
    the table: in every seat's view and on the board; a table without the Khan has none."""
    from rendering.greatwall import render_board
    from rendering.greatwall_text import alt_text

    state = cleared()
    defeat(state, 0, [(BLUE, "spearman", [0]), (BLUE, "spearman", [1])])
    answer(state, BLUE, "spearman.khan")
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        assert {"kind": "khan", "data": "khan"} in view["panels"]
        assert view["khan"]["sec"] == 1 and view["khan"]["cards"][0]["soldiers"] == [
            {"seat": BLUE, "unit": "spearman", "spots": [0]}]
    names = ["A", "B", "C"]
    view = GAME.view(state, None)
    assert KHAN.khan.name in alt_text(view, PACK, names)
    plain = GAME.setup(3, {}, 1)
    assert "khan" not in GAME.view(plain, None) and KHAN.khan.name not in alt_text(GAME.view(plain, None), PACK, names)
    moved = GAME.loads(GAME.dumps(state))
    assert moved.khan is not None
    moved.khan.holder = RED
    assert render_board(GAME.view(moved, None), PACK, names) != render_board(view, PACK, names)


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_ai_level_answers_the_khans_question_legally(level: str) -> None:
    """IT GK, "Ferire Genghis Khan": the claimant decides. Every AI level gives an answer the engine
    accepts (normal and hard take the preselection)."""
    from engine.ai import choose

    state = cleared()
    defeat(state, 0, [(BLUE, "spearman", [0]), (BLUE, "horseman", [8, 9])])
    prompt = GAME.prompts(state)[0]
    choice = choose(GAME, GAME.view(state, BLUE), prompt, 5, level)
    GAME.apply(state, BLUE, choice)
    if level in ("normal", "hard"):
        assert choice.values == prompt.default


def test_every_key_the_khan_uses_is_translated() -> None:
    """Every prompt, option and log line of a Khan game and of a wound, in the four catalogs."""
    from bot.i18n import LANGS, catalog

    state = cleared()
    events = []
    defeat(state, 0, [(BLUE, "spearman", [0]), (BLUE, "spearman", [1])])
    prompt = GAME.prompts(state)[0]
    used = {prompt.key, *(o.key for o in prompt.options)}
    events += GAME.apply(state, BLUE, Choice("khan_wound", ("spearman.khan",)))
    state = cleared()
    _last_wound(state)
    events += jobs(state, {"op": "end_check"})
    setup = GAME.setup(3, {"khan": "on"}, 1)
    events += jobs(setup)
    used |= set(keys(events)) | {"gw.khan_setup", "gw.khan_moved", "gw.khan_award", "gw.reason.award"}
    used |= {f"gw.end.{r}" for r in state.end_reasons}
    for lang in LANGS:
        assert sorted(k for k in used if k not in catalog(lang)) == [], lang


def test_card_lists_the_khan_his_skills_and_the_awards_as_stand_ins() -> None:
    """IT GK, components: the Khan's personal Horde card, 6 Skill cards, 6 Emperor's Award cards
    (contents unknown to us: stand-ins, marked so); /card lists each, with its spots or effect."""
    from bot.i18n import translator
    from bot.presenters import presenter_for
    from engine.games import make_game

    reference = presenter_for(make_game("greatwall")).reference()
    cards = {c.id: c for c in reference.cards(translator("en"))}
    ids = {KHAN.khan.id, *KHAN.skills, *KHAN.awards, *KHAN.hordes, *KHAN.advisors}
    assert ids <= set(cards) and all(cards[i].stand_in for i in ids)
    assert cards["skill_warcry"].kind == "gw.kind.khan_skill" and "+3" in cards["skill_warcry"].effect
    assert "2 Gold" in cards["award_silk"].effect and "0 0 0 2 3 4 5" in cards["khan"].effect


# --- Bannermen [IT GK, "Preparazione" step 5, "Portabandiera"; FAQ #14, #36, #37] --------------------

def _winter_position(rest: dict[str, int], on_card: bool = False) -> State:
    """Blue's Soldiers resting in the left Section, a Horde there; the Bannerman in that Rest Zone,
    or on the Horde card (``on_card``)."""
    state = cleared()
    soldiers = [(BLUE, "bannerman", [3])] if on_card else []
    horde(state, 0, "raiders1", soldiers)
    state.sections[0].rest[BLUE] = {"spearman": 0, "archer": 0, "horseman": 0, **rest}
    for unit, n in rest.items():
        state.players[BLUE].reserve[unit] -= n
    return state


def test_setup_step5_each_player_takes_a_bannerman() -> None:
    """IT GK step 5: each player takes a Bannerman miniature (one per Clan) with their other
    components. Ruling (engine/greatwall/bannermen.py): the Reed clan, rules-driven, has none."""
    state = GAME.setup(2, {"mode": "duel", "khan": "on"}, 1)
    assert [p.reserve.get("bannerman", 0) for p in state.players] == [1, 1, 0]
    assert "bannerman" not in GAME.setup(3, {}, 1).players[0].reserve


@pytest.mark.parametrize(("ruling", "cost"), [("gold", {"gold": 2, "wood": 1}), ("stone", {"stone": 2, "wood": 1})])
def test_the_bannerman_is_recruited_for_the_c3_cost(ruling: str, cost: dict[str, int]) -> None:
    """IT GK, "Portabandiera": each player has 1 Bannerman; recruiting it costs "2 [icon] and 1
    [icon]" — icons lost (conflict C3): 2 Gold + 1 Wood by the fan reference (default), 2 Stone +
    1 Wood by its older version (khan_banner_cost=stone). Only one: a second is refused."""
    state = cleared(khan_banner_cost=ruling)
    state.players[BLUE].res.update({"wood": 2, "stone": 4, "gold": 4})
    horde(state, 0, "raiders1")
    jobs(state, {"op": "recruit", "seat": BLUE, "n": 2})
    options = {o.id: o.args for o in GAME.prompts(state)[0].options}
    assert options["bannerman.rest.1"]["cost"] == cost and "bannerman.atk.0" in options
    with pytest.raises(IllegalChoice):
        answer(state, BLUE, "bannerman.rest.1", "bannerman.rest.2", "tac.none")
    answer(state, BLUE, "bannerman.rest.1", "pass", "tac.none")
    assert state.sections[1].rest[BLUE]["bannerman"] == 1 and state.players[BLUE].reserve["bannerman"] == 0
    assert all(state.players[BLUE].res[r] == 4 - n if r != "wood" else 1 for r, n in cost.items())


def test_the_bannerman_attacks_like_a_spearman_only_row_1() -> None:
    """IT GK, "Portabandiera": Bannermen follow the Spearmen's rules: they attack only the Hordes in
    the first row (nearest the Wall) of their Section."""
    from engine.greatwall.combat import targets

    state = cleared()
    horde(state, 0, "raiders1")
    horde(state, 0, "raiders2")
    ctx = Ctx(state, PACK)
    assert targets(ctx, 0, "bannerman") == targets(ctx, 0, "spearman")
    assert {t.partition(".")[0] for t in targets(ctx, 0, "bannerman")} == {"h0"}


def test_at_the_start_of_winter_its_owner_attacks_with_2_soldiers_before_firing() -> None:
    """IT GK, "Portabandiera": if a Bannerman is in a Wall Section (Horde card or Rest Zone) at the
    start of Winter, its owner may attack with 2 Soldiers in that Section before the arrows are fired
    (here: 3 Spearmen and the Bannerman resting; 2 picked, each then aimed by its owner)."""
    state = _winter_position({"spearman": 3, "bannerman": 1})
    state.sections[0].firing = [RED]
    state.players[RED].reserve["archer"] -= 1
    jobs(state, {"op": "winter"})
    assert state.ask is not None and state.ask.kind == "banner_attack" and state.ask.seats == [BLUE]
    prompt = GAME.prompts(state)[0]
    assert prompt.pick_max == 2 and len(prompt.default) == 2
    answer(state, BLUE, "spearman.0", "bannerman.0")
    for _ in range(2):
        assert state.ask is not None and state.ask.kind == "target"  # before Firing's volley
        answer(state, BLUE, GAME.prompts(state)[0].options[0].id)
    units = sorted(s.unit for s in state.sections[0].hordes[0].soldiers)
    assert units == ["bannerman", "spearman"] and state.sections[0].rest[BLUE]["spearman"] == 2


def test_a_bannerman_on_a_horde_card_counts_and_the_owner_may_decline() -> None:
    """IT GK, "Portabandiera": "(Horde card or Rest Zone)": a Bannerman on a Horde card of the Section
    counts; the attack is a "may": answering none attacks with nobody."""
    state = _winter_position({"horseman": 1}, on_card=True)
    jobs(state, {"op": "winter"})
    assert state.ask is not None and state.ask.kind == "banner_attack"
    answer(state, BLUE)
    assert state.sections[0].rest[BLUE]["horseman"] == 1


def test_no_bannerman_on_the_board_no_question() -> None:
    """IT GK, "Portabandiera": only a Bannerman in a Wall Section at the start of Winter gives the
    attack; one still in the reserve gives none."""
    state = _winter_position({"spearman": 2})
    jobs(state, {"op": "winter"})
    assert state.ask is None or state.ask.kind != "banner_attack"


def test_a_bannerman_is_a_soldier_but_never_wounds_the_khan() -> None:
    """FAQ #36: Bannermen count as Soldiers (it claims a Horde by its spots); FAQ #14/#37: they are not
    Spearmen, so they cannot attack the Khan: a surviving Bannerman is never offered."""
    state = cleared()
    defeat(state, 0, [(BLUE, "bannerman", [0]), (BLUE, "spearman", [1]), (BLUE, "spearman", [3])])
    assert state.players[BLUE].claimed[-1].card == "raiders1"
    units = {o.args["unit"] for o in GAME.prompts(state)[0].options if o.id != "no"}
    assert units == {"spearman"} and state.sections[0].rest[BLUE].get("bannerman") == 1


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_ai_level_answers_the_bannermans_question_legally(level: str) -> None:
    from engine.ai import choose

    state = _winter_position({"spearman": 3, "bannerman": 1})
    jobs(state, {"op": "winter"})
    prompt = GAME.prompts(state)[0]
    GAME.apply(state, BLUE, choose(GAME, GAME.view(state, BLUE), prompt, 9, level))


def test_every_key_the_bannermen_use_is_translated() -> None:
    from bot.i18n import LANGS, catalog

    state = _winter_position({"spearman": 3, "bannerman": 1})
    events = jobs(state, {"op": "winter"})
    prompt = GAME.prompts(state)[0]
    used = {prompt.key, *(o.key for o in prompt.options), "gw.unit.bannerman", "gw.slot.rest_bannerman"}
    events += GAME.apply(state, BLUE, Choice(prompt.kind, prompt.default))
    used |= set(keys(events))
    for lang in LANGS:
        assert sorted(k for k in used if k not in catalog(lang)) == [], lang


def test_the_hard_ais_guessed_worlds_hold_the_advisors_in_play() -> None:
    """IT GK step 11: the Genghis Khan Advisors are in the Advisor deck only at his tables; the hard
    level's guess of the hidden cards (engine/ai/greatwall_world.py) redraws from those in play."""
    from engine.ai.greatwall_world import sample_world
    from engine.core.rng import Rng

    for options, expected in (({}, set(PACK.deck("advisors"))),
                              ({"khan": "on"}, {*PACK.deck("advisors"), *KHAN.advisors})):
        state = GAME.setup(3, options, 2)
        world = sample_world(PACK, state, 0, Rng.from_seed(5))
        held = {*world.advisor_deck, *(a for p in world.players for a in (*p.offer_advisors, *p.support))}
        assert held <= expected and (held & set(KHAN.advisors) if options else not held & set(KHAN.advisors))
