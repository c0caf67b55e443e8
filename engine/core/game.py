"""The Game protocol every game implements, its typed capabilities, and the shape of a registration.
The registry itself (keyed by game id) is the game catalog, engine/games.py: it imports the bundled
games, which import this module, so the core stays below every game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

from engine.core.events import Event
from engine.core.prompt import Choice, Prompt

View = dict[str, Any]


class OutcomeKind(StrEnum):
    """Who a table plays against, declared per game and mode (OpenSpiel's ``GameType.utility`` in
    spirit): the bot reads it to say what happened and to decide what a result means for ratings.

    FREE_FOR_ALL: every seat against every other; places rank them. TEAMS: sides of seats (declared
    in ``TableOption.teams``) against each other. COOP: the whole table against the game, winning or
    losing together. AGAINST_AUTOMATON: one player against a rival the game plays (a solo bot)."""

    FREE_FOR_ALL = "free_for_all"
    TEAMS = "teams"
    COOP = "coop"
    AGAINST_AUTOMATON = "against_automaton"

    @property
    def competitive(self) -> bool:
        """Seats ranked against each other: their places mean something (ratings, average place)."""
        return self in (OutcomeKind.FREE_FOR_ALL, OutcomeKind.TEAMS)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ranking best first; ``scores`` are per seat, for the summary. ``places``
    (optional, parallel to ``ranking``) shares a place between seats nothing separates (1, 1, 3);
    left empty, the places are 1, 2, 3… A shared first place has every one of those seats in ``winners``.

    ``kind`` is the declared outcome kind (Capabilities.outcome_kind). TEAMS: ``teams`` lists the
    sides (seats each). AGAINST_AUTOMATON: ``rival`` names the automaton (a message key) and
    ``margin`` is the player's final score minus the automaton's (None when the game ended another
    way, e.g. a sudden loss). Every new field has a default, so an Outcome built the old way still
    reads as a free-for-all."""

    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    scores: dict[int, dict[str, int]] = field(default_factory=dict)
    places: tuple[int, ...] = ()
    kind: OutcomeKind = OutcomeKind.FREE_FOR_ALL
    teams: tuple[tuple[int, ...], ...] = ()
    rival: str = ""
    margin: int | None = None

    def placed(self) -> list[tuple[int, int]]:
        """(place, seat), best first."""
        places = self.places or tuple(range(1, len(self.ranking) + 1))
        return list(zip(places, self.ranking, strict=True))


@dataclass(frozen=True)
class TableOption:
    """A table option the game reads: its allowed values and its default. ``follows`` lets another
    option's value pick the default: ((option, value, default), ...), the first match wins."""

    name: str
    values: tuple[str, ...]
    default: str
    follows: tuple[tuple[str, str, str], ...] = ()
    # Some values narrow the seat count: ((value, min, max), ...), e.g. a two-player mode.
    seats: tuple[tuple[str, int, int], ...] = ()
    # Read only when another option has one of these values: ((option, value), ...), e.g. a ruling
    # of one mode; empty = always read.
    when: tuple[tuple[str, str], ...] = ()
    # Not read when another option has one of these values, even where ``when`` holds: a ruling of a
    # mode that a variant played in that mode replaces (co-op's time_loss at a co-op scenario table).
    unless: tuple[tuple[str, str], ...] = ()
    # Some values declare how the table ends: ((value, kind), ...), e.g. a solo or co-op mode; a value
    # not listed keeps the game's own kind (Capabilities.outcome).
    outcomes: tuple[tuple[str, OutcomeKind], ...] = ()
    # A TEAMS value's sides: ((value, ((seat, seat), (seat, seat))), ...).
    teams: tuple[tuple[str, tuple[tuple[int, ...], ...]], ...] = ()
    # An expansion's own switch (its default off): terminal play's ``--expansions`` names it.
    expansion: bool = False
    # Other options' values a value other than the default may not be chosen with: ((option, value),
    # ...), e.g. two expansions that are not played together.
    excludes: tuple[tuple[str, str], ...] = ()
    # Values played only with certain values of another option: ((value, option, (allowed, ...)), ...),
    # e.g. a Great Wall scenario that is played in one mode only (IT AC).
    requires: tuple[tuple[str, str, tuple[str, ...]], ...] = ()

    def default_for(self, chosen: Mapping[str, str]) -> str:
        return next((d for other, value, d in self.follows if chosen.get(other) == value), self.default)

    def applies(self, chosen: Mapping[str, str]) -> bool:
        return ((not self.when or any(chosen.get(other) == value for other, value in self.when))
                and not any(chosen.get(other) == value for other, value in self.unless))


@dataclass(frozen=True)
class Capabilities:
    """What a game declares about itself, read by the bot instead of probing the game object.

    ``fill_to_min_with_ai``: a table one seat short of ``min_seats`` (with a person seated) gets an AI.
    Modes are the values of the ``mode`` option, lengths those of ``length``, and so on."""

    id: str
    min_seats: int
    max_seats: int
    options: tuple[TableOption, ...] = ()
    fill_to_min_with_ai: bool = False
    outcome: OutcomeKind = OutcomeKind.FREE_FOR_ALL  # how a table ends unless an option value says otherwise

    @property
    def name_key(self) -> str:
        return f"{self.id}.name"

    def option(self, name: str) -> TableOption | None:
        return next((o for o in self.options if o.name == name), None)

    def seat_range(self, given: Mapping[str, str]) -> tuple[int, int]:
        """How many seats a table with these options takes: the first option value that narrows it
        (a mode), else the game's own range."""
        chosen = self.table_options(given)
        for option in self.options:
            for value, low, high in option.seats:
                if chosen.get(option.name) == value:
                    return low, high
        return self.min_seats, self.max_seats

    def outcome_kind(self, given: Mapping[str, str]) -> OutcomeKind:
        """How a table with these options ends: the first option value that declares it (a mode),
        else the game's own kind."""
        chosen = self.table_options(given)
        for option in self.options:
            for value, kind in option.outcomes:
                if chosen.get(option.name) == value:
                    return kind
        return self.outcome

    def teams(self, given: Mapping[str, str]) -> tuple[tuple[int, ...], ...]:
        """The sides of a TEAMS table with these options (empty for any other kind)."""
        chosen = self.table_options(given)
        for option in self.options:
            for value, sides in option.teams:
                if chosen.get(option.name) == value:
                    return sides
        return ()

    def foreign(self, given: Mapping[str, str]) -> tuple[str, str] | None:
        """The first given (option, value) this table would not read: an option the game does not
        have, a value it does not allow, or an option of another mode (a duel ruling on a 4-player
        table). ``/game new`` refuses it rather than open a table whose rules are not what was asked."""
        chosen = self.table_options(given)
        for name, value in given.items():
            option = self.option(name)
            if option is None or value not in option.values or chosen.get(name) != value:
                return name, value
        return None

    def clash(self, given: Mapping[str, str]) -> tuple[str, str] | None:
        """The first two chosen options that may not be played together (an option set off its
        default that excludes another's value, or a value another option's value is not played with),
        as (option, other option); None when none clash."""
        chosen = self.table_options(given)
        for option in self.options:
            if option.name in chosen and chosen[option.name] != option.default_for(chosen):
                for other, value in option.excludes:
                    if chosen.get(other) == value:
                        return option.name, other
            for value, other, allowed in option.requires:
                if chosen.get(option.name) == value and chosen.get(other) not in allowed:
                    return option.name, other
        return None

    def table_options(self, given: Mapping[str, str]) -> dict[str, str]:
        """Every option this game reads, written out (the given value, else its default): the lobby
        then says which rules apply. Options of other games are dropped."""
        chosen: dict[str, str] = {}
        for option in self.options:
            if option.applies(chosen):
                chosen[option.name] = given.get(option.name) or option.default_for(chosen)
        return {name: value for name, value in chosen.items() if not self._moot(name, chosen)}

    def _moot(self, name: str, chosen: Mapping[str, str]) -> bool:
        """A choice left at its default whose every other value is played only where the table is
        not (an Ancient Chronicles scenario at a duel or solo table): the table does not read it, so
        the lobby does not list it. It is decided before the options it requires (it may set them),
        hence after the fact."""
        option = self.option(name)
        return (option is not None and bool(option.requires) and chosen[name] == option.default_for(chosen)
                and all(chosen.get(other) not in allowed for _, other, allowed in option.requires))


class Game(Protocol):
    """The contract. A game class may subclass it (explicitly) to inherit the defaults below."""

    id: str
    min_seats: int
    max_seats: int
    caps: Capabilities

    def setup(self, seats: int, options: dict[str, str], seed: int) -> Any: ...

    def prompts(self, state: Any) -> list[Prompt]: ...

    def apply(self, state: Any, seat: int, choice: Choice) -> list[Event]: ...

    def view(self, state: Any, seat: int | None) -> View: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def dumps(self, state: Any) -> str: ...

    def loads(self, text: str) -> Any: ...

    def unknown(self, state: Any) -> tuple[object, ...] | None:
        """What no seat knows yet (the RNG, the face-down pile orders): a choice that changes it can
        never be taken back (bot/undo.py). None, the default, means the game never offers undo."""
        return None


# A factory builds the game from the owners' data packs (a folder), or from the bundled pack (None).
GameFactory = Callable[[Path | None], Game]


@dataclass(frozen=True)
class Registration:
    """What the game catalog (engine/games.py) keeps per game id: its declared capabilities and the
    factory that builds it. The core only names the shape: it never imports a game, not even by name,
    since every game imports the core."""

    caps: Capabilities
    factory: GameFactory


# The registrations themselves: filled by the catalog (engine/games.py) for the bundled games, by a
# game when one of its variants is registered (its capabilities change), and by the tests' toy.
# Holding the data here creates no circle: the core still imports no game.
REGISTERED: dict[str, Registration] = {}


def register_game(caps: Capabilities, factory: GameFactory) -> None:
    """One registration per game (a later one replaces it, e.g. in a test or a new variant)."""
    REGISTERED[caps.id] = Registration(caps, factory)


def unregister_game(game_id: str) -> None:
    REGISTERED.pop(game_id, None)
