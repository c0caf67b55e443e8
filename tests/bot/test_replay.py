"""A finished game's record, exported through the bot, replays offline to the same end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from driver import set_options, table_of

from bot.__main__ import main
from bot.replay import ending, replay_record
from engine.core.game import Outcome, OutcomeKind

pytestmark = pytest.mark.simcord(settle_timeout=5)  # a ceiling, not a wait: a loaded CI machine needs room


@pytest.mark.simcord(settle_timeout=60)  # the whole AI game runs inside the Start interaction
async def test_export_then_offline_replay_gives_the_same_end(world: dict[str, Any], tmp_path: Path,
                                                              capsys: Any) -> None:
    channel = world["channel"]
    early = await world["alice"].slash(channel, "game export")
    assert early.ephemeral and "no finished game" in early.response.content
    await world["alice"].slash(channel, "game new", game="xidit", seat=False)
    lobby = channel.last_message
    await set_options(world, lobby, length="short")
    for _ in range(4):
        await world["alice"].click(lobby, label="Add AI")
    await world["alice"].click(lobby, label="Start")
    table = table_of(world["env"])
    assert table.row.status == "over"
    result = await world["eve"].slash(channel, "game export")
    assert result.ephemeral
    record = json.loads(await result.response.attachments[0].read())
    state, outcome = replay_record(record)
    assert table.game.dumps(state) == table.game.dumps(table.state)
    assert outcome == table.game.outcome(table.state)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 0
    assert table.names[outcome.ranking[0]] in capsys.readouterr().out.splitlines()[1]


def test_a_tampered_record_is_refused(tmp_path: Path, capsys: Any) -> None:
    record = {"format": 1, "game": "xidit", "options": {"length": "short"}, "seed": 3,
              "seats": ["A", "B", "C", "D"], "choices": [[0, "place:1"], [0, "place:2"]]}
    with pytest.raises(ValueError, match="does not replay"):
        replay_record(record)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1


def test_the_printed_end_gives_no_place_to_a_solo_or_coop_game() -> None:
    """ES p.17: a solo game is won only by beating Qin Jiushao's final Honor, so a loss reads as a loss
    to him by the margin, never as "1."; ES p.18: a co-op table wins or loses together, nobody placed."""
    solo = Outcome((), (0,), {0: {"honor": 20, "qin": 115}}, kind=OutcomeKind.AGAINST_AUTOMATON, rival="gw.qin",
                   margin=-95)
    text = ending("greatwall", solo, ["Ann"])
    assert "Ann loses to Qin Jiushao by 95 points" in text.splitlines()[0]
    assert "1." not in text
    coop = Outcome((), (0, 1), {0: {"total": 3}, 1: {"total": 4}}, kind=OutcomeKind.COOP)
    text = ending("greatwall", coop, ["Ann", "Bo"])
    assert "loses together" in text.splitlines()[0] and "1." not in text and "2." not in text
    duel = Outcome((1,), (1, 0), {0: {"honor": 3}, 1: {"honor": 9}})
    assert ending("greatwall", duel, ["Ann", "Bo"]).splitlines()[1].startswith("1. Bo")
