"""Hostile choice text against every game and mode: ``Choice.parse`` + ``Game.apply`` either refuse
with IllegalChoice (a catalogued key, the state byte-identical) or, when the text happens to be legal,
move the game on. Nothing else may escape the engine."""

from __future__ import annotations

import itertools
import random

import pytest
from fuzzkit import CASES, Case, choice_text, examples, game_of, kinds_of, mid_game
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from bot.i18n import catalog
from engine.core.errors import IllegalChoice
from engine.core.prompt import Choice, Prompt

FUZZ = settings(max_examples=examples(50), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def assert_catalogued(error: IllegalChoice) -> None:
    assert isinstance(error.key, str) and error.key, error
    assert error.key in catalog("en"), f"IllegalChoice key {error.key!r} ({error.reason}) has no English text"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
@FUZZ
@given(data=st.data())
def test_hostile_text_is_refused_cleanly_or_applied(case: Case, data: st.DataObject) -> None:
    game, state = data.draw(mid_game(case), label="state")
    prompts = game.prompts(state)
    waiting = sorted({p.seat for p in prompts})
    seats = st.integers(0, case.seats - 1)
    seat = data.draw(st.one_of(seats, st.sampled_from(waiting), st.sampled_from(waiting))
                     if waiting else seats, label="seat")
    own = next((p for p in prompts if p.seat == seat), None)
    text = data.draw(choice_text(prompts, kinds_of(case.game_id), own), label="text")
    before = game.dumps(state)

    try:
        choice = Choice.parse(text)
    except IllegalChoice as error:
        event("refused by parse")
        assert_catalogued(error)
        assert game.dumps(state) == before
        return
    try:
        events = game.apply(state, seat, choice)
    except IllegalChoice as error:
        event(f"refused by apply: {error.reason}")
        assert_catalogued(error)
        assert game.dumps(state) == before, f"refused {text!r} but changed the state"
        return
    event("applied")
    # Legal: it must have answered this seat's open prompt, and moved the game on.
    assert own is not None, f"seat {seat} had no open prompt, yet {text!r} was applied"
    assert choice.kind == own.kind
    assert isinstance(events, list)
    after = game.dumps(state)
    assert after != before
    assert game.dumps(game.loads(after)) == after
    game.prompts(state)  # the next decision can still be asked


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_open_prompt_refuses_each_wrong_shape(case: Case, data: st.DataObject) -> None:
    """Targeted mutations of a legal answer: wrong kind, unknown or duplicated option, one too many or
    too few values, another seat's prompt — each refused with the state untouched."""
    game, state = data.draw(mid_game(case), label="state")
    prompts = game.prompts(state)
    if not prompts:
        return
    firsts = {p.seat: p for p in reversed(prompts)}  # what apply() checks: each seat's first prompt
    prompt = data.draw(st.sampled_from(sorted(firsts.values(), key=lambda p: p.seat)), label="prompt")
    ids = [o.id for o in prompt.options]
    n = prompt.slots if prompt.slots > 1 else prompt.pick_min
    legal = list(ids[:n]) if prompt.slots == 1 else [prompt.options_for(i)[0].id for i in range(n)]
    others = [p for p in prompts if p.seat != prompt.seat] + [p for p in prompts if p.kind != prompt.kind]
    mutations: list[tuple[int, str]] = [
        (prompt.seat, f"{prompt.kind}zz:{','.join(legal)}"),
        (prompt.seat, f"{prompt.kind}:{','.join([*legal[:-1], 'no-such-option'])}" if legal else f"{prompt.kind}:x"),
    ]
    if legal:
        mutations.append((prompt.seat, f"{prompt.kind}:{','.join([*legal, ids[0]])}"))
    if n > 0 and prompt.slots == 1 and n == prompt.pick_min and prompt.pick_min > 0:
        mutations.append((prompt.seat, f"{prompt.kind}:{','.join(legal[:-1])}"))
    if prompt.slots == 1 and prompt.pick_max >= 2 and len(legal) >= 1:
        mutations.append((prompt.seat, f"{prompt.kind}:{','.join([legal[0], legal[0]])}"))
    waiting = {p.seat for p in prompts}
    idle = [s for s in range(case.seats) if s not in waiting]
    if idle:
        mutations.append((data.draw(st.sampled_from(idle)), f"{prompt.kind}:{','.join(legal)}"))
    for other in others:
        if other.kind != prompt.kind:
            mutations.append((prompt.seat, f"{other.kind}:{','.join(o.id for o in other.options[:1])}"))
    before = game.dumps(state)
    for seat, text in mutations:
        with pytest.raises(IllegalChoice) as refused:
            game.apply(state, seat, Choice.parse(text))
        assert_catalogued(refused.value)
        assert game.dumps(state) == before, f"seat {seat}: {text!r} changed the state"


@settings(max_examples=examples(300), deadline=None)
@given(text=st.one_of(st.text(), st.text(alphabet=":,| \n\tab-_.é🐉", max_size=30)))
def test_parse_refuses_or_round_trips(text: str) -> None:
    try:
        choice = Choice.parse(text)
    except IllegalChoice as error:
        assert_catalogued(error)
        return
    assert choice.kind and all(choice.values)
    assert Choice.parse(str(choice)) == choice


@pytest.mark.parametrize("game_id", ["xidit", "greatwall", "akhedena"])
@settings(max_examples=examples(40), deadline=None)
@example(seats=3, options={}, seed=1)  # Xidit's setup refusals once had keys missing from the catalog
@example(seats=4, options={"length": "forever"}, seed=1)
@given(seats=st.integers(-2, 8), options=st.dictionaries(
    st.sampled_from(["length", "mode", "rounds", "x"]),
    st.one_of(st.sampled_from(["long", "short", "standard", "team", "quick", "", "0", "-3", "999999"]),
              st.text(max_size=8)), max_size=3),
    seed=st.integers(0, 2**48))
def test_setup_refuses_with_a_catalogued_key_or_starts(game_id: str, seats: int, options: dict[str, str],
                                                       seed: int) -> None:
    game = game_of(game_id)
    try:
        state = game.setup(seats, options, seed)
    except IllegalChoice as error:
        assert_catalogued(error)
        return
    assert game.min_seats <= seats <= game.max_seats
    game.prompts(state)


def _answers(prompt: Prompt, rnd: random.Random, cap: int) -> list[tuple[str, ...]]:
    """Up to ``cap`` well-shaped answers to ``prompt`` (right kind, count and slot options)."""
    if prompt.slots > 1:
        pools = [[o.id for o in prompt.options_for(i)] for i in range(prompt.slots)]
        total = 1
        for pool in pools:
            total *= max(1, len(pool))
        if total <= cap:
            return list(itertools.product(*pools))
        return [tuple(rnd.choice(pool) for pool in pools) for _ in range(cap)]
    ids = [o.id for o in prompt.options]
    out: list[tuple[str, ...]] = []
    for n in range(prompt.pick_min, min(prompt.pick_max, len(ids)) + 1):
        out.extend(itertools.islice(itertools.combinations(ids, n), cap))
    rnd.shuffle(out)
    return out[:cap]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), rnd=st.randoms(use_true_random=False))
def test_well_shaped_answers_obey_the_rules_or_change_nothing(case: Case, data: st.DataObject,
                                                              rnd: random.Random) -> None:
    """Answers that pass the prompt's shape check reach each game's own rules (can it pay, is that
    location full…): the rule refusals must also leave the state exactly as it was."""
    game, state = data.draw(mid_game(case), label="state")
    before = game.dumps(state)
    firsts = {p.seat: p for p in reversed(game.prompts(state))}
    for seat, prompt in sorted(firsts.items()):
        for values in _answers(prompt, rnd, 40):
            fresh = game.loads(before)
            try:
                game.apply(fresh, seat, Choice(prompt.kind, values))
            except IllegalChoice as error:
                event(f"rule refusal: {error.key}")
                assert_catalogued(error)
                assert game.dumps(fresh) == before, f"seat {seat}: {prompt.kind}:{','.join(values)}"
            else:
                assert game.dumps(fresh) != before
