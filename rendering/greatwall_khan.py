"""The Genghis Khan expansion on the Great Wall board [IT GK]: his line (his Section, the vital spots
covered on his card and each Skill, a Skill switched off), the Emperor's Award and its holder. Shared
by the picture (rendering/greatwall_players.py) and its alt text (rendering/greatwall_text.py); the
data is the panel the view declares (engine/greatwall/khan.py ``view_panel``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.text import Translate
from engine.greatwall.pack import GreatWallPack
from rendering import kit
from rendering.content_names import content_name
from rendering.kit import say


def khan_name(tr: Translate, pack: GreatWallPack, card: str) -> str:
    """The Khan's card, a Skill or an Emperor's Award by its catalog name (``content.gw.khan``,
    ``khan_skill``, ``khan_award``); an owner's pack card the catalogs do not know keeps its own."""
    cards = pack.khan
    if card == cards.khan.id:
        return content_name(tr, "gw", "khan", card, cards.khan.name)
    if card in cards.skills:
        return content_name(tr, "gw", "khan_skill", card, cards.skills[card].name)
    if card in cards.awards:
        return content_name(tr, "gw", "khan_award", card, cards.awards[card].name)
    return str(card)


def khan_parts(khan: dict[str, Any], pack: GreatWallPack, names: Sequence[str], tr: Translate) -> list[str]:
    """One short label per card: the Khan, each Skill (covered / active spots, or "off"), then the
    Award and its holder (a seat's picture wraps them into lines: rendering/greatwall_seat_strip.py)."""
    parts = []
    for i, card in enumerate(khan["cards"]):
        covered = card["active"] - card["free"]
        if i == 0:
            side = tr(f"board.gw.side.{khan['sec']}") if 0 <= khan["sec"] < 3 else str(khan["sec"] + 1)
            parts.append(say(tr, "board.gw.khan", side=side, covered=covered, active=card["active"]))
        elif card["on"]:
            parts.append(say(tr, "board.gw.khan_skill", name=khan_name(tr, pack, card["card"]), covered=covered,
                             active=card["active"]))
        else:
            parts.append(say(tr, "board.gw.khan_off", name=khan_name(tr, pack, card["card"])))
    holder = tr("board.none") if khan["holder"] is None else kit.seat_name(names, khan["holder"], tr)
    award = say(tr, "board.gw.khan_award", name=khan_name(tr, pack, khan["award"]), holder=holder)
    if khan["defeated"]:
        parts.append(tr("board.gw.khan_defeated"))
    return [*parts, award]


def khan_lines(khan: dict[str, Any], pack: GreatWallPack, names: Sequence[str], tr: Translate) -> list[str]:
    """Two lines: the Khan and his Skills (covered / active spots, or "off"), then the Award."""
    parts = khan_parts(khan, pack, names, tr)
    cards = len(khan["cards"])
    return [" · ".join(parts[:cards]), " · ".join(parts[cards:])]
