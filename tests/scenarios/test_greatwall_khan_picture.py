"""The seat's picture when it may send a soldier against Genghis Khan [IT GK, "Ferire Genghis Khan":
the claimant may place 1 surviving Soldier on 1 (a Horseman possibly 2) of the vital spots of his card
or a Skill card]: his card and Skills with their spots, numbered spots inactive above the player count
[IT GK, "Punti vitali di Genghis Khan"], covered spots showing their coverer, and the cards the seat
may choose marked. Public only: it is the same picture for every seat's secrets."""

from __future__ import annotations

import io

import pytest
from greatwall_kit import GAME, PACK
from PIL import Image
from test_greatwall_khan import BLUE, RED, cleared, cover, defeat

from bot.i18n import translator
from engine.core.prompt import Prompt
from engine.greatwall.state import Soldier, State
from rendering import greatwall_khan_sheet, kit, seat, seat_picture

NAMES = ["Ana", "Bo", "Cy"]


def _asked() -> tuple[State, Prompt]:
    state = cleared()
    defeat(state, 0, [(BLUE, "spearman", [0]), (BLUE, "horseman", [8, 9])])
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "khan_wound"
    return state, prompt


def test_the_khans_question_pictures_his_cards_the_choosable_ones_marked(monkeypatch: pytest.MonkeyPatch) -> None:
    state, prompt = _asked()
    cover(state, "skill_siege")  # Siege Master full: not offered any more
    prompt = GAME.prompts(state)[0]
    view = GAME.view(state, BLUE)
    offered = greatwall_khan_sheet.offered_cards(prompt, view)
    assert offered == ["khan", "skill_warcry"]
    drawn: list[str] = []
    real = kit.text

    def recording(draw: object, at: object, text: str, *args: object, **kwargs: object) -> object:
        drawn.append(text)
        return real(draw, at, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(kit, "text", recording)
    tr = translator("es")
    png = seat_picture(GAME, view, prompt, NAMES, tr, "standard")
    assert png is not None and len(png) < 1_000_000
    image = Image.open(io.BytesIO(png))
    assert image.width <= seat.MAX_WIDTH and image.height <= seat.MAX_HEIGHT
    for card in ("khan", "skill_warcry"):
        assert any(tr(f"content.gw.{'khan' if card == 'khan' else 'khan_skill'}.{card}") in t for t in drawn)
    assert any(tr("content.gw.khan_skill.skill_siege") in t for t in drawn)  # shown, switched off


def test_covered_spots_and_the_palette_change_the_picture() -> None:
    state, prompt = _asked()
    view = GAME.view(state, BLUE)
    before = seat_picture(GAME, view, prompt, NAMES, translator("en"), "standard")
    assert before != seat_picture(GAME, view, prompt, NAMES, translator("en"), "cb")
    assert state.khan is not None
    state.khan.wounds["khan"] = [Soldier(RED, "spearman", [0])]
    after = seat_picture(GAME, GAME.view(state, BLUE), prompt, NAMES, translator("en"), "standard")
    assert after != before and PACK.khan.khan.id == "khan"
