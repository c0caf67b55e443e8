"""A table: one game in one channel. It owns its lock, its engine state and its seats.

Choices for one table are applied one at a time under the lock; different tables never wait on
each other. Every accepted choice is stored before anything is published; loading a table is its
latest snapshot plus the actions after it, replayed through the engine.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.shards import Ownership, owned
from bot.store import ActionRow, ResultRow, SeatRow, Store, TableRow
from engine.ai import DEFAULT_LEVEL, LEVELS, choose
from engine.core.codec import trusted_replay
from engine.core.errors import IllegalChoice
from engine.core.events import Event
from engine.core.game import Capabilities, Game, Outcome
from engine.core.prompt import Choice, Prompt
from engine.games import capabilities, make_game

SNAPSHOT_EVERY = 50
AI_NAMES = ("Ada", "Basil", "Cyra", "Doran", "Elsa")


class TableError(Exception):
    """A refusal with a message key (shown ephemerally, localized); nothing changed."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args


@dataclass
class Step:
    """One applied choice and what it caused."""

    seat: int
    prompt: Prompt
    choice: Choice
    events: list[Event]
    salt: str = ""

    @property
    def commit(self) -> str:
        return commitment(self.salt, str(self.choice)) if self.salt else ""


def commitment(salt: str, choice: str) -> str:
    """Published when a secret choice is locked; the reveal shows salt and choice to check it."""
    return hashlib.sha256(f"{salt}:{choice}".encode()).hexdigest()[:10]


@dataclass
class Table:
    row: TableRow
    game: Game
    store: Store
    seats: list[SeatRow] = field(default_factory=list)
    state: Any = None
    seq: int = 0
    snapshot_seq: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # Seconds between a move and the AI seats' answers being shown, whatever they cost to compute:
    # how long an AI "thinks" must not hint at what it holds (0 in tests and local play).
    ai_delay: float = 0.0
    # The open prompts, computed once per change: (the state object, seq, prompts). Every change of
    # the state either applies a choice (seq moves) or replaces the state object (start, reload, undo);
    # holding the state object keeps its id from being reused by another one.
    _open: tuple[Any, int, list[Prompt]] | None = field(default=None, repr=False, compare=False)
    # Interaction ids of clicks applied here lately: a re-delivered click is refused without a read.
    _clicked: set[int] = field(default_factory=set, repr=False, compare=False)

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def ai_levels(self) -> list[str | None]:
        """Each seat's AI level as the table shows it beside the name (None for a person): a
        searching AI expects a rival AI to play at its level (engine/ai/__init__.py ``choose``)."""
        return [s.level if s.is_ai else None for s in self.seats]

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def prompts(self) -> list[Prompt]:
        """The open prompts (a copy of the list: the cached one is shared by every reader)."""
        if self.state is None:
            return []
        cached = self._open
        if cached is None or cached[0] is not self.state or cached[1] != self.seq:
            cached = self._open = (self.state, self.seq, self.game.prompts(self.state))
        return list(cached[2])

    def state_changed(self) -> None:
        """For code that edits the state in place outside ``apply`` (tests setting up a position):
        the open prompts are computed again."""
        self._open = None

    def free_ai_name(self) -> str:
        used = set(self.names)
        return next(f"🤖 {n}" for n in AI_NAMES if f"🤖 {n}" not in used)

    def open_prompt(self, seat: int, prompt_id: str | None = None) -> Prompt | None:
        return next((p for p in self.prompts()
                     if p.seat == seat and (prompt_id is None or p.id == prompt_id)), None)

    # -- lobby ----------------------------------------------------------------------------------
    async def join(self, user_id: int, name: str, lang: str) -> None:
        self._in_lobby()
        if self.seat_of(user_id) is not None:
            raise TableError("error.already_seated")
        self._room()
        self.seats.append(SeatRow(len(self.seats), user_id, name, False, lang))
        await self.store.save_seats(self.id, self.seats)

    async def add_ai(self, level: str = DEFAULT_LEVEL) -> None:
        self._in_lobby()
        self._room()
        if level not in LEVELS:
            raise TableError("error.unknown_level", levels=", ".join(LEVELS))
        self.seats.append(SeatRow(len(self.seats), None, self.free_ai_name(), True, level=level))
        await self.store.save_seats(self.id, self.seats)

    async def leave(self, user_id: int) -> None:
        self._in_lobby()
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError("error.not_seated")
        await self.remove(seat)

    async def remove(self, seat: int) -> None:
        """Take seat ``seat`` away before the start; the seats after it move up one."""
        self._in_lobby()
        if not 0 <= seat < len(self.seats):
            raise TableError("error.no_such_seat", count=len(self.seats))
        self.seats = [s for s in self.seats if s.seat != seat]
        for index, s in enumerate(self.seats):
            s.seat = index
        await self.store.save_seats(self.id, self.seats)

    def seat_range(self) -> tuple[int, int]:
        """The seats this table takes, given its options (a mode may narrow the game's range). The
        registry is read each time: a variant registered after the table was made counts too."""
        return capabilities(self.row.game).seat_range(self.row.options)

    async def set_option(self, name: str, value: str) -> None:
        """The host changes one setting in the lobby (bot/ui/settings.py). Refused, changing nothing,
        after the start, for a setting this table would not read, and for a mode with fewer seats
        than are taken (the players seated keep their seats: the host frees some first)."""
        if self.row.status != "lobby":
            raise TableError("error.settings_locked")
        caps = capabilities(self.row.game)
        options = changed(caps, self.row.options, name, value)
        low, high = caps.seat_range(options)
        if len(self.seats) > high:
            raise TableError("error.settings_seats", count=len(self.seats), min=low, max=high,
                             setting=f"option.{name}.{value}")
        self.row.options = options
        await self.store.set_options(self.id, options)

    def _in_lobby(self) -> None:
        if self.row.status != "lobby":
            raise TableError("error.already_started")

    def _room(self) -> None:
        _, most = self.seat_range()
        if len(self.seats) >= most:
            raise TableError("error.table_full", max=most)

    async def start(self) -> list[Step]:
        self._in_lobby()
        fill = self.game.caps.fill_to_min_with_ai
        least, _ = self.seat_range()
        short = least - len(self.seats)
        if short > 0 and fill and short == 1 and any(not s.is_ai for s in self.seats):
            await self.add_ai()  # e.g. Xidit: three humans play with an AI fourth
        if len(self.seats) < least:
            raise TableError("error.not_enough_seats", min=least)
        try:
            self.state = self.game.setup(len(self.seats), self.row.options, self.row.seed)
        except IllegalChoice as error:  # e.g. a mode that needs another number of seats
            raise TableError(error.key, **error.args_) from error
        self.row.status = "active"
        await self.store.set_status(self.id, "active")
        await self.store.save_seats(self.id, self.seats)
        return await self._run_ai([])

    # -- play -----------------------------------------------------------------------------------
    async def submit(self, seat: int, prompt_id: str, choice: Choice,
                     interaction_id: int | None = None, closing: str | None = None) -> list[Step]:
        """Apply a seat's choice (the caller holds the lock), let AI seats answer it, and store it all
        in one transaction, with ``closing`` (the clicked panel's message row) dropped in it too.
        A re-delivered click is known here (this process owns the table), or, after a restart, by the
        store's unique interaction id: asked only when the click would be refused anyway or failed."""
        if self.row.status != "active":
            raise TableError("error.not_running")
        if interaction_id is not None and interaction_id in self._clicked:
            raise TableError("error.duplicate")  # a re-delivered click: it was applied once
        prompt = self.open_prompt(seat, prompt_id)
        if prompt is None:
            if interaction_id is not None and await self.store.seen_interaction(interaction_id):
                raise TableError("error.duplicate")
            raise TableError("error.stale")
        steps = [self._apply(seat, prompt, choice)]
        try:
            steps = await self._run_ai(steps, interaction_id, (closing,) if closing else ())
        except Exception as error:
            if interaction_id is not None and await self.store.seen_interaction(interaction_id):
                raise TableError("error.duplicate") from error  # applied once already (memory reloaded)
            raise
        if interaction_id is not None:
            if len(self._clicked) >= 256:  # the recent ones are what a gateway re-delivers
                self._clicked.clear()
            self._clicked.add(interaction_id)
        if interaction_id is not None and self.seats[seat].missed:  # the player is back: strikes reset
            self.seats[seat].missed = 0
            await self.store.save_seats(self.id, self.seats)
        return steps

    async def resume(self) -> list[Step]:
        """After a restart: the AI seats play any decisions that are theirs (the caller holds the lock)."""
        return await self._run_ai([]) if self.row.status == "active" else []

    def _apply(self, seat: int, prompt: Prompt, choice: Choice) -> Step:
        events = self.game.apply(self.state, seat, choice)  # IllegalChoice leaves state as it was
        self.seq += 1
        salt = secrets.token_hex(8) if prompt.secret else ""
        return Step(seat, prompt, choice, events, salt)

    async def _run_ai(self, steps: list[Step], interaction_id: int | None = None,
                      closing: tuple[str, ...] = ()) -> list[Step]:
        """The AI seats answer, then ``steps`` (applied, not yet stored) and theirs are stored in one
        transaction, with the snapshot of the position that now waits for a person. A long run of AI
        turns (an all-AI table) is stored every SNAPSHOT_EVERY steps, to bound the transaction."""
        started = time.monotonic()
        pending, first = list(steps), len(steps)
        while self.state is not None:
            ai = [p for p in self.prompts() if self.seats[p.seat].is_ai]
            if not ai:
                break
            prompt = ai[0]
            view = self.game.view(self.state, prompt.seat)
            # The state lets a searching level sample what its seat cannot see (engine/ai/__init__.py
            # ``choose``); it reads only what the seat may know (tests/engine/test_ai_greatwall_search.py).
            choice = choose(self.game, view, prompt, self.row.seed * 1_000_003 + self.seq,
                            self.seats[prompt.seat].level, state=self.state, levels=self.ai_levels())
            step = self._apply(prompt.seat, prompt, choice)
            steps.append(step)
            pending.append(step)
            if len(pending) >= SNAPSHOT_EVERY:
                await self._persist(pending, interaction_id, closing, snapshot=True)
                pending, interaction_id, closing = [], None, ()
        outcome = self.game.outcome(self.state) if self.state is not None else None
        # The position now waits for a person: its snapshot spares a restart the replay.
        await self._persist(pending, interaction_id, closing, snapshot=outcome is None)
        if len(steps) > first and self.ai_delay > 0:  # the same wait for every burst of AI answers
            await asyncio.sleep(max(0.0, self.ai_delay - (time.monotonic() - started)))
        if outcome is not None:
            self.row.status = "over"
            await self.store.finish(self.id, self._results(outcome, await self.store.answer_times(self.id)))
        return steps

    def _results(self, outcome: Outcome, times: list[tuple[int, float | None]]) -> list[ResultRow]:
        """Every seat's result, with what the declared outcome kind says it means: the kind itself, a
        TEAMS seat's side, and against an automaton its name and the margin. The stored mode is the
        game's declared ``mode`` option only (another option, such as a game's length, is not a mode)."""
        place = {seat: at for at, seat in outcome.placed()}
        mode = self.game.caps.table_options(self.row.options).get("mode", "")
        sides = {seat: n for n, side in enumerate(outcome.teams) for seat in side}
        rival = outcome.rival or None
        return [ResultRow(self.id, s.seat, self.row.guild_id, self.row.game, mode, len(self.seats), s.user_id, s.name,
                          s.is_ai, s.level, place.get(s.seat, len(self.seats)), s.seat in outcome.winners,
                          time.time(), *_habits(s, times), kind=outcome.kind.value, side=sides.get(s.seat),
                          rival=rival, margin=outcome.margin) for s in self.seats]

    async def _persist(self, steps: list[Step], interaction_id: int | None, closing: tuple[str, ...] = (),
                       snapshot: bool = False) -> None:
        """Store ``steps`` (the last ones applied), their log lines, the snapshot of the state after
        them (when asked and not already taken) and the message rows to drop: one transaction."""
        snap = snapshot and self.state is not None and self.seq > self.snapshot_seq
        if not steps and not snap and not closing:
            return
        first = self.seq - len(steps) + 1
        actions = [(ActionRow(first + i, s.seat, str(s.choice), s.prompt.id, s.salt),
                    interaction_id if i == 0 else None) for i, s in enumerate(steps)]
        log = [(first + i, n, e.key, e.args) for i, s in enumerate(steps)
               for n, e in enumerate(s.events) if e.key]
        try:
            await self.store.append(self.id, actions, log, time.time(),
                                    snapshot=(self.seq, self.game.dumps(self.state)) if snap else None,
                                    drop=closing)
        except BaseException:
            await self.reload()  # memory ran ahead of the store: fall back to what is durable
            raise
        if snap:
            self.snapshot_seq = self.seq

    # -- loading --------------------------------------------------------------------------------
    async def reload(self) -> None:
        self.seats = await self.store.seats(self.id)
        if self.row.status == "lobby":
            return
        self.snapshot_seq, self.seq, self.state = await self._replayed()

    async def state_before(self, seq: int) -> Any:
        """A fresh copy of the state just before action ``seq`` (from the store; the table's own
        state is untouched)."""
        return (await self._replayed(before=seq))[2]

    async def _replayed(self, before: int | None = None) -> tuple[int, int, Any]:
        """(snapshot seq, last replayed seq, state): the latest snapshot (taken before action
        ``before``, if given) and the stored actions after it, up to ``before``."""
        snap = await self.store.snapshot(self.id, before=before)
        snap_seq, state = (snap[0], self.game.loads(snap[1])) if snap else (
            0, self.game.setup(len(self.seats), self.row.options, self.row.seed))
        seq = snap_seq
        with trusted_replay():  # the store holds only choices the game accepted
            for action in await self.store.actions(self.id, after=snap_seq):
                if before is not None and action.seq >= before:
                    break
                self.game.apply(state, action.seat, Choice.parse(action.choice))
                seq = action.seq
        return snap_seq, seq, state

    async def take_back(self, seq: int, before: Any) -> None:
        """Remove the last action ``seq`` (the caller holds the lock and checked it may go)."""
        await self.store.take_back(self.id, seq)
        self.state, self.seq = before, seq - 1
        self.snapshot_seq = min(self.snapshot_seq, seq - 1)

    async def secrets_of(self, prompt_ids: set[str]) -> list[ActionRow]:
        """Locked secret choices of these prompts, with their salts, for the reveal."""
        return [a for a in await self.store.actions(self.id) if a.prompt_id in prompt_ids and a.salt]


class TableManager:
    """All open tables of this process, by id and by channel."""

    def __init__(self, store: Store, packs: Path | None = None,
                 clock: Callable[[], float] = time.time, ai_delay: float = 0.0,
                 seeds: Callable[[], int] = lambda: secrets.randbits(48),
                 ownership: Ownership | None = None) -> None:
        self.store = store
        self.seeds = seeds  # a new table's seed (tests pin it to replay a table exactly)
        self.ownership = ownership or Ownership()  # a sharded worker loads its shards' tables only
        self.packs = packs
        self.ai_delay = ai_delay
        self.clock = clock
        self.by_id: dict[int, Table] = {}

    def in_channel(self, channel_id: int) -> Table | None:
        return next((t for t in self.by_id.values()
                     if t.row.channel_id == channel_id and t.row.status in ("lobby", "active")), None)

    async def load_all(self) -> int:
        for row in owned(await self.store.open_tables(), self.ownership):
            table = Table(row, make_game(row.game, self.packs), self.store, ai_delay=self.ai_delay)
            await table.reload()
            self.by_id[row.id] = table
        return len(self.by_id)

    async def create(self, guild_id: int | None, channel_id: int, game_id: str, options: dict[str, str],
                     host_id: int | None, lang: str, settings: dict[str, Any] | None = None) -> Table:
        if self.in_channel(channel_id) is not None:
            raise TableError("error.channel_busy")
        game = make_game(game_id, self.packs)
        # Keep only the options this game reads (its capabilities list them).
        options = {k: v for k, v in options.items() if game.caps.option(k) is not None}
        seed = self.seeds()
        settings = dict(settings or {})
        table_id = await self.store.create_table(guild_id, channel_id, game_id, options, seed,
                                                 host_id, lang, self.clock(), settings)
        row = TableRow(table_id, guild_id, channel_id, game_id, options, seed, "lobby", host_id, lang, settings)
        table = Table(row, game, self.store, ai_delay=self.ai_delay)
        self.by_id[table_id] = table
        return table

    async def abort(self, table: Table) -> None:
        table.row.status = "aborted"
        await self.store.set_status(table.id, "aborted")


__all__ = ["IllegalChoice", "Step", "Table", "TableError", "TableManager", "commitment"]


def changed(caps: Capabilities, current: dict[str, str], name: str, value: str) -> dict[str, str]:
    """The table's options after ``name`` is set to ``value``, every option it then reads written out.
    A setting left at its default follows the new context (Akhedena's round limit is on by default in
    quick play); one the host chose stays. Raises TableError (error.option_not_here) for an option the
    table would not read: another game's, a value not allowed, or another mode's ruling; and
    (error.options_clash) for one that may not be played with another chosen one."""
    kept = {k: v for k, v in current.items()
            if (option := caps.option(k)) is not None and v != option.default_for(current)}
    given = {**kept, name: value}
    chosen = caps.table_options(given)
    if caps.foreign({k: v for k, v in given.items() if k == name or k in chosen}) is not None:
        raise TableError("error.option_not_here", setting=f"option.{name}.{value}", game=caps.name_key)
    if (clash := caps.clash(chosen)) is not None:  # e.g. two expansions not played together
        other = clash[0] if clash[1] == name else clash[1]  # the setting asked for named first
        raise TableError("error.options_clash", setting=f"option.{name}", other=f"option.{other}")
    return chosen


def _habits(seat: SeatRow, times: list[tuple[int, float | None]]) -> tuple[int, float | None]:
    """A person's missed deadlines (their answers nobody clicked: the clock made them) and median
    answer time in this game; AI seats have neither."""
    if seat.is_ai:
        return 0, None
    mine = [t for s, t in times if s == seat.seat]
    clicked = [t for t in mine if t is not None]
    return len(mine) - len(clicked), (statistics.median(clicked) if clicked else None)
