"""Where the time goes, for the figures that miss their targets (cProfile; plain text, not JSON).

    python bench/profile_hotspots.py render xidit|greatwall|akhedena [renders]
    python bench/profile_hotspots.py restore [tables]     # TableManager.load_all on a scale_tables DB
    python bench/profile_hotspots.py click [tables] [rounds]  # the bot handling DM-panel clicks (simcord)

Each prints the top functions by self time with their share of the profiled total, then the
project's own functions (engine/, bot/, rendering/) by cumulative time. ``click`` also profiles the
board renders inside their worker threads and adds a wall-clock split of the click handler.
"""

from __future__ import annotations

import asyncio
import cProfile
import pstats
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchkit import ROOT

PROJECT = ("engine/", "bot/", "rendering/")


def report(stats: pstats.Stats, title: str, top: int = 18) -> None:
    raw: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    total = sum(entry[2] for entry in raw.values()) or 1e-9  # self times add up to the whole
    print(f"== {title}: {total:.2f} s profiled")
    print("-- by self time (share of the profiled total)")
    for (path, line, name), entry in sorted(raw.items(), key=lambda kv: -kv[1][2])[:top]:
        print(f"  {entry[2] / total:6.1%}  {entry[2]:7.3f} s  {entry[1]:>8} calls  {_where(path, line, name)}")
    print("-- project functions by cumulative time (share of the profiled total)")
    own = [(key, entry) for key, entry in raw.items() if any(p in key[0] for p in PROJECT)]
    for (path, line, name), entry in sorted(own, key=lambda kv: -kv[1][3])[:top]:
        print(f"  {entry[3] / total:6.1%}  {entry[3]:7.3f} s  {entry[1]:>8} calls  {_where(path, line, name)}")
    print()


def _where(path: str, line: int, name: str) -> str:
    for marker in (str(ROOT) + "/", "site-packages/", "python3.11/"):
        if marker in path:
            path = path.split(marker, 1)[1]
            break
    return f"{path}:{line}:{name}" if path != "~" else name


def profile_render(game_id: str, renders: int) -> None:
    from engine.games import get_game
    from rendering import render

    game = get_game(game_id)
    if game_id == "xidit":
        from render_xidit import NAMES, mid_game_view

        view, names = mid_game_view(game), NAMES  # type: ignore[arg-type]
    elif game_id == "greatwall":
        from render_greatwall import NAMES as GW_NAMES
        from render_greatwall import mid_game_view as gw_view

        view, names = gw_view(game), GW_NAMES  # type: ignore[arg-type]
    else:
        from render_akhedena import NAMES as AK_NAMES
        from render_akhedena import mid_game_view as ak_view

        view, names = ak_view(game, "standard", 4, 12), AK_NAMES  # type: ignore[arg-type]
    render(game, view, names)
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(renders):
        render(game, view, names)
    profiler.disable()
    report(pstats.Stats(profiler), f"render {game_id}, {renders} renders")


def profile_restore(tables: int) -> None:
    import scale_tables

    from bot.backends import open_store
    from bot.tables import TableManager

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "scale.db"
        asyncio.run(scale_tables.build(path, tables, scale_tables.histories()))

        async def load() -> int:
            store = open_store(path)
            await store.open()
            loaded = await TableManager(store).load_all()
            await store.close()
            return loaded

        profiler = cProfile.Profile()
        profiler.enable()
        loaded = asyncio.run(load())
        profiler.disable()
    report(pstats.Stats(profiler), f"restore: Store.open + load_all of {loaded} tables ({scale_tables.MIX})")


class Spans:
    """Wall-clock time spent inside wrapped coroutine functions, per name."""

    def __init__(self) -> None:
        self.total: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)

    def wrap(self, owner: Any, attr: str, name: str) -> None:
        original: Callable[..., Awaitable[Any]] = getattr(owner, attr)

        async def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                self.total[name] += time.perf_counter() - start
                self.calls[name] += 1

        setattr(owner, attr, timed)


@contextmanager
def thread_profiles(target: Any, attr: str) -> Iterator[list[cProfile.Profile]]:
    """Profile every call of ``target.attr`` in whichever thread it runs (renders run in workers)."""
    profiles: list[cProfile.Profile] = []
    lock = threading.Lock()
    original = getattr(target, attr)

    def profiled(*args: Any, **kwargs: Any) -> Any:
        profiler = cProfile.Profile()
        profiler.enable()
        try:
            return original(*args, **kwargs)
        finally:
            profiler.disable()
            with lock:
                profiles.append(profiler)

    setattr(target, attr, profiled)
    try:
        yield profiles
    finally:
        setattr(target, attr, original)


def profile_click(tables: int, rounds: int = 20) -> None:
    import bot_latency
    import simcord

    import rendering
    from bot.app import create_bot
    from bot.boards import BoardPoster
    from bot.clicks import ClickRouter
    from bot.delivery import Delivery
    from bot.store import Store
    from bot.tables import Table

    spans = Spans()
    for owner, attr in ((ClickRouter, "submit"), (Table, "submit"), (Table, "_persist"), (Table, "_run_ai"),
                        (Delivery, "publish"), (BoardPoster, "_post"), (Delivery, "sync_panels"),
                        (Delivery, "send_panel"), (Delivery, "_private_notes"), (ClickRouter, "_finish_panel")):
        spans.wrap(owner, attr, f"{owner.__module__}.{owner.__name__}.{attr}")
    for attr in ("seen_interaction", "append", "message", "drop_message", "set_message", "save_snapshot",
                 "set_status", "actions"):
        spans.wrap(Store, attr, f"bot.store.Store.{attr}")

    async def run() -> tuple[cProfile.Profile, float, int]:
        probe = bot_latency.Probe()
        with tempfile.TemporaryDirectory() as tmp, bot_latency.quiet_bot_log():
            bot = create_bot(db_path=Path(tmp) / "bench.db")
            bot_latency.instrument(bot, probe)
            async with simcord.run(bot, settle_timeout=300) as env:
                world = bot_latency.World(env, bot, tables)
                await world.open_tables()
                spans.total.clear()
                spans.calls.clear()
                profiler = cProfile.Profile()
                clicks = 0
                start = time.perf_counter()
                profiler.enable()
                for number in range(rounds):
                    with bot_latency.in_flight(env):
                        for seat in world.seats:
                            if world.ready(seat):
                                await world.press(seat, number)
                                clicks += 1
                    await env.settle(timeout=300)
                profiler.disable()
                elapsed = time.perf_counter() - start
                await bot.store.close()
        return profiler, elapsed, clicks

    with thread_profiles(rendering, "render") as renders:
        profiler, elapsed, clicks = asyncio.run(run())
    report(pstats.Stats(profiler), f"click handling, main thread: {clicks} clicks over {tables} table(s), "
                                   f"{elapsed:.2f} s wall")
    if renders:
        stats = pstats.Stats(renders[0])
        for extra in renders[1:]:
            stats.add(extra)
        report(stats, f"board renders in worker threads: {len(renders)} renders")
    handler = spans.total.get("bot.clicks.ClickRouter.submit", 1e-9)
    print(f"== wall-clock split of ClickRouter.submit ({spans.calls['bot.clicks.ClickRouter.submit']} clicks, "
          f"{handler:.2f} s summed; spans nest and, with many tables, include waiting on the others)")
    for name, total in sorted(spans.total.items(), key=lambda kv: -kv[1]):
        print(f"  {total / handler:6.1%}  {total:7.3f} s  {spans.calls[name]:>6} calls  "
              f"{1000 * total / spans.calls[name]:8.2f} ms/call  {name}")


def main() -> None:
    args = sys.argv[1:] or ["render", "akhedena"]
    if args[0] == "render":
        profile_render(args[1] if len(args) > 1 else "akhedena", int(args[2]) if len(args) > 2 else 30)
    elif args[0] == "restore":
        profile_restore(int(args[1]) if len(args) > 1 else 1000)
    elif args[0] == "click":
        profile_click(int(args[1]) if len(args) > 1 else 1, int(args[2]) if len(args) > 2 else 20)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
