"""One life of the bot for the crash test: the real bot and a real database, in a simcord world
that is rebuilt identically each time (simcord's ids are deterministic), so the table's channel and
players are the same after every restart.

    python tests/crash/child.py DB ACKS RUN HUMAN_ACTIONS [--die-in-publish N]

DB is what MUSTER_DB would say: a SQLite file path or a ``postgresql://`` URL.

The human (alice) plays through ``/hand`` panels with a fixed policy (each slot's first option), so
any two lives fed the same history make the same choices. After every click the bot answered, the
decision is appended to ACKS (fsynced): those are the acknowledged actions that must survive. At
HUMAN_ACTIONS stored human actions the child prints the state's hash and exits.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import signal
import sys
from pathlib import Path
from typing import Any

import simcord

sys.path.insert(0, str(Path(__file__).parents[1] / "bot"))
from driver import answer, interactive

from bot.app import create_bot
from bot.delivery import Delivery


def _die_in_publish(after: int) -> None:
    """Kill the process in the middle of the ``after``-th publish, once its first message is out."""
    original = Delivery.publish
    calls = {"n": 0}

    async def publish(self: Delivery, table: Any, steps: list[Any], board: bool = False,
                      actor: int | None = None) -> None:
        calls["n"] += 1
        if calls["n"] == after:
            channel = await self.channel(table)
            await channel.send("half a publish")
            os.kill(os.getpid(), signal.SIGKILL)
        await original(self, table, steps, board, actor)

    Delivery.publish = publish  # type: ignore[method-assign]


async def life(db: str, acks: Path, run: int, target: int) -> None:
    world = f"{acks}.world.db"  # a file next to the acks whatever the backend under test
    # The world exists before the real bot starts, as Discord does: a throwaway bot holds the
    # simulation while it is built, then the bot under test starts on the real database.
    async with simcord.run(create_bot(db_path=world)) as env:
        guild = env.create_guild("Board Games")
        channel = guild.create_text_channel("games")
        alice = guild.add_member(env.create_user("alice"))
        await env.advance_time(3600 * run)  # later lives mint later snowflakes: no id is reused
        await env.restart_bot(create_bot(db_path=db))
        bot: Any = env.bot
        table = await _seated(bot, channel, alice)
        seat = table.seat_of(alice.id)
        while table.row.status == "active" and await _human_actions(table, seat) < target:
            prompt = table.open_prompt(seat)
            if prompt is None:
                raise SystemExit(f"no decision for the human at seq {table.seq}")
            hand = await alice.slash(channel, "hand")
            if not interactive(hand.response):
                raise SystemExit("the /hand panel has no components")
            await answer(alice, hand.response, cycle=False)
            if table.open_prompt(seat) is None or table.open_prompt(seat).id != prompt.id:
                acknowledge(acks, seat, prompt.id)
        digest = hashlib.sha256(table.game.dumps(table.state).encode()).hexdigest()
        print(f"DONE {digest} {table.seq}", flush=True)
    os._exit(0)


def acknowledge(acks: Path, seat: int, prompt_id: str) -> None:
    """Record, durably, that the bot took the human's answer to ``prompt_id`` (its decision closed)."""
    with acks.open("a") as f:
        f.write(f"{seat} {prompt_id}\n")
        f.flush()
        os.fsync(f.fileno())


async def _seated(bot: Any, channel: Any, alice: Any) -> Any:
    """The table, opened and started if a previous life died before that was done (slash
    commands, since the lobby message of an earlier life is gone with its world)."""
    if bot.tables.in_channel(channel.id) is None:
        await alice.slash(channel, "game new", game="akhedena")  # the full game: the default mode
    table = bot.tables.in_channel(channel.id)
    if table.row.status == "lobby":
        if table.seat_of(alice.id) is None:
            await alice.slash(channel, "game join")
        if len(table.seats) < 2:
            await alice.slash(channel, "game addai")
        await alice.slash(channel, "game start")
    return table


async def _human_actions(table: Any, seat: int) -> int:
    return sum(1 for a in await table.store.actions(table.id) if a.seat == seat)


def main() -> None:
    db, acks, run, target = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    import bot.tables

    bot.tables.secrets.randbits = lambda bits: 20261123  # type: ignore[assignment]  # one game, every life
    if "--die-in-publish" in sys.argv:
        _die_in_publish(int(sys.argv[sys.argv.index("--die-in-publish") + 1]))
    asyncio.run(life(db, acks, run, target))


if __name__ == "__main__":
    main()
