"""Akhedena's hidden-information gate: a seat's action cards, its black card and the order of every
deck never change what another seat or a spectator sees — views, and so the board picture."""

from __future__ import annotations

import copy
import json

import pytest
from akhedena_support import GAME, playout

from engine.akhedena.state import State, card_type
from engine.core.prompt import Choice
from rendering import render

PUBLIC_CARD_EVENTS = {"ak.card_played", "ak.card_immediate", "ak.black_revealed"}


def _states_along(seed: int, mode: str, seats: int) -> list[State]:
    state = GAME.setup(seats, {"mode": mode}, seed)
    _, log = playout(seed, mode, seats, check=False)
    snaps = []
    for seat, text in log:
        GAME.apply(state, seat, Choice.parse(text))
        snaps.append(copy.deepcopy(state))
    return snaps


def _other(card: str, pool: list[str]) -> str:
    return next((c for c in pool if card_type(c) != card_type(card)), card)


def _disturb(state: State, seat: int) -> State:
    """Same counts, other cards: the hand, the black card, and every deck's order."""
    other = copy.deepcopy(state)
    p = other.players[seat]
    p.hand = [_other(c, other.action_deck) for c in p.hand]
    p.black = [_other(c, other.black_deck) for c in p.black]
    for deck in (other.army_deck, other.black_deck, other.action_deck, other.general_deck):
        deck.reverse()
    return other


@pytest.mark.parametrize(("seed", "mode", "seats"), [(1, "standard", 3), (2, "team", 4), (3, "standard", 2)])
def test_a_seats_secrets_never_reach_another_view_or_the_board(seed: int, mode: str, seats: int) -> None:
    changed = 0
    for state in _states_along(seed, mode, seats)[::9]:
        for seat in range(seats):
            disturbed = _disturb(state, seat)
            for viewer in (None, *[s for s in range(seats) if s != seat]):
                assert GAME.view(state, viewer) == GAME.view(disturbed, viewer)
            if GAME.view(state, seat) != GAME.view(disturbed, seat):
                changed += 1
    assert changed  # the disturbance is real: the owner does see it


def test_the_board_png_is_the_same_bytes_whatever_is_hidden() -> None:
    state = _states_along(5, "standard", 3)[200]
    disturbed = _disturb(state, 1)
    names = ["Ana", "Bo", "Cy"]
    assert render(GAME, GAME.view(state, None), names) == render(GAME, GAME.view(disturbed, None), names)


def test_events_name_hidden_cards_only_in_the_drawers_private_part() -> None:
    state = GAME.setup(3, {}, 6)
    _, log = playout(6, "standard", 3, check=False)
    secret_kinds = set(GAME.pack.actions) | set(GAME.pack.black)
    drawn = 0
    for seat, text in log:
        for ev in GAME.apply(state, seat, Choice.parse(text)):
            if ev.key not in PUBLIC_CARD_EVENTS:
                assert not set(map(str, ev.args.values())) & secret_kinds, (ev.key, ev.args)
            if ev.key == "ak.card_drawn":
                drawn += 1
                assert set(ev.private) == {ev.args["seat"]}
    assert drawn


def test_spectator_view_has_no_private_part_and_is_json() -> None:
    for state in _states_along(4, "quick", 2)[::5]:
        view = GAME.view(state, None)
        assert "me" not in view
        json.dumps(view)


def test_the_black_card_declaration_is_a_secret_prompt() -> None:
    state = GAME.setup(2, {}, 8)
    _, log = playout(8, "standard", 2, check=False)
    seen = False
    for seat, text in log:
        prompt = GAME.prompts(state)[0]
        if prompt.kind in ("declare", "play_card"):
            assert prompt.secret
            seen = True
        GAME.apply(state, seat, Choice.parse(text))
    assert seen
