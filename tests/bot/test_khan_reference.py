"""Genghis Khan at hand [IT GK; fact sheet §13.1]: ``/rules`` has a Genghis Khan topic in all four
languages, and ``/rules`` and ``/card`` answer about him in the channel."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGS, catalog, t
from bot.presenters import presenter_for
from engine.games import make_game

pytestmark = pytest.mark.simcord(settle_timeout=5)

GAME = make_game("greatwall")
REF = presenter_for(GAME).reference()


def _content(result: Any) -> str:
    return "\n".join([result.response.content, *(f.content for f in result.followups)])


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_have_a_khan_topic_in_every_language(lang: str) -> None:
    assert "khan" in REF.topics
    for key in ("gw.topic.khan", "gw.rules.khan"):
        assert key in catalog(lang), (lang, key)
        assert lang == "en" or catalog(lang)[key] != catalog("en")[key], (lang, key)


def test_the_khan_topic_states_the_rules_the_table_plays() -> None:
    """IT GK / fact sheet §13.1: he moves each year after the new Hordes are placed; only Spearmen
    (1 spot) and Horsemen (2 spots) wound him, never Archers, for +6 Honor a spot; a numbered vital
    spot is active when its number is at most the player count; defeated, the year (Winter included)
    is finished before scoring; the Bannerman costs 2 Gold + 1 Wood (or 2 Stone + 1 Wood, C3)."""
    text = t("en", "gw.rules.khan")
    for fact in ("once the new Hordes are out", "Spearman (covers one spot)", "Horseman (covers two)",
                 "6 Honor a spot", "Archers", "at most the player count", "Winter included",
                 "2 Gold and 1 Wood", "2 Stone and 1 Wood"):
        assert fact in text, fact


async def test_rules_and_card_answer_about_the_khan(world: dict[str, Any]) -> None:
    alice, channel = world["alice"], world["channel"]
    topics = await alice.autocomplete(channel, "rules", "topic", "", game="greatwall")
    assert "khan" in [c["value"] for c in topics]
    result = await alice.slash(channel, "rules", game="greatwall", topic="khan")
    assert result.ephemeral and t("en", "gw.rules.khan") in _content(result)
    result = await alice.slash(channel, "card", name="greatwall:khan")
    assert result.ephemeral and t("en", "gw.kind.khan") in result.response.content
    assert not world["env"].errors
