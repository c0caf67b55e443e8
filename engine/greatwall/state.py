"""The whole state of one Great Wall game, as plain dataclasses (JSON via cattrs).

Resolution is a stack of small tasks (``tasks``, top = last) run by engine/greatwall/flow.py; a task
that needs a decision opens ``ask`` and the game waits. Every pending step is therefore in the
state, and a saved game resumes mid-activation exactly where it stopped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Task = dict[str, Any]


def no_resources() -> dict[str, int]:
    return {"wood": 0, "stone": 0, "gold": 0, "chi": 0}


def no_units() -> dict[str, int]:
    return {"spearman": 0, "archer": 0, "horseman": 0}


@dataclass
class Soldier:
    """A spearman (1 spot) or horseman (2 spots) on a horde card; they never move off it by choice."""

    seat: int
    unit: str
    spots: list[int]


@dataclass
class HordeCard:
    card: str
    soldiers: list[Soldier] = field(default_factory=list)
    wounds: list[int] = field(default_factory=list)


@dataclass
class Section:
    wall: int = 0  # built levels, 0..3
    barricades: int = 0
    firing: list[int] = field(default_factory=list)  # one seat per archer in a firing spot
    rest: dict[int, dict[str, int]] = field(default_factory=dict)  # seat -> unit -> count
    hordes: list[HordeCard] = field(default_factory=list)  # index 0 = row 1, nearest the wall
    defence_bonus: int = 0  # from tactics played before this Winter's assault


@dataclass
class Overseer:
    level: int
    unit: str  # the soldier standing as overseer (never removed)


@dataclass
class Claimed:
    card: str
    shame: int = 0


@dataclass
class Player:
    general: str = ""
    offer_generals: list[str] = field(default_factory=list)
    offer_advisors: list[str] = field(default_factory=list)
    active: list[str] = field(default_factory=list)
    support: list[str] = field(default_factory=list)
    res: dict[str, int] = field(default_factory=no_resources)  # behind the screen
    tactics: list[str] = field(default_factory=list)  # hand, secret
    hand: list[str] = field(default_factory=list)  # command cards in hand (public)
    # The start is the dragon space, which is 0 (conflict C13: ES/RU p.5 name the dragon space, ES p.16
    # and the fan reference say "0"; we read them as the same space, so the readings do not differ).
    honor: int = 0
    clerks: int = 0  # in reserve
    clerk_space: int = 0  # own clerks still on the board's Clerk space (hireable)
    reserve: dict[str, int] = field(default_factory=no_units)
    shamed: dict[str, int] = field(default_factory=no_units)  # reserve soldiers with Shame under them
    claimed: list[Claimed] = field(default_factory=list)  # face down: identities are secret
    walls_built: int = 0
    command: str | None = None  # this Fall's pick, secret until everyone has picked
    sacrificed: dict[str, int] = field(default_factory=no_units)  # co-op: removed from the game


@dataclass
class TrackCard:
    seat: int
    card: str


@dataclass
class Ask:
    """An open decision: one seat, or several answering simultaneously (answers kept secret)."""

    kind: str
    seats: list[int]
    data: dict[str, Any] = field(default_factory=dict)
    answers: dict[int, list[str]] = field(default_factory=dict)
    opened: int = 0


@dataclass
class Qin:
    """Qin Jiushao, the solo automaton (engine/greatwall/qin.py) [ES p.16–17]."""

    seat: int
    track: list[str] = field(default_factory=list)  # Location track tokens, leftmost (highest) first
    deck: list[str] = field(default_factory=list)  # his solo command cards, top first
    lost: bool = False  # the human lost at once: the Shame supply ran out [ES p.17]


@dataclass
class Rat:
    """The Rat expansion [IT Rat] (engine/greatwall/rat.py): where the miniature stands, the revealed
    Rat cards (the active one last) and the face-down deck (top = index 0)."""

    loc: str | None = None
    shown: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)

    @property
    def card(self) -> str | None:
        return self.shown[-1] if self.shown else None


@dataclass
class Khan:
    """The Genghis Khan expansion [IT GK] (engine/greatwall/khan.py): the Section his miniature
    stands on, his 2 Skills, the Soldiers on his card and Skills (for the rest of the game), the
    Emperor's Award drawn and who holds its miniature, the Bannermen on the board."""

    sec: int = 0
    skills: list[str] = field(default_factory=list)
    wounds: dict[str, list[Soldier]] = field(default_factory=dict)  # card id -> Soldiers on it
    award: str = ""
    holder: int | None = None
    defeated: bool = False


@dataclass
class State:
    seats: int
    rng: int
    step: int = 0
    year: int = 1
    season: str = "draft"  # draft | spring | summer | fall | winter | over
    time: int = 0  # index on the time track
    players: list[Player] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    clerks_at: dict[str, list[int]] = field(default_factory=dict)  # location -> seat per clerk
    overseers: dict[str, dict[int, Overseer]] = field(default_factory=dict)
    tea: list[int] = field(default_factory=list)  # top of the stack first
    track: list[TrackCard | None] = field(default_factory=list)
    command_discard: list[TrackCard] = field(default_factory=list)
    active: int | None = None  # seat resolving its command card
    advanced: int = 0  # Advanced Activations left for the active player's activation step
    horde_deck: list[str] = field(default_factory=list)  # top = index 0
    horde_discard: list[str] = field(default_factory=list)
    tactic_deck: list[str] = field(default_factory=list)
    tactic_discard: list[str] = field(default_factory=list)
    advisor_deck: list[str] = field(default_factory=list)
    queue: list[str] = field(default_factory=list)  # the 4 face-up advisors, left first
    advisor_discard: list[str] = field(default_factory=list)
    artifacts: list[str] = field(default_factory=list)
    shame_supply: int = 0
    shame_boxed: int = 0
    warehouse: dict[str, int] = field(default_factory=no_resources)
    tasks: list[Task] = field(default_factory=list)
    ask: Ask | None = None
    end_reasons: list[str] = field(default_factory=list)
    final: dict[int, dict[str, int]] = field(default_factory=dict)  # seat -> scoring steps
    # Modes (engine/greatwall/variant.py, variants/); the defaults load older saves. ``players`` holds every
    # clan: the deciding seats first (0..seats-1), then the rules-driven clans; ``reed`` is the Reed
    # clan's index, if it plays.
    mode: str = "standard"  # standard | duel | solo | coop
    reed: int | None = None
    blocked: int = 0  # leftmost Wall Sections out of play (2 players [ES p.15]); not in ``sections``
    rulings: dict[str, str] = field(default_factory=dict)  # table options that pick a reading
    qin: Qin | None = None  # solo: Qin Jiushao's clan and his card
    # Co-operative mode [ES p.18–19] (engine/greatwall/coop.py).
    time_loss: str = "unmet"  # co-op, conflict C14: "unmet" or "always" (engine/greatwall/coop.py)
    demands: list[str | None] = field(default_factory=list)  # the active Demands, one per artifact slot
    demand_deck: list[str] = field(default_factory=list)  # top = index 0
    fulfilled: list[str] = field(default_factory=list)  # Demands met so far, in order
    event_deck: list[str] = field(default_factory=list)  # top = index 0
    events: list[str] = field(default_factory=list)  # revealed Events, never discarded
    won: bool | None = None  # co-op: the whole team's result once over
    # The expansions played beside the mode (engine/greatwall/variant.py), in no particular order.
    variants: list[str] = field(default_factory=list)
    rat: Rat | None = None  # the Rat expansion, when played
    khan: Khan | None = None  # the Genghis Khan expansion, when played
    # The Ancient Chronicles scenario's own values, when one is played (engine/greatwall/chronicles/):
    # its tracks and markers, public unless the scenario's view says otherwise.
    chronicle: dict[str, Any] | None = None

    def plain_piles(self) -> list[list[str]]:
        """The face-down piles whose order is all that is hidden (top = index 0): the co-op Demands and
        Events [ES p.18-19], Qin's solo commands [ES p.16], the Rat's cards [IT Rat]. An expansion's
        pile belongs here, so that what no seat knows (``Game.unknown``) and the AI's sampled worlds
        (engine/ai/greatwall_world.py) both see it."""
        return [self.demand_deck, self.event_deck, *([self.qin.deck] if self.qin else []),
                *([self.rat.deck] if self.rat else [])]

    def is_reed(self, seat: int) -> bool:
        return seat == self.reed

    def is_qin(self, seat: int) -> bool:
        return self.qin is not None and seat == self.qin.seat

    def humans(self) -> list[int]:
        """The deciding seats (people or seat AIs), never an automaton clan."""
        return list(range(self.seats))

    def clans(self) -> int:
        """How many clans play: the count the board side, time track and limits are read for."""
        return len(self.players)

    def is_automaton(self, seat: int) -> bool:
        return seat >= self.seats

    def tea_humans(self) -> list[int]:
        return [s for s in self.tea if s < self.seats]

    def tea_order(self, seats: list[int] | None = None) -> list[int]:
        return [s for s in self.tea if seats is None or s in seats]
