"""Akhedena's hidden cards in events and prompts (the view-level audit of every game is
tests/engine/test_audit_secrecy.py)."""

from __future__ import annotations

import copy
import json

from akhedena_support import GAME, playout

from engine.akhedena.state import State
from engine.core.prompt import Choice

PUBLIC_CARD_EVENTS = {"ak.card_played", "ak.card_immediate", "ak.black_revealed"}


def _states_along(seed: int, mode: str, seats: int) -> list[State]:
    state = GAME.setup(seats, {"mode": mode}, seed)
    _, log = playout(seed, mode, seats, check=False)
    snaps = []
    for seat, text in log:
        GAME.apply(state, seat, Choice.parse(text))
        snaps.append(copy.deepcopy(state))
    return snaps


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
