"""Capture seeded replays with the engine as it is now: for a few seeds of every case, the choice
log of a playout and the sha256 of ``game.dumps(state)`` after every ``EVERY`` decisions and at the
end. tests/engine/test_legacy_replays.py replays each log with today's engine and compares the hashes,
so a refactor that should not change play proves it did not (byte for byte).

Like states-v1, the file is a record of an earlier version: add a newer file, never overwrite one.

    python tests/engine/legacy/capture_replays.py tests/engine/legacy/replays-v1.jsonl.gz

A rules fix that changes one game's play on purpose (listed in the test's ``CHANGED``) captures a
newer file of that game's seeded replays alone, so whole games of it are checked again:

    python tests/engine/legacy/capture_replays.py tests/engine/legacy/replays-v2.jsonl.gz greatwall
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))
from games import cases, game_of, play_on, playout, replay_hashes, saved_states

SEEDS = (1, 2, 3)
RANDOM_SHARE = 20  # some random answers, so rarer decisions are reached too


def capture(out: Path, games: tuple[str, ...] = ()) -> int:
    """Every case's seeded replays and every saved state's play-on; only the seeded replays of
    ``games`` when given."""
    rows = []
    for case in cases():
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
    with gzip.open(out, "wt", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, sort_keys=True) + "\n")
    return len(rows)


if __name__ == "__main__":
    print(capture(Path(sys.argv[1]), tuple(sys.argv[2:])), "replays")
