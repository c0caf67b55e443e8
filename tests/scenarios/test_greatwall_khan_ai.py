"""The seat AIs and the Bannerman [IT GK, "Portabandiera"]: each player has one, recruited at the
Barracks for its cost (conflict C3: 2 Gold + 1 Wood by default); it fights as a Spearman and gives its
owner 2 attacks in its Section at the start of every Winter. Every level answers a recruit that offers
it with a legal choice; normal and hard recruit it as soon as they can pay (engine/ai/greatwall_khan.py
says why), into the Section where their Soldiers rest, and never when they cannot pay."""

from __future__ import annotations

import pytest
from greatwall_kit import GAME, drafted, horde, jobs, players_cleared

from engine.ai import choose
from engine.greatwall.state import State

BLUE = 0


def _recruiting(res: dict[str, int], resting_in: int = 2) -> State:
    """Blue at the Barracks with 1 recruit, 3 Spearmen resting in Section ``resting_in``, a Horde in
    every Section (so every Section offers an attack)."""
    state = players_cleared(drafted(3, 1, options={"khan": "on"}))
    for section in state.sections:
        section.hordes, section.barricades, section.firing, section.rest = [], 0, [], {}
    for sec in range(3):
        horde(state, sec, "raiders1")
    state.sections[resting_in].rest[BLUE] = {"spearman": 3}
    state.players[BLUE].reserve["spearman"] -= 3
    state.players[BLUE].res.update(res)
    jobs(state, {"op": "recruit", "seat": BLUE, "n": 1})
    assert state.ask is not None and state.ask.kind == "recruit"
    return state


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("resting_in", [0, 2])
def test_normal_and_hard_recruit_the_bannerman_once_they_can_pay(level: str, resting_in: int) -> None:
    for seed in range(8):
        state = _recruiting({"gold": 2, "wood": 2, "stone": 2}, resting_in)
        prompt = GAME.prompts(state)[0]
        choice = choose(GAME, GAME.view(state, BLUE), prompt, seed, level)
        assert choice.values[0] == f"bannerman.atk.{resting_in}", (seed, choice)
        GAME.apply(state, BLUE, choice)
        assert state.players[BLUE].reserve["bannerman"] == 0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_without_its_gold_they_recruit_something_else(level: str) -> None:
    state = _recruiting({"gold": 1, "wood": 2, "stone": 2})
    prompt = GAME.prompts(state)[0]
    choice = choose(GAME, GAME.view(state, BLUE), prompt, 3, level)
    assert not choice.values[0].startswith("bannerman")
    GAME.apply(state, BLUE, choice)


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_level_answers_a_recruit_offering_the_bannerman_legally(level: str) -> None:
    for seed in range(6):
        state = _recruiting({"gold": 3, "wood": 3, "stone": 3, "chi": 3})
        prompt = GAME.prompts(state)[0]
        assert any(o.args.get("unit") == "bannerman" for o in prompt.options)
        GAME.apply(state, BLUE, choose(GAME, GAME.view(state, BLUE), prompt, seed, level))
