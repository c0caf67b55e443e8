"""The hard Great Wall seat's soldiers (engine/ai/greatwall_guard.py): they go where a breach would
shame it."""

from __future__ import annotations

from greatwall_support import GAME

from engine.ai import choose
from engine.ai.greatwall import GreatWallAI
from engine.core.prompt import Choice, Prompt
from engine.core.rng import Rng
from engine.greatwall.combat import defence, power
from engine.greatwall.flow import Ctx
from engine.greatwall.state import HordeCard, Soldier, State


def at_recruit(seed: int = 2) -> tuple[State, Prompt]:
    """A 3-player game played by normal seats up to its first recruit at the Barracks."""
    state = GAME.setup(3, {}, seed)
    step = 0
    while prompts := GAME.prompts(state):
        prompt = prompts[0]
        if prompt.kind == "recruit":
            return state, prompt
        GAME.apply(state, prompt.seat, choose(GAME, GAME.view(state, prompt.seat), prompt, step, "normal"))
        step += 1
    raise AssertionError("no recruit")


def threaten(state: State, sec: int, seat: int) -> None:
    """Every Section holds (a big Defence bonus) but ``sec``: two cards there, one with ``seat``'s soldier."""
    ctx = Ctx(state, GAME.pack)
    card = next(iter(GAME.pack.hordes))
    for i, section in enumerate(state.sections):
        section.hordes = [HordeCard(card)] if i != sec else [HordeCard(card, [Soldier(seat, "spearman", [0])]),
                                                             HordeCard(card)]
        section.wall, section.barricades, section.defence_bonus = 0, 0, 0
        if i != sec:
            section.defence_bonus = power(ctx, i) + 5
    assert power(ctx, sec) > defence(ctx, sec)


def test_a_recruit_goes_where_a_breach_would_shame_us() -> None:
    """ES p.10 / RU p.10: at a breach each player gains 1 Shame per Horde card there without one of
    their Soldiers; a Section that holds shames nobody. So the hard seat's soldier attacks in the
    Section that would fall, whichever section the normal seat's shuffle would have picked."""
    state, prompt = at_recruit()
    me = prompt.seat
    state.players[me].res.update({"stone": 9, "wood": 9, "chi": 9, "gold": 9, "food": 9})
    for sec in range(len(state.sections)):
        threaten(state, sec, (me + 1) % 3)
        view = GAME.view(state, me)
        for seed in range(6):
            values = GreatWallAI(GAME, "hard").choose(view, prompt, Rng.from_seed(seed)).values
            first = values[0]
            assert first.split(".")[1:] == ["atk", str(sec)], (sec, values)


def test_a_horseman_attacks_a_card_without_one_of_ours() -> None:
    """ES p.10 / RU p.10: one Soldier on a card spares its owner that card's breach Shame; a second one
    on the same card spares nothing more. A horseman may attack any row (ES p.12)."""
    state, prompt = at_recruit()
    me = prompt.seat
    threaten(state, 0, me)  # our soldier already stands on the first card (row 1)
    state.players[me].res.update({"stone": 9, "wood": 9, "chi": 9, "gold": 9, "food": 9})
    GAME.apply(state, me, Choice("recruit", ("horseman.atk.0", *choose(GAME, GAME.view(state, me), prompt, 0,
                                                                         "hard").values[1:])))
    target = next((p for p in GAME.prompts(state) if p.kind == "target"), None)
    assert target is not None and int(target.args["sec"]) == 0
    for seed in range(6):
        pick = GreatWallAI(GAME, "hard").choose(GAME.view(state, me), target, Rng.from_seed(seed)).values[0]
        assert next(o for o in target.options if o.id == pick).args["row"] == 2
