"""Forged and malformed component custom_ids, clicked through simcord by a seated and an unseated user on
a running table: the bot answers with an ephemeral refusal (or ignores the click), the table's state and
seq do not move, and nothing goes wrong inside the bot. Slash commands in odd orders and combinations,
likewise.

A forged id reaches the bot the way a real one does: the bot posts a "carrier" message holding a
component with that custom_id (Discord only delivers clicks on components of a message), and the user
clicks it; discord.py's DynamicItem templates then route it to the bot's click handler.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from driver import current_panel, interactive, open_table, play_until, table_of
from fuzzkit import examples
from hypothesis import HealthCheck, Phase, event, example, given, settings
from hypothesis import strategies as st
from simkit import place_of, post_carrier

from bot.i18n import catalog, t
from bot.ui.components import BUTTON_TEMPLATE, SELECT_TEMPLATE

# The bot never sleeps; a longer settle timeout only absorbs slow board renders (a thread) on a busy machine.
pytestmark = pytest.mark.simcord(settle_timeout=5)
SIM = settings(deadline=None, suppress_health_check=list(HealthCheck))
ACTS = ("opt", "dflt", "none", "lock", "lobby", "slot", "page", "one", "multi", "nav")
LOBBY_ACTIONS = ("join", "leave", "addai", "start")
INTERNAL = t("en", "error.internal")
RAW_KEY = re.compile(r"[a-z_]+(\.[a-z0-9_]+)+")


@pytest.fixture
def discord_errors() -> Iterator[list[logging.LogRecord]]:
    """ERROR records of discord.py's loggers: an exception in a DynamicItem callback only lands here."""
    records: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("discord")
    logger.addHandler(handler)
    yield records
    logger.removeHandler(handler)


@dataclass
class Scene:
    """A running Xidit table in its programme phase (alice and bob each fill 6 slots, two AI seats), a
    second table in another channel's lobby, and every real custom_id seen so far."""

    w: dict[str, Any]
    table: Any
    other: Any
    real_ids: list[str]
    stale_pid: str
    options: list[str]
    seats: dict[str, int]
    log: list[logging.LogRecord]
    places: dict[str, Any] = field(default_factory=dict)

    @property
    def env(self) -> Any:
        return self.w["env"]

    def pids(self) -> list[str]:
        return sorted({p.id for p in self.table.prompts()})

    def snapshot(self) -> tuple[str, int]:
        return self.table.game.dumps(self.table.state), self.table.seq

    def forget_errors(self) -> None:
        """Start an example clean: what a previous example broke was reported there."""
        self.env.bot.errors.clear()
        self.log.clear()
        assert self.env.errors is not None  # reading acknowledges

    async def reset_drafts(self) -> None:
        """Forget drafted slots, so that no forged slot clicks can add up to a legal programme."""
        for prompt in self.table.prompts():
            await self.table.store.set_draft(self.table.id, prompt.seat, prompt.id, [])


async def make_scene(w: dict[str, Any], log: list[logging.LogRecord]) -> Scene:
    env = w["env"]
    lobby = await open_table(w)
    await w["alice"].click(lobby, label="Start")
    table = table_of(env)
    # The first decision (placing a lord) of whichever human seat has one: soon an old prompt.
    firsts = [panel for panel in (current_panel(w["alice"]), current_panel(w["bob"])) if panel is not None]
    assert firsts, "no human seat has a panel after the start"
    stale = [i.custom_id for i in interactive(firsts[0])][:4]
    stale_pid = stale[0].split(":")[3]
    await play_until([w["alice"], w["bob"]], lambda: table.state.phase == "program")
    assert table.state.phase == "program"
    real = stale + [i.custom_id for i in interactive(lobby)]
    for name in ("alice", "bob"):
        panel = current_panel(w[name])
        assert panel is not None
        real += [i.custom_id for i in interactive(panel)]
    other_channel = w["guild"].create_text_channel("other")
    await w["eve"].slash(other_channel, "game new", game="greatwall")
    other = next(x for x in env.bot.tables.by_id.values() if x is not table)
    options = sorted({o.id for p in table.prompts() for o in p.options})
    seats = {n: table.seat_of(w[n].id) for n in ("alice", "bob")}
    return Scene(w, table, other, real, stale_pid, options, seats, log)


@pytest.fixture
async def scene(world: dict[str, Any], discord_errors: list[logging.LogRecord]) -> Scene:
    return await make_scene(world, discord_errors)


# -- forged ids ---------------------------------------------------------------------------------------
JUNK = st.one_of(st.text(min_size=1, max_size=30),
                 st.sampled_from(["", "-", "--", "_", ".", "None", "٣", "𝟙", "x" * 90, "a:b", "a,b", "a|b"]))


def forged_ids(s: Scene, seats: st.SearchStrategy[str], slot_args: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """custom_ids in the bot's format with hostile parts (this or another or no table, live, old or
    made-up prompt ids, any seat, real and junk arguments), at most one part not even well-formed; real
    ids of every panel seen; real ids slightly altered; and plain garbage."""
    tables = st.one_of(st.just(str(s.table.id)), st.just(str(s.table.id)),
                       st.sampled_from([s.other.id, 999_999, 0]).map(str),
                       st.from_regex(r"[0-9]{1,40}", fullmatch=True), st.just("١"))
    pids = st.one_of(st.sampled_from(s.pids()), st.sampled_from(s.pids()), st.sampled_from([s.stale_pid, "-"]),
                     st.from_regex(r"[\w-]{1,20}", fullmatch=True))
    args = st.one_of(st.sampled_from([*s.options, *LOBBY_ACTIONS, "", "p0", "p1", "p9"]),
                     st.from_regex(r"[\w.-]{0,40}", fullmatch=True))

    @st.composite
    def structured(draw: st.DrawFn) -> str:
        act = draw(st.sampled_from(ACTS))
        parts = [act, draw(tables), draw(pids), draw(seats), draw(slot_args if act == "slot" else args)]
        broken = draw(st.integers(-len(parts), len(parts) + 1))
        if 0 <= broken < len(parts):  # one part not well-formed
            parts[broken] = draw(JUNK)
        elif broken == len(parts):  # a part too many or too few
            parts = parts[:-1] if draw(st.booleans()) else [*parts, draw(args)]
        return "mu:" + ":".join(parts)

    garbage = st.one_of(st.text(min_size=1, max_size=100), JUNK.map(lambda x: "mu:" + x),
                        st.sampled_from(s.real_ids).flatmap(
                            lambda x: st.sampled_from([x + ":x", x[:-1], x + "0", x.upper(), x.replace(":", "::")])))
    return st.one_of(structured(), structured(), structured(), st.sampled_from(s.real_ids), garbage) \
        .map(lambda x: x[:100]).filter(bool)


SEATS = st.one_of(st.sampled_from(["0", "1"]),
                  st.sampled_from(["2", "3", "4", "-", "٠", "00", "-1", "-9", "abc", "--"]),
                  st.from_regex(r"[0-9]{1,30}", fullmatch=True), st.from_regex(r"[\w-]{1,12}", fullmatch=True))
SLOTS = st.one_of(st.sampled_from([str(n) for n in range(6)]), st.sampled_from(["6", "-1", "zz", "", "٣", "1.5", "²"]),
                  st.from_regex(r"[\w.-]{0,10}", fullmatch=True))


def _is_int(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True


# -- clicking -----------------------------------------------------------------------------------------
async def forged_click(s: Scene, who: str, in_dm: bool, cid: str, values: list[str] | None) -> Any:
    """The bot posts a message with one component carrying ``cid``; ``who`` uses it."""
    key = f"{who}:{in_dm}"
    if key not in s.places:
        s.places[key] = await place_of(s.env, s.w[who], in_dm, s.w["channel"])
    message = await post_carrier(s.env, s.places[key], cid, values)
    actor = s.w[who].user if in_dm else s.w[who]
    if values is None:
        return message, await actor.click(message, custom_id=cid)
    return message, await actor.select(message, values, custom_id=cid)


def assert_refused_or_ignored(s: Scene, message: Any, result: Any, cid: str) -> None:
    answers = [result.response] if result.response is not None else []
    answers += result.followups
    for answer in answers:
        text = answer.content or ""
        assert text != INTERNAL, f"{cid!r}: the bot failed ({s.env.bot.errors})"
        assert not RAW_KEY.fullmatch(text) or text in catalog("en"), f"{cid!r}: untranslated key {text!r}"
        # A refusal is ephemeral; the only public answer allowed is an edit of the clicked message itself
        # (a slot drafted on one's own panel redraws it).
        assert answer.ephemeral or answer.id == message.id, f"{cid!r}: public answer {text!r}"
    assert not s.env.errors, s.env.errors
    assert not s.env.bot.errors, s.env.bot.errors
    assert not s.log, [r.getMessage() for r in s.log]


WHO = st.sampled_from([("alice", True), ("alice", False), ("bob", True), ("eve", False), ("eve", True)])
SELECT_VALUES = st.lists(st.one_of(st.sampled_from(["blue", "red", "black", "act", "wait", "0", "1"]),
                                   st.text(min_size=1, max_size=100)), min_size=1, max_size=5, unique=True)


@settings(SIM, max_examples=examples(50))
@given(data=st.data())
async def test_forged_clicks_are_refused_and_change_nothing(scene: Scene, data: st.DataObject) -> None:
    s = scene
    cid = data.draw(forged_ids(s, SEATS, SLOTS), label="custom_id")
    who, in_dm = data.draw(WHO, label="who")
    as_select = re.fullmatch(SELECT_TEMPLATE, cid) is not None
    if data.draw(st.integers(0, 5), label="swap component type") == 0:
        as_select = not as_select  # a select's id on a button, or the reverse
    values = data.draw(SELECT_VALUES, label="select values") if as_select else None
    s.forget_errors()
    await s.reset_drafts()
    before = s.snapshot()
    message, result = await forged_click(s, who, in_dm, cid, values)
    answer = result.response or (result.followups[0] if result.followups else None)
    event("answer: " + ("none" if answer is None else "edit" if answer.id == message.id else answer.content[:40]))
    assert s.snapshot() == before, f"{who} clicking {cid!r} changed the table"
    assert s.table.row.status == "active"
    assert_refused_or_ignored(s, message, result, cid)


async def test_real_panels_of_other_seats_and_old_prompts_are_refused(scene: Scene) -> None:
    """Every real custom_id seen during the game, clicked by every other user: refused, nothing moves."""
    s = scene
    await s.reset_drafts()
    before = s.snapshot()
    for cid in s.real_ids:
        match = re.fullmatch(BUTTON_TEMPLATE, cid) or re.fullmatch(SELECT_TEMPLATE, cid)
        assert match is not None, cid
        owner = next((n for n, seat in s.seats.items() if match["seat"] == str(seat)), None)
        for who in ("alice", "bob", "eve"):
            if who == owner and match["pid"] != s.stale_pid:
                continue  # a seat's own live panel is not a forgery
            values = ["wait"] if match["act"] == "slot" else None
            message, result = await forged_click(s, who, who != "eve", cid, values)
            assert s.snapshot() == before, f"{who} clicking {cid!r} changed the table"
            assert_refused_or_ignored(s, message, result, cid)
            if match["act"] != "lobby":
                assert (result.response is not None and result.response.ephemeral) or result.followups, cid


ORDERS = ("blue", "red", "black", "act", "wait")


@settings(SIM, max_examples=examples(6))
@given(programme=st.lists(st.one_of(st.sampled_from(ORDERS), st.text(min_size=1, max_size=100),
                                    st.sampled_from(["wait,act", "act:wait", "wait|act", " wait", "WAIT", "wait\n"])),
                          min_size=6, max_size=6).filter(lambda p: not set(p) <= set(ORDERS)))
async def test_a_programme_drafted_from_forged_values_is_refused_at_lock(scene: Scene, programme: list[str]) -> None:
    """Forged slot selects put any text in alice's draft (it is only a draft); locking it in is refused
    and changes nothing."""
    s = scene
    s.forget_errors()
    await s.reset_drafts()
    seat = s.seats["alice"]
    pid = s.table.open_prompt(seat).id
    before = s.snapshot()
    for slot, value in enumerate(programme):
        cid = f"mu:slot:{s.table.id}:{pid}:{seat}:{slot}"
        message, result = await forged_click(s, "alice", True, cid, [value])
        assert_refused_or_ignored(s, message, result, cid)
    cid = f"mu:lock:{s.table.id}:{pid}:{seat}:"
    message, result = await forged_click(s, "alice", True, cid, None)
    assert_refused_or_ignored(s, message, result, cid)
    assert result.followups and result.followups[0].ephemeral, "the lock was not refused"
    assert s.snapshot() == before


# -- forged seats and slots: regressions of bugs this suite found (fixed in bot/) --------------------
def shaped(s: Scene, seat: str, arg: str, act: str = "slot", who: str = "alice") -> str:
    pid = s.table.open_prompt(s.seats[who]).id
    return f"mu:{act}:{s.table.id}:{pid}:{seat}:{arg}"


FEW = settings(SIM, max_examples=examples(5), phases=[Phase.explicit, Phase.generate], report_multiple_bugs=False)
UNREADABLE_DIGITS = ("²", "①", "³", "¹")  # str.isdigit() says yes, int() says no


@FEW
@example(seat="abc", act="opt")
@given(seat=st.from_regex(r"[\w-]{1,12}", fullmatch=True).filter(
           lambda x: x != "-" and not x.isdigit() and not _is_int(x)),
       act=st.sampled_from(ACTS))
async def test_a_seat_that_is_not_a_number_is_refused(scene: Scene, seat: str, act: str) -> None:
    """Once raised ValueError in components._click (int() on any [\\w-]+ seat): never answered."""
    scene.forget_errors()
    cid = shaped(scene, seat, "0", act)
    message, result = await forged_click(scene, "alice", True, cid, None)
    assert result.acknowledged, f"{cid!r} was never answered"
    assert_refused_or_ignored(scene, message, result, cid)


@FEW
@example(seat="²", act="opt")
@given(seat=st.sampled_from(UNREADABLE_DIGITS), act=st.sampled_from(ACTS))
async def test_a_seat_of_unreadable_digits_is_refused(scene: Scene, seat: str, act: str) -> None:
    """Once ValueError in components._click: '²'.isdigit() is true but int('²') fails."""
    scene.forget_errors()
    cid = shaped(scene, seat, "0", act)
    message, result = await forged_click(scene, "alice", True, cid, None)
    assert result.acknowledged, f"{cid!r} was never answered"
    assert_refused_or_ignored(scene, message, result, cid)


@FEW
@example(seat=-9)
@example(seat=-4)  # at a 4-seat table, Python's negative indexing once made this alice's seat 0
@given(seat=st.integers(-10**6, -1))
async def test_a_negative_seat_is_refused(scene: Scene, seat: int) -> None:
    """Once an IndexError in ClickRouter.route (table.seats[-9]) -> 'error.internal'."""
    scene.forget_errors()
    cid = shaped(scene, str(seat), "wait", "opt")
    message, result = await forged_click(scene, "alice", True, cid, None)
    assert_refused_or_ignored(scene, message, result, cid)
    assert result.response is not None and result.response.ephemeral


@FEW
@example(arg="zz")
@example(arg="6")
@example(arg="-1")
@given(arg=st.one_of(st.from_regex(r"[\w.-]{1,10}", fullmatch=True).filter(lambda x: not x.isdigit()),
                     st.integers(6, 10**6).map(str)))
async def test_a_slot_that_is_not_a_slot_number_is_refused(scene: Scene, arg: str) -> None:
    """Once ValueError/IndexError in ClickRouter._draft (draft[int(click.arg)]) -> 'error.internal', and a
    negative slot silently wrote another one."""
    scene.forget_errors()
    await scene.reset_drafts()
    before = await scene.table.store.draft(scene.table.id, scene.seats["alice"], scene.pids()[0])
    cid = shaped(scene, str(scene.seats["alice"]), arg)
    message, result = await forged_click(scene, "alice", True, cid, ["wait"])
    assert_refused_or_ignored(scene, message, result, cid)
    assert await scene.table.store.draft(scene.table.id, scene.seats["alice"], scene.pids()[0]) == before


@FEW
@example(arg="²")
@given(arg=st.sampled_from(UNREADABLE_DIGITS))
async def test_a_slot_of_unreadable_digits_is_refused(scene: Scene, arg: str) -> None:
    """Once ValueError in ClickRouter._draft: '²' passed its isdigit() guard, then int('²') failed."""
    scene.forget_errors()
    await scene.reset_drafts()
    cid = shaped(scene, str(scene.seats["alice"]), arg)
    message, result = await forged_click(scene, "alice", True, cid, ["wait"])
    assert_refused_or_ignored(scene, message, result, cid)


# -- slash commands -----------------------------------------------------------------------------------
COMMANDS = ("game join", "game leave", "game addai", "game start", "game abort", "game status", "game board",
            "game log", "game export", "game extend", "hand")
NEW = st.fixed_dictionaries({"game": st.sampled_from(["xidit", "greatwall", "akhedena"])},
                            optional={"seat": st.booleans(), "nudge": st.booleans()})
STEP = st.tuples(st.sampled_from(["alice", "bob", "eve"]),
                 st.one_of(st.tuples(st.just("game new"), NEW), st.tuples(st.sampled_from(COMMANDS), st.just({}))))


@settings(SIM, max_examples=examples(8))
@given(steps=st.lists(STEP, min_size=1, max_size=8))
async def test_slash_commands_in_any_order_answer_and_never_fail(world: dict[str, Any], steps: list[Any],
                                                                  discord_errors: list[logging.LogRecord]) -> None:
    """Random command sequences in a fresh channel: each command is answered (a refusal ephemerally),
    no answer is a raw message key, and the bot never fails. Odd combinations included: a length for
    Akhedena, team mode at a 2- or 3-seat table, starting with too few seats, aborting twice..."""
    env = world["env"]
    channel = world["guild"].create_text_channel("fuzz")
    for who, (command, options) in steps:
        result = await world[who].slash(channel, command, **options)
        assert result.acknowledged, f"{who} /{command} {options} was not answered"
        for answer in ([result.response] if result.response else []) + result.followups:
            text = answer.content or ""
            assert text != INTERNAL, f"/{command} {options}: {env.bot.errors}"
            assert not RAW_KEY.fullmatch(text), f"/{command} {options}: untranslated key {text!r}"
        table = env.bot.tables.in_channel(channel.id)
        if table is not None and table.state is not None:
            game = table.game
            assert game.dumps(game.loads(game.dumps(table.state))) == game.dumps(table.state)
    assert not env.errors and not env.bot.errors and not discord_errors
