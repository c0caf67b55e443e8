"""Issue 24 item 4: the README's panel pictures are drawn from the real DM panel's payload
(bench/readme_panels.py), so they cannot drift: every button and select of the payload is drawn, in
Discord's order, with its own words; the text whole; the picture once, below the text."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from driver import current_panel, interactive, open_table

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from panel_drawing import draw
from readme_panels import payload_of

GAMES = {"xidit": {"length": "short"}, "greatwall": {}, "akhedena": {"mode": "quick"}}


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_the_drawing_holds_every_control_of_the_real_panel_in_order(world: dict[str, Any], game: str) -> None:
    seats = 4 if game != "akhedena" else 2
    lobby = await open_table(world, ai=seats - 1, game=game, humans=("alice",), **GAMES[game])
    await world["alice"].click(lobby, label="Start")
    panel = current_panel(world["alice"])
    assert panel is not None
    payload = payload_of(panel)
    picture = await panel.attachments[0].read() if panel.attachments else None
    _, drawn = draw(payload, picture)
    controls = [d for d in drawn if d.kind in ("button", "select")]
    assert [d.custom_id for d in controls] == [i.custom_id for i in interactive(panel)]
    buttons = [c for row in payload["components"] for c in _walk(row) if c.get("type") == 2]
    assert [d.label for d in controls if d.kind == "button"] == [_button_words(b) for b in buttons]
    assert [d.kind for d in drawn].count("picture") == (1 if picture else 0)
    if panel.content:  # a classic panel: the text whole, then the picture, then the controls
        assert drawn[0].label == panel.content
        kinds = [d.kind for d in drawn]
        assert kinds.index("picture") < kinds.index(controls[0].kind) if picture else True


def _walk(part: dict[str, Any]) -> list[dict[str, Any]]:
    found = [part]
    for child in part.get("components") or []:
        found += _walk(child)
    if part.get("accessory"):
        found += _walk(part["accessory"])
    return found


def _button_words(button: dict[str, Any]) -> str:
    return f"{(button.get('emoji') or {}).get('name') or ''} {button.get('label') or ''}".strip()
