"""Game records: a finished table exported as JSON (seed + every choice) and replayed offline.

The record holds everything the engine needs and nothing else; it is offered only once a game is
over, when nothing in it is secret any more (orders and census counts were revealed during play, and
the Bastion is opened by the Reputation assessment).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot import outcomes
from bot.store import Store
from engine.core.game import Outcome
from engine.core.prompt import Choice
from engine.games import make_game

FORMAT = 1


async def export_record(store: Store, table_id: int) -> dict[str, Any]:
    row = await store.table(table_id)
    if row is None:
        raise KeyError(table_id)
    seats = await store.seats(table_id)
    actions = await store.actions(table_id)
    return {"format": FORMAT, "game": row.game, "options": row.options, "seed": row.seed,
            "seats": [s.name for s in seats], "choices": [[a.seat, a.choice] for a in actions]}


def replay_record(record: dict[str, Any], packs: Path | None = None) -> tuple[Any, Outcome | None]:
    """Rebuild the final state from a record; raises ValueError on a record that does not replay."""
    if record.get("format") != FORMAT:
        raise ValueError(f"unknown record format {record.get('format')!r}")
    game = make_game(record["game"], packs)
    state = game.setup(len(record["seats"]), record["options"], int(record["seed"]))
    for index, (seat, choice) in enumerate(record["choices"]):
        try:
            game.apply(state, int(seat), Choice.parse(choice))
        except ValueError as error:
            raise ValueError(f"choice #{index + 1} ({choice}) does not replay: {error}") from error
    return state, game.outcome(state)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bot replay FILE.json")
        return 2
    record = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    try:
        _, outcome = replay_record(record)
    except ValueError as error:
        print(f"This record does not replay: {error}")
        return 1
    names = record["seats"]
    print(f"{record['game']}: {len(record['choices'])} choices replayed.")
    if outcome is None:
        print("The game was not finished.")
        return 0
    print(ending(record["game"], outcome, names))
    return 0


def ending(game: str, outcome: Outcome, names: list[str]) -> str:
    """How the game ended, by its declared outcome kind, as the channel's summary says it (bot/outcomes.py)
    in plain text: places only where seats were ranked against each other, a co-op team's shared win or
    loss, a solo player's win or loss against the automaton by the margin."""
    return outcomes.summary("en", game, outcome, names).replace("**", "")
