"""The font fallback chain: any text draws, a Discord nickname with emoji, CJK, Arabic or symbols too.

Each character is drawn by the first font of the chain that has a glyph for it (read from the font's
cmap, rendering/cmap.py), so nothing draws as an empty box ("tofu"); a character no font has becomes
``SUBSTITUTE``, a neutral dotted circle. Consecutive characters of one font form a run, drawn in one
call (the font shapes it). Text wholly in the board's own font, nearly every label, draws exactly as
before in one call: the chain costs a cached set look-up per string there.

Fonts come from the pinned ``fontpkg-noto-sans`` package (always there) and from Debian's font
packages that .ci/run and the Dockerfile install (fonts-noto-core, fonts-noto-cjk,
fonts-noto-color-emoji, fonts-symbola, fonts-dejavu-core); nothing is downloaded. A font that is not
installed is left out of the chain, and its characters fall to the next font or the substitute.

Emoji are drawn in colour from Noto Color Emoji: a bitmap (CBDT) font that FreeType draws only at its
strike size of 109 px, so a run is drawn once at 109 px and scaled down, remembered per size.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import fontpkg_noto_sans
from PIL import Image, ImageDraw, ImageFont, features

from rendering.cmap import codepoints

Colour = tuple[int, int, int]
PRIMARY: Path = fontpkg_noto_sans.ROOT / "files" / "NotoSans[wdth,wght].ttf"
EMOJI_STRIKE = 109  # Noto Color Emoji's only bitmap size
SUBSTITUTE = "\u25cc"  # DOTTED CIRCLE, Unicode's neutral placeholder; Noto Sans has it
SHAPING = features.check("raqm") or False  # libraqm: Arabic joins, emoji sequences, marks placed

# The chain after Noto Sans, by file name (found in the system's font folders or by fontconfig), with
# the face to use in a collection. Emoji before the symbol fonts so that an emoji is in colour;
# Symbola after them draws emoji in outline where the colour font is missing.
CHAIN: tuple[tuple[str, str], ...] = (
    ("NotoColorEmoji.ttf", ""),
    ("NotoSansCJK-Regular.ttc", "Noto Sans CJK SC"),
    ("NotoSansArabic-Regular.ttf", ""),
    ("NotoSansHebrew-Regular.ttf", ""),
    ("NotoSansSymbols-Regular.ttf", ""),
    ("NotoSansSymbols2-Regular.ttf", ""),
    ("NotoSansMath-Regular.ttf", ""),
    ("NotoSansArmenian-Regular.ttf", ""),
    ("NotoSansGeorgian-Regular.ttf", ""),
    ("NotoSansDevanagari-Regular.ttf", ""),
    ("NotoSansBengali-Regular.ttf", ""),
    ("NotoSansThai-Regular.ttf", ""),
    ("NotoSansEthiopic-Regular.ttf", ""),
    ("DejaVuSans.ttf", ""),
    ("Symbola_hint.ttf", ""),
)
FOLDERS = ("/usr/share/fonts", "/usr/local/share/fonts")
# Invisible or attaching characters: they join the run before them when its font has them (a variation
# selector, a zero-width joiner, a combining accent), and are dropped when no font there draws them.
_ATTACHING = {"Mn", "Me", "Cf", "Cc"}
_RTL = {"R", "AL"}
_MARKS = {"Mn", "Mc", "Me"}


@dataclass(frozen=True)
class Face:
    path: Path
    index: int = 0  # the face in a .ttc collection
    colour: bool = False  # a colour bitmap font: drawn at EMOJI_STRIKE and scaled

    @property
    def name(self) -> str:
        return self.path.name


@dataclass(frozen=True)
class Run:
    face: int  # index into chain()
    text: str


@cache
def chain() -> tuple[Face, ...]:
    """The installed fonts in fallback order, Noto Sans first; looked up once."""
    found = _installed_files()
    faces = [Face(PRIMARY)]
    for name, family in CHAIN:
        if name in found:
            faces.append(Face(found[name], _face_index(found[name], family), colour="Color" in name))
    return tuple(faces)


def forget() -> None:
    """Look the fonts up again (tests that take fonts away; a font installed while the bot runs)."""
    for cached in (chain, _glyphs, face_of, runs, font, _complex, _run_length, _baseline, _emoji):
        cached.cache_clear()


def _installed_files() -> dict[str, Path]:
    files: dict[str, Path] = {}
    for folder in FOLDERS:
        for root, _dirs, names in os.walk(folder):
            for name in names:
                files.setdefault(name, Path(root) / name)
    fc_list = shutil.which("fc-list")
    if fc_list:  # fonts fontconfig knows elsewhere (a user's folder)
        try:
            listed = subprocess.run([fc_list, "--format", "%{file}\n"], capture_output=True, text=True,
                                    timeout=20, check=False).stdout
        except (OSError, subprocess.SubprocessError):
            listed = ""  # the folders above are enough: a broken fontconfig must not stop a board
        for line in listed.splitlines():
            files.setdefault(Path(line).name, Path(line))
    return files


def _face_index(path: Path, family: str) -> int:
    for index in range(16 if family else 0):
        try:
            if ImageFont.truetype(str(path), 12, index=index).getname()[0] == family:
                return index
        except OSError:
            break
    return 0


@cache
def _glyphs(face: int) -> frozenset[int]:
    entry = chain()[face]
    return codepoints(entry.path, entry.index)


@lru_cache(maxsize=65536)
def face_of(char: str) -> int | None:
    """The first font in the chain with a glyph for ``char`` (its index), or None."""
    code = ord(char)
    return next((i for i in range(len(chain())) if code in _glyphs(i)), None)


@lru_cache(maxsize=8192)
def runs(text: str) -> tuple[Run, ...]:
    """``text`` cut into runs of one font each, in reading order: a character no font has becomes the
    substitute; an invisible one that the font of its run lacks is dropped."""
    primary = _glyphs(0)
    if all(ord(c) in primary for c in text):
        return (Run(0, text),) if text else ()
    out: list[Run] = []
    for char in text:
        face, drawn = _face_for(char, out[-1].face if out else None)
        if face is None:
            continue
        if out and out[-1].face == face:
            out[-1] = Run(face, out[-1].text + drawn)
        else:
            out.append(Run(face, drawn))
    return _spaces_between(out)


def _spaces_between(parts: list[Run]) -> tuple[Run, ...]:
    """Spaces a CJK or Arabic run took in go back to the board's font at its end: they separate it from
    what follows, and a right-to-left run would otherwise draw them on its left."""
    out: list[Run] = []
    for run in parts:
        word = run.text.rstrip(" ")
        pieces = [run] if not run.face or word == run.text else [Run(run.face, word), Run(0, run.text[len(word):])]
        for piece in pieces:
            if out and out[-1].face == piece.face:
                out[-1] = Run(piece.face, out[-1].text + piece.text)
            elif piece.text:
                out.append(piece)
    return tuple(out)


def _face_for(char: str, current: int | None) -> tuple[int | None, str]:
    """The font for ``char`` after a run in font ``current``, and what it draws."""
    kind = unicodedata.category(char)
    if kind in _ATTACHING:
        return (current, char) if current is not None and ord(char) in _glyphs(current) else (None, "")
    if current and kind == "Zs" and not chain()[current].colour and ord(char) in _glyphs(current):
        return current, char  # a space inside a CJK or Arabic name stays in its run (one shaping context)
    face = face_of(char)
    return (0, SUBSTITUTE) if face is None else (face, char)


def clean(text: str) -> str:
    """The characters ``text`` draws: each one no font has is the substitute, invisible ones dropped."""
    return "".join(run.text for run in runs(text))


@cache
def font(face: int, size: int, shaped: bool = False) -> ImageFont.FreeTypeFont:
    """Font ``face`` of the chain at ``size`` px. The board's own font uses basic layout unless
    ``shaped``: Latin, Cyrillic and Greek need no shaping, and it measures and draws several times faster."""
    entry = chain()[face]
    layout = ImageFont.Layout.RAQM if (face or shaped) and SHAPING else ImageFont.Layout.BASIC
    return ImageFont.truetype(str(entry.path), size, index=entry.index, layout_engine=layout)


@lru_cache(maxsize=8192)
def _complex(text: str) -> bool:
    """Whether ``text`` needs shaping: a combining mark, or a script past Greek and Cyrillic (Noto Sans
    also has Devanagari, whose letters join and reorder)."""
    return any(0x0590 <= ord(c) < 0x1100 or unicodedata.category(c) in _MARKS for c in text)


def _run_font(run: Run, size: int) -> ImageFont.FreeTypeFont:
    return font(run.face, size, run.face == 0 and _complex(run.text))


def _visual(run: Run) -> str:
    """Without libraqm, a right-to-left run is at least put in reading order (unjoined letters)."""
    if SHAPING or not any(unicodedata.bidirectional(c) in _RTL for c in run.text):
        return run.text
    return run.text[::-1]


def length(text: str, size: int) -> float:
    """How wide ``text`` draws at ``size`` px."""
    return sum(_run_length(run, size) for run in runs(text))


@lru_cache(maxsize=8192)
def _run_length(run: Run, size: int) -> float:
    if chain()[run.face].colour:
        return font(run.face, EMOJI_STRIKE).getlength(run.text) * size / EMOJI_STRIKE
    return _run_font(run, size).getlength(_visual(run))


def draw(canvas: ImageDraw.ImageDraw, at: tuple[float, float], text: str, size: int, fill: Colour,
         anchor: str = "la", stroke_width: int = 0, stroke_fill: Colour | None = None) -> None:
    """``text`` at ``at`` as ``ImageDraw.text`` would with the board's font and ``anchor`` (horizontal
    l/m/r, vertical a/m/s/d), each run in its own font on one baseline."""
    parts = runs(text)
    if len(parts) == 1 and parts[0].face == 0 and not _complex(parts[0].text):
        canvas.text(at, parts[0].text, font=font(0, size), fill=fill, anchor=anchor,
                    stroke_width=stroke_width, stroke_fill=stroke_fill)
        return
    x, y = at
    x -= {"l": 0.0, "m": 0.5, "r": 1.0}[anchor[0]] * sum(_run_length(r, size) for r in parts)
    baseline = y + _baseline(size, anchor[1])
    for run, left in _placed(parts, x, size):
        if chain()[run.face].colour:
            _paste_emoji(canvas, run.text, size, (left, baseline))
        else:
            canvas.text((left, baseline), _visual(run), font=_run_font(run, size), fill=fill, anchor="ls",
                        stroke_width=stroke_width, stroke_fill=stroke_fill)


def _placed(parts: tuple[Run, ...], x: float, size: int) -> Iterator[tuple[Run, float]]:
    for run in parts:
        yield run, x
        x += _run_length(run, size)


@lru_cache(maxsize=64)
def _baseline(size: int, vertical: str) -> float:
    """How far below the anchor point the baseline is, in the board's font's own metrics."""
    board = font(0, size)
    return board.getbbox("H", anchor="l" + vertical)[1] - board.getbbox("H", anchor="ls")[1]


def _paste_emoji(canvas: ImageDraw.ImageDraw, text: str, size: int, at: tuple[float, float]) -> None:
    picture, (dx, dy) = _emoji(text, size)
    target: Image.Image = canvas._image  # ImageDraw keeps the image it draws on
    target.paste(picture, (round(at[0] + dx), round(at[1] + dy)), picture)


@lru_cache(maxsize=512)
def _emoji(text: str, size: int) -> tuple[Image.Image, tuple[float, float]]:
    """The emoji run drawn in colour at the strike size, scaled to ``size``, with its offset from the
    pen position on the baseline."""
    emoji = font(next(i for i, f in enumerate(chain()) if f.colour), EMOJI_STRIKE)
    left, top, right, bottom = (round(v) for v in emoji.getbbox(text, anchor="ls"))
    big = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
    ImageDraw.Draw(big).text((-left, -top), text, font=emoji, anchor="ls", embedded_color=True)
    scale = size / EMOJI_STRIKE
    small = big.resize((max(1, round(big.width * scale)), max(1, round(big.height * scale))),
                       Image.Resampling.LANCZOS)
    return small, (left * scale, top * scale)
