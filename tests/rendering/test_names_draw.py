"""Issue 24: any player name draws, never an empty box ("tofu"). Discord nicknames carry emoji, CJK,
Arabic, Hebrew, Cyrillic and symbols; the font fallback chain (rendering/fonts.py) draws each character
in the first installed font that has it, and a character no font has as a neutral substitute.

Whether a font has a glyph is checked here from the pixels, not from the cmap the chain reads: the
character drawn in the font it was given must differ from that font's .notdef glyph (drawn for a
code point no font maps). The fonts come from Debian packages (.ci/run, Dockerfile): a test that needs
one skips, naming the package, only when it is not installed."""

from __future__ import annotations

import io
import unicodedata

import pytest
from PIL import Image, ImageDraw

from bot.tables import AI_NAMES
from engine.games import get_game
from rendering import fonts, kit, render

NOTDEF = "\U000f0000"  # Supplementary Private Use Area-A: mapped by none of the chain's fonts
NAMES = ["🐉 Drako", "李雷", "محمد علي", "Бартоломей", "שלום", "★ Star ♞ ♛", "👨\u200d👩\u200d👧 fam ❤️",
         "Ğüñeş ẞ", "∑ Ω ≠ ∞", "Zoë ✨ 山田"]
# What each script needs, and the Debian package that brings it.
NEEDS = {"🐉": "fonts-noto-color-emoji", "🤖": "fonts-noto-color-emoji", "李": "fonts-noto-cjk",
         "م": "fonts-noto-core", "ש": "fonts-noto-core", "♞": "fonts-noto-core"}


def _picture(face: int, text: str) -> bytes:
    """``text`` drawn alone in chain font ``face`` (a colour font at its strike size, in colour)."""
    entry = fonts.chain()[face]
    size = fonts.EMOJI_STRIKE if entry.colour else 40
    image = Image.new("RGBA", (4 * size, 2 * size), (0, 0, 0, 0))
    ImageDraw.Draw(image).text((size, size), text, font=fonts.font(face, size), fill=(0, 0, 0, 255),
                               anchor="ls", embedded_color=entry.colour)
    return image.tobytes()


def _has_glyph(face: int, char: str) -> bool:
    """Drawn in font ``face``, ``char`` is not that font's .notdef box (and, if visible, leaves ink)."""
    drawn = _picture(face, char)
    if drawn == _picture(face, NOTDEF):
        return False
    return unicodedata.category(char) == "Zs" or any(drawn[3::4])


def _needs(*chars: str) -> None:
    """Skip, naming the package, when a character has no font here (the chain then substitutes it)."""
    missing = sorted({NEEDS.get(c, "a font") for c in chars if fonts.face_of(c) is None})
    if missing:
        pytest.skip(f"not installed: {', '.join(missing)} (.ci/run and the Dockerfile apt-get install it)")


@pytest.mark.parametrize("name", [*NAMES, "x\ue000y\U000f0000z\u0378", "🤖 Ada"])
def test_no_character_of_a_name_draws_as_a_missing_glyph(name: str) -> None:
    """Issue 24: every character a name draws, each in the font the chain gave it, is a real glyph of
    that font, never its .notdef box; this holds with or without the optional fonts installed."""
    runs = fonts.runs(name)
    assert runs
    for run in runs:
        for char in run.text:
            if unicodedata.category(char) in ("Cf", "Mn", "Me"):
                continue  # joiners and marks draw nothing by themselves
            assert _has_glyph(run.face, char), (name, char, fonts.chain()[run.face].name)


@pytest.mark.parametrize("name", NAMES)
def test_each_script_draws_as_itself_not_as_the_substitute(name: str) -> None:
    """Issue 24: with the fonts installed, emoji, CJK, Arabic, Hebrew, Cyrillic and symbols are drawn as
    themselves: nothing visible is replaced or dropped."""
    _needs(*name)
    visible = "".join(c for c in name if unicodedata.category(c) not in ("Cf", "Mn", "Me"))
    drawn = "".join(c for c in fonts.clean(name) if unicodedata.category(c) not in ("Cf", "Mn", "Me"))
    assert drawn == visible


def test_a_character_no_font_has_becomes_the_neutral_substitute() -> None:
    """Issue 24: private-use and unassigned code points, which no font draws, become a dotted circle
    (Unicode's neutral placeholder), not a box; the letters around them are untouched."""
    assert fonts.clean("x\ue000y\U000f0000z\u0378") == "x◌y◌z◌"
    assert fonts.face_of(fonts.SUBSTITUTE) == 0


def test_a_space_after_a_right_to_left_word_stays_between_the_words() -> None:
    """Issue 24: "محمد علي Ali" keeps the Arabic words in one run (shaped together) and the space before
    "Ali" in the board's font, so it is drawn between the two names, not on the Arabic word's left."""
    _needs("م")
    runs = fonts.runs("محمد علي Ali")
    assert [r.text for r in runs] == ["محمد علي", " Ali"]
    assert runs[1].face == 0


def test_emoji_draw_in_colour() -> None:
    """Issue 24: an emoji in a name is drawn from the colour emoji font, so it is not ink-coloured."""
    _needs("🐉")
    image = Image.new("RGB", (200, 60), kit.PAPER)
    kit.draw_text(ImageDraw.Draw(image), (10, 10), "🐉 Drako", 30)
    colours = {px for px in image.get_flattened_data() if px not in (kit.PAPER, kit.INK)}
    assert any(g > r + 40 and g > b + 40 for r, g, b in colours)  # the dragon is green


@pytest.mark.parametrize("name", ["🐉 Drako", "李雷 Li", "محمد Ali", "★ ♞ Бо"])
@pytest.mark.parametrize("anchor", ["la", "ra", "mm", "lm"])
def test_a_mixed_name_is_as_wide_as_measured_and_sits_at_its_anchor(name: str, anchor: str) -> None:
    """Issue 24: a name in several fonts is measured as it draws, so a label cut or right-aligned by its
    measured width stays in its box: the ink sits within the measured span from the anchor."""
    width, x = kit.length(name, 24), 300.0
    image = Image.new("RGB", (600, 100), (0, 0, 0))
    kit.draw_text(ImageDraw.Draw(image), (x, 50), name, 24, fill=(255, 255, 255), anchor=anchor)
    left, top, right, bottom = image.getbbox() or (0, 0, 0, 0)
    start = x - {"l": 0, "m": width / 2, "r": width}[anchor[0]]
    assert start - 3 <= left and right <= start + width + 3
    assert right - left >= width * 0.7
    assert 15 <= top <= 85 and 15 <= bottom <= 85


def test_the_ai_seats_names_use_no_missing_glyph() -> None:
    """Issue 24: the AI seats are named "🤖 Ada", "🤖 Basil"... (bot/tables.py free_ai_name): every
    character is in a font, so none draws as a box or as the substitute."""
    _needs("🤖")
    for name in (f"🤖 {n}" for n in AI_NAMES):
        assert fonts.clean(name) == name
        assert all(_has_glyph(run.face, c) for run in fonts.runs(name) for c in run.text), name


@pytest.mark.parametrize("game_id", ["greatwall", "xidit", "akhedena"])
def test_every_board_draws_international_names(game_id: str) -> None:
    """Issue 24: each game's board draws such names (where it writes names) with their own glyphs:
    the picture differs from the one with every fallback character replaced by the substitute."""
    _needs("🐉", "李", "م")
    game = get_game(game_id)
    view = game.view(game.setup(4, {}, 7), None)
    names = ["🐉 Drako", "李雷", "محمد علي", "🤖 Ada"]
    png = render(game, view, names)
    assert png is not None and png.startswith(b"\x89PNG")
    Image.open(io.BytesIO(png)).verify()
    boxes = ["".join(c if fonts.face_of(c) == 0 else fonts.SUBSTITUTE for c in n) for n in names]
    assert png != render(game, view, boxes)


def test_with_only_the_bundled_font_names_still_draw_no_box(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: on a machine without the Debian font packages the chain is Noto Sans alone, and what it
    lacks (emoji, CJK, Arabic) becomes the substitute, still never a box; the boards draw."""
    monkeypatch.setattr(fonts, "FOLDERS", ())
    monkeypatch.setattr(fonts.shutil, "which", lambda _name: None)
    fonts.forget()
    try:
        assert [f.path for f in fonts.chain()] == [fonts.PRIMARY]
        assert fonts.clean("🐉 Drako 李") == "◌ Drako ◌"
        for name in NAMES:
            assert all(_has_glyph(0, c) for run in fonts.runs(name) for c in run.text
                       if unicodedata.category(c) not in ("Cf", "Mn", "Me")), name
        game = get_game("greatwall")
        assert render(game, game.view(game.setup(4, {}, 7), None), ["🐉 Drako", "李雷", "محمد", "🤖 Ada"])
    finally:
        monkeypatch.undo()
        fonts.forget()
