"""The hard search's forecast of the Shame still to come (engine/ai/greatwall_shame_forecast.py) and how
the free-for-all evaluation keeps Honor by it (engine/ai/greatwall_search.py ``outlook``)."""

from __future__ import annotations

from greatwall_support import GAME

from engine.ai.greatwall_search import outlook
from engine.ai.greatwall_shame_forecast import assaults_after, kept_honor, shame_held, shame_to_come
from engine.greatwall.flow import Ctx
from engine.greatwall.state import Claimed, State


def table(year: int = 3) -> tuple[State, Ctx]:
    """A 3-player table in the Summer of ``year``, no Horde card on the board (no breach ahead), seat 0
    holding 4 Shame under its soldiers and seat 1 two, seat 2 none."""
    state = GAME.setup(3, {}, 7)
    for section in state.sections:
        section.hordes = []
    state.year, state.time, state.season = year, year - 1, "summer"
    state.players[0].shamed = {**state.players[0].shamed, "spearman": 4}
    state.players[1].shamed = {**state.players[1].shamed, "archer": 2}
    return state, Ctx(state, GAME.pack)


def test_a_token_costs_five_honor_and_honor_stops_at_zero() -> None:
    """ES p.15 / RU p.15: at the end each Soldier with Shame under it costs 5 Honor, never below 0."""
    assert kept_honor(30, 2, 0.0, 5) == 20
    assert kept_honor(12, 3, 0.0, 5) == 0


def test_shame_to_come_lowers_the_honor_kept_and_never_below_zero() -> None:
    """ES p.15: more Shame can only take Honor away, and never below 0; an expected token costs at most 5."""
    sure = kept_honor(40, 2, 0.0, 5)
    spread = [kept_honor(40, 2, expected, 5) for expected in (0.5, 2.0, 6.0, 20.0)]
    assert all(a > b for a, b in zip([sure, *spread], spread, strict=False))
    assert sure - spread[0] <= 5 * 0.5 + 1e-9
    assert spread[-1] >= 0.0


def test_shame_on_a_claimed_card_is_held_shame() -> None:
    """ES p.7: a Shame token goes under a reserve Soldier or on an empty slot of a claimed Horde card."""
    state, _ctx = table()
    card = next(iter(GAME.pack.hordes))
    state.players[2].claimed = [Claimed(card, shame=1)]
    assert [shame_held(p) for p in state.players] == [4, 2, 1]


def test_the_time_track_bounds_the_assaults_left() -> None:
    """ES p.9: the game ends at the Winter end check with the Time marker on the track's last space."""
    state, ctx = table()
    last = len(ctx.time_track()) - 1
    state.time = last
    assert assaults_after(ctx) == 0
    state.time = last - 2
    assert assaults_after(ctx) == 2


def test_no_pace_before_the_first_assault() -> None:
    """ES p.9: Shame comes at the Winter assault; before the first one no seat has a pace to read."""
    _state, ctx = table(year=1)
    assert shame_to_come(ctx, 0, 0) == 0.0


def test_the_seat_that_took_more_shame_expects_more() -> None:
    """ES p.10: Shame comes from breaches the seat did not guard; its pace so far runs on."""
    _state, ctx = table()
    forecast = [shame_to_come(ctx, seat, 0) for seat in range(3)]
    assert forecast[0] > forecast[1] > forecast[2] == 0.0


def test_an_empty_supply_ends_the_game_so_nothing_more_comes() -> None:
    """ES p.9: the game ends at the Winter end check once the Shame supply is empty."""
    state, ctx = table()
    state.shame_supply = 3
    assert shame_to_come(ctx, 0, 1) == 0.0  # the coming assault takes the last 3 (1 from each seat)
    state.shame_supply = 30
    assert shame_to_come(ctx, 0, 1) > 0.0


def test_the_evaluation_discounts_honor_the_pace_will_wipe_out() -> None:
    """ES p.15 / p.9: Honor the Shame still to come will take counts for less than Honor that is safe:
    with years left on the Time track the seat's 40 Honor (4 Shame held) is worth less than in the last
    year, when no assault follows."""
    state, ctx = table()
    state.players[0].honor = 40
    state.time = len(ctx.time_track()) - 1
    safe = outlook(ctx, 0)
    state.time -= 2
    assert outlook(ctx, 0) < safe
