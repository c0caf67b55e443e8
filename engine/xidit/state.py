"""The whole state of one Lords of Xidit game, as plain dataclasses (JSON via cattrs)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.xidit.pack import UNITS

ORDERS: tuple[str, ...] = ("blue", "red", "black", "act", "wait")
ASSESSMENTS: tuple[str, ...] = ("wealth", "influence", "reputation")


def no_units() -> dict[str, int]:
    return {u: 0 for u in UNITS}


@dataclass
class Player:
    city: int | None = None
    units: dict[str, int] = field(default_factory=no_units)  # behind the screen
    gold: int = 0  # behind the screen
    bards_left: int = 20  # behind the screen, not yet placed
    bastion: int = 0  # placed secretly in the central region
    stories_left: int = 15
    # Battle-mage census stories waiting for a guild with room (rulebook: Census, note).
    waiting_stories: int = 0
    orders: list[str] | None = None
    done: int = 0  # orders executed this year
    recruited_in: list[int] = field(default_factory=list)  # cities, this year
    cleared_in: list[int] = field(default_factory=list)  # cities where a threat/titan fell, this year
    titans_in: list[int] = field(default_factory=list)  # cities where a titan fell, this year
    out: bool = False  # eliminated by an assessment


@dataclass
class CityTile:
    tile: int
    side: str  # "recruit" | "threat"
    units: list[str] = field(default_factory=list)  # recruitment side: units still on it


@dataclass
class TitanTile:
    id: str
    raging: bool = False


@dataclass
class Guild:
    owner: int
    height: int


@dataclass
class Pending:
    """A decision that arose during resolution and waits for one seat."""

    seat: int
    kind: str  # rewards | bard | titan | titan_pay | guild
    count: int = 0  # bards / units still to give
    source: str = ""  # "tile:7" or "titan:t3a"
    rewards: list[str] = field(default_factory=list)  # offered reward kinds
    regions: list[str] = field(default_factory=list)  # where bards may go
    census: bool = False  # from the census (decides the log key)


@dataclass
class Census:
    unit: int = 0  # index into UNITS
    shown: dict[int, int] = field(default_factory=dict)  # seat -> units shown (secret until all in)
    history: list[dict[int, int]] = field(default_factory=list)


@dataclass
class Assessment:
    kind: str
    values: dict[int, int]
    ranking: list[int]
    eliminated: list[int]


@dataclass
class State:
    seats: int
    length: str
    years: int
    census_years: list[int]
    rng: int
    year: int = 1
    first: int = 0
    phase: str = "place"  # place | program | resolve | census | over
    round: int = 0  # order slot being resolved (0..5)
    turn: int = 0  # index into the play order
    step: int = 0  # bumps on every applied choice: prompt ids derive from it
    opened: int = 0  # step at which the current decision(s) opened
    players: list[Player] = field(default_factory=list)
    board: dict[int, CityTile] = field(default_factory=dict)
    recruit_pile: list[int] = field(default_factory=list)  # top = index 0
    threat_pile: list[int] = field(default_factory=list)
    recruit_discard: list[int] = field(default_factory=list)
    threat_discard: list[int] = field(default_factory=list)
    next_recruit: int | None = None
    next_threat: int | None = None
    titans: list[list[TitanTile]] = field(default_factory=list)  # stacks, top = last
    barracks: dict[str, int] = field(default_factory=no_units)
    bards: dict[str, dict[int, int]] = field(default_factory=dict)  # region -> seat -> count
    guilds: dict[int, Guild] = field(default_factory=dict)
    pending: list[Pending] = field(default_factory=list)
    census: Census | None = None
    assessment_order: list[str] = field(default_factory=list)
    assessments: list[Assessment] = field(default_factory=list)

    def play_order(self) -> list[int]:
        """Seats clockwise from the first player."""
        return [(self.first + i) % self.seats for i in range(self.seats)]
