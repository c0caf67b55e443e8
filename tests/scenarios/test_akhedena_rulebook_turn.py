"""Akhedena rulebook scenarios, second file: the battle reward of a volley, the game's end, the setup
choices, the rock, the end-of-turn holding limits and movement after a battle (fact sheet C6).
Section names are the rulebook's (Spanish edition); the rulebook has no page numbers."""

from __future__ import annotations

import pytest
from akhedena_kit import GAME, PACK, answer, board, event, fighting, frames, keys, prompt, put

from engine.akhedena.flow import Ctx
from engine.akhedena.state import Dice, card_type


def _shoot(state, archer, target) -> list:  # type: ignore[no-untyped-def]
    fighting(state)
    answer(state, archer.id)
    answer(state, "stay")
    return answer(state, target.id)


# -- [Cómo Batallar] the reward of a battle ---------------------------------------------------------------
def test_como_batallar_a_volley_that_destroys_a_generals_only_card_wins_the_battle_and_10_vp() -> None:
    """[Cómo Batallar: ¿Cómo se desarrolla una batalla en general?] Whoever removes every army card of
    the opponent wins the battle and puts 10 VP on their Origin Point — a volley's destroyed cards
    count, so shooting a general's only card from two squares away is worth the same as a melee win."""
    state = board()
    bowmen = put(state, 0, "general", "g10", "H5", "bow1")        # 20 + 10 = 30 at range
    enemy = put(state, 1, "general", "g06", "H7", "axe2")         # DEF 10 + 10 = 20 < 30
    events = _shoot(state, bowmen, enemy)
    assert event(events, "ak.exchange")["lost"] == ["axe2"]
    assert state.piece(enemy.id) is None and "g06" in state.general_deck
    assert state.players[0].origin_vp == 10 and event(events, "ak.battle_vp")["vp"] == 10


def test_como_batallar_a_hero_shot_empty_goes_home_and_the_archer_scores_10_vp() -> None:
    """[Cómo Batallar] [¿Qué pasa cuando mi héroe es derrotado?] A hero whose every card a volley
    destroys is beaten: it goes home, and the shooter wins the battle's 10 VP."""
    state = board()
    bowmen = put(state, 0, "general", "g10", "H5", "bow1")
    hero = put(state, 1, "hero", "barak", "H7", "axe2")           # one card of DEF 10: no hero boost
    _shoot(state, bowmen, hero)
    assert hero.army == [] and hero.at == [-1, -1]
    assert state.players[0].origin_vp == 10


@pytest.mark.parametrize(("army", "falls"), [(("bow2",), True), (("bow1",), False)])
def test_como_batallar_a_castle_shot_empty_gives_the_10_vp(army: tuple[str, ...], falls: bool) -> None:
    """[Cómo Batallar] [Batallas de Castillo] Removing all of a castle's army cards wins the battle
    (10 VP) whether or not the walls of the castle then hold against the same volley."""
    state = board()
    bowmen = put(state, 0, "general", "g10", "H5", *army)         # 40 breaks the walls (30), 30 does not
    castle = put(state, 1, "castle", "c01", "H7", "axe2")         # an infantry castle: DEF 10 + 10 card
    _shoot(state, bowmen, castle)
    assert castle.army == []
    assert (state.piece(castle.id) is None) == falls
    assert state.players[0].origin_vp == 10


# -- [Objetivo del Juego] the end of the game ------------------------------------------------------------
@pytest.mark.parametrize(("options", "limit"), [
    ({"mode": "standard"}, 0), ({"mode": "team"}, 0), ({"mode": "standard", "rounds": "on"}, 30),
    ({"mode": "quick"}, 30), ({"mode": "quick", "rounds": "off"}, 0), ({"mode": "standard", "rounds": "12"}, 12)])
def test_objetivo_del_juego_only_crown_and_vp_end_the_full_game_unless_the_table_sets_a_limit(
        options: dict[str, str], limit: int) -> None:
    """[Objetivo del Juego] The game ends only when a side holds the crown with enough VP on its own
    turn; a round limit is a table option, off in the full game (quick play keeps it on)."""
    seats = 4 if options["mode"] == "team" else 2
    assert GAME.setup(seats, options, 5).round_limit == limit


def _stop_at_the_limit(state) -> None:  # type: ignore[no-untyped-def]
    state.round_limit, state.round = 3, 3
    frames(state, {"k": "turn_end", "seat": state.seats - 1})
    assert state.over and state.end == "rounds"


def test_objetivo_del_juego_at_the_round_limit_the_crown_holder_ranks_first_then_vp() -> None:
    """[Objetivo del Juego] The crown is half of the rulebook's win: at a table's round limit its
    holder ranks first, whatever the VP; the others follow by VP; the seat order decides nothing."""
    state = board(seats=3)
    castle = put(state, 2, "castle", "c01", "N14")
    state.crown = castle.id
    state.players[0].origin_vp, state.players[1].origin_vp, state.players[2].origin_vp = 30, 40, 10
    _stop_at_the_limit(state)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (2,) and outcome.ranking == (2, 1, 0)
    assert outcome.placed() == [(1, 2), (2, 1), (3, 0)]


def test_objetivo_del_juego_an_exact_tie_at_the_round_limit_shares_the_place() -> None:
    """[Objetivo del Juego] Without the crown and with equal VP nothing separates two players: they
    share the place (both win when it is the first), instead of the lower seat winning."""
    state = board(seats=3)
    state.players[0].origin_vp, state.players[1].origin_vp, state.players[2].origin_vp = 20, 30, 30
    _stop_at_the_limit(state)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert set(outcome.winners) == {1, 2} and outcome.placed() == [(1, 1), (1, 2), (3, 0)]


# -- [Preparación del Juego: Ganancias Iniciales] ---------------------------------------------------------
def test_ganancias_iniciales_each_player_chooses_any_general() -> None:
    """[Ganancias Iniciales] Each player chooses the general they prefer: every general card not yet
    taken is offered, not a few drawn from the deck."""
    state = GAME.setup(2, {"mode": "standard"}, 9)
    while prompt(state).kind != "draft_general":
        answer(state, prompt(state).options[0].id)
    offered = [o.id for o in prompt(state).options]
    assert sorted(offered) == sorted(PACK.generals)
    chosen = state.general_market[0]                              # even one lying face up in the market
    answer(state, chosen)
    assert chosen not in state.general_market and len(state.general_market) == 3
    while prompt(state).kind != "draft_general":
        answer(state, prompt(state).options[0].id)
    assert chosen not in [o.id for o in prompt(state).options]
    assert len(prompt(state).options) == len(PACK.generals) - 1


# -- [Roca] ------------------------------------------------------------------------------------------------
def test_roca_the_roller_puts_the_first_rock_on_a_tunnel_of_their_choice_then_it_moves_clockwise() -> None:
    """[Roca] With no rock on the map, a stone result lets the roller put it on the tunnel entrance
    they choose; with one, the rock moves clockwise to the next tunnel."""
    from engine.akhedena import dragon

    state = board()
    state.dice = Dice("stone", 2, "N")
    ctx = Ctx(state, PACK)
    dragon.move_rock(ctx)
    rock = prompt(state)
    assert rock.kind == "rock" and rock.seat == 0
    assert [o.id for o in rock.options] == ["H3", "M8", "H13", "C8"] and rock.default == ("H3",)
    answer(state, "H13")                                          # the south entrance
    assert state.rock == 2
    dragon.move_rock(Ctx(state, PACK))
    assert state.rock == 3 and not GAME.prompts(state)


# -- [Acción: Intercambio en el Mercado] holding limits at the end of the turn -----------------------------
def test_intercambio_en_el_mercado_a_third_card_may_be_bought_and_one_is_discarded_at_the_turn_end() -> None:
    """[Acción: Intercambio en el Mercado] Buying has no limit; only at the end of the turn must a
    player hold no more than 2 army cards on a unit — and the player chooses what goes."""
    state = board()
    general = put(state, 0, "general", "g01", "B2", "sword1", "sword3")
    state.market[0] = "axe2.99"
    frames(state, {"k": "turn_end", "seat": 0}, {"k": "limits", "seat": 0}, {"k": "market", "seat": 0})
    answer(state, "axe2.99")
    assert prompt(state).kind == "assign" and general.id in [o.id for o in prompt(state).options]
    answer(state, general.id)
    assert len(general.army) == 3                                 # over the limit during the turn
    answer(state, "done")
    trim = prompt(state)
    assert trim.kind == "trim_cards" and trim.pick_min == trim.pick_max == 1
    assert trim.default == ("axe2.99",)                            # the newest by default
    answer(state, general.army[0])                                # the player's choice wins
    assert [card_type(c) for c in general.army] == ["sword3", "axe2"]


def test_intercambio_en_el_mercado_a_fourth_general_is_let_go_at_the_turn_end() -> None:
    """[Acción: Intercambio en el Mercado] At most 3 general cards at the end of the turn: a fourth
    may be bought, then the player lets one of them go (with its army cards)."""
    state = board()
    for sq in ("B2", "B3", "B4"):
        put(state, 0, "general", "g01", sq, "sword1")
    frames(state, {"k": "turn_end", "seat": 0}, {"k": "limits", "seat": 0}, {"k": "market", "seat": 0})
    bought = state.general_market[0]
    answer(state, bought)
    answer(state, "C3")                                           # placed at home
    answer(state, "done")
    trim = prompt(state)
    assert trim.kind == "trim_general" and len(trim.options) == 4
    newest = trim.default[0]
    assert state.piece(newest) is not None and state.piece(newest).card == bought  # type: ignore[union-attr]
    first = trim.options[0].id
    answer(state, first)
    assert state.piece(first) is None and sum(p.kind == "general" for p in state.pieces) == 3


def test_intercambio_en_el_mercado_the_black_card_may_be_exchanged_more_than_once() -> None:
    """[Acción: Intercambio en el Mercado] Black cards are exchanged, never bought; the rulebook sets
    no limit on exchanges in a Market action (you end the turn holding one)."""
    state = board()
    state.players[0].black = [state.black_deck.pop(0)]
    frames(state, {"k": "market", "seat": 0})
    answer(state, "swap_black")
    assert "swap_black" in [o.id for o in prompt(state).options]
    answer(state, "swap_black")
    assert len(state.players[0].black) == 1


# -- [Movimiento después de una batalla o destrucción] (C6) -------------------------------------------------
def _fight_next_door(options: dict[str, str]):  # type: ignore[no-untyped-def]
    state = GAME.setup(2, options, 1)
    clean = board()
    clean.after_battle = state.after_battle
    a = put(clean, 0, "general", "g02", "H5", "sword2", "sword2")   # infantry: 3 steps
    put(clean, 1, "general", "g01", "H7")
    fighting(clean)
    answer(clean, a.id)
    answer(clean, "H6")                                           # 1 step, next to the enemy
    answer(clean, prompt(clean).options[0].id)                    # the unarmed general dies
    answer(clean, *a.army)                                        # upkeep paid
    return clean, a


def test_movimiento_despues_de_una_batalla_movement_ends_with_the_battle() -> None:
    """[Movimiento después de una batalla o destrucción] A pawn's move ends at once when it fights
    (or destroys something): its remaining steps are lost; move another pawn (the table default)."""
    state, a = _fight_next_door({"mode": "standard"})
    assert prompt(state).kind == "fight" and a.id not in [o.id for o in prompt(state).options]
    assert a.steps == 0


def test_movimiento_despues_de_una_batalla_a_movement_card_moves_the_same_pawn_again() -> None:
    """[Movimiento después de una batalla o destrucción: Excepción] Discarding an action card of extra
    movement lets the pawn that fought move again."""
    state, a = _fight_next_door({"mode": "standard"})
    state.players[0].hand = ["march.99"]
    answer(state, "march.99")
    answer(state, a.id)
    answer(state, a.id)
    assert prompt(state).kind == "move" and prompt(state).args["steps"] == 3


def test_mover_tu_ejercito_y_luchar_the_table_may_let_a_unit_walk_on_after_its_battle() -> None:
    """[4. Acción: Mover tu ejército y luchar] The worked infantry example moves 1, fights, then moves
    2 more; a table choosing that reading (after_battle = move_on) plays it so."""
    state, a = _fight_next_door({"mode": "standard", "after_battle": "move_on"})
    answer(state, a.id)
    assert prompt(state).kind == "move" and prompt(state).args["steps"] == 2
    assert "ak.battle" not in keys(answer(state, "stay"))
