"""The hard heuristic once its Honor track is doomed (engine/ai/greatwall_doom.py): what the final
scoring will not count any more is not paid for."""

from __future__ import annotations

from greatwall_support import GAME, until_prompt

from engine.ai import choose
from engine.ai.greatwall_doom import advisor_hire, artifact_first, doomed
from engine.ai.greatwall_hard import HARD_PICKS, plan_builds
from engine.ai.greatwall_turn import Turn
from engine.core.prompt import Option, Prompt
from engine.core.rng import Rng
from engine.greatwall.state import Claimed, State


def _doom(state: State, seat: int) -> None:
    """Years of breaches: 8 Shame under the seat's soldiers against 12 Honor (40 lost at the end), and
    every rival as shamed, so the table's pace brings more at each Winter left."""
    state.year, state.time = 3, 2
    for player in state.players:
        player.shamed = {**player.shamed, "spearman": 8}
    state.players[seat].honor = 12


def _turn(state: State, prompt: Prompt) -> Turn:
    return Turn(GAME.pack, GAME.view(state, prompt.seat), prompt, Rng(1))


def test_honor_that_the_shame_held_will_wipe_out_is_doomed() -> None:
    """ES p.15: each Soldier with Shame under it costs 5 Honor at the end, never below 0: 8 tokens take
    all of 12 Honor and of any Honor added now; with no Shame the same Honor is safe."""
    state, prompt = until_prompt("reclaim", 0)
    assert not doomed(_turn(state, prompt))
    _doom(state, prompt.seat)
    assert doomed(_turn(state, prompt))


def test_co_op_and_solo_never_read_a_doomed_track() -> None:
    """ES p.16, p.19: solo and co-op are won against Qin's Honor or on the Demands, not on a race of
    final scores, so the free-for-all reading does not apply."""
    state, prompt = until_prompt("reclaim", 0)
    _doom(state, prompt.seat)
    state.mode = "coop"
    assert not doomed(_turn(state, prompt))


def test_a_doomed_seat_takes_its_command_cards_back() -> None:
    """ES p.8: in Summer the cards in the discard either come back to the hand or pay 2 Honor each;
    the Honor would be wiped out at the end [ES p.15], the cards are not."""
    state, prompt = until_prompt("reclaim", 1)
    assert prompt.options[0].args["n"] > 0
    view = GAME.view(state, prompt.seat)
    assert choose(GAME, view, prompt, 1, "hard").values[0] == "honor"
    _doom(state, prompt.seat)
    assert choose(GAME, GAME.view(state, prompt.seat), prompt, 1, "hard").values[0] == "take"


def test_a_doomed_seat_keeps_the_resource_it_would_donate() -> None:
    """ES p.11: a donation turns 1 resource into 2 Honor on the track, which the end's Shame takes
    back [ES p.15]; the resource may still pay for a wall or count for an Artifact."""
    state, prompt = until_prompt("donate", 0)
    assert choose(GAME, GAME.view(state, prompt.seat), prompt, 1, "hard").values[0] == "donate"
    _doom(state, prompt.seat)
    assert choose(GAME, GAME.view(state, prompt.seat), prompt, 1, "hard").values[0] == "pass"


def test_a_doomed_seat_lays_new_shame_under_a_soldier_not_on_a_claimed_card() -> None:
    """ES p.7: a Shame token goes under a reserve Soldier (5 Honor off the track at the end [ES p.15])
    or on a claimed Horde card (that card's Honor is lost). With a doomed track the 5 Honor are lost
    anyway and the card's Honor is not."""
    state, _ = until_prompt("reclaim", 0)
    cheap = min(GAME.pack.hordes, key=lambda c: GAME.pack.hordes[c].honor)
    assert GAME.pack.hordes[cheap].honor < GAME.pack.costs["shame_penalty"]
    state.players[0].claimed = [Claimed(cheap)]
    prompt = Prompt(seat=0, kind="shame", id="t", key="gw.ask.shame",
                    options=(Option("card0", "gw.opt.shame_card", {"card": 1}),
                             Option("spearman", "gw.opt.shame_unit", {"unit": "spearman"})))
    assert HARD_PICKS["shame"](_turn(state, prompt)) == ["card0"]
    _doom(state, 0)
    assert HARD_PICKS["shame"](_turn(state, prompt)) == ["spearman"]


def _embassy_prompt() -> Prompt:
    return Prompt(seat=0, kind="embassy", id="t", key="gw.ask.embassy",
                  options=(Option("pass", "gw.opt.no_hire"),
                           Option("adv.0.a", "gw.opt.hire_active", {"advisor": "adv01", "cost": 3}),
                           Option("adv.0.s", "gw.opt.hire_support", {"advisor": "adv01", "cost": 3})))


def test_a_seat_hires_an_advisor_when_an_artifact_pays_for_advisors_doomed_or_not() -> None:
    """ES p.15: the Artifacts score after the Shame, whatever the Honor track says; one pays per Advisor
    (engine data cards.toml, "box"), and the Embassy hires Advisors [ES p.14]. So that Honor is safe
    from the seat's Shame whether its track is doomed or not."""
    state, _ = until_prompt("reclaim", 0)
    state.artifacts = [a for a in state.artifacts if GAME.pack.artifacts[a].per != "advisor"]
    turn = _turn(state, _embassy_prompt())
    assert advisor_hire(turn, doomed(turn)) is None
    _doom(state, 0)
    assert advisor_hire(turn, doomed(turn)) is None
    state.artifacts = ["box", *state.artifacts[1:]]
    assert HARD_PICKS["embassy"](_turn(state, _embassy_prompt())) == ["adv.0.a"]
    state.players[0].shamed, state.players[0].honor = {}, 30
    assert not doomed(_turn(state, _embassy_prompt()))
    assert HARD_PICKS["embassy"](_turn(state, _embassy_prompt())) == ["adv.0.a"]


def test_the_embassy_comes_first_while_the_seat_can_pay_for_an_advisor_an_artifact_pays_for() -> None:
    """ES p.14: an Advisor costs as many Gold as the seat will then hold Advisors; with an Artifact
    paying for each [ES p.15] the Embassy is the seat's first Location while the Gold is there. Not at
    a co-op table, which is won on the Demands, not on the final score [ES p.19]."""
    state, prompt = until_prompt("reclaim", 0)
    state.artifacts = ["box", *[a for a in state.artifacts if GAME.pack.artifacts[a].per != "advisor"][1:]]
    player = state.players[prompt.seat]
    cost = len(player.active) + len(player.support) + 1
    player.res = {**player.res, "gold": cost}
    order = ["mill", "quarry"]
    assert artifact_first(_turn(state, prompt), order) == ["embassy", *order]
    player.res = {**player.res, "gold": cost - 1}
    assert artifact_first(_turn(state, prompt), order) == order
    player.res = {**player.res, "gold": cost}
    state.mode = "coop"
    assert artifact_first(_turn(state, prompt), order) == order


def test_a_doomed_seat_builds_only_what_an_artifact_pays_for() -> None:
    """ES p.13: a wall level pays its cost in Honor and a barricade 2, both on the track, which a doomed
    seat's Shame empties at the end [ES p.15]; the Artifacts still pay: one per wall built, one per
    three resources kept (engine data cards.toml, "scroll" and "ink")."""
    state, prompt = until_prompt("reclaim", 0)
    _doom(state, prompt.seat)
    pays = {GAME.pack.artifacts[a].per: a for a in ("scroll", "ink")}
    others = [a for a in GAME.pack.artifacts if a not in pays.values()]
    state.artifacts = [pays["resources3"], *others[:2]]
    assert plan_builds(_turn(state, prompt), 2, 30) == []
    state.artifacts = [pays["wall_built"], *others[:2]]
    plan = plan_builds(_turn(state, prompt), 2, 30)
    assert plan and all(choice.startswith("wall") and value > 0 for choice, value in plan)
