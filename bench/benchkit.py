"""Small shared helpers of the bench scripts: one JSON line per figure, percentiles, memory."""

from __future__ import annotations

import json
import math
import os
import statistics
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # ``python bench/x.py`` from anywhere, installed package or not
    sys.path.insert(0, str(ROOT))

Figure = dict[str, Any]


def emit(figure: Figure) -> None:
    """Print one figure as one JSON line, at once (``all.py`` streams them as they come). The
    1-minute load average goes with it: on a shared 2-core machine other work skews timings."""
    line = {**figure, "loadavg_1m": round(os.getloadavg()[0], 2)}
    print(json.dumps(line, ensure_ascii=False), flush=True)


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100): p99 of 100 samples is the second largest, of 50
    samples the largest."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def summary_ms(values: Sequence[float], digits: int = 2) -> dict[str, float]:
    """p50, p90, p99, mean and max of durations given in milliseconds."""
    return {"p50": round(percentile(values, 50), digits), "p90": round(percentile(values, 90), digits),
            "p99": round(percentile(values, 99), digits), "mean": round(statistics.fmean(values), digits),
            "max": round(max(values), digits), "n": len(values)}


def rss_kb() -> int:
    """This process's resident set size (VmRSS) in KiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # a peak, not the current size


RENDER_TARGET_P99_MS = 100.0
RENDER_TARGET_PNG_KB = 1024.0


def render_figure(game: Any, view: dict[str, Any], names: Sequence[str], runs: int,
                  setup: dict[str, Any]) -> Figure:
    """Render ``view`` ``runs`` times through ``rendering.render`` (one warm-up render first, not
    counted: it loads fonts and images) and state p50/p99 wall ms and the PNG's size against the
    targets; the thread's CPU ms per render go alongside (what other load on the machine cannot inflate)."""
    import time

    from rendering import render

    render(game, view, list(names))
    times: list[float] = []
    cpu: list[float] = []
    png = b""
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.thread_time()
        png = render(game, view, list(names)) or b""
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
    stats, cpu_stats = summary_ms(times, 1), summary_ms(cpu, 1)
    kb = round(len(png) / 1024, 1)
    return {"figure": "render", **setup, "renders": runs, "warmup_renders": 1,
            "p50_ms": stats["p50"], "p99_ms": stats["p99"], "mean_ms": stats["mean"], "png_kb": kb,
            "cpu_ms": {"p50": cpu_stats["p50"], "p99": cpu_stats["p99"]},
            "size_px": _png_size(png), "static_cache": "none (static-layer caching does not exist yet)",
            "target": f"p99 < {RENDER_TARGET_P99_MS:g} ms and PNG < 1 MB",
            "met": stats["p99"] < RENDER_TARGET_P99_MS and kb < RENDER_TARGET_PNG_KB}


def _png_size(png: bytes) -> str:
    if len(png) < 24 or png[:8] != b"\x89PNG\r\n\x1a\n":
        return "?"
    return f"{int.from_bytes(png[16:20], 'big')}x{int.from_bytes(png[20:24], 'big')}"


def engine_figure(game_id: str, options: dict[str, str], seats: int, games: int,
                  ends: Callable[[Any], Iterable[str]] | None = None) -> Figure:
    """Whole AI-vs-AI games (seeds 0..games-1; every seat asks ``engine.ai.choose`` on its own view).

    Timed separately: ``game.apply`` alone, the AI's ``choose`` alone, and ``game.view`` (which the
    AI needs); games per second is over the whole loop, all three included."""
    import time
    from collections import Counter

    from engine.ai import choose
    from engine.games import get_game

    game = get_game(game_id)
    apply_s = ai_s = view_s = 0.0
    decisions = 0
    how: Counter[str] = Counter()
    perf = time.perf_counter
    start = perf()
    for seed in range(games):
        state = game.setup(seats, options, seed)
        steps = 0
        while prompts := game.prompts(state):
            prompt = prompts[0]
            t0 = perf()
            view = game.view(state, prompt.seat)
            t1 = perf()
            choice = choose(game, view, prompt, seed * 1_000_003 + steps)
            t2 = perf()
            game.apply(state, prompt.seat, choice)
            t3 = perf()
            view_s += t1 - t0
            ai_s += t2 - t1
            apply_s += t3 - t2
            steps += 1
        assert game.outcome(state) is not None, (game_id, seed)
        decisions += steps
        if ends is not None:
            how.update(ends(state))
    elapsed = perf() - start
    figure: Figure = {
        "figure": "engine", "game": game_id, "mode": options.get("mode", options.get("length", "standard")),
        "seats": seats, "options": options, "games": games, "seeds": f"0..{games - 1}", "seats_play": "AI",
        "playouts_per_s": round(games / elapsed, 2), "decisions_per_game": round(decisions / games, 1),
        "apply_ms_mean": round(apply_s / decisions * 1000, 4), "ai_ms_per_decision": round(ai_s / decisions * 1000, 4),
        "view_ms_per_decision": round(view_s / decisions * 1000, 4),
        "time_split": {"apply": round(apply_s / elapsed, 3), "ai": round(ai_s / elapsed, 3),
                       "view": round(view_s / elapsed, 3),
                       "prompts_and_loop": round(1 - (apply_s + ai_s + view_s) / elapsed, 3)}}
    if ends is not None:
        figure["ends"] = dict(how)
    return figure


def seat_figure(game: Any, options: dict[str, str], names: Sequence[str], decisions: int = 300) -> Figure:
    """A seat's own picture (rendering/seat.py, issue 16) at each open decision of a game played by the
    AI (seed 7), up to ``decisions``: p50/p99 wall ms of the pictures drawn (a decision without one is
    counted apart), the largest in px and the PNG sizes. One warm-up picture first, not counted."""
    import io
    import time

    from PIL import Image

    from engine.ai import choose
    from rendering import seat_picture

    state = game.setup(len(names), dict(options), 7)
    times: list[float] = []
    sizes: list[tuple[int, int, int]] = []
    seen = 0
    seat_picture(game, game.view(state, 0), game.prompts(state)[0], list(names))
    while seen < decisions and (prompts := game.prompts(state)):
        prompt, seen = prompts[0], seen + 1
        view = game.view(state, prompt.seat)
        start = time.perf_counter()
        png = seat_picture(game, view, prompt, list(names))
        if png:
            times.append((time.perf_counter() - start) * 1000)
            width, height = Image.open(io.BytesIO(png)).size
            sizes.append((width, height, len(png)))
        game.apply(state, prompt.seat, choose(game, view, prompt, seen))
    stats = summary_ms(times, 1)
    kb = sorted(s[2] / 1024 for s in sizes)
    return {"figure": "seat picture", "game": game.id, **options, "seats": len(names), "decisions": seen,
            "pictures": len(times), "p50_ms": stats["p50"], "p99_ms": stats["p99"],
            "max_px": f"{max(s[0] for s in sizes)}x{max(s[1] for s in sizes)}",
            "p50_kb": round(kb[len(kb) // 2], 1), "max_kb": round(kb[-1], 1)}
