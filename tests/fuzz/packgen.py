"""Hypothesis strategies for owner pack overlays: documents built from the bundled data files (real
section names, real item ids and fields) with hostile values, written out as TOML text."""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from engine.akhedena.pack import load_pack as load_akhedena
from engine.greatwall.pack import load_pack as load_greatwall
from engine.xidit.pack import load_pack as load_xidit

ENGINE = Path(__file__).parents[2] / "engine"
# The owner files each loader reads from ``extra_dir/<game>/`` (see each game's pack.load_pack).
FILES: dict[str, tuple[str, ...]] = {
    "xidit": ("map", "tiles", "titans", "box"),
    "greatwall": ("board", "commands", "cards"),
    "akhedena": ("rules", "cards"),
}
LOADERS: dict[str, Callable[[Path | None], Any]] = {
    "xidit": load_xidit, "greatwall": load_greatwall, "akhedena": load_akhedena}


@cache
def bundled(game: str, name: str) -> dict[str, Any]:
    return tomllib.loads((ENGINE / game / "data" / f"{name}.toml").read_text(encoding="utf-8"))


def item_sections(game: str) -> list[tuple[str, str]]:
    """(file, key) of every list-of-tables section of the bundled pack, in a stable order."""
    return [(name, key) for name in FILES[game] for key, value in bundled(game, name).items()
            if isinstance(value, list) and value and all(isinstance(v, dict) for v in value)]


# -- TOML text --------------------------------------------------------------------------------------
def _string(text: str) -> str:
    out = []
    for ch in text:
        if ch in '"\\' or not (0x20 <= ord(ch) < 0x7F):
            out.append(f"\\U{ord(ch):08X}" if ch not in '"\\' else "\\" + ch)
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        text = repr(value)
        return text if any(c in text for c in ".e") else text + ".0"
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        return "[" + ", ".join(value_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_string(k)} = {value_text(v)}" for k, v in value.items()) + "}"
    raise TypeError(type(value))


def toml_text(doc: dict[str, Any]) -> str:
    return "".join(f"{_string(k)} = {value_text(v)}\n" for k, v in doc.items())


# -- hostile values ---------------------------------------------------------------------------------
TEXT = st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=12)
HUGE = st.sampled_from([-1, 0, 1, -(2**63), 2**63 - 1, 2**64, 10**30, -(10**30), 999_999])
SCALARS = st.one_of(
    st.booleans(), HUGE, st.integers(-1000, 1000),
    st.floats(allow_nan=True, allow_infinity=True), TEXT,
    st.sampled_from(["", "?", "none", "dragon", "green", "whenever", "🐉", "x" * 300]),
)
ANY_VALUE = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)), max_leaves=8)


@st.composite
def hostile(draw: st.DrawFn, original: Any, words: list[str]) -> Any:
    """A value near ``original`` (same type, edge cases, real words from the pack) or of another type."""
    if draw(st.integers(0, 3)) == 0:
        return draw(ANY_VALUE)
    if isinstance(original, bool):
        return draw(st.one_of(st.booleans(), st.integers(0, 1)))
    if isinstance(original, int):
        return draw(st.one_of(HUGE, st.integers(-5, original + 5 if original >= 0 else 5),
                              st.floats(-10, 10), st.just(str(original))))
    if isinstance(original, float):
        return draw(st.one_of(st.floats(), HUGE))
    if isinstance(original, str):
        return draw(st.one_of(st.sampled_from(words), TEXT, st.just(original.upper()), st.just("")))
    if isinstance(original, list):
        if not original:
            return draw(st.lists(ANY_VALUE, max_size=3))
        mutated = list(original)
        op = draw(st.integers(0, 4))
        if op == 0:
            return []
        if op == 1:
            return mutated[: draw(st.integers(0, len(mutated)))]
        if op == 2:
            return mutated + [mutated[0]] * draw(st.integers(1, 3))
        index = draw(st.integers(0, len(mutated) - 1))
        mutated[index] = draw(hostile(mutated[index], words))
        return mutated
    if isinstance(original, dict):
        mutated = dict(original)
        op = draw(st.integers(0, 3))
        if op == 0:
            return {}
        if op == 1 and mutated:
            mutated.pop(draw(st.sampled_from(sorted(mutated))))
            return mutated
        if op == 2:
            mutated[draw(st.one_of(st.sampled_from(words), TEXT))] = draw(ANY_VALUE)
            return mutated
        if mutated:
            key = draw(st.sampled_from(sorted(mutated)))
            mutated[key] = draw(hostile(mutated[key], words))
        return mutated
    return draw(ANY_VALUE)


def _words(game: str) -> list[str]:
    """Every string and key of the bundled pack: ids, effect names, units… (real but misplaced)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str) and len(value) < 30:
            found.add(value)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for k, v in value.items():
                found.add(k)
                walk(v)

    for name in FILES[game]:
        walk(bundled(game, name))
    return sorted(found)


words_of = cache(_words)


SCALAR_ID = st.one_of(st.sampled_from(["", "?", "new_card", "dragon"]), TEXT, HUGE, st.booleans())


def _table_of_tables(value: Any) -> bool:
    return isinstance(value, dict) and bool(value) and all(isinstance(v, dict) for v in value.values())


@st.composite
def well_shaped_overlay(draw: st.DrawFn, game: str) -> tuple[str, dict[str, Any]]:
    """(file, document): sections keep their container types (lists of tables stay lists of tables,
    tables stay tables, a table of tables keeps tables under its own, numeric or any keys), but items
    and fields are hostile: wrong types (an id that is an array included), out of range, missing,
    unknown ids and names, empty lists, huge and negative numbers. (What breaks those shapes:
    ``misshapen``.)"""
    name = draw(st.sampled_from(FILES[game]))
    base = bundled(game, name)
    words = words_of(game)
    doc: dict[str, Any] = {}
    for key in draw(st.lists(st.sampled_from(sorted(base)), min_size=1, max_size=3, unique=True)):
        original = base[key]
        if isinstance(original, list) and original and all(isinstance(v, dict) for v in original):
            items = []
            for _ in range(draw(st.integers(0, 3))):
                model = draw(st.sampled_from(original))
                fields = sorted({f for item in original for f in item})
                if draw(st.booleans()):  # an existing card, some fields changed
                    item = {"id": model["id"]} if "id" in model else {}
                    for field in draw(st.lists(st.sampled_from(fields), min_size=1, max_size=3, unique=True)):
                        item[field] = draw(hostile(model.get(field, ""), words))
                else:  # a new or renamed card: whole model, mutated, maybe without some fields
                    item = draw(hostile(model, words).filter(lambda v: isinstance(v, dict)))
                    if "id" in model and draw(st.booleans()):
                        item["id"] = draw(st.one_of(st.sampled_from(words), SCALAR_ID, NOT_A_SCALAR))
                items.append(item)
            doc[key] = items
        elif _table_of_tables(original):
            keys = draw(st.lists(st.one_of(st.sampled_from(sorted(original)), st.integers(0, 9).map(str), TEXT),
                                 max_size=4, unique=True))
            doc[key] = {k: draw(hostile(original.get(k, next(iter(original.values()))), words)
                                .filter(lambda v: isinstance(v, dict))) for k in keys}
        elif isinstance(original, dict):
            doc[key] = draw(hostile(original, words).filter(lambda v: isinstance(v, dict)))
        else:
            doc[key] = draw(hostile(original, words))
    if draw(st.integers(0, 4)) == 0:
        doc[draw(TEXT.filter(bool))] = draw(ANY_VALUE)  # an unknown top-level key
    return name, doc


NOT_A_TABLE = st.one_of(SCALARS, st.lists(SCALARS, max_size=3))
NOT_A_LIST = st.one_of(SCALARS, st.dictionaries(TEXT, ANY_VALUE, max_size=3))
NOT_A_SCALAR = st.one_of(st.lists(SCALARS, max_size=2), st.dictionaries(TEXT, SCALARS, max_size=2))
MODES = ("item", "section", "id")


def misshapen(game: str, section: int, mode: str, payload: Any) -> tuple[str, dict[str, Any]]:
    """(file, document) for the ``section``-th list of cards of the game (modulo their number):
    ``item``: the list holds ``payload`` where a card (a table) belongs; ``section``: the whole list is
    ``payload``; ``id``: a card whose id is ``payload`` (an array or a table)."""
    sections = item_sections(game)
    name, key = sections[section % len(sections)]
    first = dict(bundled(game, name)[key][0])
    if mode == "item":
        return name, {key: [first, payload]}
    if mode == "section":
        return name, {key: payload}
    return name, {key: [{**first, "id": payload}]}
