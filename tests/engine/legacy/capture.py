"""Capture the states a table may be saved in (a snapshot is taken whenever a table waits for a
person), one per open decision kind of every registered game and mode, with the engine as it is now.

The file this writes is kept in the repository as a record of what an earlier version stored: the
engine of every later version must still load each state and carry the game on from it
(tests/engine/test_legacy_states.py). Run it again only to add a newer version's file, never to
overwrite an old one:

    python tests/engine/legacy/capture.py tests/engine/legacy/states-v1.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[1]))
from games import all_cases, game_of, playout


def capture(out: Path, seeds: range = range(1, 9)) -> int:
    rows: dict[tuple[str, str], dict[str, str]] = {}
    for case in all_cases():
        game = game_of(case)

        def keep(state: object, case_label: str = case.label, game: Any = game) -> None:
            for prompt in game.prompts(state):
                rows.setdefault((case_label, prompt.kind), {"case": case_label, "kind": prompt.kind,
                                                            "state": game.dumps(state)})

        for seed in seeds:
            playout(case, seed, random_share=20, check=keep)
    with gzip.open(out, "wt", encoding="utf-8") as f:
        for key in sorted(rows):
            f.write(json.dumps(rows[key], sort_keys=True) + "\n")
    return len(rows)


if __name__ == "__main__":
    print(capture(Path(sys.argv[1])), "states")
