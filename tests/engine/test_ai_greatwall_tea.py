"""The hard Great Wall seat and the Tea stack at tables of five (engine/ai/greatwall_tea.py): the
stack orders the Command picks, every Location's Clerks and the claims' ties all game [ES p.6], and
only the Tea House moves it: a player filling all of its slots alone goes to the top [ES p.14]."""

from __future__ import annotations

from greatwall_support import GAME, until_prompt

from engine.ai import choose
from engine.ai.greatwall import MODELLED as WEAK
from engine.ai.greatwall import GreatWallAI, hard_search
from engine.ai.greatwall_search import value
from engine.ai.greatwall_tea import TEA_SEATS, TEA_YEAR_WORTH, climbs, tea_outlook
from engine.core.prompt import Choice, Prompt
from engine.core.rng import Rng
from engine.greatwall.flow import Ctx
from engine.greatwall.state import State


def first_move(seats: int) -> tuple[State, Prompt]:
    """Normal seats play until the first Clerk move [ES p.7]."""
    return until_prompt("move", 3, seats)


def place(state: State, seat: int, index: int) -> None:
    """``seat``'s marker at ``index`` on the Tea stack (0 = the top)."""
    state.tea.remove(seat)
    state.tea.insert(index, seat)


def climb(state: State, prompt: Prompt) -> tuple[str, ...]:
    """The hard search's climbing candidate (engine/ai/greatwall.py ``hard_search``)."""
    return GreatWallAI(GAME, "hard", climb=True).choose(GAME.view(state, prompt.seat), prompt, Rng(1)).values


def test_a_place_higher_on_the_stack_is_worth_more_for_every_fall_left() -> None:
    state, _ = first_move(TEA_SEATS)
    ctx = Ctx(state, GAME.pack)
    worth = tea_outlook(ctx, state.humans())
    falls = len(ctx.time_track()) - 1 - state.time
    ranked = [worth[s] for s in state.tea]
    assert ranked == [TEA_YEAR_WORTH * falls * below for below in range(TEA_SEATS - 1, -1, -1)]
    state.time += 1  # a year fewer to come: every place is worth less
    assert tea_outlook(ctx, state.humans())[state.tea[0]] < ranked[0]


def test_the_search_scores_a_position_higher_with_the_seat_higher_on_the_stack() -> None:
    state, prompt = first_move(TEA_SEATS)
    seat = prompt.seat
    place(state, seat, TEA_SEATS - 1)
    low = value(GAME, GAME.pack, state, seat)
    place(state, seat, 0)
    assert value(GAME, GAME.pack, state, seat) > low


def test_low_on_the_stack_the_hard_seat_fills_the_tea_house_and_climbs_to_the_top() -> None:
    """ES p.14: a player whose Clerks fill all of the Tea House's slots alone goes to the top. At the
    bottom of the stack with three Clerks to move, the hard seat sends two there, and once the
    Location activates that Fall it heads the stack."""
    state, prompt = first_move(TEA_SEATS)
    seat = prompt.seat
    assert prompt.args["n"] >= 2 and not prompt.args["distinct"]
    place(state, seat, TEA_SEATS - 1)
    answer = climb(state, prompt)
    assert answer[:4] == ("from.reserve", "to.teahouse", "from.reserve", "to.teahouse")
    assert climbs(state, seat, None, WEAK)  # the hard search at this table weighs that answer
    search = hard_search(GAME, climb=True)
    assert Choice("move", answer) in search.candidates(GAME.view(state, seat), prompt, Rng(1), 3)
    GAME.apply(state, seat, Choice("move", answer))
    step = 0
    while state.tea[0] != seat and state.season == "fall":
        p = GAME.prompts(state)[0]
        GAME.apply(state, p.seat, choose(GAME, GAME.view(state, p.seat), p, step, "normal"))
        step += 1
    assert state.tea[0] == seat and state.season == "fall"


def test_near_the_top_or_beside_a_rival_in_the_tea_house_it_does_not() -> None:
    state, prompt = first_move(TEA_SEATS)
    place(state, prompt.seat, 0)
    assert "to.teahouse" not in climb(state, prompt)[:2]
    place(state, prompt.seat, TEA_SEATS - 1)
    rival = next(s for s in state.tea if s != prompt.seat)
    state.clerks_at.setdefault("teahouse", []).append(rival)
    assert "to.teahouse" not in climb(state, prompt)[:2]


def test_smaller_tables_play_as_before() -> None:
    state, prompt = first_move(TEA_SEATS - 1)
    assert tea_outlook(Ctx(state, GAME.pack), state.humans()) == {} and not climbs(state, prompt.seat, None, WEAK)
    place(state, prompt.seat, TEA_SEATS - 2)
    assert "to.teahouse" not in climb(state, prompt)[:2]


def test_at_a_co_op_table_of_five_it_never_climbs() -> None:
    """ES p.18-19: at a co-op table the Tea order no longer orders the actions, so the stack is
    worth nothing to climb."""
    state, prompt = first_move(TEA_SEATS)
    place(state, prompt.seat, TEA_SEATS - 1)
    state.mode = "coop"
    assert not climbs(state, prompt.seat, None, WEAK)
    assert "to.teahouse" not in climb(state, prompt)[:2]


def test_against_a_field_of_random_seats_the_search_weighs_no_climb() -> None:
    """Against four random seats the climb measured worse (engine/ai/greatwall_tea.py ``climbs``); one
    person at the table (level None) or one normal seat and it is weighed again."""
    state, prompt = first_move(TEA_SEATS)
    levels: list[str | None] = ["random"] * TEA_SEATS
    assert not climbs(state, prompt.seat, levels, WEAK)
    rival = (prompt.seat + 1) % TEA_SEATS
    for level in (None, "normal"):
        levels[rival] = level
        assert climbs(state, prompt.seat, levels, WEAK)
