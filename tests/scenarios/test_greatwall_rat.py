"""The Rat expansion [IT "Espansione Ratto"; fact sheet §13.4, errata 46, conflict C4], one test per
rule sentence, each through the engine; then a seeded playout of the Rat with every mode."""

from __future__ import annotations

import games  # tests/engine, on the path by tests/scenarios/conftest.py
import pytest
from greatwall_kit import GAME, PACK, answer, jobs, keys, players_cleared
from greatwall_kit import drafted as kit_drafted
from greatwall_support import check_invariants

from engine.core.errors import IllegalChoice
from engine.games import capabilities
from engine.greatwall.flow import Ctx
from engine.greatwall.seasons import _final_scoring
from engine.greatwall.state import Claimed, HordeCard, Soldier, State, Task

MODES = {"standard": 3, "duel": 2, "solo": 1, "coop": 2}
RAT_ARTIFACTS = set(PACK.rat["artifacts"])


def drafted(seats: int = 3, mode: str = "standard", seed: int = 1, **options: str) -> State:
    """A Rat game just past the draft (everyone took the first general and advisor offered)."""
    return kit_drafted(seats, seed, options={"mode": mode, "rat": "on", **options})


def cleared(seats: int = 3, mode: str = "standard", rat_at: str = "quarry", **options: str) -> State:
    """Drafted and placed, then an empty board, nothing pending; Tea order 0, 1, 2…, the automata last."""
    state = drafted(seats, mode, 1, **options)
    answer(state, state.tea[0], rat_at)
    players_cleared(state)
    return state


def place(state: State, seat: int, loc: str, n: int = 1) -> None:
    state.players[seat].clerks -= n
    state.clerks_at.setdefault(loc, []).extend([seat] * n)


# --- Introduction and setup [IT Rat, "Introduzione", "Preparazione"] ---------------------------------

def test_the_rat_is_offered_with_every_mode_and_off_by_default() -> None:
    """IT Rat, "Introduzione": the Rat "can be added to any game mode". Its option is its own (off,
    on), read with each of the four modes; its payout ruling (C4) only with the Rat."""
    caps = capabilities("greatwall")
    option = caps.option("rat")
    assert option is not None and option.values == ("off", "on") and option.default == "off"
    assert sorted(m for _, m in option.when) == sorted(MODES)
    payout = caps.option("rat_payout")
    assert payout is not None and payout.values == ("gold", "honor") and payout.default == "gold"
    assert payout.when == (("rat", "on"),)
    assert GAME.setup(3, {}, 1).rat is None


def test_setup_step4_rat_artifacts_shuffled_in_with_the_base_ones() -> None:
    """IT Rat, "Preparazione" 4: the Rat Artifact cards are shuffled with the base Artifacts and 3
    are placed as usual."""
    seen: set[str] = set()
    for seed in range(40):
        state = GAME.setup(3, {"rat": "on"}, seed)
        assert len(state.artifacts) == 3 and set(state.artifacts) <= set(PACK.artifacts)
        seen |= set(state.artifacts)
    assert seen >= RAT_ARTIFACTS and seen - RAT_ARTIFACTS  # both kinds come out
    assert all(not set(GAME.setup(3, {}, seed).artifacts) & RAT_ARTIFACTS for seed in range(40))


def test_setup_step4_coop_has_no_artifacts_to_shuffle_into() -> None:
    """ES p.18 step 3: co-op places no Artifacts (the Demands take their slots), so the Rat's step 4
    places none either (ruling, engine/greatwall/variants/rat.py ``artifacts``)."""
    state = GAME.setup(3, {"mode": "coop", "rat": "on"}, 2)
    assert state.artifacts == [] and state.rat is not None


def test_setup_step18_deck_shuffled_and_one_card_revealed() -> None:
    """IT Rat, "Preparazione" 18: shuffle the Rat deck and reveal 1 Rat card beside it."""
    state = GAME.setup(3, {"rat": "on"}, 4)
    assert state.rat is not None and len(state.rat.shown) == 1 and len(state.rat.deck) == 4
    assert sorted([*state.rat.shown, *state.rat.deck]) == sorted(PACK.rat_cards)
    tops = {GAME.setup(3, {"rat": "on"}, seed).rat.shown[0] for seed in range(20)}  # type: ignore[union-attr]
    assert len(tops) > 1  # shuffled


@pytest.mark.parametrize("mode", list(MODES))
def test_setup_step19_top_tea_player_places_the_rat_after_the_draft(mode: str) -> None:
    """IT Rat, "Preparazione" 19: the player highest on the Tea track places the Rat on a Location of
    their choice; the Tea order is set by the draft [ES p.5 steps 12–20], so it is asked then, before
    Fall. Never the Warehouse (errata 46). A sensible default is preselected."""
    state = GAME.setup(MODES[mode], {"mode": mode, "rat": "on"}, 5)
    assert state.ask is not None and state.ask.kind == "draft"
    state = drafted(MODES[mode], mode, seed=5)
    assert state.ask is not None and state.ask.kind == "rat_place" and state.ask.seats == [state.tea[0]]
    assert state.season == "fall" and state.rat is not None and state.rat.loc is None
    prompt = GAME.prompts(state)[0]
    ids = [o.id for o in prompt.options]
    assert ids == list(PACK.locations) and "warehouse" not in ids and prompt.default and prompt.default[0] in ids
    events = answer(state, state.tea[0], "embassy")
    assert state.rat.loc == "embassy" and "gw.rat_placed" in keys(events)
    assert state.ask is not None and state.ask.kind == "command"  # then Year 1's Fall


def test_placement_refuses_a_location_not_offered() -> None:
    """Errata 46: never the Warehouse; an unknown Location is refused and changes nothing."""
    state = drafted()
    before = GAME.dumps(state)
    for bad in ("warehouse", "nowhere"):
        with pytest.raises(IllegalChoice):
            answer(state, state.tea[0], bad)
    assert GAME.dumps(state) == before


# --- Presence [IT Rat, "Presenza del Ratto"; C4] ---------------------------------------------------

def test_presence_pays_each_player_with_a_clerk_there_one_gold() -> None:
    """IT Rat, "Presenza del Ratto": each time the Rat's Location is Activated, each player with at
    least 1 Clerk there gains 1 [icon lost]; C4, our default: 1 Gold (the current fan reference)."""
    state = cleared(rat_at="quarry")
    place(state, 0, "quarry")
    place(state, 1, "quarry")
    events = jobs(state, {"op": "activate", "loc": "quarry", "advanced": False})
    assert [p.res["gold"] for p in state.players] == [1, 1, 0]
    assert keys(events).count("gw.rat_payout") == 2


def test_presence_pays_nothing_at_another_location() -> None:
    """IT Rat, "Presenza del Ratto": only the Location with the Rat pays."""
    state = cleared(rat_at="mill")
    place(state, 0, "quarry", 2)
    jobs(state, {"op": "activate", "loc": "quarry", "advanced": False})
    assert state.players[0].res["gold"] == 0


def test_presence_pays_honor_with_the_c4_ruling() -> None:
    """Conflict C4: the older fan reference reads the lost icon as 1 Honor (table option rat_payout)."""
    state = cleared(rat_at="quarry", rat_payout="honor")
    place(state, 2, "quarry")
    jobs(state, {"op": "activate", "loc": "quarry", "advanced": False})
    assert state.players[2].honor == 1 and state.players[2].res["gold"] == 0


def test_presence_never_pays_the_reed_clan() -> None:
    """ES p.15: the Reed clan never gains resources or Honor; the Rat pays players (ruling,
    engine/greatwall/rat.py docstring)."""
    state = cleared(2, "duel", rat_at="mill")  # a Reed Clerk stands in the Lumber Mill [ES p.15]
    reed = state.reed
    assert reed is not None and reed in state.clerks_at["mill"]
    place(state, 0, "mill")
    warehouse = dict(state.warehouse)
    jobs(state, {"op": "activate", "loc": "mill", "advanced": False})
    assert state.players[0].res["gold"] == 1 and state.warehouse["gold"] == warehouse["gold"]


# --- The Fall move [IT Rat, "Carte Ratto"] ----------------------------------------------------------

def _card(state: State, card: str) -> None:
    assert state.rat is not None
    state.rat.deck = [c for c in PACK.rat_cards if c != card]
    state.rat.shown = [card]


def test_fall_move_comes_after_the_last_horde_defeat_check_before_winter() -> None:
    """IT Rat, "Carte Ratto": each Fall, after the Horde Defeat check, the player meeting the active
    card's condition moves the Rat; then Winter."""
    state = cleared()
    _card(state, "rat_banner")  # most Honor
    state.players[1].honor = 7
    state.track = [None] * len(state.track)
    jobs(state, {"op": "track", "slot": 0})
    assert state.ask is not None and state.ask.kind == "rat_move" and state.ask.seats == [1]
    assert state.season != "winter"
    events = answer(state, 1, "mine")
    assert state.rat is not None and state.rat.loc == "mine" and "gw.rat_moved" in keys(events)
    assert "gw.season" in keys(events)  # Winter began


def test_the_rat_must_move_never_to_its_own_location_nor_the_warehouse() -> None:
    """IT Rat, "Carte Ratto": the Rat must be Moved and cannot stay on the same Location; errata 46:
    never to the Warehouse. The refused answer changes nothing."""
    state = cleared(rat_at="quarry")
    _card(state, "rat_crumbs")
    jobs(state, {"op": "rat_move"})
    prompt = GAME.prompts(state)[0]
    ids = [o.id for o in prompt.options]
    assert "quarry" not in ids and "warehouse" not in ids and len(ids) == len(PACK.locations) - 1
    before = GAME.dumps(state)
    with pytest.raises(IllegalChoice):
        answer(state, prompt.seat, "quarry")
    assert GAME.dumps(state) == before


def test_a_tie_goes_to_the_higher_tea_marker() -> None:
    """IT Rat, "Carte Ratto": in a tie, the player highest on the Tea track moves the Rat."""
    state = cleared()
    _card(state, "rat_crumbs")  # least Honor: all at 0
    state.tea = [2, 0, 1]
    jobs(state, {"op": "rat_move"})
    assert state.ask is not None and state.ask.seats == [2]


def _honors(state: State) -> None:
    for player, honor in zip(state.players, (5, 2, 9), strict=False):
        player.honor = honor


@pytest.mark.parametrize(("card", "setup", "mover"), [
    ("rat_crumbs", _honors, 1),
    ("rat_banner", _honors, 2),
    ("rat_trophies", lambda s: s.players[1].claimed.append(Claimed("scouts1")), 1),
    ("rat_trophies", lambda s: None, 0),  # nobody has claimed one: a tie, Tea order
    ("rat_burrow", lambda s: place(s, 2, "quarry", 2), 2),
])
def test_the_active_card_names_who_moves(card: str, setup: object, mover: int) -> None:
    """IT Rat, "Carte Ratto": the revealed card states the condition for moving the Rat (stand-in
    conditions, data/rat.toml; ties to Tea)."""
    state = cleared(rat_at="quarry")
    _card(state, card)
    setup(state)  # type: ignore[operator]
    jobs(state, {"op": "rat_move"})
    assert state.ask is not None and state.ask.seats == [mover]


def test_an_automaton_moves_the_rat_by_its_fixed_rule() -> None:
    """IT Rat, "Carte Ratto" with the Reed clan as the 3rd player [ES p.15]: when the Reed clan
    meets the condition it moves the Rat where it has the most Clerks, ties in board order (ruling,
    engine/greatwall/rat.py ``preferred``)."""
    state = cleared(2, "duel", rat_at="mill")
    reed = state.reed
    assert reed is not None
    _card(state, "rat_crumbs")  # least Honor: the Reed clan never gains any
    state.players[0].honor, state.players[1].honor = 3, 4
    events = jobs(state, {"op": "rat_move"})
    assert state.ask is None and "gw.rat_moved" in keys(events)
    assert state.rat is not None and state.rat.loc == "quarry"  # its next Clerk after the Mill


# --- The Summer's new card [IT Rat, "Carte Ratto"; errata 46] ---------------------------------------

def test_summer_reveals_a_new_card_after_the_reclaim_step() -> None:
    """IT Rat, "Carte Ratto": each Summer, after the Command card reclaim step, reveal 1 Rat card on
    top of the active one: it becomes the active card."""
    state = cleared()
    assert state.rat is not None
    ctx = Ctx(state, PACK)
    start: list[Task] = [{"op": "reclaim", "seat": 0}, {"op": "fall"}]
    steps = ctx.fold(start, lambda v, done: v.summer_steps(ctx, [0], done))
    assert [s["op"] for s in steps] == ["reclaim", "rat_reveal", "fall"]
    first, top = state.rat.card, state.rat.deck[0]
    events = jobs(state, {"op": "rat_reveal"})
    assert state.rat.shown[-2:] == [first, top] and state.rat.card == top and "gw.rat_card" in keys(events)


def test_an_empty_rat_deck_is_reshuffled() -> None:
    """Errata 46: reshuffle the Rat deck when it runs out."""
    state = cleared()
    assert state.rat is not None
    state.rat.shown, state.rat.deck = list(PACK.rat_cards), []
    jobs(state, {"op": "rat_reveal"})
    assert len(state.rat.shown) == 1 and len(state.rat.deck) == 4
    assert sorted([*state.rat.shown, *state.rat.deck]) == sorted(PACK.rat_cards)


# --- The Rat Artifact Zhaoyao Jing (errata, fact sheet §15) -----------------------------------------

def test_zhaoyao_jing_scores_3_honor_per_soldier_in_sections_with_the_highest_wall() -> None:
    """Fact sheet §15 (errata): Zhaoyao Jing gives 3 Honor per Soldier in all Sections with the
    highest built Wall."""
    state = cleared()
    state.artifacts = ["zhaoyao_jing"]
    state.sections[0].wall, state.sections[1].wall, state.sections[2].wall = 2, 2, 1
    state.sections[0].hordes = [HordeCard("scouts1", [Soldier(0, "spearman", [0])])]
    state.sections[1].firing = [0]
    state.sections[1].rest = {0: {"spearman": 1}}
    state.sections[2].rest = {0: {"spearman": 4}}  # a lower Wall: not counted
    state.players[0].reserve["spearman"] -= 6
    state.players[0].reserve["archer"] -= 1
    _final_scoring(Ctx(state, PACK))
    assert state.final[0]["artifacts"] == 9 and state.final[1]["artifacts"] == 0
    assert PACK.artifacts["zhaoyao_jing"].honor == 3 and "rat" in PACK.stand_ins


# --- Playouts of the Rat with every mode -------------------------------------------------------------

def check_rat(state: State) -> None:
    assert state.rat is not None
    assert sorted([*state.rat.shown, *state.rat.deck]) == sorted(PACK.rat_cards)
    assert state.rat.shown  # one card is always active
    assert state.rat.loc is None or (state.rat.loc in PACK.locations and state.rat.loc != "warehouse")
    assert state.rat.loc is not None or (state.season in ("draft", "fall") and state.year == 1)


@pytest.mark.parametrize("mode", list(MODES))
def test_a_rat_game_of_each_mode_plays_to_its_end(mode: str) -> None:
    """IT Rat, "Introduzione": any mode. A seeded game (AI and random answers) with the Rat ends,
    every invariant holding after every step; the Rat moved each Fall and a card came each Summer."""
    seats = MODES[mode] + (1 if mode == "coop" else 0)

    def check(state: State) -> None:
        check_invariants(state)
        check_rat(state)

    state, log = games.playout(games.Case("greatwall", seats, {"mode": mode, "rat": "on"}), 7, random_share=30,
                               check=check)
    assert state.season == "over" and state.rat is not None and state.rat.loc is not None
    assert any("rat_" in text for _, text in log)


# --- What everyone sees ------------------------------------------------------------------------------

def test_the_rats_location_and_card_are_public_and_drawn() -> None:
    """IT Rat: the Rat miniature stands on the board and its card is revealed beside the deck: both
    public, in every seat's view and on the board; a table without the Rat has neither."""
    from rendering.greatwall import render_board
    from rendering.greatwall_text import alt_text

    state = cleared(rat_at="mine")
    assert state.rat is not None
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        assert view["rat"] == {"loc": "mine", "card": state.rat.card}
        assert {"kind": "rat", "data": "rat"} in view["panels"]
    view = GAME.view(state, None)
    assert PACK.rat_cards[state.rat.card or ""].name in alt_text(view, PACK, ["A", "B", "C"])
    plain = GAME.setup(3, {}, 1)
    assert "rat" not in GAME.view(plain, None) and "Rat" not in alt_text(GAME.view(plain, None), PACK, ["A", "B", "C"])
    moved = GAME.loads(GAME.dumps(state))
    assert moved.rat is not None
    moved.rat.loc = "mill"
    names = ["A", "B", "C"]
    assert render_board(GAME.view(moved, None), PACK, names) != render_board(view, PACK, names)


# --- The AI ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_ai_level_places_and_moves_the_rat_legally(level: str) -> None:
    """IT Rat steps 19 and "Carte Ratto": the placing and moving seat decides. Every AI level gives a
    legal answer (normal and hard take the preselection, the Location with most own Clerks; random
    and part of easy a random legal one); the engine accepts it."""
    from engine.ai import choose

    state = drafted()
    for step, kind in enumerate(("rat_place", "rat_move")):
        if kind == "rat_move":
            state = cleared(rat_at="quarry")
            _card(state, "rat_crumbs")
            jobs(state, {"op": "rat_move"})
        prompt = GAME.prompts(state)[0]
        assert prompt.kind == kind
        choice = choose(GAME, GAME.view(state, prompt.seat), prompt, 17 + step, level)
        GAME.apply(state, prompt.seat, choice)
        assert state.rat is not None and state.rat.loc == choice.values[0]
    assert state.rat.loc != "quarry"  # the move went elsewhere
