"""The board's legend names every letter drawn on it (issue 22, "Boards"): with Genghis Khan, the
Bannerman's letter ("each player takes a Bannerman", a Soldier of their own [IT GK, "Portabandiera"])
and the Khan's miniature mark; with the Rat, the Rat's mark [IT Rat]. In every language, and only where
the expansion is played."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, translator
from engine.games import make_game
from rendering import greatwall as board
from rendering import kit
from rendering.kit import say

GAME = make_game("greatwall")
PACK = GAME.pack  # type: ignore[attr-defined]


def _legend(options: dict[str, str], lang: str, monkeypatch: pytest.MonkeyPatch) -> str:
    drawn: list[str] = []
    real = kit.text

    def recording(draw: object, at: object, text: str, *args: object, **kwargs: object) -> object:
        drawn.append(text)
        return real(draw, at, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(kit, "text", recording)
    state = GAME.setup(3, options, 5)
    board.render_board(GAME.view(state, None), PACK, ["A", "B", "C"], translator(lang))
    tr = translator(lang)
    return next(line for line in drawn if line.startswith(tr("board.gw.legend")))


@pytest.mark.parametrize("lang", LANGS)
def test_the_legend_names_the_bannerman_and_the_khan_with_genghis_khan(lang: str,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    tr = translator(lang)
    legend = _legend({"khan": "on"}, lang, monkeypatch)
    assert say(tr, "board.gw.legend.bannerman", letter=tr("board.gw.letter.bannerman")) in legend
    assert say(tr, "board.gw.legend.khan", mark=tr("board.gw.khan_mark")) in legend
    assert say(tr, "board.gw.legend.rat", mark=tr("board.gw.rat_mark")) not in legend


@pytest.mark.parametrize("lang", LANGS)
def test_the_legend_names_the_rat_with_the_rat_only(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    tr = translator(lang)
    legend = _legend({"rat": "on"}, lang, monkeypatch)
    assert say(tr, "board.gw.legend.rat", mark=tr("board.gw.rat_mark")) in legend
    assert say(tr, "board.gw.legend.bannerman", letter=tr("board.gw.letter.bannerman")) not in legend


def test_the_base_legend_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _legend({}, "en", monkeypatch) == translator("en")("board.gw.legend")
