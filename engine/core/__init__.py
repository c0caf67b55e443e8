"""The contract every game follows: prompts, choices, events, views, outcomes, seeded randomness.
Importing it loads no game: the games are registered and looked up in engine/games.py."""

from engine.core.errors import IllegalChoice, PackError
from engine.core.events import Event
from engine.core.game import Capabilities, Game, Outcome, TableOption, View
from engine.core.prompt import Choice, Option, Prompt
from engine.core.rng import Rng

__all__ = [
    "Capabilities",
    "Choice",
    "Event",
    "Game",
    "IllegalChoice",
    "Option",
    "Outcome",
    "PackError",
    "Prompt",
    "Rng",
    "TableOption",
    "View",
]
