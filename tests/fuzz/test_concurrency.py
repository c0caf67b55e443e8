"""Many clicks on one table at once. Each distinct click applies exactly once (if its decision is still
open when its turn at the table's lock comes), a re-delivered one is refused as a duplicate, a late one
as stale; the action log keeps a strictly increasing seq, and replaying it from setup (or reloading the
table from the store) gives the live state.

Two floors: ``bot.tables.Table.submit`` directly (fast, many examples, every game), and the real bot
through simcord, where a burst of INTERACTION_CREATE events is delivered before the bot handles any.
"""

from __future__ import annotations

import asyncio
import itertools
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from driver import current_panel, interactive, open_table, play_until
from fuzzkit import examples
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from simcord.results import InteractionResult
from simkit import deliver_at_once, place_of, post_carrier, prepared

from bot.i18n import t
from bot.store import TableRow
from bot.store_sqlite import SqliteStore
from bot.tables import Table, TableError, make_game
from engine.ai import choose
from engine.core.errors import IllegalChoice
from engine.core.prompt import Choice
from engine.core.rng import Rng

CASES = [("xidit", 4, {"length": "short"}), ("xidit", 5, {"length": "long"}), ("greatwall", 3, {}),
         ("greatwall", 4, {}), ("akhedena", 2, {"mode": "standard"}), ("akhedena", 4, {"mode": "team"}),
         ("akhedena", 3, {"mode": "quick"})]
SIM = settings(deadline=None, suppress_health_check=list(HealthCheck))


# -- the table floor --------------------------------------------------------------------------------
@dataclass
class Click:
    seat: int
    pid: str
    text: str
    iid: int
    valid: bool  # a legal answer to a decision open when the burst was made
    yields: int = 0


@dataclass
class Outcome:
    click: Click
    running: bool  # the table was still active when this click's turn came
    was_open: bool
    result: str  # "applied", a TableError key, or "illegal:<IllegalChoice key>"
    changed: bool


async def new_table(folder: Path, game_id: str, seats: int, options: dict[str, str], seed: int) -> Table:
    """A table as TableManager.create makes one, but with a chosen seed (hypothesis must be able to
    replay an example), every seat human: nothing plays by itself."""
    store = SqliteStore(folder / "muster.db")
    await store.open()
    table_id = await store.create_table(1, 1, game_id, options, seed, 1001, "en", 0.0)
    row = TableRow(table_id, 1, 1, game_id, options, seed, "lobby", 1001, "en")
    table = Table(row, make_game(game_id, None), store)
    for n in range(seats):
        await table.join(1001 + n, f"p{n}", "en")
    assert await table.start() == []
    return table


async def play_sequentially(table: Table, moves: int, rng: Rng, ids: itertools.count[int]) -> None:
    for _ in range(moves):
        prompts = table.prompts()
        if not prompts:
            return
        prompt = prompts[rng.below(len(prompts))]
        choice = choose(table.game, table.game.view(table.state, prompt.seat), prompt, rng.below(10**9))
        async with table.lock:
            await table.submit(prompt.seat, prompt.id, choice, next(ids))


def answers_now(table: Table, rng: Rng) -> list[tuple[int, str, str]]:
    """A legal (seat, prompt id, choice) for every seat's open decision, as its panel would send it."""
    firsts = {p.seat: p for p in reversed(table.prompts())}
    return [(seat, p.id, str(choose(table.game, table.game.view(table.state, seat), p, rng.below(10**9))))
            for seat, p in sorted(firsts.items())]


def _choice(text: str, running: bool, was_open: bool) -> Choice:
    """The click's text as one Choice, as ClickRouter builds it: only once the table runs and the
    decision is open (a malformed answer to a closed decision is refused as not running or stale)."""
    try:
        return Choice.parse(text)
    except IllegalChoice:
        if not running:
            raise TableError("error.not_running") from None
        if not was_open:
            raise TableError("error.stale") from None
        raise


async def fire(table: Table, click: Click, log: list[Outcome]) -> None:
    for _ in range(click.yields):
        await asyncio.sleep(0)
    async with table.lock:  # what ClickRouter.submit does around Table.submit
        before = (table.game.dumps(table.state), table.seq)
        running = table.row.status == "active"
        was_open = table.open_prompt(click.seat, click.pid) is not None
        try:
            await table.submit(click.seat, click.pid, _choice(click.text, running, was_open), click.iid)
            result = "applied"
        except TableError as error:
            result = error.key
        except IllegalChoice as error:
            result = f"illegal:{error.key}"
        log.append(Outcome(click, running, was_open, result, (table.game.dumps(table.state), table.seq) != before))


async def check_log_and_replay(table: Table) -> None:
    """The store's actions are 1..seq in order, each interaction id at most once, and replaying them
    from setup — or reloading the table from the store — gives the live state."""
    actions = await table.store.actions(table.id)
    assert [a.seq for a in actions] == list(range(1, table.seq + 1))
    assert await table.store._rows("SELECT interaction_id, COUNT(*) FROM actions WHERE table_id = ? AND "
                                   "interaction_id IS NOT NULL GROUP BY interaction_id HAVING COUNT(*) > 1",
                                   (table.id,)) == []
    game = table.game
    state = game.setup(len(table.seats), table.row.options, table.row.seed)
    for action in actions:
        game.apply(state, action.seat, Choice.parse(action.choice))
    live = game.dumps(table.state)
    assert game.dumps(state) == live, "replaying the action log does not give the live state"
    fresh = Table(table.row, game, table.store)
    await fresh.reload()
    assert fresh.seq == table.seq and game.dumps(fresh.state) == live


@pytest.mark.parametrize(("game_id", "seats", "options"), CASES, ids=[f"{g}-{n}p" for g, n, _ in CASES])
@settings(SIM, max_examples=examples(12))
@given(data=st.data())
async def test_a_burst_of_submits_applies_each_click_once(game_id: str, seats: int, options: dict[str, str],
                                                         data: st.DataObject) -> None:
    seed = data.draw(st.integers(0, 2**32), label="seed")
    rng = Rng.from_seed(seed)
    ids = itertools.count(10_000)
    with tempfile.TemporaryDirectory() as folder:
        table = await new_table(Path(folder), game_id, seats, options, seed)
        try:
            await play_sequentially(table, data.draw(st.integers(0, 60), label="moves first"), rng, ids)
            old = [a.prompt_id for a in await table.store.actions(table.id)]
            for _ in range(data.draw(st.integers(1, 3), label="bursts")):
                clicks = [Click(seat, pid, text, next(ids), True) for seat, pid, text in answers_now(table, rng)]
                if not clicks:
                    break
                extra = data.draw(st.lists(st.sampled_from(["again", "twice", "stale", "junk", "other seat"]),
                                           max_size=8), label="extra clicks")
                for kind in extra:
                    base = data.draw(st.sampled_from(clicks))
                    if kind == "again":  # the same interaction re-delivered
                        clicks.append(Click(base.seat, base.pid, base.text, base.iid, base.valid))
                    elif kind == "twice":  # a second click on the same decision (the DM and /hand panels)
                        clicks.append(Click(base.seat, base.pid, base.text, next(ids), base.valid))
                    elif kind == "stale" and old:
                        clicks.append(Click(base.seat, data.draw(st.sampled_from(old)), base.text, next(ids), False))
                    elif kind == "junk":
                        clicks.append(Click(base.seat, base.pid, data.draw(st.sampled_from(
                            [base.text + ",x", base.text.split(":")[0] + ":", "::", base.text.upper()])), next(ids),
                            False))
                    elif kind == "other seat":
                        other = data.draw(st.integers(0, seats - 1))
                        clicks.append(Click(other, base.pid, base.text, next(ids), base.valid and other == base.seat))
                order = data.draw(st.permutations(clicks), label="order")
                for click in order:
                    click.yields = data.draw(st.integers(0, 3))
                log: list[Outcome] = []
                await asyncio.gather(*(fire(table, c, log) for c in order))
                check_outcomes(log)
                old += [c.pid for c in clicks]
            await check_log_and_replay(table)
        finally:
            await table.store.close()


def check_outcomes(log: list[Outcome]) -> None:
    applied_iids: set[int] = set()
    applied_decisions: set[tuple[int, str]] = set()
    for out in log:
        c = out.click
        assert out.changed == (out.result == "applied"), out  # a refusal changes nothing
        if out.result == "applied":
            assert out.was_open and c.iid not in applied_iids, out
            assert (c.seat, c.pid) not in applied_decisions, f"one decision applied twice: {out}"
            applied_iids.add(c.iid)
            applied_decisions.add((c.seat, c.pid))
        elif not out.running:  # the game is over: every late click is refused so
            assert out.result == "error.not_running", out
        elif c.iid in applied_iids:
            assert out.result == "error.duplicate", out
        elif not out.was_open:
            assert out.result == "error.stale", out
        else:  # open, not seen before: only a choice that is not (or no longer) legal may be refused
            assert out.result.startswith("illegal:"), out
            assert not c.valid or (c.seat, c.pid) in applied_decisions, f"a legal click was refused: {out}"


# -- the bot floor ----------------------------------------------------------------------------------
# The bot never sleeps; a longer settle timeout only absorbs slow board renders (a thread) on a busy machine.
pytestmark = pytest.mark.simcord(settle_timeout=5)
_players = itertools.count()


async def fresh_table(w: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """A new channel and two new players, at a Xidit table in its programme phase, every slot drafted."""
    env, guild = w["env"], w["guild"]
    n = next(_players)
    local = {"env": env, "guild": guild, "channel": guild.create_text_channel(f"burst{n}"),
             "alice": guild.add_member(env.create_user(f"ann{n}")), "bob": guild.add_member(env.create_user(f"ben{n}")),
             "eve": w["eve"]}
    before = set(env.bot.tables.by_id)
    lobby = await open_table(local)
    await local["alice"].click(lobby, label="Start")
    [table_id] = set(env.bot.tables.by_id) - before
    table = env.bot.tables.by_id[table_id]
    await play_until([local["alice"], local["bob"]], lambda: table.state.phase == "program")
    assert table.state.phase == "program"
    for name in ("alice", "bob"):
        panel = current_panel(local[name])
        for slot, item in enumerate(i for i in interactive(panel) if i.custom_id.startswith("mu:slot:")):
            await local[name].user.select(panel, [("wait", "act", "blue")[slot % 3]], custom_id=item.custom_id)
    local["lobby"] = lobby
    return local, table


@settings(SIM, max_examples=examples(4))
@given(extra=st.lists(st.sampled_from(["lock again", "hand", "eve", "lobby"]), max_size=6),
       order=st.randoms(use_true_random=False))
async def test_a_burst_of_clicks_through_the_bot(world: dict[str, Any], extra: list[str], order: Any) -> None:
    """Both players lock in at the same moment, while they (and an outsider) click other things: each
    programme is applied exactly once, every other click is refused ephemerally or redraws a panel."""
    env = world["env"]
    w, table = await fresh_table(world)
    panels = {name: current_panel(w[name]) for name in ("alice", "bob")}
    locks = {name: next(i.custom_id for i in interactive(p) if i.custom_id.startswith("mu:lock:"))
             for name, p in panels.items()}
    slots = {name: [i.custom_id for i in interactive(p) if i.custom_id.startswith("mu:slot:")]
             for name, p in panels.items()}
    seats = {name: table.seat_of(w[name].id) for name in ("alice", "bob")}
    pid = table.open_prompt(seats["alice"]).id
    burst = [prepared(env, w[name].user, panels[name], locks[name]) for name in ("alice", "bob")]
    for kind in extra:
        name = order.choice(["alice", "bob"])
        if kind == "lock again":  # a second, distinct click on the same lock button
            burst.append(prepared(env, w[name].user, panels[name], locks[name]))
        elif kind == "slot":  # changing a slot while locking in
            burst.append(prepared(env, w[name].user, panels[name], order.choice(slots[name]), ["red"]))
        elif kind == "hand":  # the same lock on the /hand copy of the panel, in the channel
            hand = await w[name].slash(w["channel"], "hand")
            burst.append(prepared(env, w[name], hand.response, next(
                i.custom_id for i in interactive(hand.response) if i.custom_id.startswith("mu:lock:"))))
        elif kind == "eve":  # an outsider with a copy of a player's lock button
            where = await place_of(env, w["eve"], True, w["channel"])
            carrier = await post_carrier(env, where, locks[name])
            burst.append(prepared(env, w["eve"].user, carrier, locks[name]))
        else:  # a player joining the (started) table from a copy of the lobby's Join button
            cid = f"mu:lobby:{table.id}:-:-:join"
            carrier = await post_carrier(env, await place_of(env, w[name], False, w["channel"]), cid)
            burst.append(prepared(env, w[name], carrier, cid))
    order.shuffle(burst)
    seq = table.seq
    await deliver_at_once(env, [payload for _, payload in burst])

    assert not env.errors and not env.bot.errors, (env.errors, env.bot.errors)
    actions = await table.store.actions(table.id, after=seq)
    for name in ("alice", "bob"):
        mine = [a for a in actions if a.seat == seats[name] and a.prompt_id == pid]
        assert len(mine) == 1, f"{name}'s programme applied {len(mine)} times"
    for record, _ in burst:
        result = InteractionResult(env, record)
        assert result.acknowledged
        for answer in result.followups + ([result.response] if result.response else []):
            assert answer.content != t("en", "error.internal")
            assert answer.ephemeral or answer.content == "" or answer.id == record.source_message_id, answer.content
    await check_log_and_replay(table)


@settings(SIM, max_examples=examples(2))
@example(copies=2)
@given(copies=st.integers(2, 4))
async def test_a_redelivered_click_is_refused_as_a_duplicate(world: dict[str, Any], copies: int) -> None:
    """The same INTERACTION_CREATE delivered again: applied once, the copies refused or ignored. (The
    copies once failed at defer() with 40060 'already acknowledged', reported as an internal error.)"""
    env = world["env"]
    env.bot.errors.clear()
    w, table = await fresh_table(world)
    panel = current_panel(w["alice"])
    lock = next(i.custom_id for i in interactive(panel) if i.custom_id.startswith("mu:lock:"))
    seat, seq = table.seat_of(w["alice"].id), table.seq
    record, payload = prepared(env, w["alice"].user, panel, lock)
    await deliver_at_once(env, [payload] * copies)  # the same interaction, delivered again
    actions = await table.store.actions(table.id, after=seq)
    assert len([a for a in actions if a.seat == seat]) == 1
    await check_log_and_replay(table)
    assert not env.bot.errors, env.bot.errors
    for follow in InteractionResult(env, record).followups:
        assert follow.ephemeral and follow.content != t("en", "error.internal")


async def test_a_slot_is_drafted_under_the_table_lock(world: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """bot/clicks.py:ClickRouter._draft once ran outside table.lock: the same seat's lock-in, applied
    between saving a slot and redrawing the panel (a slot and 'Lock in' clicked at once, or from the DM
    and the /hand panel), left no panel to draw and the click became 'error.internal'. Found by the
    burst test with slot clicks. Now the draft is saved with the lock held, so nothing can interleave."""
    env = world["env"]
    w, table = await fresh_table(world)
    save_draft = table.store.set_draft
    held: list[bool] = []

    async def watched(table_id: int, seat: int, prompt_id: str, data: list[str | None]) -> None:
        held.append(table.lock.locked())
        await save_draft(table_id, seat, prompt_id, data)

    monkeypatch.setattr(table.store, "set_draft", watched)
    panel = current_panel(w["alice"])
    slot = next(i.custom_id for i in interactive(panel) if i.custom_id.startswith("mu:slot:"))
    await w["alice"].user.select(panel, ["red"], custom_id=slot)
    assert held == [True]
    assert not env.bot.errors, env.bot.errors


async def test_a_lock_in_and_a_slot_click_at_once_apply_once(world: dict[str, Any]) -> None:
    """Both orders are fine: the slot lands first and the lock-in takes the programme, or the lock-in
    lands first and the slot click is refused as stale. Never an internal error."""
    env = world["env"]
    env.bot.errors.clear()
    w, table = await fresh_table(world)
    panel = current_panel(w["alice"])
    slot = next(i.custom_id for i in interactive(panel) if i.custom_id.startswith("mu:slot:"))
    lock = next(i.custom_id for i in interactive(panel) if i.custom_id.startswith("mu:lock:"))
    seat, seq = table.seat_of(w["alice"].id), table.seq
    records = [prepared(env, w["alice"].user, panel, lock), prepared(env, w["alice"].user, panel, slot, ["red"])]
    await deliver_at_once(env, [payload for _record, payload in reversed(records)])
    assert len([a for a in await table.store.actions(table.id, after=seq) if a.seat == seat]) == 1
    assert not env.bot.errors, env.bot.errors
    for record, _payload in records:
        result = InteractionResult(env, record)
        for reply in (result.response, *result.followups):
            assert reply is None or reply.content != t("en", "error.internal")
    await check_log_and_replay(table)
