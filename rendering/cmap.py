"""Which characters a font file has a glyph for, read from its 'cmap' table (TrueType/OpenType/TTC).

Pillow can draw with a font but cannot say whether the font has a character: a missing one silently
draws the font's .notdef box ("tofu"). The font fallback chain (rendering/fonts.py) needs that answer
per character, so this reads the two cmap formats that Unicode fonts use: 4 (the Basic Multilingual
Plane) and 12 (all planes). Only the table directory and the cmap are read, never the whole file.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import BinaryIO

# Unicode subtables, best first: full repertoire (format 12) before BMP-only (format 4).
_UNICODE = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


def codepoints(path: Path, index: int = 0) -> frozenset[int]:
    """The code points that font ``index`` of ``path`` (0 unless a .ttc collection) maps to a glyph."""
    with path.open("rb") as file:
        table = _cmap_table(file, index)
    subtables = {}
    (count,) = struct.unpack_from(">H", table, 2)
    for at in range(4, 4 + 8 * count, 8):
        platform, encoding, offset = struct.unpack_from(">HHI", table, at)
        (kind,) = struct.unpack_from(">H", table, offset)
        if kind in (4, 12):
            subtables[(platform, encoding)] = (kind, offset)
    found: set[int] = set()
    for key in _UNICODE:
        if key in subtables:
            kind, offset = subtables[key]
            (_format12 if kind == 12 else _format4)(table, offset, found)
            if kind == 12:  # a full table: nothing to add from a BMP one
                break
    return frozenset(found)


def _cmap_table(file: BinaryIO, index: int) -> bytes:
    start = 0
    if file.read(4) == b"ttcf":
        file.seek(12 + 4 * index)
        (start,) = struct.unpack(">I", file.read(4))
    file.seek(start + 4)
    (tables,) = struct.unpack(">H", file.read(2))
    file.seek(start + 12)
    directory = file.read(16 * tables)
    for at in range(0, len(directory), 16):
        tag, _checksum, offset, length = struct.unpack_from(">4sIII", directory, at)
        if tag == b"cmap":
            file.seek(offset)
            return file.read(length)
    raise ValueError(f"no cmap table in {file.name}")


def _format12(table: bytes, offset: int, found: set[int]) -> None:
    (groups,) = struct.unpack_from(">I", table, offset + 12)
    for at in range(offset + 16, offset + 16 + 12 * groups, 12):
        first, last, glyph = struct.unpack_from(">III", table, at)
        found.update(range(first + (glyph == 0), last + 1))  # glyph 0 is .notdef: not a glyph


def _format4(table: bytes, offset: int, found: set[int]) -> None:
    (doubled,) = struct.unpack_from(">H", table, offset + 6)
    segments = doubled // 2
    ends = struct.unpack_from(f">{segments}H", table, offset + 14)
    starts_at = offset + 16 + doubled
    starts = struct.unpack_from(f">{segments}H", table, starts_at)
    deltas = struct.unpack_from(f">{segments}h", table, starts_at + doubled)
    ranges_at = starts_at + 2 * doubled
    ranges = struct.unpack_from(f">{segments}H", table, ranges_at)
    for seg, (first, last, delta, rng) in enumerate(zip(starts, ends, deltas, ranges, strict=True)):
        for char in range(first, min(last, 0xFFFE) + 1):
            if rng == 0:
                glyph = (char + delta) & 0xFFFF
            else:
                (glyph,) = struct.unpack_from(">H", table, ranges_at + 2 * seg + rng + 2 * (char - first))
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                found.add(char)
