"""Shared pieces of the fuzz suite: every game and mode, seeded AI trajectories cached as dumps (so that
hypothesis can pick "the state after k moves" cheaply), and strategies for hostile choice text."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from hypothesis import strategies as st

from engine.ai import choose
from engine.core.game import Game
from engine.core.prompt import Prompt
from engine.core.rng import Rng
from engine.games import capabilities, game_ids, get_game

# FUZZ_SCALE=20 multiplies every example budget, for a long hunt outside the default run.
SCALE = max(1, int(os.environ.get("FUZZ_SCALE", "1")))


def examples(n: int) -> int:
    return n * SCALE


@dataclass(frozen=True)
class Case:
    game_id: str
    seats: int
    options: dict[str, str] = field(default_factory=dict)

    @property
    def label(self) -> str:
        extra = "-".join(self.options.values())
        return f"{self.game_id}-{self.seats}p" + (f"-{extra}" if extra else "")

    def __hash__(self) -> int:
        return hash((self.game_id, self.seats, tuple(sorted(self.options.items()))))


# Every game and every mode, at the smallest and the largest table where that differs.
CASES: tuple[Case, ...] = (
    Case("xidit", 4, {"length": "short"}),
    Case("xidit", 5, {"length": "long"}),
    Case("greatwall", 3),
    Case("greatwall", 4),
    Case("akhedena", 2, {"mode": "standard"}),
    Case("akhedena", 3, {"mode": "standard"}),
    Case("akhedena", 4, {"mode": "team"}),
    Case("akhedena", 2, {"mode": "quick"}),
    Case("akhedena", 4, {"mode": "quick"}),
)
# A game registered beyond the bundled ones (e.g. the toy of tests/toy) is fuzzed at its smallest table
# with its default options: read from the engine registry.
CASES += tuple(Case(g, capabilities(g).min_seats, capabilities(g).table_options({}))
               for g in game_ids() if g not in {c.game_id for c in CASES})
SEEDS = 2  # distinct seeded games per case; hypothesis picks one and a point along it
MAX_STEPS = 300 * SCALE  # xidit and quick play reach their end within it; the long games stop mid-way


@cache
def game_of(game_id: str) -> Game:
    return get_game(game_id)


_KINDS: dict[str, set[str]] = {}


@cache
def trajectory(case: Case, seed: int) -> tuple[str, ...]:
    """``dumps`` of the state after 0, 1, 2… AI decisions of one seeded game (to its end or MAX_STEPS)."""
    game = game_of(case.game_id)
    state = game.setup(case.seats, dict(case.options), seed)
    order = Rng.from_seed(seed * 7919 + 1)
    out = [game.dumps(state)]
    kinds = _KINDS.setdefault(case.game_id, set())
    while (prompts := game.prompts(state)) and len(out) <= MAX_STEPS:
        kinds.update(p.kind for p in prompts)
        prompt = prompts[order.below(len(prompts))]
        choice = choose(game, game.view(state, prompt.seat), prompt, seed * 1_000_003 + len(out))
        game.apply(state, prompt.seat, choice)
        out.append(game.dumps(state))
    return tuple(out)


@st.composite
def mid_game(draw: st.DrawFn, case: Case) -> tuple[Game, Any]:
    """A fresh copy of a state somewhere along a seeded AI game (setup and the end included)."""
    seed = draw(st.integers(0, SEEDS - 1))
    path = trajectory(case, seed)
    index = draw(st.one_of(st.integers(0, len(path) - 1), st.sampled_from([0, 1, len(path) - 1])))
    game = game_of(case.game_id)
    return game, game.loads(path[index])


def kinds_of(game_id: str) -> tuple[str, ...]:
    """Every prompt kind seen in this game's cached trajectories (build them first)."""
    for case in CASES:
        if case.game_id == game_id:
            for seed in range(SEEDS):
                trajectory(case, seed)
    return tuple(sorted(_KINDS.get(game_id, ())))


# -- hostile choice text ---------------------------------------------------------------------------
SEPARATORS = st.sampled_from([":", ",", "|", " ", "\n", "\t", "", ",,", "::", ", ", "\x00"])
JUNK = st.one_of(
    st.text(max_size=12),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=8),
    st.sampled_from(["", " ", "-", "_", ".", "0", "-1", "99", "None", "null", "nan", "🐉", "ß", "İ",
                     "\u200b", "\ufeff", "é", "e\u0301", "a" * 120, "x" * 5000]),
    st.integers(-10**20, 10**20).map(str),
)


def real_words(prompts: list[Prompt], all_kinds: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """Kinds and option ids that mean something right now (any seat's prompt) or in this game."""
    kinds = sorted({p.kind for p in prompts} | set(all_kinds))
    options = sorted({o.id for p in prompts for o in p.options})
    return kinds, options


@st.composite
def choice_text(draw: st.DrawFn, prompts: list[Prompt], all_kinds: tuple[str, ...],
                own: Prompt | None) -> str:
    """Text that looks more or less like ``kind:v1,v2`` for one of these prompts, or nothing like it."""
    kinds, options = real_words(prompts, all_kinds)
    word = st.one_of(st.sampled_from(options), st.sampled_from(options), JUNK) if options else JUNK
    shape = draw(st.sampled_from(["own", "own", "own", "own", "raw", "near", "near", "junk", "junk", "long"]))
    if own is None and shape in ("own", "near"):
        shape = "junk"
    if shape == "raw":  # anything at all
        return draw(st.one_of(st.text(max_size=200), st.binary(max_size=60).map(
            lambda b: b.decode("utf-8", "replace"))))
    if shape == "own":  # the seat's own prompt, well-shaped: reaches the game's own rules
        assert own is not None
        if own.slots > 1:
            strict = draw(st.booleans()) or draw(st.booleans())
            values = [draw(st.sampled_from([o.id for o in (own.options_for(i) if strict else own.options)]))
                      for i in range(own.slots)]
        else:
            n = draw(st.integers(own.pick_min, max(own.pick_min, own.pick_max)))
            ids = [o.id for o in own.options]
            values = draw(st.lists(st.sampled_from(ids), min_size=n, max_size=n, unique=True)) \
                if ids and n <= len(ids) else []
        return f"{own.kind}:{','.join(values)}"
    if shape == "near":  # own kind, real options, wrong count or duplicates
        assert own is not None
        ids = [o.id for o in own.options] or ["x"]
        values = draw(st.lists(st.sampled_from(ids), max_size=max(8, own.slots + 3)))
        if values and draw(st.booleans()):
            values.insert(draw(st.integers(0, len(values))), values[0])
        return f"{own.kind}:{','.join(values)}"
    # a kind (real or not) + separator + words joined by random separators
    kind = draw(st.one_of(st.sampled_from(kinds), JUNK) if kinds else JUNK)
    values = draw(st.lists(word, max_size=10))
    out = kind + draw(st.sampled_from([":", ":", ":", "", "|", ",", " : "]))
    for i, v in enumerate(values):
        if i:
            out += draw(st.one_of(st.just(","), SEPARATORS))
        out += v
    if draw(st.booleans()):
        out = draw(SEPARATORS) + out + draw(SEPARATORS)
    if shape == "long":
        out = out * draw(st.integers(2, 50))
    return out
