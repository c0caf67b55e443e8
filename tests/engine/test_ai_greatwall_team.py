"""The co-op team's outcome as the hard seats weigh it (engine/ai/greatwall_team.py): the table wins
together by meeting Demands and loses together when the Shame supply runs dry [ES p.18–19]."""

from __future__ import annotations

from greatwall_support import GAME

from engine.ai.greatwall import GreatWallAI, keep_back
from engine.ai.greatwall_search import value
from engine.ai.greatwall_team import kept_for_demands, readiness, team_progress
from engine.ai.greatwall_turn import Turn
from engine.core.rng import Rng
from engine.greatwall.demands import demand
from engine.greatwall.flow import Ctx, run
from engine.greatwall.shame import shame_job
from engine.greatwall.state import Claimed, HordeCard, State, Task


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


def test_each_partner_saves_its_own_share_and_the_convention_names_who_saves_a_one_player_demand() -> None:
    """ES p.18: an "all players" Demand is paid by every player from their own supply; a "one player"
    Demand by one player alone. So every hard seat keeps back its share of the first, and the seats
    the public Tea-order convention names keep back the whole of the second: at 3 players the slot's
    player and the next in Tea order, at 4 every partner (``ONE_SAVERS``)."""
    _, state = _table()
    state.demands = ["supplies", "timber", None]
    keeps = [kept_for_demands(GAME.pack, GAME.view(state, seat), seat) for seat in range(3)]
    assert all(k.get("gold") == 1 and k.get("stone") == 1 for k in keeps)  # supplies: 1 Wood, Stone, Gold each
    savers = {seat for seat, k in enumerate(keeps) if k.get("wood") == 1 + 5}  # and timber's 5 Wood
    assert savers == {state.tea_humans()[1], state.tea_humans()[2]}
    _, state = _table(4)
    state.demands = [None, "timber", None]
    assert all(kept_for_demands(GAME.pack, GAME.view(state, seat), seat) == {"wood": 5} for seat in range(4))


def test_the_hard_seat_does_not_spend_what_it_keeps_back() -> None:
    _, state = _table()
    state.demands = ["supplies", None, None]
    turn = Turn(GAME.pack, GAME.view(state, 0), GAME.prompts(state)[0], Rng.from_seed(0))
    before = dict(turn.res)
    keep_back(turn, {"wood": 1, "gold": 99})
    assert turn.res["wood"] == max(0, before["wood"] - 1) and turn.res["gold"] == 0


def test_at_a_three_player_co_op_table_the_hard_seat_answers_with_the_team_heuristic() -> None:
    """At a 3-player co-op table the hard seat plays the team heuristic that keeps back what the
    Demands ask (``COOP_SEARCH``: measured stronger than the search), from its own view only."""
    from engine.ai import choose

    _, state = _table()
    for step in range(40):
        prompt = GAME.prompts(state)[0]
        view = GAME.view(state, prompt.seat)
        answer = choose(GAME, view, prompt, step, "hard", state)
        assert answer == choose(GAME, view, prompt, step, "hard")
        GAME.apply(state, prompt.seat, answer)


def _asked(state: State, *tasks: Task) -> None:
    """Open the decision the given tasks ask (the table's own pending decision set aside)."""
    state.ask = None
    ctx = Ctx(state, GAME.pack)
    ctx.push(*tasks)
    run(ctx)
    ctx.settle()


def _hard(state: State, seed: int = 0) -> tuple[str, ...]:
    prompt = GAME.prompts(state)[0]
    return GreatWallAI(GAME, "hard").choose(GAME.view(state, prompt.seat), prompt, Rng.from_seed(seed)).values


def test_a_new_shame_token_goes_back_for_honor_the_demands_do_not_need() -> None:
    """ES p.19: in co-op a player may lose 10 Honor to discard a Shame token right after gaining it,
    and a token due from an empty supply loses the game for everyone. Honor pays nothing else in
    co-op but the Demands that ask for it, so the hard seat buys the token back at once — unless the
    Honor is what its share of an "all players" Honor Demand needs."""
    _, state = _table()
    state.demands = [None, None, None]
    state.players[0].honor = 15
    _asked(state, shame_job(0, "demand"))
    assert _hard(state) == ("honor",)
    state.demands = ["glory", None, None]  # every player pays 8 Honor: 15 - 8 leaves less than 10
    _asked(state, shame_job(0, "demand"))
    assert _hard(state) != ("honor",)


def _horde_section(state: State) -> int:
    """Two Hordes in the last Section, none elsewhere."""
    for section in state.sections:
        section.hordes = []
    sec = len(state.sections) - 1
    deck = iter(GAME.pack.hordes)
    state.sections[sec].hordes = [HordeCard(next(deck)), HordeCard(next(deck))]
    return sec


def test_an_attack_goes_to_the_horde_nearest_defeat() -> None:
    """ES p.10: a Horde is defeated only when every Vital spot is covered, by Soldiers or Wounds. A
    Wound spread over two Hordes defeats neither, so the team's archer wounds the Horde that has
    the fewest spots left uncovered."""
    _, state = _table()
    sec = _horde_section(state)
    state.sections[sec].hordes[1].wounds = list(range(9))  # 3 spots left on the second Horde
    for seed in range(5):
        _asked(state, {"op": "attack", "seat": 0, "unit": "archer", "sec": sec, "source": "recruit"})
        assert _hard(state, seed)[0].startswith("h1."), seed


def test_a_seat_with_a_horde_leaves_the_next_claims_to_the_partners_without_one() -> None:
    """ES p.10: a defeated Horde is claimed by the player covering most of its spots with Soldiers;
    Wounds claim nothing. "Taunt Them and Prevail" asks every player for a claimed Horde (our
    stand-in, data/coop.toml). So a seat that already holds one recruits an archer (a Wound), and a
    seat that holds none recruits the soldiers that claim."""
    _, state = _table()
    _horde_section(state)
    state.players[0].claimed = [Claimed(next(iter(GAME.pack.hordes)))]
    state.demands = ["taunt", None, None]
    for player in state.players:
        player.res.update({"wood": 5, "stone": 5, "chi": 5, "gold": 5})
    _asked(state, {"op": "recruit", "seat": 0, "n": 1})
    assert _hard(state)[0].startswith("archer.atk.")
    _asked(state, {"op": "recruit", "seat": 1, "n": 1})
    assert _hard(state)[0].split(".")[0] in ("horseman", "spearman")
