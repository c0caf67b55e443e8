"""Events: what happened, as message keys. The public part is for everyone; ``private`` adds
per-seat details that only that seat may see (e.g. bards dropped into the Bastion)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    key: str
    args: dict[str, Any] = field(default_factory=dict)
    private: dict[int, tuple[str, dict[str, Any]]] = field(default_factory=dict)
    # True at a milestone a player wants a fresh board image for (the start of a season, round or
    # year, the end of a phase, the end of the game): the bot posts one then, not after every move.
    board: bool = False

    def for_seat(self, seat: int | None) -> list[tuple[str, dict[str, Any]]]:
        """The lines this seat may read: the public line, then its own private detail."""
        lines = [(self.key, self.args)] if self.key else []
        if seat is not None and seat in self.private:
            lines.append(self.private[seat])
        return lines
