"""The co-op team's outcome as the hard seats weigh it (engine/ai/greatwall_team.py): the table wins
together by meeting Demands and loses together when the Shame supply runs dry [ES p.18–19]."""

from __future__ import annotations

from greatwall_support import GAME

from engine.ai.greatwall import keep_back
from engine.ai.greatwall_search import value
from engine.ai.greatwall_team import kept_for_demands, readiness, team_progress
from engine.ai.greatwall_turn import Turn
from engine.core.rng import Rng
from engine.greatwall.demands import demand
from engine.greatwall.flow import Ctx
from engine.greatwall.state import State


def _table(seats: int = 3) -> tuple[Ctx, State]:
    state = GAME.setup(seats, {"mode": "coop"}, 5)
    return Ctx(state, GAME.pack), state


def test_an_all_players_demand_is_ready_only_when_every_partner_holds_their_share() -> None:
    """ES p.18: a Demand asking "all players" is met by each player paying their own share; nobody
    pays for a partner. So one partner short keeps the whole table short of it."""
    ctx, state = _table()
    glory = demand(ctx, "glory")  # every player pays 8 Honor (data/coop.toml)
    for player in state.players:
        player.honor = 8
    assert readiness(ctx, state, glory) == 1.0
    state.players[1].honor = 0
    assert readiness(ctx, state, glory) < 0.75


def test_a_one_player_demand_is_ready_when_any_one_partner_can_pay_it_alone() -> None:
    """ES p.18 (our reading, engine/greatwall/demands.py): a Demand that is not "all players" is met
    by one player alone from their own supply."""
    ctx, state = _table()
    timber = demand(ctx, "timber")  # one player pays 5 Wood
    for player in state.players:
        player.res["wood"] = 0
    assert readiness(ctx, state, timber) == 0.0
    state.players[2].res["wood"] = 5
    assert readiness(ctx, state, timber) == 1.0


def test_the_search_values_a_table_that_keeps_what_the_demands_ask_for() -> None:
    """The same holdings are worth more to every seat when they sit where the Demands on the board can
    be paid from them — "all players": each their own share; otherwise one player alone [ES p.18] —
    so a co-op seat plays for the team's outcome, not its own Honor."""
    _, state = _table()
    state.demands = ["glory", "timber", "supplies"]
    for seat, player in enumerate(state.players):  # 24 Honor and 5 Wood in all, where they pay nothing
        player.honor, player.res["wood"] = (24 if seat == 0 else 0), (2 if seat < 2 else 1)
    scattered = [value(GAME, GAME.pack, state, seat) for seat in range(3)]
    for seat, player in enumerate(state.players):  # the same totals, where they pay both Demands
        player.honor, player.res["wood"] = 8, (5 if seat == 0 else 0)
    placed = [value(GAME, GAME.pack, state, seat) for seat in range(3)]
    assert all(p > s for p, s in zip(placed, scattered, strict=True))
    assert len(set(placed)) == 1  # one value for the whole table


def test_shame_due_beyond_the_supply_weighs_as_a_loss_in_the_making() -> None:
    """ES p.19: Shame due from an empty supply ends the game at once, lost for everyone; each player
    takes 1 Shame per Demand left on the board in the Demand step [ES p.18]."""
    ctx, state = _table()
    state.demands = ["glory", "timber", "supplies"]
    state.shame_supply = 30
    safe = team_progress(ctx, state)
    state.shame_supply = 3  # 3 Demands x 3 players due: 6 more than the supply holds
    assert team_progress(ctx, state) < safe


def test_each_partner_saves_its_own_share_and_one_partner_saves_for_a_one_player_demand() -> None:
    """ES p.18: an "all players" Demand is paid by every player from their own supply; a "one player"
    Demand by one player alone. So every hard seat keeps back its share of the first, and exactly one
    seat — the one the public Tea-order convention names — keeps back the whole of the second."""
    _, state = _table()
    state.demands = ["supplies", "timber", None]
    keeps = [kept_for_demands(GAME.pack, GAME.view(state, seat), seat) for seat in range(3)]
    assert all(k.get("gold") == 1 and k.get("stone") == 1 for k in keeps)  # supplies: 1 Wood, Stone, Gold each
    savers = [seat for seat, k in enumerate(keeps) if k.get("wood") == 1 + 5]  # and timber's 5 Wood
    assert savers == [state.tea_humans()[1]]


def test_the_hard_seat_does_not_spend_what_it_keeps_back() -> None:
    _, state = _table()
    state.demands = ["supplies", None, None]
    turn = Turn(GAME.pack, GAME.view(state, 0), GAME.prompts(state)[0], Rng.from_seed(0))
    before = dict(turn.res)
    keep_back(turn, {"wood": 1, "gold": 99})
    assert turn.res["wood"] == max(0, before["wood"] - 1) and turn.res["gold"] == 0


def test_at_a_three_player_co_op_table_the_hard_seat_answers_with_the_team_heuristic() -> None:
    """At a 3-player co-op table the hard seat plays the team heuristic that keeps back what the
    Demands ask (``COOP_SEARCH``: measured stronger there than the search), from its own view only."""
    from engine.ai import choose

    _, state = _table()
    for step in range(40):
        prompt = GAME.prompts(state)[0]
        view = GAME.view(state, prompt.seat)
        answer = choose(GAME, view, prompt, step, "hard", state)
        assert answer == choose(GAME, view, prompt, step, "hard")
        GAME.apply(state, prompt.seat, answer)
