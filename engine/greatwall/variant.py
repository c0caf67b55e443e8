"""The Great Wall's variants: what a mode or an expansion changes, as named points of the game.

The base game (the modules of engine/greatwall/ that are no variant) never asks which mode is being
played: at each point a variant may change it calls the active variants' hook, whose default here
is the base game's behaviour. A variant is a subclass of ``Variant`` that overrides a few hooks and
declares its data; the active ones are read from the state (``state.mode`` and ``state.variants``)
and reached through ``ctx.variants`` (engine/greatwall/flow.py), in the declared ``order`` (the
rulebook's: a mode first, then the expansions).

Hook points (the variants that use each; "reed" = duel, solo and 2-player co-op, which add the Reed
clan [ES p.15]). Three ways to call them (flow.Ctx): ``each`` (every variant), ``first`` / ``some``
(the first that takes it over), ``fold`` (a value passed through every variant in order, so a mode
and expansions each change it in turn: steps lists, decks, counts).

  setup      setup_state (reed, coop: blocked Section, rulings, time_loss) · card_set + deck (coop:
             data/coop.toml's cards [ES p.18 steps 4, 7, 9]) · artifacts (coop: none [ES p.18 step
             3]) · add_clans (duel, coop at 2: Reed; solo: Qin then Reed [ES p.16 step 19]) ·
             extra_hordes (coop: players + 1 [ES p.18 step 5]; five: 2 [IT 5P step 7]; khan:
             conflict C2) · extra_setup (coop: Demands, Events; rat: its deck, and its placement
             after the draft [IT Rat steps 18–19]; khan: his card, Skills, Award, Bannermen [IT GK
             steps 4–7]; five: the Time marker's start, 4 Clerks on the Clerk space [IT 5P steps 3,
             14]) · deck (khan: the Horde types, the Advisors [IT GK steps 6, 11]; five: its
             Generals, Tactics and Advisors shuffled in [IT 5P steps 9–10])
  time       time_track (red_turban: table option turban_length) · spring_hordes (coop: +1 and
             Events [ES p.18–19]) · spring_steps (red_turban: Peace or War [IT AC]) ·
             spring_invaded (khan: he moves [IT GK]) · spring_advisors
             (solo [ES p.17])
  summer     collects_income (solo: not Qin, FAQ #6) · overseer_yield (long_winter: the
             Production track, also when gathering [IT AC]) · summer_income (coop: Events; khan: the
             Award) · summer_steps (coop: Shame for Honor, no reclaim [ES p.19]; rat: a new Rat
             card [IT Rat])
  fall       automaton_commands (solo: Qin's top card; reed: Reed's card) · on_reveal (coop: the plan
             line [ES p.19]) · place_automaton (solo, reed) · automaton_step (solo, reed: their
             Clerk moves and gains) · same_name (solo: Qin's cards read as yours [ES p.16]) ·
             team_moves (coop [ES p.19]) · turn_end (long_winter: sending to the Emperor after a
             turn's Horde defeat check [IT AC]) · fall_steps (rat: the Rat moves after the Fall's last
             Horde defeat check [IT Rat])
  recruit    recruits, unit_cost (khan: the Bannerman [IT GK], table option khan_banner_cost)
  locations  locations (great_famine: the Market [IT AC]) · location_steps (great_famine: what the
             Market does) · location_jobs (siege: the Fortress actions at the Barracks, Encampment
             and Logistics [IT AC]) · clerk_places (emperors_visit: the Warehouse [IT AC];
             ghost_festival: no haunted Location [IT AC]) · on_activate (rat: its presence payout [IT
             Rat]) · activation_order (solo [ES
             p.17]) · automaton_at (reed, solo: their effects at an activated Location) ·
             team_order (coop [ES p.19]) · can_upgrade (red_turban: no Gold Overseer)
  events     claim_counts, claimant (reed: it never claims, table option reed_claim [ES p.15]) ·
             company (reed: table option reed_company) · raid_count (reed: table option
             raid_count) · on_raid (siege: a Shame beside the Fortress [IT AC]) · on_claim (coop: a
             Horde's Honor at once [ES p.19]) · on_wall_built
             (coop: a card back; khan: the Emperor's Award) · breach_shames, raid (long_winter:
             a resource instead of Shame, resources boxed [IT AC]) · soldier_killed (ghost_festival:
             out of the game [IT AC]) · after_defeat (khan: a survivor may wound him [IT GK];
             ghost_festival: the claimant may lift a haunting [IT AC]) · section_power,
             section_defence (khan: his Skills) · on_breach (red_turban: a loss)
  shame      shame_on_cards (coop: never on a card [ES p.19]) · shame_buy_back (coop: 10 Honor) ·
             shame_supply_empty (solo: you lose [ES p.17]; coop: all lose [ES p.19])
  winter     winter_steps (coop: fulfil, its end check, Demand and Event steps [ES p.19]; khan:
             the Bannermen's attacks before Firing [IT GK]; siege, red_turban: no Demand steps, the
             survival end check; siege: the Fortress fires first, the Night after the Assault) ·
             end_reasons (khan: his defeat) ·
             end_reached (solo: an empty supply loses) · final_scoring (solo: Qin's score [ES p.17])
  end        announce_end (siege, red_turban: the survival line [IT AC]) · outcome (solo, coop) ·
             rival (solo: Qin's seat)
  view       view_extras (solo: Qin's track; coop: the Demands panel; khan: his cards; siege: the
             Fortress; red_turban: the year's state), drawn by
             what the view declares in ``view["panels"]`` (rendering/greatwall.py ``panel``)

Declared data: ``name``, ``option`` (the table option value that turns it on), ``seats``,
``outcome_kind``, ``rulings`` (its TableOptions; the caps add ``when``), ``drops`` (the rulings of
the variants it joins that it leaves unread; the caps add ``unless``), ``combines`` (the variants
it may be played with: none of the four modes combine), ``order`` (of application), ``card_set``,
``open_rounds`` (coop: the team's Clerk moves are answered in the open), ``breach_shame``
(great_famine: a Breach gives no Shame [IT AC]), ``at_seats`` (the seat
counts that turn it on instead of a table option: the fifth player at 5 [IT 5P]; it widens the seat
range of the modes it combines with, and its rulings are offered with those modes).

Clan predicates stay on the state as data (``state.is_automaton``, ``is_reed``, ``is_qin``: which
clan a seat is, set by the variant that added it), not as mode checks.

Prompts a variant adds are its own tasks and decisions on ``RULES`` (its module is listed in
engine/greatwall/rules.py); prompts it removes are steps its hooks leave out.

How to add a variant: write its module under engine/greatwall/variants/ (a ``Variant`` with its data
and the hooks it changes; its own tasks and decisions on ``RULES`` in a rules module listed in
engine/greatwall/rules.py, if it has any), add one entry to ``BUNDLED`` in
engine/greatwall/variants/__init__.py, and its message keys in bot/i18n/greatwall.{en,es,ru,it}.json:
``option.mode.<name>`` (an expansion: ``option.<option>.<value>``), ``option.<ruling>.<value>`` for
each ruling, and its prompts' and log lines' keys. Nothing else: the table option, its seat range,
its outcome kind and its rulings reach the lobby, the bot and the AI through ``GreatWallGame.caps``,
rebuilt from the registered variants and registered again with the engine (engine/greatwall/game.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from engine.core.game import OutcomeKind, TableOption

if TYPE_CHECKING:
    from engine.core.game import Outcome
    from engine.greatwall.pack import GreatWallPack, Location
    from engine.greatwall.state import State, Task

TimeTrack = tuple[tuple[int, int], ...]

# The game's context (engine/greatwall/flow.py ``Ctx``), a type parameter rather than an import: flow.py
# reads the active variants, so naming it here would close a circle (tests/test_import_cycles.py). The
# default hooks below never touch it; a variant module subclasses ``Variant[Ctx]``.
Ctx = TypeVar("Ctx")

MODE = "mode"  # the table option a mode is a value of; an expansion has an option of its own


@dataclass(frozen=True)
class Variant(Generic[Ctx]):
    """The base game's behaviour at every hook; a variant overrides what its rules change."""

    name: str
    # The table option value that turns it on: ("mode", name) for a mode; an expansion names its own
    # option (offered as (off, value)).
    option: tuple[str, str] = ("", "")
    seats: tuple[int, int] | None = None  # the seat range it narrows the table to
    outcome_kind: OutcomeKind | None = None  # how its tables end, if not the game's own way
    rulings: tuple[TableOption, ...] = ()  # its readings (``when`` is filled in by the caps)
    # Rulings of the variants it is played with that its own rules replace, so nothing reads them at
    # its tables (a co-op scenario's end check replaces co-op's time_loss): the caps add its option to
    # their ``unless``, and the lobby stops offering them.
    drops: frozenset[str] = frozenset()
    combines: frozenset[str] = frozenset()  # the variants it may be active together with
    order: int = 0  # the rulebook's order of application: lower first
    card_set: str | None = None  # a card set of the data pack (GreatWallPack.deck)
    # Its decisions that ask several seats at once whose answers are public and take effect as they
    # come (co-op: the team's Clerk moves): no secret round (flow.prompt).
    open_rounds: frozenset[str] = frozenset()
    # The seat counts that turn it on, with a mode it combines with, instead of a table option (the
    # fifth player's box is what a 5-seat table plays with [IT 5P]).
    at_seats: frozenset[int] = frozenset()
    # Whether a Breach's step 1 gives Shame [ES p.10]; La Grande Carestia's give none, the cap falls
    # instead [IT AC]. Declared, not only done in a hook, so the AI's forecasts read the same fact the
    # rules play by (engine/ai/greatwall_outlook.py ``shameless_breaches``).
    breach_shame: bool = True

    def __post_init__(self) -> None:
        if not self.option[0] and not self.at_seats:
            object.__setattr__(self, "option", (MODE, self.name))

    @property
    def is_mode(self) -> bool:
        return self.option[0] == MODE

    @property
    def is_option(self) -> bool:
        """An expansion a table option turns on (not a mode, not one turned on by seat count)."""
        return not self.is_mode and not self.at_seats

    # --- setup [ES p.4–5] -------------------------------------------------------------------------
    def setup_state(self, state: State, chosen: dict[str, str]) -> None:
        """The table's choices that the state keeps (rulings, a blocked Section)."""

    def deck(self, ctx: Ctx, kind: str, cards: list[str]) -> list[str]:
        """The cards of ``kind`` (hordes, tactics, generals) shuffled into its deck at setup."""
        return cards

    def artifacts(self, ctx: Ctx, pool: list[str]) -> list[str]:
        """The Artifacts 3 are drawn from [ES p.4 step 4]; none: no Artifacts are set out."""
        return pool

    def add_clans(self, ctx: Ctx) -> None:
        """Rules-driven clans join after the players (``state.players`` past ``state.seats``)."""

    def extra_hordes(self, ctx: Ctx, n: int) -> int:
        """Hordes placed by the invasion indicator after one per Section: the 4th at 4 [ES p.4 step 5]."""
        return n

    def extra_setup(self, ctx: Ctx) -> None:
        """Anything else set out before the draft."""

    # --- the year -------------------------------------------------------------------------------
    def time_track(self, state: State, pack: GreatWallPack, track: TimeTrack) -> TimeTrack:
        """The time track in play: (new Hordes, lethality) per space; the board side by clan count."""
        return track

    def spring_hordes(self, ctx: Ctx, n: int) -> int:
        return n

    def spring_steps(self, ctx: Ctx, steps: list[Task]) -> list[Task]:
        """Spring after the Time marker moved: the new Hordes' step (``spring_invade``, its count ``n``)."""
        return steps

    def spring_invaded(self, ctx: Ctx) -> None:
        """The year's new Hordes are on the board (Spring, before the Advisors leave the queue)."""

    def spring_advisors(self, ctx: Ctx, discarded: list[str]) -> list[str]:
        """The 2 Advisors leaving the queue: those returned to the discard [ES p.8]."""
        return discarded

    def collects_income(self, ctx: Ctx, seat: int) -> bool:
        return True

    def overseer_yield(self, ctx: Ctx, seat: int, loc: str, n: int) -> int:
        """The resources of ``loc``'s kind one Overseer of ``seat`` yields (Summer income, gathering)."""
        return n

    def summer_income(self, ctx: Ctx, seat: int) -> None:
        """More Summer income after the Overseers' and the abilities'."""

    def summer_steps(self, ctx: Ctx, seats: list[int], steps: list[Task]) -> list[Task]:
        """Summer steps 2–4 and on to Fall [ES p.8], as the variants before this one left them."""
        return steps

    def automaton_commands(self, ctx: Ctx, seats: list[int]) -> None:
        """Rules-driven clans pick their command cards (append their seats to ``seats``)."""

    def on_reveal(self, ctx: Ctx, seats: list[int]) -> None:
        """Once the command cards are revealed, before anyone places."""

    def place_automaton(self, ctx: Ctx, seat: int) -> bool:
        """Put a rules-driven clan's card on the track; False when ``seat`` is not one of this variant's."""
        return False

    def automaton_step(self, ctx: Ctx, job: Task) -> bool:
        """A command step (cmd_move, cmd_gain) of a rules-driven clan; False when not one of this variant's."""
        return False

    def same_name(self, card: str) -> str:
        """The clan card ``card`` counts as (bonuses, Betrayal)."""
        return card

    def team_moves(self, ctx: Ctx, effects: tuple[dict[str, Any], ...], others: list[int]) -> list[Task] | None:
        """The "other players" steps of a card; None keeps Tea order [ES p.8]."""
        return None

    def recruits(self, ctx: Ctx, units: tuple[str, ...]) -> tuple[str, ...]:
        """The Soldiers the Barracks offer [ES p.12]."""
        return units

    def unit_cost(self, ctx: Ctx, unit: str) -> dict[str, int] | None:
        """The cost of a Soldier the base board prices not (None: not this variant's)."""
        return None

    def clerk_places(self, state: State, places: tuple[str, ...]) -> tuple[str, ...]:
        """Where Clerks may be moved to and taken from [ES p.7]: the board's Locations."""
        return places

    def can_upgrade(self, ctx: Ctx, loc: str) -> bool:
        """May Overseers at Location ``loc`` be placed or raised [ES p.11]."""
        return True

    def activation_order(self, ctx: Ctx, job: Task, normal: list[str], advanced: list[str]) -> bool:
        """Schedule the activations itself (True), or leave them to the active player (False)."""
        return False

    def locations(self, state: State, locs: dict[str, Location]) -> dict[str, Location]:
        """The Locations on the board, by id, in board order: the pack's 10 [ES p.6]."""
        return locs

    def location_steps(self, ctx: Ctx, loc: str, present: list[int], here: list[int]) -> list[Task]:
        """The steps of an activated Location the base board has not (its own; ``here``: a seat per
        Clerk there)."""
        return []

    def on_activate(self, ctx: Ctx, loc: str, present: list[int]) -> None:
        """A Location activates, before its effects; ``present``: the players with Clerks there."""

    def turn_end(self, ctx: Ctx, seat: int, steps: list[Task]) -> list[Task]:
        """The steps closing ``seat``'s command-card turn: its Horde defeat check [ES p.8]."""
        return steps

    def fall_steps(self, ctx: Ctx, steps: list[Task]) -> list[Task]:
        """The steps between the last command card's turn (its Horde defeat check) and Winter."""
        return steps

    def automaton_at(self, ctx: Ctx, loc: str, clans: list[int]) -> list[Task]:
        """The steps of the rules-driven clans' Clerks at an activated Location."""
        return []

    def team_order(self, ctx: Ctx, loc: str, present: list[int], jobs: list[Task]) -> bool:
        """Order the players' steps at a Location itself (True); False keeps Tea order."""
        return False

    def claim_counts(self, ctx: Ctx, count: dict[int, int]) -> dict[int, int]:
        """Spots covered per clan on a defeated Horde, the most claims it [ES p.10 step 3]."""
        return count

    def claimant(self, ctx: Ctx, seat: int | None) -> int | None:
        """Who takes the defeated Horde card (None: it is discarded)."""
        return seat

    def company(self, ctx: Ctx, clans: list[int]) -> list[int]:
        """The clans at a Location that count against the lone-player Shame icon [ES p.7]."""
        return clans

    def raid_count(self, state: State, n: int) -> int:
        """Shame tokens a Raid boxes: one per player [ES p.7]."""
        return n

    def breach_shames(self, ctx: Ctx, sec: int, jobs: list[Task]) -> list[Task]:
        """A Breach's step 1: one Shame per player per card there without their soldiers [ES p.10]."""
        return jobs

    def raid(self, ctx: Ctx, sec: int) -> bool:
        """A Raid in Section ``sec`` (its card already discarded): True when the variant settled it
        (base: Shame tokens boxed, one per player [ES p.7])."""
        return False

    def on_raid(self, ctx: Ctx, sec: int) -> None:
        """A Raid on Section ``sec`` was made (its Shame boxed) [ES p.7]."""

    def location_jobs(self, ctx: Ctx, loc: str, jobs: list[Task]) -> list[Task]:
        """The players' steps at an activated Location, as the variants before this one left them."""
        return jobs

    def on_claim(self, ctx: Ctx, seat: int, card: str) -> None:
        """A Horde card claimed."""

    def on_wall_built(self, ctx: Ctx, seat: int) -> None:
        """A Wall level built by a player."""

    def soldier_killed(self, ctx: Ctx, seat: int, unit: str) -> bool:
        """A Soldier killed (a defeat's or a breach's losses): True when the variant took it (the
        Ghost Festival: out of the game [IT AC]); else it goes back to its owner's reserve [ES p.10]."""
        return False

    def after_defeat(self, ctx: Ctx, claimant: int | None, sec: int, survivors: list[str]) -> None:
        """A defeated Horde resolved [ES p.10 steps 4–7]; ``survivors``: the claimant's Soldiers from
        it (their units) now in the Section's Rest Zone."""

    def on_breach(self, ctx: Ctx, sec: int) -> bool:
        """A Breach opens in ``sec`` [ES p.10]: True when the variant settled it (its steps are not run)."""
        return False

    def section_power(self, ctx: Ctx, sec: int, power: int) -> int:
        """The Horde power of Section ``sec`` [ES p.9]."""
        return power

    def section_defence(self, ctx: Ctx, sec: int, defence: int) -> int:
        """The Defence of Section ``sec`` [ES p.9]."""
        return defence

    def shame_on_cards(self, ctx: Ctx) -> bool:
        """May Shame go onto claimed Horde cards [ES p.7]."""
        return True

    def shame_buy_back(self, ctx: Ctx, seat: int) -> int | None:
        """The Honor for which a new token may be discarded at once, if any."""
        return None

    def shame_supply_empty(self, ctx: Ctx, seat: int) -> bool:
        """A token due from an empty supply: True when the variant settled it (base: −5 Honor)."""
        return False

    def winter_steps(self, ctx: Ctx, steps: list[Task]) -> list[Task]:
        """Winter's steps [ES p.9], as the variants before this one left them."""
        return steps

    def end_reasons(self, ctx: Ctx, reasons: list[str]) -> list[str]:
        """Why the Winter end check ends the game [ES p.9] (none: the game goes on)."""
        return reasons

    def end_reached(self, ctx: Ctx, reasons: list[str]) -> None:
        """The Winter end check ends the game, before the final scoring."""

    def final_scoring(self, ctx: Ctx) -> None:
        """After the players' final scoring [ES p.15]."""

    def honor_due(self, ctx: Ctx, seat: int) -> int:
        """The Honor the variant's rules will add to ``seat`` when the game ends, for what is on the
        table now (public: an AI's estimate of the final scoring reads it)."""
        return 0

    # --- the end and the view -------------------------------------------------------------------
    def announce_end(self, ctx: Ctx, won: bool, reason: str) -> bool:
        """A co-op game just ended (coop.finish): True when the variant said so itself."""
        return False

    def outcome(self, state: State, scores: dict[int, dict[str, int]], kind: OutcomeKind) -> Outcome | None:
        return None

    def rival(self, state: State) -> int | None:
        """The rules-driven opponent's seat, if the table plays against one."""
        return None

    def view_extras(self, ctx: Ctx, view: dict[str, Any]) -> None:
        """Public extras; a panel the board draws is declared in ``view["panels"]``."""


# --- the registry -----------------------------------------------------------------------------------

_VARIANTS: dict[str, Variant[Any]] = {}
_LISTENERS: list[Callable[[], None]] = []


def register_variant(variant: Variant[Any]) -> None:
    """Register ``variant`` (a later one replaces one of the same name) and tell the game."""
    _VARIANTS[variant.name] = variant
    _changed()


def unregister_variant(name: str) -> None:
    _VARIANTS.pop(name, None)
    _changed()


def on_change(listener: Callable[[], None]) -> None:
    """``listener`` runs whenever the registered variants change (the game rebuilds its caps)."""
    _LISTENERS.append(listener)


def _changed() -> None:
    _ACTIVE.clear()
    _OPEN_ROUNDS.clear()
    for listener in _LISTENERS:
        listener()


def mode_seats(mode: Variant[Any], variants: tuple[Variant[Any], ...]) -> tuple[int, int]:
    """A mode's seat range, carried on by the seat counts of the variants that turn on by seat count
    beside it (standard 3–4 and the fifth player: 3–5 [IT 5P])."""
    low, high = mode.seats or (0, 0)
    more = {n for v in variants if v.at_seats and mode.name in v.combines for n in v.at_seats}
    while high + 1 in more:
        high += 1
    return low, high


def registered() -> tuple[Variant[Any], ...]:
    return tuple(_VARIANTS.values())


def named(name: str) -> Variant[Any]:
    if name not in _VARIANTS:
        raise KeyError(f"greatwall: no variant {name!r}")
    return _VARIANTS[name]


# Read at every step (a game's variants, the open rounds of every prompt): kept until the registry
# changes, so a hook point costs a tuple walk and no lookups (bench/engine_greatwall.py).
_ACTIVE: dict[tuple[str, ...], tuple[Variant[Any], ...]] = {}
_OPEN_ROUNDS: list[frozenset[str]] = []


def open_rounds() -> frozenset[str]:
    if not _OPEN_ROUNDS:
        _OPEN_ROUNDS.append(frozenset().union(*(v.open_rounds for v in _VARIANTS.values())))
    return _OPEN_ROUNDS[0]


def chosen_variants(chosen: dict[str, str], seats: int | None = None) -> tuple[Variant[Any], ...]:
    """The variants a table's options turn on, and those its seat count turns on beside a mode they
    combine with, in their order of application."""
    return ordered(v for v in _VARIANTS.values() if chosen.get(v.option[0]) == v.option[1]
                   or (seats in v.at_seats and chosen.get(MODE) in v.combines))


def active(state: State) -> tuple[Variant[Any], ...]:
    """The variants of a game: its mode (every saved game has one), then its expansions."""
    names = (state.mode, *state.variants)
    found = _ACTIVE.get(names)
    if found is None:
        found = _ACTIVE[names] = ordered(named(n) for n in names)
    return found


def ordered(variants: Any) -> tuple[Variant[Any], ...]:
    return tuple(sorted(variants, key=lambda v: v.order))


def compatible(variants: tuple[Variant[Any], ...]) -> bool:
    """May these be played together: for every pair, one of them declares it combines with the
    other (a new expansion names the modes it joins without an edit to them). No mode declares
    another: a table plays one mode."""
    return all(b.name in a.combines or a.name in b.combines
               for i, a in enumerate(variants) for b in variants[i + 1:])
