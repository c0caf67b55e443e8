"""Terminal play's reading and writing: options are typed as the board names them, and text is shown
without Discord's markup.

An option that stands on a board place (a Lords of Xidit city, drawn with its number; an Akhedena
square, named by column letter and row, e.g. "E5", as rendering/akhedena_text.py labels the board)
is listed and typed by that place; every other option by its place in the list. A list whose places
are numbers (Xidit cities) and which also holds options without a place is numbered by list position
only, so that "3" never means both city 3 and the third line.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from engine.core.prompt import Option

PLACE_ARGS = ("city", "sq")  # option arguments that name a place drawn on the board
_MENTION = re.compile(r"<@!?(\d+)>")
_MARKUP = re.compile(r"\*\*|__|~~|\|\|")


def plain(text: str, mentioned: Callable[[int], str] = lambda _: "") -> str:
    """``text`` as a terminal shows it: no bold, underline, strike or spoiler marks, and a user
    mention ``<@id>`` replaced by that user's name (or dropped)."""
    return _MARKUP.sub("", _MENTION.sub(lambda m: mentioned(int(m.group(1))), text))


def place_of(option: Option) -> str | None:
    for arg in PLACE_ARGS:
        if arg in option.args and option.args[arg] is not None:
            return str(option.args[arg]).upper()
    return None


def handles(options: Sequence[Option]) -> list[str]:
    """What the player types for each option: its board place when that place is one option's alone,
    else a list number (never one a place already uses)."""
    places = [place_of(o) for o in options]
    count = Counter(p for p in places if p)
    own = [p if p and count[p] == 1 else None for p in places]
    if any(p is None for p in own) and any(p and p.isdigit() for p in own):
        own = [None] * len(options)  # numeric places beside unplaced options: list numbers only
    taken = {p for p in own if p}
    free = (str(n) for n in range(1, 10 * len(options) + 2) if str(n) not in taken)
    return [p if p else next(free) for p in own]


def pick(typed: str, options: Sequence[Option], labels: Sequence[str]) -> int | None:
    """The index of the option ``typed`` names: its handle, or its whole label (any case)."""
    word = typed.strip().casefold()
    if not word:
        return None
    for index, handle in enumerate(handles(options)):
        if handle.casefold() == word:
            return index
    found = [i for i, label in enumerate(labels) if word in parts(label)]
    return found[0] if len(found) == 1 else None


def parts(label: str) -> set[str]:
    """A label and each of its " · " parts, as typed: "City 13 · Mistvale" reads as "mistvale" too."""
    text = plain(label).strip().casefold()
    return {text, *(part.strip() for part in text.split("·"))}


def picks(line: str, wanted: int, options: Sequence[Option], labels: Sequence[str]) -> list[int] | None:
    """The options one typed line names (the whole line first when one is wanted, so a label with
    spaces reads; then words separated by commas or spaces); None when any word names none."""
    if wanted == 1 and (whole := pick(line, options, labels)) is not None:
        return [whole]
    words = [w for w in re.split(r"[,\s]+", line) if w]
    chosen = [pick(w, options, labels) for w in words]
    return None if any(c is None for c in chosen) else [c for c in chosen if c is not None]
