"""What games with a dataclass state share: a canonical JSON form, and an ``apply`` that validates
against the open prompt and leaves the state exactly as it was when a rule refuses the choice."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Generic, Protocol, TypeVar

import cattrs

from engine.core.errors import IllegalChoice
from engine.core.events import Event
from engine.core.prompt import Choice, Prompt

S = TypeVar("S")
# Set while replaying choices the game itself accepted before (a table's stored history): they need
# neither the prompt check nor the rollback copy, which together are most of a restart's time.
_TRUSTED: ContextVar[bool] = ContextVar("trusted", default=False)


@contextmanager
def trusted_replay() -> Iterator[None]:
    """Replay stored, already-validated choices fast. Never for input from outside (records, clicks)."""
    token = _TRUSTED.set(True)
    try:
        yield
    finally:
        _TRUSTED.reset(token)
S_contra = TypeVar("S_contra", contravariant=True)


class JsonCodec(Generic[S]):
    def __init__(self, cls: type[S]) -> None:
        self.cls = cls
        self.converter = cattrs.Converter()

    def dumps(self, state: S) -> str:
        return json.dumps(self.converter.unstructure(state), sort_keys=True, separators=(",", ":"))

    def loads(self, text: str) -> S:
        return self.converter.structure(json.loads(text), self.cls)


class _Prompting(Protocol[S_contra]):
    def prompts(self, state: S_contra) -> list[Prompt]: ...


def checked(game: _Prompting[S], state: S, seat: int, choice: Choice) -> None:
    """The choice answers the seat's open prompt (its kind, options and count)."""
    if _TRUSTED.get():
        return
    open_prompt = next((p for p in game.prompts(state) if p.seat == seat), None)
    if open_prompt is None:
        raise IllegalChoice("not_your_turn")
    open_prompt.check(choice)


def guarded(codec: JsonCodec[S], state: S, act: Callable[[], list[Event]]) -> list[Event]:
    """Run ``act``; if a rule refuses the choice part-way, restore the state byte for byte."""
    if _TRUSTED.get():
        return act()
    before = codec.dumps(state)
    try:
        return act()
    except IllegalChoice:
        state.__dict__.update(codec.loads(before).__dict__)
        raise
