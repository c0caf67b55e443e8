"""The Genghis Khan expansion on the Great Wall board [IT GK]: his line (his Section, the vital spots
covered on his card and each Skill, a Skill switched off), the Emperor's Award and its holder. Shared
by the picture (rendering/greatwall.py) and its alt text (rendering/greatwall_text.py); the data is
the panel the view declares (engine/greatwall/khan.py ``view_panel``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.text import Translate
from engine.greatwall.pack import GreatWallPack
from rendering import kit
from rendering.kit import say


def _name(pack: GreatWallPack, card: str) -> str:
    cards = pack.khan
    if card == cards.khan.id:
        return cards.khan.name
    known = cards.skills.get(card) or cards.awards.get(card)
    return known.name if known else card


def khan_lines(khan: dict[str, Any], pack: GreatWallPack, names: Sequence[str], tr: Translate) -> list[str]:
    """Two lines: the Khan and his Skills (covered / active spots, or "off"), then the Award."""
    parts = []
    for i, card in enumerate(khan["cards"]):
        covered = card["active"] - card["free"]
        if i == 0:
            side = tr(f"board.gw.side.{khan['sec']}") if 0 <= khan["sec"] < 3 else str(khan["sec"] + 1)
            parts.append(say(tr, "board.gw.khan", side=side, covered=covered, active=card["active"]))
        elif card["on"]:
            parts.append(say(tr, "board.gw.khan_skill", name=_name(pack, card["card"]), covered=covered,
                             active=card["active"]))
        else:
            parts.append(say(tr, "board.gw.khan_off", name=_name(pack, card["card"])))
    holder = tr("board.none") if khan["holder"] is None else kit.seat_name(names, khan["holder"], tr)
    award = say(tr, "board.gw.khan_award", name=_name(pack, khan["award"]), holder=holder)
    if khan["defeated"]:
        award = f"{tr('board.gw.khan_defeated')} · {award}"
    return [" · ".join(parts), award]
