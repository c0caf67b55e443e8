"""La Grande Carestia, a competitive Ancient Chronicles scenario [IT AC, "La Grande Carestia"; fact sheet
§13.2]: one test per rule sentence, each through the engine; then seeded playouts at 3 and 4 players
with their invariants (Food never below 0 nor above the cap)."""

from __future__ import annotations

import games  # tests/engine, on the path by tests/scenarios/conftest.py
import pytest
from greatwall_kit import GAME, PACK, answer, jobs, keys, players_cleared
from greatwall_kit import drafted as kit_drafted
from greatwall_support import check_invariants

from engine.core.errors import IllegalChoice, PackError
from engine.core.prompt import Choice
from engine.greatwall.chronicles import great_famine_pack
from engine.greatwall.clerks import in_play
from engine.greatwall.flow import Ctx
from engine.greatwall.seasons import invade
from engine.greatwall.state import HordeCard, Overseer, Soldier, State

OPTIONS = {"scenario": "great_famine"}
NUMBERS = PACK.scenarios["great_famine"]


def cleared(seats: int = 3) -> State:
    return players_cleared(kit_drafted(seats, 1, options=OPTIONS))


def food(state: State, seat: int) -> int:
    assert state.chronicle is not None
    return int(state.chronicle["food"][str(seat)])


def set_food(state: State, seat: int, value: int) -> None:
    assert state.chronicle is not None
    state.chronicle["food"][str(seat)] = value


def cap(state: State) -> int:
    assert state.chronicle is not None
    return int(state.chronicle["cap"])


# --- The Market [IT AC, "Mercato"] --------------------------------------------------------------------

def test_the_market_is_a_new_special_location_only_in_this_scenario() -> None:
    """IT AC, "Mercato": "Il Mercato è un nuovo tipo di Luogo speciale": Clerks may be sent there (any
    number: special), and it is on the board only when the scenario is played."""
    state = cleared()
    spec = in_play(state, PACK)["market"]
    assert not spec.regular and not spec.shame
    assert "market" not in in_play(GAME.setup(3, {}, 1), PACK)
    assert "market" not in in_play(GAME.setup(3, {"scenario": "long_winter"}, 1), PACK)
    jobs(state, {"op": "cmd_move", "seat": 0, "n": 2, "distinct": False})
    prompt = GAME.prompts(state)[0]
    assert "to.market" in [o.id for i in range(prompt.slots) for o in prompt.options_for(i)]
    answer(state, 0, "from.reserve", "to.market", "from.reserve", "to.market")
    assert state.clerks_at["market"] == [0, 0]


def test_each_clerk_at_the_market_buys_two_food_for_gold_equal_to_the_lethality() -> None:
    """IT AC, "Mercato": "Per ogni Commesso che inviate al Mercato, potete pagare una quantità d'Oro
    pari al valore di Letalità attuale. Se lo fate, aumentate il vostro valore del Cibo di 2"."""
    state = cleared()
    state.time = 3  # a space with Lethality 2 on the 3-player track
    price = Ctx(state, PACK).lethality()
    assert price >= 2
    state.players[0].res["gold"] = price * 2 + 1
    state.players[0].clerks -= 3
    state.clerks_at = {"market": [0, 0, 0]}
    set_food(state, 0, 2)
    jobs(state, {"op": "activate", "loc": "market", "advanced": False})
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "gf_market" and [o.id for o in prompt.options] == ["buy.0", "buy.1", "buy.2"]  # Gold for 2
    with pytest.raises(IllegalChoice):
        GAME.apply(state, 0, Choice("gf_market", ("buy.3",)))
    events = answer(state, 0, "buy.2")
    assert food(state, 0) == 2 + 2 * NUMBERS.market_food and state.players[0].res["gold"] == 1
    assert "gw.gf_bought" in keys(events) and state.players[0].clerks == state.players[1].clerks  # back home


# --- The Food track [IT AC, "Tracciato del Cibo"] --------------------------------------------------

def test_each_player_marks_food_with_a_clerk_under_one_shared_cap() -> None:
    """IT AC: "ogni giocatore usa uno dei propri Commessi per contrassegnare il Cibo ... Per indicare la
    capacità massima di Cibo ... viene usato un segnalino Ferita" (one for the table)."""
    state = GAME.setup(4, OPTIONS, 3)
    base = GAME.setup(4, {}, 3)
    assert state.chronicle is not None and state.chronicle["cap"] == NUMBERS.cap
    assert state.chronicle["food"] == {str(s): NUMBERS.food for s in range(4)}
    assert [p.clerks for p in state.players] == [p.clerks - 1 for p in base.players]
    assert state.chronicle["clerks"] == {str(s): 1 for s in range(4)}


def test_food_is_never_above_the_cap() -> None:
    """IT AC: "Un Commesso non può mai essere più in alto del segnalino Ferita": Food bought past the
    cap is lost."""
    state = cleared()
    set_food(state, 0, cap(state) - 1)
    state.players[0].res["gold"] = 10
    state.players[0].clerks -= 2
    state.clerks_at = {"market": [0, 0]}
    jobs(state, {"op": "activate", "loc": "market", "advanced": False})
    assert GAME.prompts(state)[0].default == ("buy.1",)  # one purchase is all that still counts
    answer(state, 0, "buy.2")
    assert food(state, 0) == cap(state)


# --- Breaches and Raids [IT AC, "Breccia e Razzia"] ------------------------------------------------

def test_a_breach_lowers_the_cap_by_one_per_horde_card_and_takes_no_shame() -> None:
    """IT AC: "spostate il segnalino Ferita ... giù di 1 posizione per ogni carta Orda che fa Breccia
    ... Non prendete né scartate alcun tassello Onta"; "Se il segnalino Ferita scende sotto un qualsiasi
    Commesso, spostate il Commesso nello stesso spazio"."""
    state = cleared()
    card = next(iter(PACK.hordes))
    state.sections[1].hordes = [HordeCard(card), HordeCard(card)]
    set_food(state, 2, cap(state))
    before, supply = cap(state), state.shame_supply
    events = jobs(state, {"op": "breach", "sec": 1})
    assert cap(state) == before - 2 and state.shame_supply == supply
    assert "gw.gf_cap" in keys(events) and "gw.shame" not in keys(events)
    assert food(state, 2) == cap(state)


def test_a_raid_lowers_the_cap_by_one_and_boxes_no_shame() -> None:
    """IT AC, "Breccia e Razzia": a Raid too, 1 per Horde card (the Raid's one card); no Shame."""
    state = cleared()
    card = next(iter(PACK.hordes))
    for section in state.sections:
        section.hordes = [HordeCard(card)] * 3
    before, supply, boxed = cap(state), state.shame_supply, state.shame_boxed
    ctx = Ctx(state, PACK)
    invade(ctx)
    assert cap(state) == before - 1 and (state.shame_supply, state.shame_boxed) == (supply, boxed)
    assert "gw.raid" not in keys(ctx.events)


def test_a_cap_of_five_or_less_ends_the_game_at_once_and_everyone_loses() -> None:
    """IT AC: "Quando il segnalino Ferita ... raggiunge il valore di 5 o meno, il gioco finisce
    immediatamente e tutti i giocatori perdono" (ruling: nobody wins; the outcome has no winner)."""
    state = cleared()
    assert state.chronicle is not None
    state.chronicle["cap"] = NUMBERS.loss_at + 1
    state.sections[0].hordes = [HordeCard(next(iter(PACK.hordes)))]
    events = jobs(state, {"op": "breach", "sec": 0}, {"op": "end_check"})
    assert state.season == "over" and state.end_reasons == ["famine"] and "gw.gf_famine" in keys(events)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and set(outcome.places) == {3}  # all last
    assert GAME.prompts(state) == []


def test_the_famine_ends_the_game_at_once_even_in_the_middle_of_a_spring() -> None:
    """IT AC: "il gioco finisce immediatamente": Spring's Raids take the cap to 5; no Summer follows."""
    state = cleared()
    assert state.chronicle is not None
    state.chronicle["cap"] = NUMBERS.loss_at + 1
    card = next(iter(PACK.hordes))
    for section in state.sections:
        section.hordes = [HordeCard(card)] * 3
    events = jobs(state, {"op": "spring"})
    assert state.season == "over" and state.ask is None and GAME.prompts(state) == []
    assert keys(events).count("gw.game_over") == 1 and keys(events)[-1] == "gw.game_over"


# --- Consumption [IT AC, "Fase di Consumo"] -----------------------------------------------------------

def test_consumption_comes_every_winter_after_the_assault() -> None:
    """IT AC: "Ogni Inverno, dopo la fase di Assalto, risolvete la fase di Consumo" (before the end
    check that closes the Winter)."""
    state = cleared()
    ctx = Ctx(state, PACK)
    steps = [s["op"] for s in ctx.fold([{"op": "firing"}, {"op": "assault_tactics"}, {"op": "assault"},
                                        {"op": "end_check"}], lambda v, done: v.winter_steps(ctx, done))]
    assert steps.index("gf_consume") == steps.index("assault") + 1 and steps[-1] == "end_check"


def _pieces(state: State) -> None:
    """Seat 0: a Clerk at the Mill, an Overseer at the Quarry, a Spearman in a Rest Zone, an Archer in
    a firing spot and a Horseman on a Horde card: 5 pieces on the board."""
    player = state.players[0]
    player.clerks -= 1
    state.clerks_at = {"mill": [0]}
    state.overseers = {"quarry": {0: Overseer(1, "archer")}}
    player.reserve["archer"] -= 2
    player.reserve["spearman"] -= 1
    player.reserve["horseman"] -= 1
    state.sections[0].rest = {0: {"spearman": 1, "archer": 0, "horseman": 0}}
    state.sections[1].firing = [0]
    state.sections[2].hordes = [HordeCard(next(iter(PACK.hordes)), [Soldier(0, "horseman", [0, 1])])]


def test_consumption_costs_one_food_per_soldier_overseer_and_clerk_on_the_board() -> None:
    """IT AC: "abbassare il proprio Cibo di 1 per ciascuno dei propri Soldati, Sorveglianti e Commessi
    sul tabellone (questo vale anche per i Commessi nei Luoghi ordinari e i Soldati nelle Zone di
    Riposo)". With enough Food every piece may be fed."""
    state = cleared()
    _pieces(state)
    set_food(state, 0, 7)
    jobs(state, {"op": "gf_feed", "seat": 0})
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "gf_feed" and len(prompt.options) == 5 and prompt.pick_min == 0 and prompt.default == ()
    answer(state, 0)
    assert food(state, 0) == 2 and state.clerks_at == {"mill": [0]}


def test_the_player_chooses_which_unfed_pieces_return_to_the_reserve() -> None:
    """IT AC: "Se non potete o non volete nutrire un Commesso/Sorvegliante/Soldato, dovete rimmetterlo
    nella riserva": with 3 Food for 5 pieces at least 2 go back, the player's pick; the cheapest are
    preselected (Clerks first, Overseers last)."""
    state = cleared()
    _pieces(state)
    set_food(state, 0, 3)
    reserve = dict(state.players[0].reserve)
    jobs(state, {"op": "gf_feed", "seat": 0})
    prompt = GAME.prompts(state)[0]
    assert prompt.pick_min == 2 and prompt.default == ("clerk.mill.0", "rest.0.spearman.0")
    before = GAME.dumps(state)
    with pytest.raises(IllegalChoice):  # only one unfed: 4 pieces to feed on 3 Food
        GAME.apply(state, 0, Choice("gf_feed", ("horde.2.0.0",)))
    assert GAME.dumps(state) == before
    answer(state, 0, "overseer.quarry", "horde.2.0.0")
    assert food(state, 0) == 0 and "quarry" not in state.overseers and not state.sections[2].hordes[0].soldiers
    assert state.players[0].reserve == {**reserve, "archer": reserve["archer"] + 1,
                                        "horseman": reserve["horseman"] + 1}


# --- Its numbers -------------------------------------------------------------------------------------

def test_the_numbers_are_the_printed_ones_and_marked_stand_ins() -> None:
    """IT AC prints 2 Food per purchase and the loss at 5 or less; the starts are stand-ins."""
    assert (NUMBERS.market_food, NUMBERS.loss_at) == (2, 5) and NUMBERS.food <= NUMBERS.cap
    assert "chronicles/great_famine" in PACK.stand_ins


def test_a_malformed_file_fails_with_a_clear_pack_error() -> None:
    with pytest.raises(PackError, match="cap"):
        great_famine_pack.read("chronicles/great_famine.toml", {"cap": 3, "food": 2, "loss_at": 5, "market_food": 2})
    with pytest.raises(PackError, match="food"):
        great_famine_pack.read("chronicles/great_famine.toml", {"cap": 10, "food": 12, "loss_at": 5,
                                                                "market_food": 2})


# --- Playouts ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("seats", [3, 4])
def test_a_great_famine_game_plays_to_its_end(seats: int) -> None:
    """Every seat count the scenario allows: a seeded game (AI and random answers) ends, every invariant
    holding after every step, Food never below 0 nor above the cap, the cap never rising."""
    caps: list[int] = []

    def check(state: State) -> None:
        check_invariants(state)
        chronicle = state.chronicle or {}
        assert all(0 <= n <= chronicle["cap"] for n in chronicle["food"].values()), chronicle
        assert not caps or chronicle["cap"] <= caps[-1]
        caps.append(chronicle["cap"])

    for seed in (5, 6):
        caps.clear()
        state, _ = games.playout(games.Case("greatwall", seats, OPTIONS), seed, random_share=30, check=check)
        assert state.season == "over" and state.end_reasons
