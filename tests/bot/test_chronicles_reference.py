"""Ancient Chronicles at hand [IT AC; fact sheet §13.2]: ``/rules`` has a topic on what a scenario is and
the setup every scenario shares, in all four languages; ``/card`` knows the Chronicles' cards."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGS, catalog, t
from bot.presenters import presenter_for
from engine.games import make_game

pytestmark = pytest.mark.simcord(settle_timeout=5)

GAME = make_game("greatwall")
PACK = GAME.pack  # type: ignore[attr-defined]
REF = presenter_for(GAME).reference()


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_have_a_chronicles_topic_in_every_language(lang: str) -> None:
    assert "chronicles" in REF.topics
    for key in ("gw.topic.chronicles", "gw.rules.chronicles"):
        assert key in catalog(lang), (lang, key)
        assert lang == "en" or catalog(lang)[key] != catalog("en")[key], (lang, key)


def test_the_chronicles_topic_states_the_shared_rules() -> None:
    """IT AC: "gli Scenari non possono essere combinati con le altre espansioni"; the setup is done
    "prima della preparazione standard"; the Artifacts are shuffled with the base ones, 3 placed, and
    "valgono durante la partita e non solo alla fine"; Tactics, Generals and Advisors join the decks."""
    text = t("en", "gw.rules.chronicles")
    for fact in ("never played with another expansion", "3 are laid out", "acts during the game",
                 "still scores at the end", "Tactics, Generals and Advisors", "before the usual setup",
                 "co-op at 2–4"):
        assert fact in text, fact


def test_card_lists_every_chronicles_card() -> None:
    """Every Chronicles card is in /card's list; an Artifact tells its in-play gain and its end score."""
    cards = {c.id: c for c in REF.cards(lambda key: t("en", key))}
    for ids in PACK.chronicles.values():
        assert set(ids) <= set(cards)
    bell = cards["ac_bell"]
    assert bell.kind == "gw.kind.chronicle_artifact" and bell.stand_in
    assert "while in play" in bell.effect and "Honor" in bell.effect and "at the end" in bell.effect


SCENARIOS = ("long_winter", "great_famine", "emperors_visit", "ghost_festival", "siege", "red_turban")


@pytest.mark.parametrize("lang", LANGS)
def test_card_knows_every_scenario_card(lang: str) -> None:
    """IT AC: "Ogni Scenario ha la propria carta Scenario" — one side the mode and setup, the other
    the special rules; /card tells each under its name in the reader's language, with those rules."""
    cards = {c.id: c for c in REF.cards(lambda key: t(lang, key))}
    for name in SCENARIOS:
        card = cards[name]
        assert card.kind == "gw.kind.scenario" and card.name == t(lang, f"option.scenario.{name}")
        assert card.effect == t(lang, f"gw.rules.{name}")


async def test_rules_and_card_answer_about_the_chronicles(world: dict[str, Any]) -> None:
    alice, channel = world["alice"], world["channel"]
    topics = await alice.autocomplete(channel, "rules", "topic", "", game="greatwall")
    assert "chronicles" in [c["value"] for c in topics]
    result = await alice.slash(channel, "rules", game="greatwall", topic="chronicles")
    content = "\n".join([result.response.content, *(f.content for f in result.followups)])
    assert result.ephemeral and t("en", "gw.rules.chronicles") in content
    result = await alice.slash(channel, "card", name="greatwall:ac_bell")
    assert result.ephemeral and t("en", "gw.kind.chronicle_artifact") in result.response.content
    assert not world["env"].errors
