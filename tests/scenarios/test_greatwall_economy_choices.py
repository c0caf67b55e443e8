"""The Great Wall's economy decisions belong to the player [ES v2.0]: the mix paid for walls and
barricades (and which Warehouse resources go), which soldiers a Logistics clerk moves and where, and
which Shame tokens a Summer payment clears. Each prompt opens on the engine's former choice as its
default, which stays only a preselection."""

from __future__ import annotations

from greatwall_kit import GAME, answer, cleared, jobs

from engine.core.prompt import Prompt
from engine.greatwall.state import Claimed, State

BLUE, RED, YELLOW = 0, 1, 2


def _prompt(state: State) -> Prompt:
    prompts = GAME.prompts(state)
    assert len(prompts) == 1
    return prompts[0]


def _encampment(state: State, seat: int = BLUE) -> None:
    state.clerks_at["encampment"] = [seat]
    state.players[seat].clerks -= 1
    jobs(state, {"op": "activate", "loc": "encampment", "advanced": False})


# --- Paying for walls and barricades [ES p.13] --------------------------------------------------------

def test_barricade_is_paid_with_any_mix_of_wood_stone_gold_the_player_picks() -> None:
    """A barricade costs any 2 of Wood/Stone/Gold in any combination, and the builder decides which
    [ES p.13, Build a barricade]. Here: 2 Wood, 1 Stone, 1 Gold; Blue keeps both Wood."""
    state = cleared()
    state.players[BLUE].res.update({"wood": 2, "stone": 1, "gold": 1})
    _encampment(state)
    answer(state, BLUE, "bar.0", "tac.none")
    pay = _prompt(state)
    assert pay.kind == "pay"
    assert {o.id for o in pay.options} == {"w2-s0-g0", "w1-s1-g0", "w1-s0-g1", "w0-s1-g1"}
    assert pay.default != ("w0-s1-g1",)  # the answer below is the player's, not the preselection
    answer(state, BLUE, "w0-s1-g1")
    assert state.players[BLUE].res == {"wood": 2, "stone": 0, "gold": 0, "chi": 0}
    assert state.sections[0].barricades == 1 and state.players[BLUE].honor == 2


def test_two_builds_of_one_activation_are_paid_together() -> None:
    """Several clerks' builds happen at once [ES p.13, clarifications]: one payment covers them all."""
    state = cleared()
    state.players[BLUE].res.update({"wood": 2, "stone": 2})
    state.clerks_at["encampment"] = [BLUE, BLUE]
    state.players[BLUE].clerks -= 2
    jobs(state, {"op": "activate", "loc": "encampment", "advanced": False})
    answer(state, BLUE, "bar.0", "bar.1", "tac.none")
    assert state.ask is None  # 4 to pay from exactly 4: nothing to decide, nothing asked
    assert state.players[BLUE].res["wood"] == 0 and state.players[BLUE].res["stone"] == 0
    assert [s.barricades for s in state.sections[:2]] == [1, 1]


def test_a_payment_with_only_one_way_is_not_asked() -> None:
    """With one kind of resource there is no mix to choose [ES p.13]: the build simply happens."""
    state = cleared()
    state.players[BLUE].res.update({"stone": 3})
    _encampment(state)
    answer(state, BLUE, "bar.2", "tac.none")
    assert state.ask is None
    assert state.players[BLUE].res["stone"] == 1 and state.sections[2].barricades == 1


def test_the_player_picks_which_warehouse_resources_pay_and_keeps_their_own() -> None:
    """The Warehouse must pay first [ES p.13, Warehouse]; when it holds more than the cost, the
    builder chooses which of its resources are spent, and nothing comes from behind the screen."""
    state = cleared()
    state.warehouse.update({"wood": 3, "gold": 3})
    state.players[BLUE].res.update({"stone": 5})
    _encampment(state)
    answer(state, BLUE, "wall.1", "tac.none")
    pay = _prompt(state)
    assert pay.default != ("w2-s0-g3",)  # the answer below is the player's, not the preselection
    assert all(o.args["source"] == "warehouse" for o in pay.options)
    answer(state, BLUE, "w2-s0-g3")
    assert state.warehouse["wood"] == 1 and state.warehouse["gold"] == 0
    assert state.players[BLUE].res["stone"] == 5 and state.sections[1].wall == 1


# --- Logistics Center [ES p.13] -----------------------------------------------------------------------

def _logistics(state: State, clerks: int = 1) -> None:
    state.clerks_at["logistics"] = [BLUE] * clerks
    state.players[BLUE].clerks -= clerks
    jobs(state, {"op": "activate", "loc": "logistics", "advanced": False})


def _station(state: State, sec: int, firing: int = 0, **rest: int) -> None:
    section = state.sections[sec]
    section.firing += [BLUE] * firing
    state.players[BLUE].reserve["archer"] -= firing
    zone = section.rest.setdefault(BLUE, {"spearman": 0, "archer": 0, "horseman": 0})
    for unit, n in rest.items():
        zone[unit] += n
        state.players[BLUE].reserve[unit] -= n


def test_logistics_moves_any_subset_one_archer_to_a_firing_spot_one_to_the_rest_zone() -> None:
    """A clerk picks one section and moves any number of the player's soldiers there, in any
    combination, to one other section; firing-spot archers take empty firing spots or the Rest Zone
    [ES p.13, Logistics Center]. Blue moves only its two archers and leaves its three spearmen."""
    state = cleared()
    _station(state, 0, firing=2, spearman=3)
    _logistics(state)
    route = _prompt(state)
    assert route.kind == "logistics" and route.default == ("pass",)  # the move is optional
    answer(state, BLUE, "0-1")
    move = _prompt(state)
    assert move.kind == "shift"
    assert move.default == ("f2-r0", "spearman.3")  # the old "everyone moves" answer
    answer(state, BLUE, "f1-r1", "spearman.0")
    assert state.sections[0].firing == [] and state.sections[0].rest[BLUE]["spearman"] == 3
    assert state.sections[1].firing == [BLUE] and state.sections[1].rest[BLUE]["archer"] == 1


def test_logistics_rest_zone_archers_only_reach_another_rest_zone() -> None:
    """Archers in a Rest Zone may only move to another Rest Zone, never to firing spots [ES p.13]."""
    state = cleared()
    _station(state, 0, archer=2, horseman=1)
    _logistics(state)
    answer(state, BLUE, "0-2")
    move = _prompt(state)
    assert not any(o.id.startswith("f") for o in move.options)
    answer(state, BLUE, "archer.1", "horseman.1")
    assert state.sections[2].firing == []
    assert state.sections[2].rest[BLUE] == {"spearman": 0, "archer": 1, "horseman": 1}
    assert state.sections[0].rest[BLUE]["archer"] == 1


def test_logistics_a_second_clerk_moves_soldiers_the_first_one_moved() -> None:
    """Each clerk is its own move, so soldiers moved by one clerk may move again with the next
    (fact sheet, Logistics Center [ES p.13]): 0 → 1 → 2 although section 1 started empty."""
    state = cleared()
    _station(state, 0, spearman=2)
    _logistics(state, clerks=2)
    answer(state, BLUE, "0-1")
    answer(state, BLUE, "spearman.2")
    route = _prompt(state)
    assert "1-2" in {o.id for o in route.options}
    answer(state, BLUE, "1-2")
    answer(state, BLUE, "spearman.2")
    assert state.sections[2].rest[BLUE]["spearman"] == 2
    assert sum(state.sections[s].rest.get(BLUE, {}).get("spearman", 0) for s in (0, 1)) == 0


def test_logistics_a_lone_soldier_with_one_place_to_go_is_not_asked_twice() -> None:
    """A lone Rest Zone soldier can only go to the other Rest Zone [ES p.13]: the route says it all."""
    state = cleared()
    _station(state, 1, horseman=1)
    _logistics(state)
    answer(state, BLUE, "1-0")
    assert state.ask is None
    assert state.sections[0].rest[BLUE]["horseman"] == 1 and BLUE not in state.sections[1].rest


def test_logistics_declining_moves_nothing() -> None:
    """The Location's effect is optional (fact sheet, activation: receiving the effect is optional)."""
    state = cleared()
    _station(state, 0, firing=1)
    _logistics(state, clerks=2)
    answer(state, BLUE, "pass")
    assert state.ask is None and state.sections[0].firing == [BLUE]


# --- Summer: discarding Shame [ES p.7–8] ------------------------------------------------------------

def _summer(state: State, blue: str) -> None:
    jobs(state, {"op": "summer"})
    answer(state, BLUE, blue, "tac.none")  # first in Tea order: the tokens are picked at once


def test_summer_the_player_picks_which_shame_token_to_discard() -> None:
    """2 Chi discards one Shame token from anywhere, the player's pick [ES p.7, Getting rid of
    Shame; p.8 Summer step 2]. Blue clears its horde card, not its spearman."""
    state = cleared()
    blue = state.players[BLUE]
    blue.shamed["spearman"] = 1
    blue.claimed = [Claimed("raiders1", shame=1)]
    blue.res["chi"] = 2
    state.shame_supply -= 2
    _summer(state, "shame.1")
    pick = _prompt(state)
    assert pick.kind == "unshame" and pick.seat == BLUE and pick.pick_min == pick.pick_max == 1
    assert pick.default == ("spearman.1",)  # free reserve soldiers first, only preselected
    answer(state, BLUE, "card0.1")
    assert blue.claimed[0].shame == 0 and blue.shamed["spearman"] == 1 and blue.res["chi"] == 0


def test_summer_discarding_every_token_asks_nothing() -> None:
    """When the payment clears all of a player's tokens there is nothing to choose [ES p.7]."""
    state = cleared()
    blue = state.players[BLUE]
    blue.shamed["archer"] = 1
    blue.claimed = [Claimed("raiders1", shame=1)]
    blue.res["chi"] = 4
    state.shame_supply -= 2
    _summer(state, "shame.2")
    assert state.ask is None or state.ask.kind != "unshame"
    assert blue.shamed["archer"] == 0 and blue.claimed[0].shame == 0
