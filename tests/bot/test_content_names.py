"""Issue 24: the names of a game's content are words of the catalogs, in every language, and the
boards and panels read them. First slice: the Great Wall's command cards (the clan cards, the Reed
clan's and Qin Jiushao's), named in our own words (``content.gw.command.<id>``)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGS, catalog, translator
from bot.presenters import presenter_for
from engine.games import make_game

GAME = make_game("greatwall")
PACK = GAME.pack  # type: ignore[attr-defined]
COMMAND_IDS = sorted([*PACK.commands, *PACK.solo, PACK.reed.id])


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_card_has_a_name_in_every_catalog(lang: str) -> None:
    words = catalog(lang)
    missing = [c for c in COMMAND_IDS if not str(words.get(f"content.gw.command.{c}", "")).strip()]
    assert missing == []


@pytest.mark.parametrize("lang", ["ru", "it", "es"])
def test_a_command_card_in_a_log_line_is_named_in_the_readers_language(lang: str) -> None:
    """"Карты приказа раскрыты — Basil: Mobilisation" was the bug: the name is the catalog's."""
    presenter = presenter_for(GAME)
    tr = translator(lang)
    text = presenter.line(tr, "gw.placed", {"seat": 0, "card": "mobilise", "slot": 1}, ["Ann"])
    assert tr("content.gw.command.mobilise") in text and "Mobilisation" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_every_artifact_has_a_name_in_every_catalog(lang: str) -> None:
    words = catalog(lang)
    assert [a for a in PACK.artifacts if not str(words.get(f"content.gw.artifact.{a}", "")).strip()] == []


def test_the_board_names_its_artifacts_in_the_tables_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The artifacts on a Russian board are named in Russian (they stayed English)."""
    from rendering import greatwall as board
    from rendering import kit

    drawn: list[str] = []
    real = kit.text

    def recording(draw: object, at: object, text: str, *args: object, **kwargs: object) -> object:
        drawn.append(text)
        return real(draw, at, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(kit, "text", recording)
    state = GAME.setup(3, {}, 1)
    view = GAME.view(state, None)
    assert view["artifacts"]
    board.render_board(view, PACK, ["A", "B", "C"], translator("ru"))
    first = view["artifacts"][0]
    assert any(translator("ru")(f"content.gw.artifact.{first}") in line for line in drawn)
    assert not any(PACK.artifacts[first].name in line for line in drawn)


@pytest.mark.parametrize("lang", LANGS)
def test_every_horde_has_a_name_in_every_catalog(lang: str) -> None:
    words = catalog(lang)
    assert [h for h in PACK.hordes if not str(words.get(f"content.gw.horde.{h}", "")).strip()] == []


def test_a_horde_in_a_log_line_and_in_the_alt_text_is_named_in_the_readers_language() -> None:
    from rendering.greatwall_text import alt_text

    tr = translator("ru")
    line = presenter_for(GAME).line(tr, "gw.horde", {"horde": "raiders1", "row": 1, "sec": 0}, ["A"])
    assert tr("content.gw.horde.raiders1") in line and "Steppe Raiders" not in line
    state = GAME.setup(3, {}, 1)
    view = GAME.view(state, None)
    shown = [h["card"] for s in view["sections"] for h in s["hordes"]]
    text = alt_text(view, PACK, ["A", "B", "C"], tr)
    assert shown and all(tr(f"content.gw.horde.{h}") in text for h in shown)


@pytest.mark.parametrize("lang", LANGS)
def test_every_advisor_has_a_name_in_every_catalog(lang: str) -> None:
    words = catalog(lang)
    assert [a for a in PACK.advisors if not str(words.get(f"content.gw.advisor.{a}", "")).strip()] == []


def test_an_advisor_in_a_panel_is_named_in_the_readers_language() -> None:
    tr = translator("ru")
    advisor = next(iter(PACK.advisors))
    text = presenter_for(GAME).advisor(tr, advisor)  # type: ignore[attr-defined]
    assert tr(f"content.gw.advisor.{advisor}") in text and PACK.advisors[advisor].name not in text


@pytest.mark.parametrize("lang", LANGS)
def test_every_tactic_card_has_a_name_in_every_catalog(lang: str) -> None:
    words = catalog(lang)
    assert [c for c in PACK.tactics if not str(words.get(f"content.gw.tactic.{c}", "")).strip()] == []


def test_a_drawn_tactic_card_is_named_in_the_readers_language() -> None:
    tr = translator("it")
    card = next(iter(PACK.tactics))
    text = presenter_for(GAME).line(tr, "gw.drew", {"seat": 0, "cards": [card]}, ["A"])
    assert tr(f"content.gw.tactic.{card}") in text and PACK.tactics[card].name not in text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", ["event", "demand", "rat_card"])
def test_every_event_demand_and_rat_card_has_a_name_in_every_catalog(lang: str, kind: str) -> None:
    ids = {"event": PACK.events, "demand": PACK.demands, "rat_card": PACK.rat_cards}[kind]
    words = catalog(lang)
    assert [c for c in ids if not str(words.get(f"content.gw.{kind}.{c}", "")).strip()] == []


def test_an_event_a_demand_and_a_rat_card_are_named_in_the_readers_language() -> None:
    tr = translator("ru")
    presenter: Any = presenter_for(GAME)
    shown = {"event": presenter.event(tr, "floods"), "demand": presenter._arg(tr, "demand", "timber", ["A"]),
             "rat_card": presenter.rat_card(tr, "rat_banner")}
    for kind, item, english in (("event", "floods", "Spring Floods"), ("demand", "timber", "Timber for the Palace"),
                                ("rat_card", "rat_banner", "Gnawed Banner")):
        assert tr(f"content.gw.{kind}.{item}") in shown[kind] and english not in shown[kind], kind
