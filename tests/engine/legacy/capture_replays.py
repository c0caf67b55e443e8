"""Capture seeded replays with the engine as it is now: for a few seeds of every case, the choice
log of a playout and the sha256 of ``game.dumps(state)`` after every ``EVERY`` decisions and at the
end. tests/engine/test_legacy_replays.py replays each log with today's engine and compares the hashes,
so a refactor that should not change play proves it did not (byte for byte).

Like states-v1, the file is a record of an earlier version: add a newer file, never overwrite one.

    python tests/engine/legacy/capture_replays.py tests/engine/legacy/replays-v1.jsonl.gz

A rules fix that changes one game's play on purpose (listed in the test's ``CHANGED``) captures a
newer file of that game's seeded replays alone, so whole games of it are checked again:

    python tests/engine/legacy/capture_replays.py tests/engine/legacy/replays-v2.jsonl.gz greatwall

An AI change that makes one game's seats answer differently on purpose (the test's ``AI_CHANGED``)
leaves the engine as it was but sends every saved state of that game another way when the AI plays
it on: a newer file holds that game's play-on rows alone, captured with the new AI:

    python tests/engine/legacy/capture_replays.py tests/engine/legacy/replays-v3.jsonl.gz akhedena --play-on
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))
from games import all_cases, game_of, play_on, playout, replay_hashes, saved_states

SEEDS = (1, 2, 3)
RANDOM_SHARE = 20  # some random answers, so rarer decisions are reached too


def capture(out: Path, games: tuple[str, ...] = (), play_on_only: bool = False) -> int:
    """Every case's seeded replays and every saved state's play-on; only the seeded replays of
    ``games`` when given, or only their play-on rows with ``play_on_only``."""
    rows = []
    if play_on_only:
        for saved in saved_states():
            if saved["case"].split("-")[0] in games:
                rows.append({"case": saved["case"], "kind": saved["kind"],
                             "hashes": play_on(saved["state"], saved["case"])})
        return _write(out, rows)
    for case in all_cases():
        if games and case.game_id not in games:
            continue
        game = game_of(case)
        for seed in SEEDS:
            state, log = playout(case, seed, random_share=RANDOM_SHARE)
            hashes = replay_hashes(case, seed, log)
            final = hashlib.sha256(game.dumps(state).encode()).hexdigest()
            assert hashes[-1] == final
            rows.append({"case": case.label, "seed": seed, "log": log, "hashes": hashes})
    for saved in () if games else saved_states():  # a saved table resumed mid-step plays on the same way too
        rows.append({"case": saved["case"], "kind": saved["kind"], "hashes": play_on(saved["state"], saved["case"])})
    return _write(out, rows)


def _write(out: Path, rows: list[dict[str, object]]) -> int:
    with gzip.open(out, "wt", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, sort_keys=True) + "\n")
    return len(rows)


if __name__ == "__main__":
    names = tuple(a for a in sys.argv[2:] if not a.startswith("--"))
    print(capture(Path(sys.argv[1]), names, "--play-on" in sys.argv), "replays")
