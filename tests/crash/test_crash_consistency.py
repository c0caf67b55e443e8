"""Crash consistency with the real bot process and a real database, on both store backends (a SQLite
file; a database on a real PostgreSQL server): the bot is killed with SIGKILL at random moments (and
once in the middle of publishing), restarted, and carries on. The end state equals an uninterrupted
run's fed the same choices (one uninterrupted SQLite run serves both: the backends must agree); every
acknowledged action is stored; the database passes its integrity check; no click was applied twice."""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from store_backends import Backend

CHILD = Path(__file__).parent / "child.py"
# The human's actions a run plays. Fewer on PostgreSQL, for time only: under simcord every database
# round trip costs the test harness a settlement pass (about twice SQLite's wall time per action), and
# the kill pattern (mid-publish, five random kills, a clean finish) is what the test is about.
HUMAN_ACTIONS = {"sqlite": 90, "postgresql": 45}


def _life(db: Path | str, acks: Path, run: int, target: int, kill_after: float | None = None,
          die_in_publish: int | None = None) -> str | None:
    """One life of the bot; the state digest if it reached the target, None if it was killed."""
    args = [sys.executable, str(CHILD), str(db), str(acks), str(run), str(target)]
    if die_in_publish is not None:
        args += ["--die-in-publish", str(die_in_publish)]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = proc.communicate(timeout=kill_after if kill_after is not None else 600)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
        return None
    if proc.returncode == -signal.SIGKILL:
        return None
    assert proc.returncode == 0, err[-3000:]
    return next(line.split()[1] for line in out.splitlines() if line.startswith("DONE"))


@pytest.fixture(scope="module")
def calm(tmp_path_factory: pytest.TempPathFactory) -> Callable[[int], str]:
    """The uninterrupted run's end state after ``target`` human actions (on SQLite, once per target),
    which every crashy run must reach."""
    digests: dict[int, str] = {}

    def digest(target: int) -> str:
        if target not in digests:
            tmp = tmp_path_factory.mktemp("calm")
            found = _life(tmp / "calm.db", tmp / "calm.acks", 0, target)
            assert found is not None
            digests[target] = found
        return digests[target]

    return digest


async def _stored(backend: Backend) -> list[tuple[object, ...]]:
    store = backend.store()
    await store.open()
    try:
        assert await store.integrity_ok()
    finally:
        await store.close()
    return await backend.fetch("SELECT seq, seat, prompt_id, interaction_id FROM actions ORDER BY seq")


def _check_database(backend: Backend, acks: Path) -> None:
    rows = asyncio.run(_stored(backend))
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))  # no gap, nothing applied twice
    interactions = [r[3] for r in rows if r[3] is not None]
    assert len(interactions) == len(set(interactions))
    stored = {(r[1], r[2]) for r in rows}
    acknowledged = [tuple(line.split()) for line in acks.read_text().splitlines()]
    assert acknowledged and all((int(seat), prompt) in stored for seat, prompt in acknowledged)


def test_random_kills_and_a_kill_mid_publish_lose_nothing(tmp_path: Path, backend: Backend,
                                                          calm: Callable[[int], str]) -> None:
    db, acks, target = backend.location, tmp_path / "crashy.acks", HUMAN_ACTIONS[backend.name]
    assert _life(db, acks, 1, target, die_in_publish=3) is None  # killed half-way through a post
    rng = random.Random(7)
    kills = 0
    for run in range(2, 7):  # a life starts in ~2 s: kills land in start-up, clicks and publishing
        kills += _life(db, acks, run, target, kill_after=rng.uniform(1.5, 3.0)) is None
    assert kills >= 1  # timing varies with the machine; the soak run kills many more times
    assert _life(db, acks, 7, target) == calm(target)
    _check_database(backend, acks)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(10))
def test_many_random_kills(tmp_path: Path, backend: Backend, seed: int) -> None:
    target = 80
    calm = _life(tmp_path / "calm.db", tmp_path / "calm.acks", 0, target)
    db, acks = backend.location, tmp_path / "crashy.acks"
    rng = random.Random(seed)
    for run in range(1, 20):
        _life(db, acks, run, target, kill_after=rng.uniform(0.5, 6.0))
    assert _life(db, acks, 20, target) == calm
    _check_database(backend, acks)
