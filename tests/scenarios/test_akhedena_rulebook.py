"""Akhedena rulebook scenarios: every worked example, then the rulings taken on the contradictions
(fact sheet C1–C21). Numbers in comments are the rulebook's."""

from __future__ import annotations

import pytest
from akhedena_kit import GAME, PACK, answer, board, event, fighting, frames, keys, prompt, put

from engine.akhedena.board import Geo
from engine.akhedena.flow import Ctx
from engine.akhedena.pack import Army, Leader
from engine.akhedena.state import Dice
from engine.akhedena.strength import stats
from engine.core.errors import IllegalChoice


def _with(armies: list[Army], generals: list[Leader]) -> None:
    """Test-only cards (the examples give totals, not the printed cards)."""
    PACK.armies.update({a.id: a for a in armies})
    PACK.generals.update({g.id: g for g in generals})


@pytest.fixture(autouse=True)
def _clean_pack():
    armies, generals = dict(PACK.armies), dict(PACK.generals)
    yield
    PACK.armies.clear(), PACK.armies.update(armies)
    PACK.generals.clear(), PACK.generals.update(generals)


def _army(id_: str, atk: int, df: int, weapon: str = "sword", upkeep: int = 1, cls: str = "infantry") -> Army:
    return Army(id_, id_, cls, weapon, atk, df, upkeep, 1)


# -- worked examples ------------------------------------------------------------------------------------
def test_basic_example_the_defence_holds_100_to_100_and_the_counter_wins_100_to_80() -> None:
    """[Cómo Batallar: Te doy un ejemplo] A's attack 100 against B's defence 100 is a tie, so B holds and
    strikes back, 100 against A's 80, and wins: A loses the general and its army cards, B scores 10 VP.
    A beaten attacker keeps no cards, so it pays no upkeep."""
    _with([_army("xa", 50, 40), _army("xb", 50, 50)], [Leader("gx", "Plain", "infantry", "spear", 0, 0)])
    state = board()
    a = put(state, 0, "general", "gx", "H5", "xa", "xa")      # A: ATK 100, DEF 80
    b = put(state, 1, "general", "gx", "H6", "xb", "xb")      # B: ATK 100, DEF 100
    fighting(state)
    answer(state, a.id)
    assert prompt(state).kind == "move"
    answer(state, "stay")
    events = answer(state, b.id)
    ex = event(events, "ak.exchange")
    assert (ex["atk"], ex["df"], ex["counter"]) == (100, 100, [100, 80])
    assert state.piece(a.id) is None and state.piece(b.id) is not None  # A discards general and army
    assert state.players[1].origin_vp == 10 and state.players[0].origin_vp == 0
    assert prompt(state).kind == "fight"  # the attacker lost: no upkeep (where its card goes is ours)


def test_general_bonus_counts_only_when_every_card_shares_its_weapon() -> None:
    """[Cómo Batallar: Te doy un ejemplo] [Habilidad de Potenciación de Armas] A general's bonus counts only
    when all its army cards share its weapon: +10 attack makes 100/40; one odd card and it is lost. The
    bonus as separate attack and defence numbers is our ruling on C8."""
    _with([_army("ya", 50, 20), _army("yb", 40, 20), _army("yc", 40, 20, weapon="axe")],
          [Leader("gy", "Bonus", "infantry", "sword", 10, 0)])
    state = board()
    matched = put(state, 0, "general", "gy", "C3", "ya", "yb")
    mixed = put(state, 0, "general", "gy", "C4", "ya", "yc")
    assert (stats(PACK, matched).atk, stats(PACK, matched).df) == (100, 40)  # 50 + 40 + 10; 20 + 20
    assert (stats(PACK, mixed).atk, stats(PACK, mixed).df) == (90, 40)


def test_scenario_a_archers_hit_each_axeman_alone_and_there_is_no_counter() -> None:
    """[Cómo Batallar: Escenario A] Archers shooting non-archers 2 squares away use one total (20 + 10 = 30)
    against each army card alone: the Axeman defending 30 holds, the one defending 20 falls; there is no
    counter-attack, and as not every card went, no 10 VP."""
    state = board()
    a = put(state, 0, "general", "g10", "H5", "bow1")           # Bowmen 20 + general 10 = 30
    b = put(state, 1, "general", "g06", "H7", "axe1", "axe2")   # Axemen 30/20 and 60/10, general +10 DEF
    fighting(state)
    answer(state, a.id)
    answer(state, "stay")
    assert any(o.args.get("ranged") for o in prompt(state).options)
    events = answer(state, b.id)
    assert event(events, "ak.exchange")["lost"] == ["axe2"]     # 20 < 30 falls; 30 >= 30 holds
    assert event(events, "ak.exchange")["counter"] is None
    assert [c.split(".")[0] for c in b.army] == ["axe1"] and state.piece(b.id) is not None
    assert state.players[0].origin_vp == 0                       # not every card removed: no VP
    assert prompt(state).kind == "upkeep"


def test_scenario_b_archer_against_archer_30_holds_then_40_beats_30() -> None:
    """[Cómo Batallar: Escenario B] Archer against archer at range is a standard battle: A's 30 against B's
    defence 30 holds, B's counter of 40 beats A's 30 and A loses all. B's general adds to defence, not
    attack: our ruling on C8."""
    state = board()
    a = put(state, 0, "general", "g10", "H5", "bow1")            # ATK 20 + 10 = 30, DEF 20 + 10 = 30
    b = put(state, 1, "general", "g11", "H8", "bow3", "bow3")    # DEF 10 + 10 + 10 = 30, ATK 20 + 20
    fighting(state)
    answer(state, a.id)
    answer(state, "stay")
    events = answer(state, b.id)
    ex = event(events, "ak.exchange")
    assert (ex["atk"], ex["df"], ex["counter"]) == (30, 30, [40, 30])
    assert state.piece(a.id) is None and state.players[1].origin_vp == 10


def test_archers_next_to_their_target_fight_a_standard_melee() -> None:
    """[Cómo Batallar: Escenario B] (last paragraph) Archers attacking from the next square fight by the
    standard rules: total against total (30 against 40 holds), then the counter-attack."""
    state = board()
    a = put(state, 0, "general", "g10", "H5", "bow1")
    b = put(state, 1, "general", "g06", "H6", "axe1", "axe2")    # DEF 20 + 10 + 10 = 40 as a whole
    fighting(state)
    answer(state, a.id)
    answer(state, "stay")
    ex = event(answer(state, b.id), "ak.exchange")
    assert (ex["atk"], ex["df"]) == (30, 40) and ex["counter"] == [90, 30] and ex["lost"] == []
    assert state.piece(a.id) is None


def _won_battle_with_upkeep_3() -> tuple[object, object]:
    state = board()
    a = put(state, 0, "general", "g04", "H5", "axe1", "axe2")   # upkeep 1 + 2 = 3 Gold
    b = put(state, 1, "general", "g01", "H6")                    # no army: dies at once, no VP
    fighting(state)
    answer(state, a.id)
    answer(state, "stay")
    answer(state, b.id)
    return state, a


def test_upkeep_of_3_gold_keeps_both_cards() -> None:
    """[Cómo Batallar] (upkeep, after Escenario B) [Detalles de la Carta de Ejército] The player who started
    the battle pays the summed upkeep of its surviving cards, here 3 Gold, to keep both. The beaten general
    had no army card: it dies at once and gives no VP (same section)."""
    state, a = _won_battle_with_upkeep_3()
    assert prompt(state).kind == "upkeep" and state.players[0].origin_vp == 0
    state.players[0].gold = 3
    answer(state, *a.army)
    assert len(a.army) == 2 and state.players[0].gold == 0


def test_upkeep_paying_1_or_2_keeps_one_card_and_too_little_gold_is_refused() -> None:
    """[Cómo Batallar] (upkeep, after Escenario B) Paying 1 or 2 Gold of a 3-Gold upkeep keeps only one
    card; keeping both with 2 Gold is refused and changes nothing."""
    state, a = _won_battle_with_upkeep_3()
    state.players[0].gold = 2
    before = GAME.dumps(state)
    with pytest.raises(IllegalChoice) as refused:
        answer(state, *a.army)
    assert refused.value.reason == "upkeep_gold" and GAME.dumps(state) == before
    a = state.piece(a.id)  # the refusal restored the whole state: fetch the piece again
    keep = next(c for c in a.army if c.startswith("axe2"))
    answer(state, keep)
    assert [c.split(".")[0] for c in a.army] == ["axe2"] and state.players[0].gold == 0


@pytest.mark.parametrize(("cards", "holds"), [(("sword1", "sword1"), True), (("sword1",), False)])
def test_castle_100_holds_against_the_dragon_100_and_sends_it_back(cards: tuple[str, ...], holds: bool) -> None:
    """[Combate con el Dragón] A castle the dragon lands on defends with its total and never strikes back:
    100 against the dragon's 100 holds and sends it to the first Dragon Alert space; at 70 the castle falls."""
    state = board()
    castle = put(state, 0, "castle", "c01", "C3", *cards)       # base 30 + 30 + 30 + bonus 10 = 100
    assert stats(PACK, castle).df == (100 if holds else 70)
    state.alert, state.dragon, state.dice = None, [2, 1], Dice("dragon", 1, "E")
    from engine.akhedena import dragon

    ctx = Ctx(state, PACK)
    dragon.stir(ctx)
    fight = event(ctx.events, "ak.dragon_fight")
    assert fight["atk"] == 100 and fight["counter"] is None      # a castle never counter-attacks
    if holds:
        assert state.piece(castle.id) is not None and state.alert == 0 and state.dragon is None
    else:
        assert state.piece(castle.id) is None and state.dragon == [2, 2]


def test_moving_through_your_own_castle_costs_nothing() -> None:
    """[4. Acción: Mover tu ejército y luchar] A piece cannot pass through other pieces except its own
    castles, which cost no step (the picture's red arrow); an enemy castle must be walked around."""
    state = board()
    general = put(state, 0, "general", "g01", "B2", "sword1")
    put(state, 0, "castle", "c01", "C2")
    geo = Geo(state, PACK)
    assert geo.reach(general, 3, {0})[(1, 3)] == 1               # through the castle: 1, not 2
    assert (1, 2) not in geo.reach(general, 3, {0})              # never ends on it
    state.pieces[1].seat = 1                                     # an enemy castle blocks instead
    assert (1, 3) not in geo.reach(general, 3, {0}) and geo.reach(general, 4, {0})[(1, 3)] == 4


# -- rulings ------------------------------------------------------------------------------------------
def test_tunnels_cost_nothing_to_cross_one_step_out_and_the_rock_closes_one() -> None:
    """[Reglas de los túneles] [Roca] Travelling between open tunnel entrances costs nothing, stepping out
    beside the exit costs 1, nobody stops on an entrance, and an entrance the rock blocks cannot be used."""
    state = board()
    general = put(state, 0, "general", "g01", "H2", "sword1")   # next to the north entrance H3
    geo = Geo(state, PACK)
    reach = geo.reach(general, 1, {0})
    assert (7, 11) in reach and (7, 3) in reach                  # beside the east and west entrances
    assert (2, 7) not in reach                                   # nobody stops on an entrance
    state.rock = 1
    assert (7, 11) not in Geo(state, PACK).reach(general, 1, {0})


def test_the_rock_moves_clockwise_and_the_dragon_wraps_around_the_edge() -> None:
    """[Roca] A rock already on the map moves clockwise to the next tunnel. [Dragón con dirección] A dragon
    that leaves the board comes back in from the opposite edge."""
    from engine.akhedena import dragon

    state = board()
    state.rock = 0                                               # the north entrance
    ctx = Ctx(state, PACK)
    dragon.move_rock(ctx)
    assert state.rock == 1
    state.alert, state.dragon, state.dice = None, [0, 5], Dice("dragon", 1, "N")
    dragon.stir(ctx)
    assert state.dragon == [14, 5]


def test_the_dragon_leaves_the_alert_track_for_the_fortress_centre() -> None:
    """[Alerta del Dragón] Each dragon result moves the dragon one space along the 5-space track; on
    reaching the fifth it flies to the centre of the Abandoned Fortress."""
    from engine.akhedena import dragon

    state = board()
    state.alert = 3
    ctx = Ctx(state, PACK)
    dragon.stir(ctx)
    assert state.alert is None and state.dragon == [7, 7]


def test_a_theft_takes_every_vp_and_the_thief_goes_home() -> None:
    """[Tablero de Juego: Puntos de Origen] A pawn touching an opponent's Origin Point steals the VP stacked
    there, then leaves the board and is put back anywhere in its own territory. Every VP, not one token:
    our ruling on C9."""
    state = board()
    state.players[1].origin_vp = 30
    thief = put(state, 0, "general", "g19", "O14", "lance1")     # next to seat 1's Origin Point, O15
    fighting(state)
    answer(state, thief.id)
    events = answer(state, "O15")
    assert event(events, "ak.theft")["vp"] == 30
    assert state.players[0].origin_vp == 30 and state.players[1].origin_vp == 0
    assert prompt(state).kind == "place" and thief.at == [-1, -1]
    answer(state, prompt(state).options[0].id)
    assert Geo(state, PACK).in_territory(0, (thief.at[0], thief.at[1]))


def test_a_team_mate_is_neither_attacked_nor_robbed() -> None:
    """[Modo Avanzado: Juego en Equipo] Allies cannot attack each other; and (glossary, Punto de Origen) a
    team-mate's VP cannot be stolen."""
    state = board(4, "team")
    me = put(state, 0, "general", "g19", "H5", "lance1")
    put(state, 2, "general", "g01", "H6", "sword1")              # seat 2 is seat 0's partner
    put(state, 1, "general", "g02", "G5", "sword1")
    from engine.akhedena.fight import targets

    ctx = Ctx(state, PACK)
    assert {o.args["seat"] for o in targets(ctx, me)} == {1}
    state.players[2].origin_vp = 20
    partner_origin = Geo(state, PACK).corner(2)
    me.at = [partner_origin[0] - 1, partner_origin[1]]
    fighting(state)
    answer(state, me.id)
    answer(state, "O15")
    assert state.players[2].origin_vp == 20 and state.players[0].origin_vp == 0


def test_a_hero_never_dies_and_a_general_without_army_gives_no_vp() -> None:
    """[¿Qué pasa cuando mi héroe es derrotado en la batalla?] A beaten hero never dies: it loses all its
    army cards and its owner puts it back anywhere in their territory; the attacker removed every card, so
    scores 10 VP [Cómo Batallar]."""
    state = board()
    attacker = put(state, 0, "general", "g02", "H5", "sword2", "sword2")
    hero = put(state, 1, "hero", "ysolde", "H6", "spear3")
    fighting(state)
    answer(state, attacker.id)
    answer(state, "stay")
    answer(state, hero.id)
    assert hero.army == [] and hero.at == [-1, -1] and state.players[0].origin_vp == 10
    answer(state, *attacker.army)                                # the attacker's upkeep first
    assert prompt(state).seat == 1 and prompt(state).kind == "place"    # its owner puts it back


def test_the_crown_needs_a_castle_and_then_wins_with_enough_vp_on_your_own_turn() -> None:
    """[Cómo Obtener la Corona] [Objetivo del Juego] The first to reach the fortress centre takes the crown
    onto one of their castles (with none it stays there: our ruling on C17); its holder wins at 50 VP with
    two players, on their own turn, checked after each step (our ruling on C21)."""
    state = board()
    hero = put(state, 0, "hero", "henry", "H6", "sword1")
    state.players[0].hero = "henry"
    state.dice = Dice("blank", 2, "N")
    frames(state, {"k": "hero_move", "seat": 0})
    events = answer(state, "H8")
    assert "ak.crown_no_castle" in keys(events)
    assert state.crown == "" and hero.at == [7, 7]
    castle = put(state, 0, "castle", "c01", "B2")
    state.players[0].origin_vp = 49
    hero.at = [6, 7]
    frames(state, {"k": "hero_move", "seat": 0})
    answer(state, "H8")
    assert state.crown == castle.id and not state.over          # 49 < 50 (two players)
    state.players[0].origin_vp = 50
    frames(state, {"k": "hero_move", "seat": 0})
    assert state.over and state.winners == [0] and state.end == "crown"


def test_a_player_with_enough_vp_waits_for_their_own_turn() -> None:
    """[Objetivo del Juego] A player wins only during their own turn: the crown and 60 VP end nothing on
    another player's turn (when the check runs is our ruling on C21)."""
    state = board()
    castle = put(state, 1, "castle", "c01", "B2")
    state.crown, state.players[1].origin_vp = castle.id, 60
    frames(state, {"k": "hero_move", "seat": 0})
    put(state, 0, "hero", "henry", "C5")
    state.dice = Dice("blank", 1, "N")
    assert not state.over                                       # seat 0's turn: seat 1 cannot win now


def test_the_first_kingdom_in_the_queue_is_worth_20_vp_and_leaves_when_a_wall_falls() -> None:
    """[Cola de Finalización del Reino] Three castles and all walls put a player in the queue, whose first
    place is worth 20 VP; losing a structure takes them out. Eight walls (C18) and the 20 VP counting only
    while first are our rulings."""
    from engine.akhedena import structures
    from engine.akhedena.victory import total_vp

    state = board()
    for label in ("B2", "B3", "B4"):
        put(state, 0, "castle", "c01", label)
    state.walls = [[3, c, 0] for c in range(5)] + [[4, c, 0] for c in range(1, 4)]
    ctx = Ctx(state, PACK)
    structures.recheck_queue(ctx, 0)
    assert state.queue == [0] and total_vp(ctx, 0) == 20
    structures.remove_wall(ctx, (3, 0))
    assert state.queue == [] and total_vp(ctx, 0) == 0


def test_black_cards_apply_attackers_first_so_its_veil_voids_the_defenders_blade() -> None:
    """[Cómo usar las cartas negras] Before a battle the attacker, then the defender, decides in secret
    whether to lay a black card face down; effects apply attacker first (here the attacker's stand-in card
    cancels the defender's), and each card is used once [Cartas Negras]."""
    state = board()
    a = put(state, 0, "general", "g02", "H5", "sword2")          # ATK 40 + 20 = 60, DEF 30
    b = put(state, 1, "general", "g03", "H6", "sword2")          # ATK 40, DEF 30 + 20 = 50
    state.players[0].black, state.players[1].black = ["veil.0"], ["blade.0"]
    state.black_deck = [c for c in state.black_deck if c not in ("veil.0", "blade.0")]
    fighting(state)
    answer(state, a.id)
    answer(state, "stay")
    answer(state, b.id)
    assert prompt(state).kind == "declare" and prompt(state).seat == 0 and prompt(state).secret
    events = answer(state, "play")
    assert keys(events)[-1] == "ak.declared"
    assert prompt(state).seat == 1
    events = answer(state, "play")
    ex = event(events, "ak.exchange")
    assert (ex["atk"], ex["df"]) == (60, 50)                     # the blade's +20 never came
    assert state.piece(b.id) is None and state.players[0].black == [] and state.players[1].black == []


def test_a_bluff_is_replaced_by_a_fresh_black_card() -> None:
    """[La carta de farol (Bluff Card)] A Bluff is laid as if it were a black card; it is then discarded and
    its owner draws a fresh black card."""
    state = board()
    a = put(state, 0, "general", "g02", "H5", "sword2")
    b = put(state, 1, "general", "g03", "H6", "sword2")
    state.players[0].black = ["bluff.0"]
    state.black_deck = [c for c in state.black_deck if c != "bluff.0"]
    fighting(state)
    answer(state, a.id)
    answer(state, "stay")
    answer(state, b.id)
    answer(state, "play")
    assert len(state.players[0].black) == 1 and state.players[0].black != ["bluff.0"]
    assert "bluff.0" in state.black_discard


def test_henry_trades_food_one_for_one_others_two_for_one() -> None:
    """[Acción: Intercambio en el Mercado] At the Market 2 Food buy 1 Gold; Henry's exception trades 1 Food
    for 1 Gold."""
    state = board()
    state.players[0].hero, state.players[0].gold, state.players[0].food = "henry", 5, 4
    frames(state, {"k": "market", "seat": 0})
    trade = next(o for o in prompt(state).options if o.id == "trade")
    assert trade.args["food"] == 1
    answer(state, "trade")
    assert (state.players[0].gold, state.players[0].food) == (6, 3)
    state.players[0].hero = "barak"
    assert next(o for o in prompt(state).options if o.id == "trade").args["food"] == 2


def test_army_cards_only_go_where_the_class_fits() -> None:
    """[Reglas de asignación de cartas militares] [Detalles de la Carta de General] An army card goes only to
    a general, hero or castle of its class (a ranged castle takes bows, not axes); the 2-card limit is
    counted at the turn's end [Acción: Intercambio en el Mercado]."""
    from engine.akhedena.actions import accepts

    state = board()
    ctx = Ctx(state, PACK)
    general = put(state, 0, "general", "g01", "B2", "sword1")     # infantry general
    castle = put(state, 0, "castle", "c05", "B3")                 # ranged castle
    hero = put(state, 0, "hero", "henry", "B4", "lance1")
    assert accepts(ctx, general, "axe1.0") and not accepts(ctx, general, "bow1.0")
    assert accepts(ctx, castle, "bow1.0") and not accepts(ctx, castle, "axe1.0")
    assert accepts(ctx, hero, "lance2.0") and not accepts(ctx, hero, "sword1.0")
    general.army.append("sword1.99")
    assert accepts(ctx, general, "axe1.0")                        # the count is checked at the turn's end


def test_an_infantry_castle_never_attacks_and_never_answers_a_volley() -> None:
    """[Batallas de Castillo y General: Castillo solo de Infantería] An infantry castle never starts a fight
    and cannot strike back against a ranged attack."""
    from engine.akhedena.fight import targets

    state = board()
    castle = put(state, 0, "castle", "c01", "B5", "sword1", "sword1")
    put(state, 1, "general", "g01", "B6", "sword1")
    assert targets(Ctx(state, PACK), castle) == []
    archer = put(state, 1, "general", "g10", "B8", "bow2", "bow2")
    state.active = 1
    fighting(state, 1)
    answer(state, archer.id)
    answer(state, "stay")
    ex = event(answer(state, castle.id), "ak.exchange")
    assert ex["counter"] is None


def test_a_unit_may_walk_on_after_its_battle_but_not_fight_again() -> None:
    """[4. Acción: Mover tu ejército y luchar] With the table option after_battle:move_on (our ruling on C6)
    the worked infantry example applies: a unit that moved 1 and fought may use its 2 other steps, but
    fights only once a turn."""
    state = board()
    state.after_battle = "move_on"                               # the table option (C6)
    a = put(state, 0, "general", "g02", "H5", "sword2", "sword2")   # infantry: 3 steps
    put(state, 1, "general", "g01", "H7")
    fighting(state)
    answer(state, a.id)
    answer(state, "H6")                                          # 1 step, next to the enemy
    answer(state, prompt(state).options[0].id)                   # the unarmed general dies
    answer(state, *a.army)                                       # upkeep paid
    assert prompt(state).kind == "fight" and a.id in [o.id for o in prompt(state).options]
    answer(state, a.id)
    assert prompt(state).kind == "move" and prompt(state).args["steps"] == 2


# -- quick play -----------------------------------------------------------------------------------------
def test_quick_play_starts_each_side_on_its_back_row() -> None:
    """[Modo de Partida Rápida: Posición Inicial] Every piece starts on its own back row, the castle in the
    middle and the hero two squares from it (the layout is our ruling on C11); each piece starts with
    2 army cards [Distribución Inicial de Cartas]."""
    state = GAME.setup(2, {"mode": "quick"}, 5)
    south = sorted((p.kind, p.at[1]) for p in state.pieces if p.seat == 0)
    assert all(p.at[0] == 12 for p in state.pieces if p.seat == 0)
    assert ("castle", 6) in south and ("hero", 4) in south
    assert all(len(p.army) == 2 for p in state.pieces)


def test_quick_castles_fall_only_to_the_crown_and_a_fallen_castle_wins() -> None:
    """[Modo de Partida Rápida: 3. Reglas del Castillo] [7. Condiciones de Victoria] A castle can be destroyed
    only by a player holding the crown, and destroying an opponent's castle wins the game."""
    from engine.akhedena.quick import targets

    state = board(2, "quick")
    rider = put(state, 0, "general", "g19", "G2", "lance1", "lance1")
    castle = put(state, 1, "castle", "c01", "G1")
    own = put(state, 0, "castle", "c02", "G13")
    ctx = Ctx(state, PACK)
    assert targets(ctx, rider) == []
    state.crown = own.id
    assert [o.id for o in targets(ctx, rider)] == [castle.id]
    frames(state, {"k": "turn_end", "seat": 0, "next": "qturn_start"}, {"k": "attack", "seat": 0, "piece": rider.id})
    answer(state, castle.id)
    assert state.over and state.winners == [0] and state.end == "castle"


def test_quick_cavalry_rides_a_straight_line_and_archers_shoot_diagonally() -> None:
    """[Modo de Partida Rápida: Movimiento] [Combate a Distancia (Arquero)] Cavalry moves any distance along
    a row or column, stopped by pieces (one straight line: our reading); an archer shoots up to 2 squares
    in any direction, diagonals included (our ruling on C7)."""
    from engine.akhedena.quick import reach, targets

    state = board(2, "quick")
    rider = put(state, 0, "general", "g19", "A13", "lance1")
    put(state, 1, "general", "g01", "A5")
    ctx = Ctx(state, PACK)
    squares = reach(ctx, rider)
    assert (5, 0) in squares and (4, 0) not in squares and (11, 1) not in squares
    archer = put(state, 0, "general", "g10", "C7", "bow1")
    put(state, 1, "general", "g02", "E5", "sword1")               # two squares diagonally
    assert any(o.args["ranged"] for o in targets(ctx, archer))


def test_quick_defeating_a_hero_wins_the_game() -> None:
    """[Modo de Partida Rápida: 7. Condiciones de Victoria] Defeating an opponent's hero wins the game,
    unlike the full game where a hero never dies (C15)."""
    state = board(2, "quick")
    rider = put(state, 0, "general", "g19", "G7", "lance1", "lance1")
    put(state, 1, "hero", "henry", "G6")
    frames(state, {"k": "turn_end", "seat": 0, "next": "qturn_start"}, {"k": "attack", "seat": 0, "piece": rider.id})
    answer(state, prompt(state).options[0].id)
    assert state.over and state.winners == [0] and state.end == "hero"


def test_quick_replacing_swaps_a_card_for_one_of_its_class_and_the_crown_allows_two() -> None:
    """[Modo de Partida Rápida: Turnos] [Carta de Comandante] Instead of moving, a player may swap one army
    card for a new one of the same class, never add one; that is the whole turn."""
    state = board(2, "quick")
    unit = put(state, 0, "general", "g19", "G12", "lance1", "lance1")
    frames(state, {"k": "turn_end", "seat": 0, "next": "qturn_start"}, {"k": "qturn", "seat": 0})
    answer(state, "replace")
    old = unit.army[0]
    answer(state, old)
    assert old not in unit.army and len(unit.army) == 2
    assert all(PACK.armies[c.split(".")[0]].cls == "cavalry" for c in unit.army)
    assert prompt(state).kind == "qturn"                          # the next seat; one swap only
