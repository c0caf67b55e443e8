"""Rules at hand: each game's reference — its cards (name, one-line effect, stand-in or printed) and a
few rule topics with short summaries. ``/card``, ``/rules`` and the panels' option descriptions all
read it, so a card says the same thing wherever it is shown.

Every text is ours: effects are built from the data pack's values through catalog phrases, and the
topic summaries are catalog entries (``<prefix>.topic.<name>`` title, ``<prefix>.rules.<name>`` text)
written in our own words, never rulebook prose.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.core.prompt import Option
from engine.core.text import Translate

MAX_MATCHES = 25  # Discord shows at most 25 autocomplete choices


@dataclass(frozen=True)
class Card:
    """One card (or, for a game without cards, one thing a player picks, such as an order kind)."""

    id: str
    kind: str  # message key of the card's kind ("gw.kind.command")
    name: str
    effect: str
    stand_in: bool  # our own values until the owner loads the printed ones (MUSTER_PACKS)


class Reference(Protocol):
    prefix: str  # the game's catalog prefix, for the topic keys
    topics: tuple[str, ...]

    def cards(self, tr: Translate) -> list[Card]:
        """Every distinct card: copies sharing a name and effect are listed once."""
        ...

    def describe(self, tr: Translate, option: Option) -> str:
        """A short effect for an option that names a card or an action ("" for any other option).
        It reads only the option itself: what the seat is offered, never what it may not know."""
        ...


class NoReference:
    """A game with no reference written yet: no cards, no topics, no option descriptions."""

    prefix = ""
    topics: tuple[str, ...] = ()

    def cards(self, tr: Translate) -> list[Card]:
        return []

    def describe(self, tr: Translate, option: Option) -> str:
        return ""


def topic_title(ref: Reference, topic: str) -> str:
    return f"{ref.prefix}.topic.{topic}"


def topic_text(ref: Reference, topic: str) -> str:
    return f"{ref.prefix}.rules.{topic}"


def distinct(cards: Sequence[Card]) -> list[Card]:
    """Copies of one card (same kind, name and effect) once: the first id stands for them all."""
    seen: set[tuple[str, str, str]] = set()
    out = []
    for card in cards:
        key = (card.kind, card.name.casefold(), card.effect)
        if key not in seen:
            seen.add(key)
            out.append(card)
    return out


def matching(names: Sequence[tuple[str, Card]], typed: str) -> list[tuple[str, Card]]:
    """``(value, card)`` pairs whose name starts with what was typed, then those that contain it
    (case-insensitive, in the caller's language), at most ``MAX_MATCHES``."""
    text = typed.strip().casefold()
    starts = [p for p in names if p[1].name.casefold().startswith(text)]
    inside = [p for p in names if text in p[1].name.casefold() and p not in starts]
    return (starts + inside)[:MAX_MATCHES]


def find(names: Sequence[tuple[str, Card]], given: str) -> Card | None:
    """The card a ``/card`` answer names: an autocomplete value, else a name typed in full
    (case-insensitive), else the only card whose name contains the text."""
    for value, card in names:
        if value == given:
            return card
    text = given.strip().casefold()
    if not text:
        return None
    exact = [card for _, card in names if card.name.casefold() == text]
    if exact:
        return exact[0]
    found = [card for _, card in names if text in card.name.casefold()]
    return found[0] if len(found) == 1 else None
