"""Time to restart with N active tables: the bot's start-up loads every open table (snapshot + the
actions after it, replayed through the engine) before it answers anything.

Prints one JSON line. Run: .venv/bin/python bench/restart_tables.py [tables]
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

from bot.backends import open_store
from bot.tables import TableManager
from engine.ai import choose


async def make_tables(path: Path, count: int) -> None:
    """``count`` four-seat tables, one human and three AIs, each waiting mid-game for its human."""
    store = open_store(path)
    await store.open()
    manager = TableManager(store)
    for channel in range(count):
        table = await manager.create(1, 1000 + channel, "xidit", {"length": "long"}, 1, "en")
        await table.join(1, "Human", "en")
        for _ in range(3):
            await table.add_ai()
        await table.start()
        for step in range(6 + channel % 20):  # the human plays along for a while (as the AI would)
            prompt = table.prompts()[0]
            choice = choose(table.game, table.game.view(table.state, prompt.seat), prompt, step)
            await table.submit(prompt.seat, prompt.id, choice)
    await store.close()


async def restart(path: Path) -> tuple[float, int]:
    start = time.perf_counter()
    store = open_store(path)
    await store.open()
    loaded = await TableManager(store).load_all()
    elapsed = time.perf_counter() - start
    await store.close()
    return elapsed, loaded


async def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        await make_tables(path, count)
        elapsed, loaded = await restart(path)
    print(json.dumps({"figure": "restart_seconds", "tables": loaded, "value": round(elapsed, 3)}))


if __name__ == "__main__":
    asyncio.run(main())
