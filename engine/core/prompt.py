"""Prompts (who must decide what, now) and Choices (the decision, with a canonical string form).

A choice string looks like ``kind:v1,v2,...`` — e.g. ``program:blue,act,red,wait,act,black`` or
``rewards:gold,stories``. It is what the action log stores, what tests write, and what a Discord
component's custom_id carries.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import IllegalChoice

_FORBIDDEN = set(":,| \n")


@dataclass(frozen=True)
class Option:
    id: str
    key: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Prompt:
    """One open decision of one seat.

    ``slots`` > 1 means the seat fills that many slots, each with exactly one option (a programme of
    orders); otherwise the seat picks between ``pick_min`` and ``pick_max`` distinct options.
    ``id`` names this decision instance and stays the same while it is open, so that a panel of a
    simultaneous round is not made stale by another seat locking in.
    """

    seat: int
    kind: str
    id: str
    key: str
    options: tuple[Option, ...]
    args: dict[str, Any] = field(default_factory=dict)
    pick_min: int = 1
    pick_max: int = 1
    slots: int = 1
    secret: bool = False
    group: str | None = None
    # Optional per-slot restriction: slot i accepts only the option ids in slot_options[i], and is
    # labelled by slot_keys[i] (a message key). Lets one panel compose different kinds of picks.
    slot_options: tuple[tuple[str, ...], ...] = ()
    slot_keys: tuple[str, ...] = ()
    # The careful player's answer, preselected in the panel so the common case is one click; also
    # what AI seats and the "default" timeout policy answer. Only a preselection: the rules leave the
    # decision to the player. Empty when the prompt has no such answer. Same shape as a Choice's values.
    default: tuple[str, ...] = ()

    def options_for(self, slot: int) -> tuple[Option, ...]:
        if not self.slot_options:
            return self.options
        allowed = set(self.slot_options[slot])
        return tuple(o for o in self.options if o.id in allowed)

    def default_choice(self) -> Choice | None:
        return Choice(self.kind, self.default) if self.default else None

    def option(self, option_id: str) -> Option | None:
        return next((o for o in self.options if o.id == option_id), None)

    def check(self, choice: Choice) -> None:
        """Raise IllegalChoice unless ``choice`` answers this prompt's shape and options."""
        if choice.kind != self.kind:
            raise IllegalChoice("wrong_kind", expected=self.kind, got=choice.kind)
        ids = {o.id for o in self.options}
        bad = [v for v in choice.values if v not in ids]
        if bad:
            raise IllegalChoice("unknown_option", option=bad[0])
        if self.slots > 1:
            if len(choice.values) != self.slots:
                raise IllegalChoice("wrong_count", expected=self.slots, got=len(choice.values))
            for value, allowed in zip(choice.values, self.slot_options, strict=False):
                if value not in allowed:
                    raise IllegalChoice("unknown_option", option=value)
            return
        n = len(choice.values)
        if not self.pick_min <= n <= self.pick_max:
            raise IllegalChoice("wrong_count", expected=self.pick_max, got=n)
        if len(set(choice.values)) != n:
            raise IllegalChoice("duplicate_option")


@dataclass(frozen=True)
class Choice:
    kind: str
    values: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.kind}:{','.join(self.values)}"

    @classmethod
    def of(cls, kind: str, *values: str) -> Choice:
        for part in (kind, *values):
            if not part or _FORBIDDEN & set(part):
                raise IllegalChoice("malformed_choice", text=part)
        return cls(kind, tuple(values))

    @classmethod
    def parse(cls, text: str) -> Choice:
        kind, sep, rest = text.strip().partition(":")
        if not sep:
            raise IllegalChoice("malformed_choice", text=text[:40])
        values = tuple(rest.split(",")) if rest else ()
        return cls.of(kind, *values)
