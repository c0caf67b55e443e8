"""Seat AIs: fill a table or take over a seat. They see only ``game.view(state, seat)``.

``choose(game, view, prompt, seed)`` dispatches to the game's own AI when there is one, else to a
random legal choice. The seed makes every AI decision reproducible.
"""

from __future__ import annotations

from engine.core.game import Game, View
from engine.core.prompt import Choice, Prompt
from engine.core.rng import Rng


def choose(game: Game, view: View, prompt: Prompt, seed: int) -> Choice:
    rng = Rng.from_seed(seed)
    if game.id == "greatwall":
        from engine.ai.greatwall import GreatWallAI

        return GreatWallAI(game).choose(view, prompt, rng)
    if game.id == "akhedena":
        from engine.ai.akhedena import AkhedenaAI

        return AkhedenaAI(game).choose(view, prompt, rng)
    if game.id == "xidit":
        from engine.ai.xidit import XiditAI

        return XiditAI(game).choose(view, prompt, rng)
    return random_choice(prompt, rng)


def random_choice(prompt: Prompt, rng: Rng) -> Choice:
    """Any legal answer to the prompt's shape (rules beyond the options are the game's AI job)."""
    ids = [o.id for o in prompt.options]
    if prompt.slots > 1:
        return Choice(prompt.kind, tuple(rng.pick([o.id for o in prompt.options_for(i)])
                                         for i in range(prompt.slots)))
    count = prompt.pick_min + rng.below(prompt.pick_max - prompt.pick_min + 1)
    rng.shuffle(ids)
    picked = set(ids[:count])
    return Choice(prompt.kind, tuple(o.id for o in prompt.options if o.id in picked))
