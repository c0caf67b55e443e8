"""The hard Great Wall seat's search plays each rival AI in its rollouts at the level the table shows
beside that seat's name (engine/ai/greatwall_search.py ``Search.players``): a person, the searching
seat itself and a seat of no known level play the rollout policy. The levels are public; everything
else the search reads is still only its seat's view (the disturbance below: the secrecy audit's)."""

from __future__ import annotations

import copy

from greatwall_support import GAME
from test_ai_greatwall_search import SMALL, decisions, disturbed, real_choices

from engine.ai.greatwall import GreatWallAI, hard_search
from engine.ai.greatwall_search import Search, rival_bar, value
from engine.core.game import View
from engine.core.prompt import Choice, Prompt
from engine.core.rng import Rng
from engine.greatwall.state import State

LEVELS: list[str | None] = [None, "normal", "random"]  # seat 0 a person, then two AI seats


class Recorder:
    """A level's policy that notes every seat it answers for in a rollout."""

    def __init__(self, level: str) -> None:
        self.ai, self.seats = GreatWallAI(GAME, level), set[int]()

    def choose(self, view: View, prompt: Prompt, rng: Rng) -> Choice:
        self.seats.add(prompt.seat)
        return self.ai.choose(view, prompt, rng)


def test_each_rival_ai_plays_the_rollouts_at_its_own_level() -> None:
    """Seat 0 (a person) searches: seat 1's rollout answers come from the normal level alone, seat
    2's from the random level alone, and seat 0's own from the rollout policy."""
    own, normal, random = Recorder("hard"), Recorder("normal"), Recorder("random")
    search = Search(GAME, own, [GreatWallAI(GAME, "normal")], SMALL, {"normal": normal, "random": random})
    asked = 0
    for state, prompt in decisions({}, 3, seed=7, every=13):
        if prompt.seat != 0:
            continue
        search.choose(state, GAME.view(state, 0), prompt, Rng.from_seed(asked), LEVELS)
        asked += 1
    assert normal.seats == {1} and random.seats == {2}
    assert 0 in own.seats and not own.seats & {1, 2}


def test_a_person_a_steady_level_and_an_unknown_level_play_the_rollout_policy() -> None:
    """The hard level models only the levels that answer at random much of the time (easy, and the
    bench's random seats); a normal or hard rival is played like a person (engine/ai/greatwall.py
    ``MODELLED``, measured)."""
    search = hard_search(GAME, SMALL)
    players = search.players(1, 5, [None, "hard", "easy", "normal", "no-such-level"])
    assert [p is search.policy for p in players] == [True, True, False, True, True]
    assert players[2] is search.models["easy"]
    assert search.players(0, 2, [None, "random"])[1] is search.models["random"]
    assert all(p is search.policy for p in search.players(0, 3, None))


def hard_with_levels(state: State, prompt: Prompt, seed: int) -> tuple[str, ...]:
    view = GAME.view(state, prompt.seat)
    return hard_search(GAME, SMALL).choose(state, view, prompt, Rng.from_seed(seed), LEVELS).values


def test_with_rival_levels_the_search_still_reads_no_other_seats_secrets() -> None:
    """The rivals' models answer from their own views of the sampled world, which the search drew
    from its seat's information set: disturbing another seat's secrets leaves the choice as it was."""
    checked = 0
    for index, (state, prompt) in enumerate(real_choices({}, 3, seed=6, every=7)):
        for other in range(len(state.players)):
            if other != prompt.seat:
                changed = disturbed(state, other, index)
                assert hard_with_levels(changed, prompt, index) == hard_with_levels(state, prompt, index)
                checked += 1
    assert checked >= 10


def test_with_rival_levels_the_search_is_reproducible_and_legal() -> None:
    for index, (state, prompt) in enumerate(decisions({}, 3, seed=8, every=17)):
        values = hard_with_levels(state, prompt, index)
        assert values == hard_with_levels(copy.deepcopy(state), prompt, index)
        prompt.check(Choice(prompt.kind, values))
        GAME.apply(state, prompt.seat, Choice(prompt.kind, values))


def _scores(state: State, seat: int) -> float:
    return value(GAME, GAME.pack, state, seat)


def test_the_search_holds_its_score_against_every_rival_not_only_the_leader() -> None:
    """At 4 seats, Honor a trailing rival gains lowers the searching seat's value too (``rival_bar``:
    the best rival's estimate blended with the rivals' average), and by less than the same Honor
    given to the leader; the leader alone was a noisy bar at 4-5 seats (measured,
    engine/ai/greatwall_search.py)."""
    state = GAME.setup(4, {}, 11)
    state.players[1].honor, state.players[2].honor, state.players[3].honor = 20, 10, 10
    before = _scores(state, 0)
    trailing, leading = copy.deepcopy(state), copy.deepcopy(state)
    trailing.players[2].honor += 5
    leading.players[1].honor += 5
    assert before > _scores(trailing, 0) > _scores(leading, 0)


def test_with_one_or_two_rivals_the_bar_is_the_best_rival() -> None:
    """A table of 2 or 3 seats holds the seat's estimate against the best rival's alone (measured)."""
    assert rival_bar([12.5]) == 12.5
    assert rival_bar([4.0, 10.0]) == 10.0
    assert rival_bar([]) == 0.0
    assert 4.0 < rival_bar([4.0, 4.0, 10.0]) < 10.0
