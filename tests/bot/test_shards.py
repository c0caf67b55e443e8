"""Shard-owning workers (issue 15, bot/shards.py): a table belongs to its guild's shard; a worker loads
only its own shards' tables; a DM click that reaches another worker is acknowledged there and handed
over through the store to the owner, who applies it and answers the interaction itself.

Simcord runs one bot at a time, so the two workers take turns in one world (``restart_bot``): the
worker of shard 1 opens the table, the worker of shard 0 (where Discord delivers DMs) receives the
player's DM click, then the worker of shard 1 comes back and finds the click waiting for it.
"""

from __future__ import annotations

from typing import Any

import pytest
from driver import current_panel, interactive

from bot.app import MusterBot, create_bot
from bot.shards import LeaseError, Leases, Ownership

pytestmark = pytest.mark.simcord(settle_timeout=10)


def worker(db_path: Any, shards: str) -> MusterBot:
    bot = create_bot(db_path=db_path, ownership=Ownership.parse(shards, 2))
    bot.shard_timers = False  # the inbox is taken by hand here (simcord steps through timers)
    return bot


@pytest.fixture
def simcord_bot(db_path: Any) -> MusterBot:
    return worker(db_path, "1")


async def _stop(bot: MusterBot) -> None:
    """What a clean shutdown does for the shards (simcord's restart does not close the old bot)."""
    await bot.leases.release()


def test_a_table_belongs_to_its_guild_shard() -> None:
    """Discord's formula: (guild_id >> 22) % shard_count; a table without a guild is shard 0's."""
    two = Ownership.parse("1", 2)
    assert two.shard_of((5 << 22) + 123) == 1 and two.owns((5 << 22) + 123)
    assert two.shard_of(4 << 22) == 0 and not two.owns(4 << 22)
    assert two.shard_of(None) == 0
    assert Ownership.parse("0-2,5", 8).ids == [0, 1, 2, 5]
    assert Ownership().owns(12345) and not Ownership().sharded
    for bad, count in (("3", 2), ("a-b", 4), ("", 4)):
        with pytest.raises(ValueError):
            Ownership.parse(bad, count)


async def test_a_dm_click_reaches_shard_0_and_is_handed_to_the_owner(simcord_env: Any, db_path: Any) -> None:
    env = simcord_env
    owner: MusterBot = env.bot
    guild = env.create_guild("Shard one", shard_id=1)
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "game new", game="akhedena")  # the full game: the default mode
    lobby = channel.last_message
    for label in ("Join", "Add AI", "Start"):
        await alice.click(lobby, label=label)
    [table] = owner.tables.by_id.values()
    seq = table.seq
    panel = current_panel(alice)
    assert panel is not None
    await _stop(owner)

    dm_worker = worker(db_path, "0")
    await env.restart_bot(dm_worker)
    assert dm_worker.tables.by_id == {}  # not its shard: never loaded
    button = next(i for i in interactive(panel) if i.custom_id.startswith(("mu:dflt:", "mu:opt:")))
    await alice.user.click(panel, custom_id=button.custom_id)
    assert [a.seq for a in await dm_worker.store.actions(table.id)] == list(range(1, seq + 1))  # untouched
    assert dm_worker.metrics.handed_over._value.get() == 1
    assert not env.errors and not dm_worker.errors
    await _stop(dm_worker)

    back = worker(db_path, "1")
    await env.restart_bot(back)
    [table] = back.tables.by_id.values()
    assert await back.inbox.take() == 1
    await env.settle()
    assert table.seq > seq  # applied by the owner, with the AI's answer after it
    actions = await back.store.actions(table.id)
    assert actions[seq].seat == table.seat_of(alice.id)
    assert await back.store.take_forwarded([1]) == []  # taken once
    # The next decision: in the same DM, edited in place (alice's own answer opened it), or a new one.
    after = current_panel(alice)
    assert after is not None and interactive(after) != interactive(panel)
    assert not env.errors and not back.errors


async def test_a_live_worker_keeps_its_shards(simcord_env: Any) -> None:
    """A second worker for a shard another live worker holds (or with another shard count) refuses to
    start; once the holder releases it, the shard can be taken."""
    store = simcord_env.bot.store
    holder = simcord_env.bot.leases
    with pytest.raises(LeaseError):
        await Leases(store, Ownership.parse("0-1", 2)).claim(wait=0)
    with pytest.raises(LeaseError):
        await Leases(store, Ownership.parse("2", 4)).claim(wait=0)
    await Leases(store, Ownership.parse("0", 2)).claim(wait=0)  # shard 0 is free
    await holder.release()
    await Leases(store, Ownership.parse("1", 2)).claim(wait=0)
