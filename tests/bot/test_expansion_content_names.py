"""Issue 22 ("Catalogs in all four languages"; "/rules and /card know the new cards"): the cards of the
Genghis Khan expansion [IT GK] — his card, the Skills, the Emperor's Awards — and the Generals (the
fifth player's four among them [IT 5P steps 9–10]) are named by the content catalogs in every language
(``content.gw.<kind>.<id>``, our own words), and the log lines, the board and ``/card`` read them."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGS, catalog, translator
from bot.presenters import presenter_for
from engine.games import make_game

GAME = make_game("greatwall")
PACK: Any = GAME.pack  # type: ignore[attr-defined]
KINDS = {"khan": [PACK.khan.khan.id], "khan_skill": list(PACK.khan.skills), "khan_award": list(PACK.khan.awards),
         "general": list(PACK.generals)}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_khan_card_and_general_has_a_name_in_every_catalog(lang: str, kind: str) -> None:
    words = catalog(lang)
    assert [c for c in KINDS[kind] if not str(words.get(f"content.gw.{kind}.{c}", "")).strip()] == []


def test_the_five_player_generals_are_named_in_russian_letters() -> None:
    """The four Generals the fifth player adds [IT 5P step 10] read in Cyrillic on a Russian panel."""
    tr = translator("ru")
    for general in (g for g in PACK.generals if g.startswith("f_")):
        name = tr(f"content.gw.general.{general}")
        assert name != PACK.generals[general].name and not any("a" <= c.lower() <= "z" for c in name)


def test_the_khan_setup_line_names_his_skills_and_award_in_the_readers_language() -> None:
    """The Khan's card, Skills and Award [IT GK step 4] in a Russian log line are the catalog's words."""
    tr = translator("ru")
    skill, award = "skill_siege", "award_silk"
    line = presenter_for(GAME).line(tr, "gw.khan_setup", {"sec": 1, "skills": [skill], "award": award}, ["A"])
    assert tr(f"content.gw.khan_skill.{skill}") in line and tr(f"content.gw.khan_award.{award}") in line
    assert PACK.khan.skills[skill].name not in line and PACK.khan.awards[award].name not in line


def test_the_board_names_the_khans_skills_in_the_tables_language() -> None:
    from rendering.greatwall_khan import khan_lines

    tr = translator("it")
    state = GAME.setup(3, {"khan": "on"}, 3)
    view = GAME.view(state, None)
    text = " ".join(khan_lines(view["khan"], PACK, ["A", "B", "C"], tr))
    for skill in state.khan.skills:  # type: ignore[union-attr]
        assert tr(f"content.gw.khan_skill.{skill}") in text
    assert tr(f"content.gw.khan_award.{state.khan.award}") in text  # type: ignore[union-attr]


def test_a_general_offered_in_the_draft_is_named_in_the_readers_language() -> None:
    from engine.core.prompt import Option

    tr = translator("ru")
    label = presenter_for(GAME).option_label(tr, Option("f_su_dongpo", "gw.opt.general", {"general": "f_su_dongpo"}),
                                             ["A"])
    assert tr("content.gw.general.f_su_dongpo") in label and "Su Dongpo" not in label


@pytest.mark.parametrize("card", ["khan", "skill_siege", "award_silk", "f_su_dongpo", "rat_banner", "gk_adv1",
                                  "f_muster1", "rat_tail_brush"])
def test_card_lists_the_expansion_cards_by_their_names_in_the_readers_language(card: str) -> None:
    """``/card`` (the reference's cards) names each expansion card as the catalogs do."""
    tr = translator("es")
    names = {c.id: c.name for c in presenter_for(GAME).reference().cards(tr)}
    kind = next(k for k in ("khan", "khan_skill", "khan_award", "general", "rat_card", "advisor", "tactic",
                            "artifact") if f"content.gw.{k}.{card}" in catalog("es"))
    assert names[card] == tr(f"content.gw.{kind}.{card}")


def test_the_board_names_a_players_general_in_the_tables_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from rendering import greatwall as board
    from rendering import kit

    drawn: list[str] = []
    real = kit.text

    def recording(draw: object, at: object, text: str, *args: object, **kwargs: object) -> object:
        drawn.append(text)
        return real(draw, at, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(kit, "text", recording)
    state = GAME.setup(3, {}, 1)
    state.players[0].general = "f_su_dongpo"
    board.render_board(GAME.view(state, None), PACK, ["A", "B", "C"], translator("ru"))
    assert any("Су Дунпо" in line for line in drawn) and not any("Su Dongpo" in line for line in drawn)
