"""Data packs: TOML files validated at load, with errors naming file, item and field.

A pack directory may be overlaid by an owner's directory (``MUSTER_PACKS``, read by the bot, never
here): items with the same id replace the bundled ones, field by field.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from engine.core.errors import PackError

T = TypeVar("T")


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise PackError(path.name, "-", "-", f"not valid TOML ({e})") from e
    except UnicodeDecodeError as e:
        raise PackError(path.name, "-", "-", "not UTF-8 text (save the file as UTF-8)") from e


def overlay(base: dict[str, Any], extra: dict[str, Any], key: str, file: str = "owner pack") -> dict[str, Any]:
    """Merge ``extra`` into ``base``: lists of tables under ``key`` merge by their ``id``."""
    merged = dict(base)
    for name, value in extra.items():
        if name == key and isinstance(value, list):
            by_id = {item.get("id"): dict(item) for item in merged.get(key, [])}
            for index, item in enumerate(value):
                if not isinstance(item, dict):
                    raise PackError(file, f"{key}[{index}]", "-", f"expected a table ([[{key}]])")
                if not isinstance(item.get("id"), str | int) or isinstance(item.get("id"), bool):
                    raise PackError(file, f"{key}[{index}]", "id", "expected an id (text or number)")
                by_id.setdefault(item.get("id"), {}).update(item)
            merged[key] = list(by_id.values())
        else:
            merged[name] = value
    return merged


def tables(file: str, data: dict[str, Any], section: str) -> list[dict[str, Any]]:
    """``data[section]`` as a list of tables (``[[section]]``), empty when absent. An owner file may
    replace a whole section with anything, so the shape is checked before any item is read."""
    raw = data.get(section, [])
    if not isinstance(raw, list):
        raise PackError(file, section, "-", f"expected a list of tables ([[{section}]])")
    for index, item in enumerate(raw):
        if not isinstance(item, dict):
            raise PackError(file, f"{section}[{index}]", "-", f"expected a table ([[{section}]])")
    return raw


def table(file: str, data: dict[str, Any], section: str) -> dict[str, Any]:
    """``data[section]`` as one table (``[section]``), empty when absent."""
    raw = data.get(section, {})
    if not isinstance(raw, dict):
        raise PackError(file, section, "-", f"expected a table ([{section}])")
    return raw


class Fields:
    """Typed access to one pack item, raising PackError with the exact place of a problem."""

    def __init__(self, file: str, item: str, data: dict[str, Any]) -> None:
        self.file, self.item, self.data = file, item, data

    def fail(self, field: str, problem: str) -> PackError:
        return PackError(self.file, self.item, field, problem)

    def get(self, field: str, kind: type[T]) -> T:
        if field not in self.data:
            raise self.fail(field, "missing")
        value = self.data[field]
        if kind is int and isinstance(value, bool):
            raise self.fail(field, "expected an integer")
        if not isinstance(value, kind):
            raise self.fail(field, f"expected {kind.__name__}, got {type(value).__name__}")
        return value

    def opt(self, field: str, kind: type[T], default: T) -> T:
        return self.get(field, kind) if field in self.data else default

    def int_in(self, field: str, low: int, high: int) -> int:
        value = self.get(field, int)
        if not low <= value <= high:
            raise self.fail(field, f"must be between {low} and {high}, got {value}")
        return value

    def str_list(self, field: str, allowed: set[str] | None = None) -> list[str]:
        values = self.get(field, list)
        for v in values:
            if not isinstance(v, str):
                raise self.fail(field, "expected a list of strings")
            if allowed is not None and v not in allowed:
                raise self.fail(field, f"unknown value {v!r} (allowed: {', '.join(sorted(allowed))})")
        return values
