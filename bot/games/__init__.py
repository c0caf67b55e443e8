"""Per-game presentation for the bot: turning engine keys and arguments into localized text.

The engine emits message keys with raw arguments (seat numbers, unit ids, region ids); a presenter
knows what each argument means for its game (a seat is a player's name, a region has a name in the
data pack) and formats it with the caller's translator. The presenter registry is bot/presenters.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.reference import Reference
from engine.core.game import View
from engine.core.prompt import Option, Prompt
from engine.core.text import Translate, fill

__all__ = ["Presenter", "Translate", "fill", "with_screen"]


class Presenter(Protocol):
    def line(self, tr: Translate, key: str, args: dict[str, Any], names: Sequence[str]) -> str: ...

    def option_label(self, tr: Translate, option: Option, names: Sequence[str]) -> str: ...

    def prompt_text(self, tr: Translate, prompt: Prompt, view: View, names: Sequence[str],
                    draft: Sequence[str | None] = ()) -> str: ...

    def screen(self, tr: Translate, view: View, me: dict[str, Any]) -> str:
        """What is behind the seat's screen (shown in /hand even when nothing is asked)."""
        ...

    def reference(self) -> Reference:
        """The game's cards and rule topics: /card, /rules and the option descriptions of panels."""
        ...


def with_screen(presenter: Presenter, tr: Translate, text: str, view: View) -> str:
    """A panel's question, followed by what is behind the seat's screen when the view has one."""
    me = view.get("me")
    return text if me is None else f"{text}\n{presenter.screen(tr, view, me)}"

