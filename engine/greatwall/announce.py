"""Setup lines: what a variant's setup makes public (where Genghis Khan stands, his Skills and the
Emperor's Award [IT GK steps 4, 7]; the Rat card revealed [IT Rat step 18]) reaches the channel log.

Why a task: ``GreatWallGame.setup`` returns a state, not events, so a line emitted while dealing would
reach no one. The task waits on the stack until the draft is answered, then speaks with the draft's
reveal (the first answer the log carries), before anything else the setup left to do (the Rat's
placement, engine/greatwall/rat.py, sits under it). It changes nothing but the log: an old game's log
replays to the same state with or without it."""

from __future__ import annotations

from typing import Any

from engine.greatwall.flow import Ctx, task
from engine.greatwall.state import Task


def announce(ctx: Ctx, key: str, **args: Any) -> None:
    """Emit ``<prefix>.<key>`` once the draft is revealed (``args`` are public and JSON)."""
    ctx.push({"op": "announce", "key": key, "args": args})


@task("announce")
def _announce(ctx: Ctx, job: Task) -> None:
    ctx.emit(job["key"], **job["args"])
