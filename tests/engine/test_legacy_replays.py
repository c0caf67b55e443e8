"""Seeded play is unchanged by refactors that should not change play: the replays in
tests/engine/legacy/replays-v*.jsonl.gz were captured by an earlier engine (capture_replays.py there);
replaying each choice log today gives states whose ``dumps`` hash the same, byte for byte, every
REPLAY_EVERY decisions and at the end; and every saved state of states-v1 resumed and played on by
the AI goes through the same states as before."""

from __future__ import annotations

from typing import Any

import pytest
from games import Case, cases, legacy_rows, play_on, replay_hashes, saved_states


def _rows() -> list[dict[str, Any]]:
    return legacy_rows("replays-v*.jsonl.gz")


def _id(row: dict[str, Any]) -> str:
    return f"{row['file'].split('.')[0]}-{row['case']}-{row.get('seed', row.get('kind'))}"


def _case(label: str) -> Case:
    return next(c for c in cases() if c.label == label)


@pytest.mark.parametrize("row", [r for r in _rows() if "seed" in r], ids=_id)
def test_a_seeded_replay_gives_the_same_states(row: dict[str, Any]) -> None:
    log = [(seat, text) for seat, text in row["log"]]
    assert replay_hashes(_case(row["case"]), row["seed"], log) == row["hashes"]


@pytest.mark.parametrize("row", [r for r in _rows() if "kind" in r], ids=_id)
def test_a_saved_state_plays_on_the_same_way(row: dict[str, Any]) -> None:
    saved = next(s for s in saved_states() if (s["case"], s["kind"]) == (row["case"], row["kind"]))
    assert play_on(saved["state"], row["case"]) == row["hashes"]
