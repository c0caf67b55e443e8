"""Issue 24: wherever a number meets a noun, every language says it with that language's plural
forms (CLDR, through Babel: Russian one/few/many/other, Spanish and Italian one/many/other, English
one/other) — never "2 Честь", "10 Копейщик", "Funzionario/i", "up to 1 steps" or "(2 move(s) left)".

The scan reads every catalog file in bot/i18n (a helper's new ``<concept>.<lang>.json`` included), so
a new line that puts a number before a noun without plural forms fails here, in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.i18n import t, translator
from bot.presenters import presenter_for
from engine.games import make_game

DIR = Path(__file__).parents[2] / "bot" / "i18n"
CATALOGS = sorted(DIR.glob("*.json"))

# A plural hedged in brackets or with a slash, in any language: "soldier(s)", "Funzionario/i",
# "Tattica/he", "баррикад(ы)". (Russian "(а)" after a verb is grammatical gender, not a number.)
HEDGE = re.compile(r"\w(?:\((?:s|es|e|i|a|ы|и|ов|ей)\)|/(?:i|e|he|che|es|s)\b)")

# Arguments that always hold a number (a name, a card or a place never goes by these names).
NUMBER_ARGS = frozenset({
    "n", "count", "v", "value", "cost", "gold", "food", "vp", "steps", "honor", "clerks", "spearmen", "amount",
    "chi", "seats", "min", "max", "left", "keep", "icons", "hordes", "tactics", "advisors", "spots", "wins",
    "games", "won", "lost", "bards", "units", "hand", "dragon", "castles", "generals", "walls", "origin", "df",
    "atk", "upkeep", "support", "active", "fire", "rest", "short", "minutes", "hours", "days"})
# Words after a number that are not the thing counted: "{n} of {m}", "{cost} for…", "{atk} against…".
NOT_NOUNS = {
    "en": {"of", "to", "for", "in", "on", "and", "or", "per", "against", "by", "if", "from", "at", "so", "vs",
           "before", "with", "than", "x", "is", "are", "left", "still", "now", "every", "more", "less"},
    "es": {"de", "a", "para", "en", "y", "o", "por", "contra", "si", "desde", "con", "sin", "que", "vs", "es",
           "del", "al", "x", "tus", "cada", "detrás", "más"},
    "ru": {"из", "в", "на", "и", "или", "за", "против", "если", "от", "с", "до", "к", "по", "для", "x", "vs",
           "без", "каждое", "меньше", "больше"},
    "it": {"di", "a", "per", "in", "e", "o", "contro", "se", "da", "con", "su", "senza", "che", "vs", "x",
           "del", "al", "dei", "della", "delle", "alla", "alle", "nella", "nelle", "ogni", "all'attacco"},
}
# Nouns that read the same after any number in that language: mass nouns and units ("5 Gold",
# "5 de Oro", "5 Oro", "5 мин"). Russian has none but abbreviations: "золото" is "1 золото", "2 золота".
INVARIANT = {
    "en": {"gold", "food", "honor", "chi", "shame", "vp", "power", "defence", "attack", "lethality", "min", "s",
           "h", "support"},
    "es": {"oro", "comida", "honor", "chi", "deshonra", "pv", "poder", "defensa", "ataque", "letalidad", "min",
           "s", "h", "apoyo"},
    "it": {"oro", "cibo", "onore", "chi", "disonore", "pv", "potenza", "difesa", "attacco", "letalità", "min",
           "s", "h", "supporto"},
    "ru": {"ци", "мин", "ч", "с", "исх"},
}
# A number meets the word one space after it ("{n} Gold"); a board's labels stand two spaces apart
# ("Gold {gold}   Food {food}"), so a label after a number is not what it counts.
CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})
_MEETS = re.compile(r"\{(\w+)\}[ \u00a0](?:de |di |d')?([^\W\d_][\w'’]*)")


def _forms(entry: str | dict[str, str]) -> list[str]:
    return [entry] if isinstance(entry, str) else [v for k, v in entry.items() if k != "arg"]


def counted_without_plural(path: Path) -> list[str]:
    """Keys of a catalog file where a number argument meets a noun in a form that is not chosen by
    that number (a plain template, or a plural entry whose number is another argument)."""
    lang = path.stem.split(".")[-1]
    found = []
    for key, entry in json.loads(path.read_text(encoding="utf-8")).items():
        chooser = None if isinstance(entry, str) else entry.get("arg", "count")
        if key.rsplit(".", 1)[-1] in CATEGORIES:  # a board's plural forms, one key each (rendering/labels.py)
            chooser = "n"
        for form in _forms(entry):
            for arg, word in _MEETS.findall(form):
                skip = NOT_NOUNS.get(lang, set()) | INVARIANT.get(lang, set())
                if arg in NUMBER_ARGS and arg != chooser and word.casefold() not in skip:
                    found.append(key)
    return sorted(set(found))


# Lines written before this test that still count without plural forms, by catalog file: this list
# may only shrink (a line fixed must leave it; a new line never joins it). See tests/bot/plural_pending.json.
PENDING: dict[str, list[str]] = json.loads((Path(__file__).parent / "plural_pending.json").read_text("utf-8"))


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.name)
def test_no_catalog_line_hedges_a_plural(path: Path) -> None:
    entries = json.loads(path.read_text(encoding="utf-8"))
    hedged = sorted(k for k, e in entries.items() for form in _forms(e) if HEDGE.search(form))
    assert hedged == []


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.name)
def test_a_number_meeting_a_noun_takes_the_languages_plural_forms(path: Path) -> None:
    found = counted_without_plural(path)
    pending = PENDING.get(path.name, [])
    assert sorted(set(found) - set(pending)) == [], "new lines counting without plural forms"
    assert sorted(set(pending) - set(found)) == [], "fixed: take these out of tests/bot/plural_pending.json"


def test_the_scan_finds_what_the_tester_found(tmp_path: Path) -> None:
    """The scan itself can fail: a line like "{n} soldiers" without plural forms is found, one
    with them (or with the number after a colon) is not. The probe is a catalog-shaped file of its own,
    outside bot/i18n: a catalog loaded meanwhile (another test, another worker) never meets it."""
    probe = tmp_path / "zz_probe.ru.json"
    probe.write_text(json.dumps({"a": "получает {n} Честь", "b": "Запас: {n}",
                                 "c": {"arg": "n", "one": "{n} копейщик", "few": "{n} копейщика",
                                       "many": "{n} копейщиков", "other": "{n} копейщика"}}), "utf-8")
    assert counted_without_plural(probe) == ["a"]


@pytest.mark.parametrize(("lang", "amounts", "text"), [
    ("ru", {"honor": 2}, "2 чести"), ("ru", {"honor": 1}, "1 честь"), ("ru", {"stone": 5}, "5 камней"),
    ("ru", {"tactics": 2}, "2 карты тактики"), ("en", {"tactics": 2}, "2 Tactics"),
    ("it", {"stone": 1}, "1 Pietra"), ("it", {"stone": 3}, "3 Pietre"), ("es", {"stone": 3}, "3 Piedras"),
])
def test_amounts_built_in_code_take_plural_forms(lang: str, amounts: dict[str, int], text: str) -> None:
    """The Great Wall's gains and costs ("получает 2 Честь" was the bug) are built from counts."""
    presenter = presenter_for(make_game("greatwall"))
    assert presenter.amounts(translator(lang), amounts) == text  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "text"), [("ru", "10 копейщиков"), ("it", "10 Lancieri"), ("es", "10 Lanceros"),
                                            ("en", "10 Spearmen")])
def test_the_reserve_behind_a_screen_counts_its_soldiers(lang: str, text: str) -> None:
    """"Запас: 10 Копейщик" was the bug: the reserve's soldiers are counted with plural forms."""
    assert t(lang, "gw.count.spearman", n=10) == text


@pytest.mark.parametrize("lang", ["ru", "it", "es"])
def test_a_generals_option_is_worded_in_the_readers_language(lang: str) -> None:
    """"(Tea 38; …; 1 T)" was English in every language: the tea value and the tactic cards a
    General starts with are named in the reader's language, the cards counted with plural forms."""
    from engine.core.prompt import Option

    game = make_game("greatwall")
    presenter = presenter_for(game)
    general = next(iter(game.pack.generals.values()))  # type: ignore[attr-defined]
    label = presenter.option_label(translator(lang), Option(general.id, "gw.opt.general", {"general": general.id}),
                                   [])
    assert "Tea " not in label and " T)" not in label
    assert t(lang, "gw.count.tactics", n=general.setup.get("tactics", 0)) in label
