"""The Great Wall co-operative mode for 2 players, with the Reed clan [ES p.18–19 "Reglas para 2
jugadores", ES p.15 for the Reed clan; RU p.18; FAQ #4, #22, #38], one test per rule.

Each test builds a position with the engine's own setup and tasks. The Demand and Event cards are
our stand-ins (engine/greatwall/data/coop.toml), picked by id.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from greatwall_kit import GAME, PACK, answer, jobs, keys

from engine.core.prompt import Choice
from engine.greatwall.coop import TARGET, TWO_PLAYER_BOXED
from engine.greatwall.flow import Ctx
from engine.greatwall.game import GreatWallGame
from engine.greatwall.pack import load_pack
from engine.greatwall.seasons import invade
from engine.greatwall.state import Claimed, HordeCard, State, TrackCard
from engine.greatwall.variant import named

A, B, REED = 0, 1, 2
COOP2 = {"mode": "coop"}


def drafted(seed: int = 1, game: GreatWallGame = GAME, **options: str) -> State:
    """A 2-player co-op game just past the draft (first general and advisor each)."""
    state = game.setup(2, {**COOP2, **options}, seed)
    for prompt in game.prompts(state):
        game.apply(state, prompt.seat, Choice(prompt.kind, tuple(prompt.options_for(i)[0].id for i in range(2))))
    return state


def cleared(seed: int = 1, game: GreatWallGame = GAME, **options: str) -> State:
    """Drafted, then an empty board and no Demands, Events or pending work; the Reed Clerks where the
    setup put them; Tea order A, B, Reed; spearmen only in the reserves (one place for a Shame)."""
    state = drafted(seed, game, **options)
    for section in state.sections:
        section.hordes, section.barricades, section.firing, section.rest = [], 0, [], {}
    for seat in [s for at in state.clerks_at.values() for s in at if s != REED]:
        state.players[seat].clerks += 1
    state.clerks_at = {loc: [REED] for loc in ("mill", "quarry", "mine")}
    state.tea, state.ask, state.tasks, state.active = [A, B, REED], None, [], None
    state.demands, state.demand_deck, state.events, state.event_deck = [None] * 3, [], [], []
    state.track, state.command_discard, state.time = [None] * 5, [], 1
    for p in state.players[:2]:
        p.tactics, p.active, p.support, p.honor = [], [], [], 0
        p.res = {"wood": 0, "stone": 0, "gold": 0, "chi": 0}
        p.reserve = {"spearman": 5, "archer": 0, "horseman": 0}
    state.warehouse = {"wood": 0, "stone": 0, "gold": 0, "chi": 0}
    return state


# --- Setup [ES p.15 steps 1, 4–6, 8, 18, 19; ES p.18–19] ---------------------------------------------

def test_coop_is_open_to_2_players() -> None:
    """Co-op plays at 2 to 4 players; 2-player games may be normal or co-op [ES p.15]."""
    assert named("coop").seats == (2, 4)
    assert GAME.caps.seat_range({"mode": "coop"}) == (2, 5)  # and 5 with the fifth player [IT 5P]
    assert GAME.setup(2, COOP2, 1).mode == "coop"


def test_2p_setup_the_leftmost_section_is_blocked_with_its_hordes_removed() -> None:
    """2 players use the 3-player board with the leftmost Section blocked by 3 Barricades for the
    whole game, and the Hordes whose back shows it are removed — here from the co-op Horde deck
    [ES p.15 steps 1, 4; ES p.18 step 4]."""
    state = GAME.setup(2, COOP2, 3)
    assert state.blocked == 1 and len(state.sections) == 2
    cards = [*state.horde_deck, *(c.card for s in state.sections for c in s.hordes)]
    assert set(cards) <= set(PACK.coop["hordes"])
    assert sorted(cards) == sorted(h for h in PACK.coop["hordes"] if PACK.hordes[h].invasion >= 1)


def test_2p_setup_six_barricades_on_the_sections_in_play() -> None:
    """3 Barricades on each Section in play: 6 at 2 players (fact sheet §4; ES p.15 step 6)."""
    state = GAME.setup(2, COOP2, 2)
    assert [s.barricades for s in state.sections] == [3, 3]


def test_2p_setup_twenty_shame_tokens() -> None:
    """10 Shame tokens per player: 20 at 2 players [ES p.15 step 19, FAQ #22; ES p.18]."""
    assert GAME.setup(2, COOP2, 1).shame_supply == 20


def test_2p_only_two_demands_are_active_the_third_slot_unused() -> None:
    """Draw 2 Demands instead of 3; the third slot is not used, not even when refilling [ES p.19]."""
    state = GAME.setup(2, COOP2, 4)
    assert state.demands[2] is None and None not in state.demands[:2]
    assert GAME.view(state, None)["coop"]["demands"] == state.demands[:2]
    state = cleared()
    state.demands, state.demand_deck = [None, None, None], ["timber", "marble", "treasury"]
    jobs(state, {"op": "refill_demands"})
    assert state.demands == ["timber", "marble", None] and state.demand_deck == ["treasury"]


def test_2p_four_demands_are_boxed() -> None:
    """Four named Demands go back in the box at 2 players [ES p.19, "Reglas para 2 jugadores"]."""
    for seed in range(1, 6):
        state = GAME.setup(2, COOP2, seed)
        dealt = [*state.demand_deck, *(d for d in state.demands if d is not None)]
        assert not set(dealt) & set(TWO_PLAYER_BOXED)
        assert sorted(dealt) == sorted(set(PACK.demands) - set(TWO_PLAYER_BOXED))


def test_2p_the_reed_clan_is_seated_as_in_duel() -> None:
    """The Reed clan joins: 3 Clerks in the Mill, Quarry and Gold Mine, all the Spearmen of a spare
    colour, its Tea marker at the bottom of the stack [ES p.15 steps 8, 18]."""
    state = drafted()
    assert state.reed == REED and len(state.players) == 3
    assert sorted(loc for loc, at in state.clerks_at.items() if REED in at) == ["mill", "mine", "quarry"]
    reed = state.players[REED]
    assert reed.reserve == {"spearman": PACK.box["spearmen"], "archer": 0, "horseman": 0}
    assert state.tea[-1] == REED and reed.clerks == 0 and not reed.hand


def test_2p_the_reed_clan_plays_its_command_card_every_fall() -> None:
    """Reed plays its one command card every Fall, and it comes back every year (it is not a
    co-op player's card to reclaim) [ES p.15]."""
    state = cleared()
    state.players[A].hand, state.players[B].hand = ["economy"], ["economy"]
    jobs(state, {"op": "fall"})
    answer(state, A, "economy")
    events = answer(state, B, "economy")
    reveal = next(e for e in events if e.key == "gw.commands")
    assert reveal.args["picks"][str(REED)] == PACK.reed.id
    state = cleared()
    state.track[0], state.track[1] = TrackCard(REED, PACK.reed.id), TrackCard(A, "economy")
    jobs(state, {"op": "coop_summer_end"})
    assert [(c.seat, c.card) for c in state.command_discard] == [(A, "economy")]


# --- "Players + 1" starting Hordes [ES p.18 step 5; fact sheet §18 unknown] -------------------------

def test_2p_starting_hordes_count_the_players_not_the_reed_clan() -> None:
    """Players + 1 Hordes at setup. Whether Reed counts is unknown; ruling: the 2 players only
    (3 Hordes), as every co-op count leaves Reed out (FAQ #38)."""
    for seed in range(1, 4):
        state = GAME.setup(2, COOP2, seed)
        assert sum(len(s.hordes) for s in state.sections) == 3


def test_2p_starting_hordes_counting_the_reed_clan_is_a_table_option() -> None:
    """The other reading, table option start_hordes=clans: ES p.15's "a 3-player game", 4 Hordes."""
    for seed in range(1, 4):
        state = GAME.setup(2, {**COOP2, "start_hordes": "clans"}, seed)
        assert sum(len(s.hordes) for s in state.sections) == 4


# --- The Demands and the Reed clan [FAQ #38; RU p.18] -----------------------------------------------

def test_x_on_a_demand_is_2_at_2_players(tmp_path: Path) -> None:
    """"X" on a Demand card is 2 at 2 players (conflict C8: RU p.18; ES is silent)."""
    (tmp_path / "greatwall").mkdir()
    (tmp_path / "greatwall" / "coop.toml").write_text('[[demands]]\nid = "timber"\npay = { wood = "X" }\n')
    game = GreatWallGame(load_pack(tmp_path))
    state = cleared(game=game)
    state.demands = ["timber", None, None]
    state.players[A].res["wood"], state.players[B].res["wood"] = 2, 1
    ctx_events = jobs(state, {"op": "fulfil"})
    assert "gw.demand_met" not in keys(ctx_events)
    prompts = {p.seat: p for p in game.prompts(state)}
    assert prompts[A].options_for(0)[1].args["cost"] == {"wood": 2}
    assert prompts[A].default == ("d0",) and prompts[B].default == ("s0",)  # B's 1 Wood is short of X
    game.apply(state, A, Choice("demands", ("d0",)))
    game.apply(state, B, Choice("demands", ("s0",)))
    assert state.fulfilled == ["timber"] and state.players[A].res["wood"] == 0


def test_the_reed_clan_is_not_asked_and_pays_no_all_players_demand() -> None:
    """An "all players" Demand is met by the 2 players alone: Reed neither pays nor Sacrifices and
    is not waited for (FAQ #38)."""
    state = cleared()
    state.demands = ["supplies", "bowmen", None]
    for p in state.players[:2]:
        p.res.update(wood=1, stone=1, gold=1)
    jobs(state, {"op": "fulfil"})
    assert state.ask is not None and state.ask.seats == [A, B]
    answer(state, A, "d0", "s1")
    answer(state, B, "d0", "s1")
    assert state.fulfilled == ["supplies"] and state.players[REED].sacrificed == {
        "spearman": 0, "archer": 0, "horseman": 0}
    assert all(sum(p.res.values()) == 0 for p in state.players[:2])


def test_a_sacrifice_for_all_players_is_the_two_players_only() -> None:
    """An "all players" Sacrifice: each player Sacrifices their own; Reed's Spearmen are untouched
    even though it holds some (FAQ #38)."""
    state = cleared()
    state.demands = ["guard", None, None]  # boxed at 2p, set here by hand only to test the count
    spearmen = state.players[REED].reserve["spearman"]
    jobs(state, {"op": "fulfil"})
    answer(state, A, "d0")
    answer(state, B, "d0")
    assert state.fulfilled == ["guard"] and state.players[REED].reserve["spearman"] == spearmen
    assert [p.sacrificed["spearman"] for p in state.players[:2]] == [2, 2]


def test_a_condition_demand_for_all_players_ignores_the_reed_clan() -> None:
    """A board condition every player must meet counts the players, not Reed (FAQ #38)."""
    state = cleared()
    state.demands = ["taunt", None, None]  # boxed at 2p, set here by hand only to test the count
    for p in state.players[:2]:
        p.claimed = [Claimed(PACK.coop["hordes"][0])]
    jobs(state, {"op": "fulfil"})
    assert state.fulfilled == ["taunt"]


def test_the_demand_target_is_6_at_2_players() -> None:
    """6 Demands win at 2 players; Reed does not count toward it (ES p.18; FAQ #38)."""
    assert TARGET[2] == 6
    state = cleared()
    state.fulfilled = ["timber", "marble", "treasury", "prayers", "bowmen"]
    jobs(state, {"op": "coop_end_check"})
    assert state.season != "over"
    state.fulfilled.append("supplies")
    events = jobs(state, {"op": "coop_end_check"})
    assert state.won is True and "gw.coop_over" in keys(events)
    assert GAME.view(state, None)["coop"]["target"] == 6
    assert sorted(state.final) == [A, B] and GAME.outcome(state).winners == (A, B)


def test_the_demand_step_shame_skips_the_reed_clan() -> None:
    """Demand step: each player takes 1 Shame per Demand left; the Reed clan takes none (FAQ #38,
    ES p.15): 2 Demands left cost the supply 4 tokens, not 6."""
    state = cleared()
    state.demands = ["timber", "marble", None]
    supply = state.shame_supply
    jobs(state, {"op": "demand_step"})
    assert [sum(p.shamed.values()) for p in state.players] == [2, 2, 0]
    assert state.shame_supply == supply - 4


# --- Events and Summer with the Reed clan (rulings) ---------------------------------------------------

def test_events_give_the_reed_clan_nothing() -> None:
    """An Event's per-player effects are the players' only: nothing for Reed, not even Warehouse
    resources (ruling, after FAQ #38 and ES p.15); its passive income too."""
    state = cleared()
    state.event_deck = ["caravan"]
    jobs(state, {"op": "event_step"})
    assert [p.res["gold"] for p in state.players[:2]] == [2, 2] and state.warehouse["gold"] == 0
    jobs(state, {"op": "summer"})
    assert [p.res["wood"] for p in state.players[:2]] == [1, 1] and state.warehouse["wood"] == 0
    assert state.ask is not None and state.ask.kind == "coop_shame" and state.ask.seats == [A]
    answer(state, A, "shame.0", "tac.none")
    assert state.ask is not None and state.ask.kind == "coop_shame" and state.ask.seats == [B]


def test_2p_reed_chi_goes_to_the_warehouse_too() -> None:
    """At 2 players in co-op too, every resource the Reed clan would gain goes to the Warehouse, Chi
    included [ES p.15 "Reglas del clan Junco", RU p.15; ES p.18 keeps the 2-player Reed rules]."""
    from engine.greatwall.abilities import gain
    state = cleared()
    gain(Ctx(state, PACK), REED, {"chi": 1, "stone": 1}, reason="reward")
    assert state.warehouse == {"wood": 0, "stone": 1, "gold": 0, "chi": 1}
    assert state.players[REED].res == {"wood": 0, "stone": 0, "gold": 0, "chi": 0}


def test_on_the_reed_clans_turn_its_overlord_gives_the_team_order() -> None:
    """The team orders the players at a Location [ES p.19]; on Reed's own turn the active player
    is Reed, so its Overlord, the top Tea player, speaks for the team [ES p.15]."""
    state = cleared()
    state.tea, state.active = [B, A, REED], REED
    for seat in (A, B):
        state.players[seat].clerks -= 1
        state.clerks_at.setdefault("encampment", []).append(seat)
    for seat in (A, B):
        state.players[seat].res["wood"] = 5
    jobs(state, {"op": "activate", "loc": "encampment", "advanced": False})
    assert state.ask is not None and state.ask.kind == "team_order" and state.ask.seats == [B]


# --- The Reed rulings apply in 2-player co-op too ------------------------------------------------------

@pytest.mark.parametrize(("reading", "boxed"), [("humans", 2), ("clans", 3)])
def test_a_raid_at_2p_coop_follows_the_raid_count_option(reading: str, boxed: int) -> None:
    """A Raid boxes Shame per human player (RU p.15, FAQ #4) or per clan (table option
    raid_count=clans, conflict C7), in 2-player co-op as in duel."""
    state = cleared(raid_count=reading)
    for s in state.sections:
        s.hordes = [HordeCard(PACK.coop["hordes"][0]) for _ in range(3)]
    supply = state.shame_supply
    invade(Ctx(state, PACK))
    assert supply - state.shame_supply == boxed
