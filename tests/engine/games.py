"""Test support for every registered game, in one registry: the table cases (seats, options), a
generic seeded playout, and the two hooks the secrecy audit needs from each game — ``disturb``
(change every value hidden from everyone but ``seat``, keeping what is public) and ``hidden_labels``
(how those hidden things read in a player's language, to look for them in public text).

A new game registers here once and every audit (tests/engine/test_audit_*.py, tests/bot/test_audit_*.py)
covers it; ``test_every_game_registers_support`` fails until it does.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.ai import choose, random_choice
from engine.core.errors import IllegalChoice
from engine.core.game import Game
from engine.core.prompt import Choice
from engine.core.rng import Rng
from engine.games import get_game

Translate = Callable[[str], str]


@dataclass(frozen=True)
class Case:
    game_id: str
    seats: int
    options: dict[str, str] = field(default_factory=dict)
    secrets: bool = True  # False for a mode with no hidden information at all
    name: str = ""  # the label, when the options' values alone would not tell two cases apart
    # Only in the soak run (-m soak): a table the default run's representative subset stands for
    # (the Great Wall's combinations, ``greatwall_default``). Not part of what the case is.
    soak: bool = field(default=False, compare=False)

    @property
    def label(self) -> str:
        if self.name:
            return self.name
        extra = "-".join(self.options.values())
        return f"{self.game_id}-{self.seats}p" + (f"-{extra}" if extra else "")


@dataclass(frozen=True)
class Support:
    game_id: str
    cases: tuple[Case, ...]
    disturb: Callable[[Any, int], Any]
    hidden_labels: Callable[[Any, Any, int, Any, Translate], list[str]]  # (game, state, seat, presenter, tr)


SUPPORT: dict[str, Support] = {}


def register(support: Support) -> None:
    SUPPORT[support.game_id] = support


def all_cases() -> list[Case]:
    """Every case of every game: the soak run's."""
    return [case for support in SUPPORT.values() for case in support.cases]


def cases() -> list[Case]:
    """The default run's cases: every case but those kept for the soak run."""
    return [case for case in all_cases() if not case.soak]


def case_params() -> list[Any]:
    """Every case as a pytest parameter, those kept for the soak run marked ``soak``: a suite
    parametrized with it runs the default subset by default and the rest under ``-m soak``."""
    import pytest

    return [pytest.param(case, id=case.label, marks=[pytest.mark.soak] if case.soak else [])
            for case in all_cases()]


def case_seed_params(seeds: tuple[int, ...]) -> list[Any]:
    """Every (case, seed) pair as pytest parameters ``case, seed``: by default each case of the
    default run plays one of ``seeds``, the next one for the next case (so every seed still meets
    several cases), and every other pair runs under ``-m soak``."""
    import pytest

    params, turn = [], 0
    for case in all_cases():
        for index, seed in enumerate(seeds):
            default = not case.soak and index == turn % len(seeds)
            params.append(pytest.param(case, seed, id=f"{seed}-{case.label}",
                                       marks=[] if default else [pytest.mark.soak]))
        turn += not case.soak
    return params


def case_named(label: str) -> Case:
    """The case of that label, among all of them (a legacy file may name a soak-only one)."""
    return next(case for case in all_cases() if case.label == label)


def game_of(case: Case) -> Game:
    return get_game(case.game_id)


def playout(case: Case, seed: int, max_steps: int | None = None, random_share: int = 0,
            check: Callable[[Any], None] | None = None) -> tuple[Any, list[tuple[int, str]]]:
    """A seeded game (stopped after ``max_steps`` decisions if given): each decision is random
    ``random_share``% of the time (falling back to the AI when the random pick breaks a rule),
    otherwise the AI's, which must never be refused; ``check`` runs after every step."""
    game = game_of(case)
    state = game.setup(case.seats, dict(case.options), seed)
    order = Rng.from_seed(seed * 7919 + 1)
    log: list[tuple[int, str]] = []
    while (prompts := game.prompts(state)) and (max_steps is None or len(log) < max_steps):
        prompt = prompts[order.below(len(prompts))]
        decision_seed = seed * 1_000_003 + len(log)
        choice: Choice | None = None
        if order.below(100) < random_share:
            choice = random_choice(prompt, Rng.from_seed(decision_seed))
            try:
                game.apply(state, prompt.seat, choice)
            except IllegalChoice:
                choice = None
        if choice is None:
            choice = choose(game, game.view(state, prompt.seat), prompt, decision_seed)
            game.apply(state, prompt.seat, choice)
        log.append((prompt.seat, str(choice)))
        if check is not None:
            check(state)
        assert len(log) < 50_000, "a game that does not end"
    return state, log


def replay(case: Case, seed: int, log: list[tuple[int, str]]) -> Any:
    game = game_of(case)
    state = game.setup(case.seats, dict(case.options), seed)
    for seat, text in log:
        game.apply(state, seat, Choice.parse(text))
    return state


REPLAY_EVERY = 10  # decisions between two hashed states of a stored replay


def replay_hashes(case: Case, seed: int, log: list[tuple[int, str]]) -> list[str]:
    """sha256 of ``game.dumps`` after every REPLAY_EVERY decisions of ``log`` and after the last."""
    import hashlib

    game = game_of(case)
    state = game.setup(case.seats, dict(case.options), seed)
    hashes = []
    for index, (seat, text) in enumerate(log):
        game.apply(state, seat, Choice.parse(text))
        if index % REPLAY_EVERY == REPLAY_EVERY - 1 or index == len(log) - 1:
            hashes.append(hashlib.sha256(game.dumps(state).encode()).hexdigest())
    return hashes


def legacy_rows(pattern: str) -> list[dict[str, Any]]:
    """The rows of every tests/engine/legacy/<pattern> file (gzip'd JSON lines), each with its file."""
    import gzip
    import json
    from pathlib import Path

    rows = []
    for path in sorted((Path(__file__).parent / "legacy").glob(pattern)):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            rows += [{**json.loads(line), "file": path.name} for line in f]
    return rows


def saved_states() -> list[dict[str, Any]]:
    """The saved tables of tests/engine/legacy/states-v1.jsonl.gz (case, kind, state)."""
    return legacy_rows("states-v1.jsonl.gz")


def play_on(text: str, case_label: str, steps: int = 40) -> list[str]:
    """Load a saved state, let the AI play ``steps`` decisions; sha256 of ``dumps`` after each."""
    import hashlib

    from engine.ai import choose

    game = get_game(case_label.split("-")[0])
    state = game.loads(text)
    hashes = []
    for step in range(steps):
        if not (prompts := game.prompts(state)):
            break
        prompt = prompts[0]
        game.apply(state, prompt.seat, choose(game, game.view(state, prompt.seat), prompt, step))
        hashes.append(hashlib.sha256(game.dumps(state).encode()).hexdigest())
    return hashes


def states_along(case: Case, seed: int, every: int, max_steps: int | None = None) -> list[Any]:
    """Copies of one game's state every ``every`` decisions."""
    game = game_of(case)
    _, log = playout(case, seed, max_steps)
    state = game.setup(case.seats, dict(case.options), seed)
    snaps = []
    for index, (seat, text) in enumerate(log):
        game.apply(state, seat, Choice.parse(text))
        if index % every == every - 1:
            snaps.append(copy.deepcopy(state))
    return snaps


# -- Lords of Xidit ---------------------------------------------------------------------------------
def _xidit_disturb(state: Any, seat: int) -> Any:
    """Behind the screen: gold, the Bastion, bards and stories left, units, a locked programme,
    a census count shown in secret."""
    other = copy.deepcopy(state)
    p = other.players[seat]
    p.gold += 7
    p.bastion += 1
    p.bards_left -= 1
    p.units["mage"] += 2
    p.stories_left -= 1
    p.waiting_stories += 1
    if other.phase == "program" and p.orders is not None:
        p.orders = ["wait"] * 6 if p.orders != ["wait"] * 6 else ["act"] * 6
    if other.census is not None and seat in other.census.shown:
        other.census.shown[seat] += 1
    return other


def _xidit_hidden(game: Any, state: Any, seat: int, presenter: Any, tr: Translate) -> list[str]:
    """Xidit's secrets are amounts and a programme revealed by rule; what a seat alone learns reaches
    it as private event lines, which the transcript audit checks for every game."""
    return []


register(Support("xidit", (Case("xidit", 4, {"length": "short"}), Case("xidit", 5, {"length": "short"})),
                 _xidit_disturb, _xidit_hidden))


# -- The Great Wall ---------------------------------------------------------------------------------
def _greatwall_disturb(state: Any, seat: int) -> Any:
    """Resources, the tactic hand, face-down claimed hordes and supporting advisors, draft offers,
    a locked command pick."""
    from engine.greatwall.state import Claimed

    game = get_game("greatwall")
    pack = game.pack  # type: ignore[attr-defined]
    other = copy.deepcopy(state)
    p = other.players[seat]
    p.res["gold"] += 3
    p.res["chi"] += 1
    if p.tactics:
        p.tactics[0] = next(t for t in pack.tactics if t not in p.tactics)
    p.claimed = [Claimed("scouts1" if c.card != "scouts1" else "scouts2", c.shame) for c in p.claimed]
    icons = pack.advisors
    p.support = [next(b for b in icons if b != a and icons[b].icons == icons[a].icons) for a in p.support]
    p.offer_generals = list(reversed(p.offer_generals))
    ask = other.ask
    if ask is not None and len(ask.seats) > 1 and seat in ask.answers:
        ask.answers[seat] = ["__changed__"]
    return other


def _greatwall_hidden(game: Any, state: Any, seat: int, presenter: Any, tr: Translate) -> list[str]:
    pack = game.pack
    return [pack.tactics[t].name for t in state.players[seat].tactics]


def greatwall_case(combo: Any, soak: bool = False) -> Case:
    """A table of engine/greatwall/combos.py ``combinations``; one with expansions is named after them
    (greatwall-3p-rat, greatwall-2p-coop-rat, ...), one without keeps the base labels the legacy
    files name (greatwall-3p, greatwall-2p-duel), the default mode left unwritten as they wrote it."""
    mode = get_game("greatwall").caps.option("mode")
    options = {k: v for k, v in combo.options().items() if mode is None or (k, v) != (mode.name, mode.default)}
    extras = [options["mode"]] if "mode" in options else []
    name = "-".join(["greatwall", f"{combo.seats}p", *extras, *combo.expansions]) if combo.expansions else ""
    return Case("greatwall", combo.seats, options, name=name, soak=soak)


def greatwall_variants(combo: Any) -> set[str]:
    """The variants a combination plays with: its mode, its expansions, and those its seat count turns
    on with that mode (the fifth player at 5 [IT 5P])."""
    from engine.greatwall.variant import registered

    by_seats = {v.name for v in registered() if combo.seats in v.at_seats and combo.mode in v.combines}
    return {combo.mode, *combo.expansions, *by_seats}


def greatwall_pairs(combos: Any) -> set[tuple[str, str]]:
    """Every (mode, variant that joins it) the combinations play."""
    return {(c.mode, v) for c in combos for v in greatwall_variants(c) if v != c.mode}


def greatwall_default(combos: tuple[Any, ...]) -> tuple[Any, ...]:
    """The default run's representative subset of the combinations (all of them run under -m soak),
    read from them, so a new variant is in it without an edit: each mode bare at every seat count it
    allows (the 5-player tables among them); each mode with its largest set of expansions, at its
    most seats for every other mode and its fewest for the rest (so both the fifth player and the
    Reed clan meet the expansions); each expansion alone once, each with the next mode it joins, at
    that mode's middle seat count; then any (mode, variant) pair still missing, with the fewest
    expansions that give it. tests/engine/test_greatwall_combos.py checks that it plays every variant
    and every pair."""
    picked: list[Any] = []

    def take(combo: Any) -> None:
        if combo not in picked:
            picked.append(combo)

    for combo in combos:
        if not combo.expansions:
            take(combo)
    modes = list(dict.fromkeys(c.mode for c in combos))
    for index, mode in enumerate(modes):
        mine = [c for c in combos if c.mode == mode]
        most = max(len(c.expansions) for c in mine)
        widest = sorted((c for c in mine if len(c.expansions) == most), key=lambda c: c.seats)
        take(widest[-1] if index % 2 == 0 else widest[0])
    alone = list(dict.fromkeys(c.expansions[0] for c in combos if len(c.expansions) == 1))
    for index, expansion in enumerate(alone):
        joins = [m for m in modes if any(c.expansions == (expansion,) and c.mode == m for c in combos)]
        mode = joins[index % len(joins)]
        tables = [c for c in combos if c.expansions == (expansion,) and c.mode == mode]
        take(tables[len(tables) // 2])
    for mode, variant in sorted(greatwall_pairs(combos) - greatwall_pairs(picked)):
        take(min((c for c in combos if c.mode == mode and variant in greatwall_variants(c)),
                 key=lambda c: len(c.expansions)))
    return tuple(c for c in combos if c in picked)  # in the combinations' order


def _greatwall_cases() -> tuple[Case, ...]:
    """Every table the registered variants allow (engine/greatwall/combos.py): each mode at each of
    its seat counts with each set of expansions that joins it, those outside the representative
    subset (``greatwall_default``) for the soak run only. A new expansion, mode or seat count is
    audited without an edit here."""
    from engine.greatwall.combos import combinations

    combos = combinations()
    default = set(greatwall_default(combos))
    return tuple(greatwall_case(combo, soak=combo not in default) for combo in combos)


register(Support("greatwall", _greatwall_cases(), _greatwall_disturb, _greatwall_hidden))


# -- Akhedena ---------------------------------------------------------------------------------------
def _akhedena_disturb(state: Any, seat: int) -> Any:
    """Same counts, other cards: the action hand, the black card, and the order of every deck."""
    from engine.akhedena.state import card_type

    def swap(card: str, pool: list[str]) -> str:
        """Exchange ``card`` with the first of another type in ``pool``: every card stays in play once."""
        i = next((i for i, c in enumerate(pool) if card_type(c) != card_type(card)), None)
        if i is None:
            return card
        pool[i], card = card, pool[i]
        return card

    other = copy.deepcopy(state)
    p = other.players[seat]
    p.hand = [swap(c, other.action_deck) for c in p.hand]
    p.black = [swap(c, other.black_deck) for c in p.black]
    for deck in (other.army_deck, other.black_deck, other.action_deck, other.general_deck):
        deck.reverse()
    return other


def _akhedena_hidden(game: Any, state: Any, seat: int, presenter: Any, tr: Translate) -> list[str]:
    from engine.akhedena.state import card_type

    p = state.players[seat]
    return [presenter.card(tr, card_type(c)) for c in (*p.hand, *p.black)]


AKHEDENA_CASES = (Case("akhedena", 2, {"mode": "standard"}), Case("akhedena", 3, {"mode": "standard"}),
                  Case("akhedena", 4, {"mode": "team"}), Case("akhedena", 2, {"mode": "quick"}, secrets=False))
register(Support("akhedena", AKHEDENA_CASES, _akhedena_disturb, _akhedena_hidden))
