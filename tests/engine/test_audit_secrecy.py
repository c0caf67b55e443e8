"""The secrecy audit, strong form, for every registered game and mode: at mid-game states, change
every value hidden from all but one seat; every public output — the spectator's view, each other
seat's view and open prompts, and the board PNG and its alt text in every language — must stay
byte-identical."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from games import SUPPORT, Case, all_cases, case_params, cases, game_of, states_along

import engine
from bot.i18n import LANGS, translator
from engine.core.game import Game, View
from engine.games import game_ids
from rendering import alt_text, render

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


def board_langs(index: int) -> list[str]:
    """English at every state; every other state also one other language, in turn. Every language
    sees states of every case, while the audit renders 1.5 boards a state, not 4 (a render is ~50 ms
    and the default suite must stay fast)."""
    others = [lang for lang in LANGS if lang != "en"]
    return ["en"] if index % 2 else ["en", others[index // 2 % len(others)]]


def assert_same_board(game: Game, public: View, disturbed: View, seats: int, lang: str) -> None:
    tr, names = translator(lang), NAMES[:seats]
    assert render(game, public, names, tr) == render(game, disturbed, names, tr), lang
    assert alt_text(game, public, names, tr) == alt_text(game, disturbed, names, tr), lang


def test_every_game_registers_support() -> None:
    for module in pkgutil.iter_modules(engine.__path__):
        if module.ispkg and importlib.util.find_spec(f"engine.{module.name}.game") is not None:
            importlib.import_module(f"engine.{module.name}.game")
    assert set(game_ids()) <= set(SUPPORT), "register the new game in tests/engine/games.py"


@pytest.mark.parametrize("case", case_params())
def test_hidden_values_never_change_public_outputs(case: Case) -> None:
    audit(case, seed=5)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(20, 40))
@pytest.mark.parametrize("case", all_cases(), ids=lambda c: c.label)
def test_soak_hidden_values_never_change_public_outputs(case: Case, seed: int) -> None:
    """The same audit over many games of every case (every Great Wall combination among them)."""
    audit(case, seed)


def audit(case: Case, seed: int) -> None:
    game = game_of(case)
    disturb = SUPPORT[case.game_id].disturb
    owner_saw = 0
    langs: set[str] = set()
    states = states_along(case, seed=seed, every=23, max_steps=600)
    for index, state in enumerate(states):
        for seat in range(case.seats):
            other = disturb(state, seat)
            for viewer in (None, *(s for s in range(case.seats) if s != seat)):
                assert game.view(state, viewer) == game.view(other, viewer), (case.label, seat, viewer)
            theirs = [p for p in game.prompts(state) if p.seat != seat]
            assert theirs == [p for p in game.prompts(other) if p.seat != seat]
            owner_saw += game.view(state, seat) != game.view(other, seat)
        public, disturbed = game.view(state, None), game.view(disturb(state, 0), None)
        for lang in board_langs(index):
            assert_same_board(game, public, disturbed, case.seats, lang)
            langs.add(lang)
    assert bool(owner_saw) == case.secrets  # the disturbance reaches something the owner does see
    if len(states) >= 6:  # a game long enough to audit: every language's board was compared
        assert langs == set(LANGS), (case.label, langs)



def _brace_states(limit: int = 4) -> list[tuple[Game, object, int, str]]:
    """(game, the state just before the answer that opens the Great Wall's assault window, the
    answering seat, its answer), from seeded AI playouts, at most ``limit``."""
    from engine.ai import choose

    case = next(c for c in cases() if c.game_id == "greatwall")
    game = game_of(case)
    found: list[tuple[Game, object, int, str]] = []
    for seed in range(1, 30):
        state = game.setup(case.seats, dict(case.options), seed)
        for step in range(3000):
            prompts = game.prompts(state)
            if not prompts or len(found) >= limit:
                break
            p = prompts[0]
            choice = choose(game, game.view(state, p.seat), p, seed * 7919 + step)
            before = game.dumps(state)
            game.apply(state, p.seat, choice)
            if any(q.kind == "brace" for q in game.prompts(state)):
                found.append((game, game.loads(before), p.seat, str(choice)))
                break
    return found


def test_a_forced_no_tactic_looks_like_a_chosen_one_to_every_other_seat() -> None:
    """Issue 24: a seat holding tactic cards of which none fits the assault has one answer ("No
    tactic"), yet which cards it holds is behind its screen [ES p.5]. So it is asked like a seat
    that could play one, and every other seat sees the same thing either way: the same prompts and
    views when the window opens, and after the seat says "No tactic", the same public events in the
    same order and the same prompts next."""
    from engine.core.prompt import Choice

    states, checked = _brace_states(), 0
    assert states, "no assault window reached: the test could not fail"
    for game, state, actor, answer in states:
        pack = game.pack  # type: ignore[attr-defined]
        fits = [t for t, c in pack.tactics.items() if c.window == "assault"]
        other = [t for t, c in pack.tactics.items() if c.window != "assault"]
        # The seat that answers into the window keeps its cards: its answer may name one of them.
        seats = [s for s in range(state.seats) if state.players[s].tactics and s != actor]  # type: ignore[attr-defined]
        for seat in seats:
            held = len(state.players[seat].tactics)  # type: ignore[attr-defined]
            forced, real = game.loads(game.dumps(state)), game.loads(game.dumps(state))
            forced.players[seat].tactics = other[:held]
            real.players[seat].tactics = [fits[0], *other[:held - 1]]
            opened = [[(e.key, e.args, e.board) for e in game.apply(x, actor, Choice.parse(answer))]
                      for x in (forced, real)]
            assert opened[0] == opened[1]
            if not any(p.kind == "brace" and p.seat == seat for p in game.prompts(real)):
                continue  # not a seat of this window (an automaton's, say)
            assert [o.id for o in _prompt(game, forced, seat).options] == ["tac.none"]
            others = [s for s in range(state.seats) if s != seat]  # type: ignore[attr-defined]
            for s in [None, *others]:
                assert game.view(forced, s) == game.view(real, s)
            assert _others(game, forced, seat) == _others(game, real, seat)
            events = [[(e.key, e.args, e.board) for e in game.apply(x, seat, Choice.of("brace", "tac.none"))]
                      for x in (forced, real)]
            assert events[0] == events[1]
            assert _others(game, forced, seat) == _others(game, real, seat)
            checked += 1
    assert checked, "no seat holding cards was asked at a window: the test could not fail"


def _prompt(game: Game, state: object, seat: int):  # type: ignore[no-untyped-def]
    return next(p for p in game.prompts(state) if p.seat == seat)


def _others(game: Game, state: object, seat: int) -> list[object]:
    return [p for p in game.prompts(state) if p.seat != seat]


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.label)
def test_a_seat_pictures_alt_text_never_names_another_seats_secrets(case: Case) -> None:
    """Issue 24: every seat picture carries alt text, in the reader's language. Like the picture
    (tests/rendering/test_seat_pictures.py), it is built from its own seat's view and prompt only:
    disturbing what any other seat hides leaves every seat's alt text the same, in every language."""
    from rendering import seat_alt_text, seat_picture

    game, disturb = game_of(case), SUPPORT[case.game_id].disturb
    described = 0
    for index, state in enumerate(states_along(case, seed=5, every=7, max_steps=400)):
        prompts = {p.seat: p for p in game.prompts(state)}
        clans = max(case.seats, len(getattr(state, "players", ())))
        for viewer in range(case.seats):
            lang = LANGS[(index + viewer) % len(LANGS)]
            tr, names = translator(lang), NAMES[:case.seats]
            view, prompt = game.view(state, viewer), prompts.get(viewer)
            mine = seat_alt_text(game, view, prompt, names, tr)
            if seat_picture(game, view, prompt, names, tr) is not None:
                assert mine, (case.label, index, viewer)  # a picture always has its alt text
            for other in (s for s in range(clans) if s != viewer):
                disturbed = disturb(state, other)
                theirs = {p.seat: p for p in game.prompts(disturbed)}
                again = seat_alt_text(game, game.view(disturbed, viewer), theirs.get(viewer), names, tr)
                assert mine == again, (case.label, index, viewer, other, lang)
            described += bool(mine)
    assert described or not renderer_seat(game), case.label


def renderer_seat(game: Game) -> bool:
    from rendering.registry import renderer_for

    return getattr(renderer_for(game), "seat", None) is not None
