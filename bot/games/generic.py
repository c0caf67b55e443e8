"""Fallback presentation: keys and arguments shown as they are (seats as names)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games import Translate, fill
from bot.reference import NoReference, Reference
from engine.core.game import View
from engine.core.prompt import Option, Prompt


class GenericPresenter:
    def line(self, tr: Translate, key: str, args: dict[str, Any], names: Sequence[str]) -> str:
        shown = {k: names[v] if k == "seat" and isinstance(v, int) and v < len(names) else v
                 for k, v in args.items()}
        return fill(tr(key), shown)

    def option_label(self, tr: Translate, option: Option, names: Sequence[str]) -> str:
        return fill(tr(option.key), option.args)

    def screen(self, tr: Translate, view: View, me: dict[str, Any]) -> str:
        return ""

    def prompt_text(self, tr: Translate, prompt: Prompt, view: View, names: Sequence[str],
                    draft: Sequence[str | None] = ()) -> str:
        return fill(tr(prompt.key), prompt.args)

    def reference(self) -> Reference:
        return NoReference()
