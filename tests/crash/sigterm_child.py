"""One life of the bot that is stopped by SIGTERM, for the graceful-shutdown test: the real bot on a
real SQLite file in a simcord world, with ``python -m bot``'s own signal handlers.

    python tests/crash/sigterm_child.py DB ACKS

alice plays through ``/hand`` panels (each slot's first option); every click the bot answered is
appended to ACKS (fsynced). After a few actions the child prints PLAYING (the test then sends
SIGTERM) and keeps clicking until the bot says it is closing; once ``close()`` has finished it prints
CLOSED with whether the store is closed, and exits 0.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

import simcord

sys.path.insert(0, str(Path(__file__).parents[1] / "bot"))
sys.path.insert(0, str(Path(__file__).parent))
from child import _seated, acknowledge
from driver import answer, interactive

from bot.__main__ import install_shutdown
from bot.app import create_bot

WARM_UP = 4  # actions before PLAYING: the game is well under way when the signal comes


async def life(db: str, acks: Path) -> None:
    async with simcord.run(create_bot(db_path=f"{acks}.world.db")) as env:
        guild = env.create_guild("Board Games")
        channel = guild.create_text_channel("games")
        alice = guild.add_member(env.create_user("alice"))
        await env.restart_bot(create_bot(db_path=db))
        bot: Any = env.bot
        install_shutdown(bot)
        table = await _seated(bot, channel, alice)
        seat = table.seat_of(alice.id)
        done = 0
        while not bot.inflight.closing and table.row.status == "active":
            prompt = table.open_prompt(seat)
            if prompt is None:
                raise SystemExit(f"no decision for the human at seq {table.seq}")
            hand = await alice.slash(channel, "hand")
            if bot.inflight.closing or not interactive(hand.response):
                break
            await answer(alice, hand.response, cycle=False)
            if table.open_prompt(seat) is None or table.open_prompt(seat).id != prompt.id:
                acknowledge(acks, seat, prompt.id)
            done += 1
            if done == WARM_UP:
                print("PLAYING", flush=True)
        await bot.close()  # the signal's close(): wait for it to finish
        print(f"CLOSED {bot.store._db is None} {bot.is_closed()}", flush=True)
    os._exit(0)


def main() -> None:
    import bot.tables

    bot.tables.secrets.randbits = lambda bits: 20261123  # type: ignore[assignment]  # one fixed game
    asyncio.run(life(sys.argv[1], Path(sys.argv[2])))


if __name__ == "__main__":
    main()
