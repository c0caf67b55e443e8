"""The co-op Ancient Chronicles scenarios at hand [IT AC]: ``/rules`` has a Siege of Diaoyucheng and a
Red Turban Rebellion topic in all four languages, stating the rules the table plays."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, catalog, t
from bot.presenters import presenter_for
from engine.games import make_game

REF = presenter_for(make_game("greatwall")).reference()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("topic", ["siege", "red_turban"])
def test_the_rules_have_a_topic_per_coop_scenario_in_every_language(lang: str, topic: str) -> None:
    assert topic in REF.topics
    for key in (f"gw.topic.{topic}", f"gw.rules.{topic}"):
        assert key in catalog(lang), (lang, key)
        assert lang == "en" or catalog(lang)[key] != catalog("en")[key], (lang, key)


def test_the_siege_topic_states_the_rules_the_table_plays() -> None:
    """IT AC, "L'Assedio di Diaoyucheng": 3 Firing spots; a Raid adds a Shame beside the card; the
    Night after the Assault, each archer cancelling a token; 1 Wood to enter; 3 resources but Chi for
    +1 Defence; Defence 0 loses."""
    text = t("en", "gw.rules.siege")
    for fact in ("3 Firing spots", "Each Raid also lays one Shame token", "after the Assault",
                 "each archer inside cancelling one", "1 Wood each", "3 of its owner's resources (not Chi)",
                 "reaches 0 the team loses at once", "without the Emperor's Demands"):
        assert fact in text, fact


def test_the_red_turban_topic_states_the_rules_the_table_plays() -> None:
    """IT AC, "La Rivolta dei Turbanti Rossi": any Breach loses; no Gold Overseers; 20 Honor for a
    Clerk at Summer income; Peace at 3 Gold a Horde, never below 1; War gives each a free Clerk; the
    Production Locations and Raids send Clerks to the Embassy; C9 by setting."""
    text = t("en", "gw.rules.red_turban")
    for fact in ("any Breach loses at once", "Gold Overseers cannot", "20 Honor", "every 3 Gold",
                 "at least one still comes", "hires a free Clerk", "the most Clerks there (ties: Tea)",
                 "A Raid also sends one Clerk", "one year shorter"):
        assert fact in text, fact
