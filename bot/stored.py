"""Whether the interaction being handled has stored a change yet.

Each interaction is handled in its own task, so a context variable set by the store's writes (a
table, a seat, an action, a draft, a player's settings; not a message id) tells the error reply of
that task whether the user's action already counts: "nothing was changed" must never be said after
something was (issue 20)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from functools import wraps
from typing import ParamSpec, TypeVar

_STORED: ContextVar[bool] = ContextVar("muster_stored", default=False)
_P = ParamSpec("_P")
_R = TypeVar("_R")


def stored_here() -> bool:
    """Did the current task (one interaction) commit a change?"""
    return _STORED.get()


def a_change(method: Callable[_P, Awaitable[_R]]) -> Callable[_P, Awaitable[_R]]:
    """Marks a store write that changes a table or a player: once it returns, the task has stored."""

    @wraps(method)
    async def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        result = await method(*args, **kwargs)
        _STORED.set(True)
        return result

    return wrapper
