"""Typed errors: an illegal choice carries a reason code and a message key, never a sentence."""

from __future__ import annotations

from typing import Any


class IllegalChoice(ValueError):
    """Raised by ``Game.apply`` when a choice is not allowed; the state is left untouched."""

    def __init__(self, reason: str, key: str | None = None, **args: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.key = key or f"error.{reason}"
        self.args_ = args


class PackError(ValueError):
    """A data pack failed validation; the message names the file, the item and the field."""

    def __init__(self, file: str, item: str, field: str, problem: str) -> None:
        super().__init__(f"{file}: {item}: {field}: {problem}")
        self.file = file
        self.item = item
        self.field = field
        self.problem = problem
