"""Graceful shutdown with the real bot process: SIGTERM in the middle of a game lets the click being
handled finish, closes the gateway and the store, and exits 0; every acknowledged action is stored,
the sequence has no gap, and the SQLite file is consistent and cleanly closed (no WAL left over)."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHILD = Path(__file__).parent / "sigterm_child.py"


@pytest.mark.parametrize("delay", [0.0, 0.3])
def test_sigterm_mid_game_stores_every_acknowledged_action_and_exits_0(tmp_path: Path, delay: float) -> None:
    db, acks = tmp_path / "muster.db", tmp_path / "acks"
    proc = subprocess.Popen([sys.executable, str(CHILD), str(db), str(acks)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.strip() == "PLAYING", proc.stderr.read()[-3000:] if proc.stderr else line
        time.sleep(delay + random.Random(len(str(tmp_path))).uniform(0, 0.1))  # land inside a click
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err[-3000:]
    assert "CLOSED True True" in out, out + err[-3000:]
    assert not Path(f"{db}-wal").exists()  # the last connection closed cleanly (WAL checkpointed)
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        rows = conn.execute("SELECT seq, seat, prompt_id FROM actions ORDER BY seq").fetchall()
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))
    stored = {(r[1], r[2]) for r in rows}
    acknowledged = [tuple(line.split()) for line in acks.read_text().splitlines()]
    assert len(acknowledged) >= 4 and all((int(seat), prompt) in stored for seat, prompt in acknowledged)
