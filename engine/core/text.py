"""Message keys and templates: the engine emits keys with arguments; a reader's catalog turns a key into
a template, and ``fill`` puts the arguments in. Lives in the core so that rendering can translate
without importing the bot."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# (key) -> the template of that key in the reader's language.
Translate = Callable[[str], str]


class _SafeArgs(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(template: str, args: dict[str, Any]) -> str:
    """``str.format_map`` that leaves unknown placeholders visible instead of failing."""
    try:
        return template.format_map(_SafeArgs(args))
    except (ValueError, IndexError):
        return template
