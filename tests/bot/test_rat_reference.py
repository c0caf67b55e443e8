"""The Rat at hand [IT "Espansione Ratto"]: ``/rules`` has a Rat topic and ``/card`` shows every Rat
card (who moves the Rat by it) and every Rat Artifact (as a Rat Artifact), in all four languages."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGS, catalog, t, translator
from bot.presenters import presenter_for
from bot.reference import Card
from engine.games import make_game
from rendering.content_names import content_name

pytestmark = pytest.mark.simcord(settle_timeout=5)

GAME = make_game("greatwall")
REF = presenter_for(GAME).reference()
PACK = GAME.pack  # type: ignore[attr-defined]


def _cards(lang: str) -> dict[str, Card]:
    return {card.id: card for card in REF.cards(translator(lang))}


def _content(result: Any) -> str:
    return "\n".join([result.response.content, *(f.content for f in result.followups)])


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_have_a_rat_topic_in_every_language(lang: str) -> None:
    assert "rat" in REF.topics
    for key in ("gw.topic.rat", "gw.rules.rat"):
        assert key in catalog(lang), (lang, key)
        assert lang == "en" or catalog(lang)[key] != catalog("en")[key], (lang, key)


@pytest.mark.parametrize("lang", LANGS)
def test_card_shows_every_rat_card_with_who_moves_the_rat(lang: str) -> None:
    """IT Rat, "Carte Ratto": the active Rat card names the player who must move the Rat each Fall,
    after the Horde defeat check, to another Location."""
    tr, cards = translator(lang), _cards(lang)
    for spec in PACK.rat_cards.values():
        card = cards[spec.id]
        who = tr(f"gw.rat.{'most' if spec.most else 'least'}.{spec.metric}")
        assert card.kind == "gw.kind.rat" and card.name == content_name(tr, "gw", "rat_card", spec.id, spec.name)
        assert card.effect == t(lang, "gw.ref.rat_card", who=who)


@pytest.mark.parametrize("lang", LANGS)
def test_card_shows_every_rat_artifact_as_one(lang: str) -> None:
    """IT Rat, "Preparazione" 4: the Rat Artifacts are shuffled in with the base ones; /card names
    them as the Rat's, scoring as the data pack says (Zhaoyao Jing: 3 Honor per Soldier in the
    Sections with the highest built Wall, errata)."""
    cards = _cards(lang)
    rat = set(PACK.rat["artifacts"])
    assert {c.id for c in cards.values() if c.kind == "gw.kind.rat_artifact"} == rat
    assert not rat & {c.id for c in cards.values() if c.kind == "gw.kind.artifact"}
    jing = PACK.artifacts["zhaoyao_jing"]
    assert cards["zhaoyao_jing"].effect == t(lang, f"gw.art.{jing.per}", honor=jing.honor)


async def test_rules_and_card_answer_about_the_rat(world: dict[str, Any]) -> None:
    alice, channel = world["alice"], world["channel"]
    topics = await alice.autocomplete(channel, "rules", "topic", "", game="greatwall")
    assert "rat" in [c["value"] for c in topics]
    result = await alice.slash(channel, "rules", game="greatwall", topic="rat")
    assert result.ephemeral and t("en", "gw.rules.rat") in _content(result)
    result = await alice.slash(channel, "card", name="greatwall:zhaoyao_jing")
    assert result.ephemeral and t("en", "gw.kind.rat_artifact") in result.response.content
    found = await alice.autocomplete(channel, "card", "name", "gnawed")
    assert found and found[0]["value"] == "greatwall:rat_banner"
    assert not world["env"].errors


def test_the_readme_rulings_name_c4_with_its_place_and_option() -> None:
    """Conflict C4 (fact sheet §17): the Rat's payout icon is lost in the IT rules ("Presenza del
    Ratto", which has no page numbers); the README's rulings say which reading is the default and
    which table option gives the other."""
    from pathlib import Path

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    rulings = readme[readme.index("## Rulings"):]
    line = next(line for line in rulings.splitlines() if line.startswith("- C4"))
    assert "Presenza del Ratto" in line and "1 Gold" in rulings and "`rat_payout:honor`" in rulings
