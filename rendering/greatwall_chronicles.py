"""The Ancient Chronicles scenarios on the Great Wall board [IT AC]: each scenario's card as lines of
the side panel, shared by the picture (rendering/greatwall.py) and its alt text
(rendering/greatwall_text.py). Only public values: the data is the panel the view declares."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import View
from engine.core.text import Translate
from rendering import kit
from rendering.kit import say


def _panel(view: View, kind: str) -> dict[str, Any] | None:
    declared = next((p for p in view.get("panels", ()) if p["kind"] == kind), None)
    return None if declared is None else dict(view[declared["data"]])


def chronicle_lines(view: View, names: Sequence[str], tr: Translate) -> list[str]:
    """The scenario card's lines, none when no scenario with a card is played."""
    lines: list[str] = []
    if (siege := _panel(view, "siege")) is not None:  # the Fortress of Diaoyu [IT AC]
        lines.append(say(tr, "board.gw.siege", defence=siege["defence"], top=siege["max"], n=siege["siege"]))
        inside = ", ".join(kit.seat_name(names, s, tr) for s in siege["fortress"]) or tr("board.none")
        lines.append(say(tr, "board.gw.siege_archers", archers=inside, n=len(siege["fortress"]),
                         spots=siege["spots"]))
    if (turban := _panel(view, "turban")) is not None:  # the Red Turbans' reference card [IT AC]
        lines.append(say(tr, "board.gw.turban", state=tr(f"board.gw.turban.{turban['state'] or 'none'}")))
    return lines
