"""The contract every game follows: prompts, choices, events, views, outcomes, seeded randomness."""

from engine.core.errors import IllegalChoice, PackError
from engine.core.events import Event
from engine.core.game import Game, Outcome, View, get_game, register_game
from engine.core.prompt import Choice, Option, Prompt
from engine.core.rng import Rng

__all__ = [
    "Choice",
    "Event",
    "Game",
    "IllegalChoice",
    "Option",
    "Outcome",
    "PackError",
    "Prompt",
    "Rng",
    "View",
    "get_game",
    "register_game",
]
