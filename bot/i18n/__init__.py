"""Message catalogs (en, es, ru, it): ``<lang>.json`` for the bot, ``<game>.<lang>.json`` per game.

A missing key falls back to English, then to the key itself, so a gap shows up as a visible key
rather than an error.

A value is a template, or — for a line with a number in it — a dict of CLDR plural categories
(``{"one": …, "few": …, "many": …, "other": …}``, the ones the language has: Babel's
``Locale(lang).plural_form.tags`` plus ``other``). The ``count`` argument chooses the form (or the
argument named by the dict's ``"arg"`` entry, for lines whose number has another name such as ``n``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale

from bot.games import Translate, fill

LANGS = ("en", "es", "ru", "it")
_DIR = Path(__file__).parent
Entry = str | dict[str, str]  # a template, or plural forms by CLDR category


def lang_of(locale: object) -> str:
    """Discord locale (``es-ES``, ``ru``, ``en-US``…) → one of our catalogs."""
    code = str(getattr(locale, "value", locale) or "en").lower()
    short = code.split("-")[0]
    return short if short in LANGS else "en"


def plural_categories(lang: str) -> set[str]:
    """The CLDR plural categories a language's plural values must have."""
    return {*Locale.parse(lang).plural_form.tags, "other"}


class Plural(str):
    """A plural entry that reads as its ``other`` form until ``fill`` formats it: then the number
    argument picks the form by the language's CLDR rule (Russian 1 → one, 3 → few, 5 → many, 21 → one)."""

    forms: dict[str, str]
    lang: str

    def __new__(cls, lang: str, forms: dict[str, str]) -> Plural:
        made = super().__new__(cls, forms["other"])
        made.forms, made.lang = forms, lang
        return made

    def choose(self, args: Mapping[str, Any]) -> str:
        name = self.forms.get("arg", "count")
        try:
            number = int(str(args[name])) if name in args else None
        except ValueError:
            number = None
        if number is None:
            return self.forms["other"]
        return self.forms.get(Locale.parse(self.lang).plural_form(abs(number)), self.forms["other"])

    def format_map(self, mapping: Mapping[str, Any]) -> str:  # type: ignore[override]
        return self.choose(mapping).format_map(mapping)


# Words a module brings with it (a variant or game living outside the bundled catalogs, e.g. in the
# tests): by language, added over the catalogs' files.
_ADDED: dict[str, dict[str, Entry]] = {}


def add_words(lang: str, entries: Mapping[str, Entry]) -> None:
    """Add (or replace) catalog entries for ``lang``: a module registering a variant registers its
    words with it, and needs no edit to the bundled catalogs."""
    _ADDED.setdefault(lang, {}).update(entries)
    catalog.cache_clear()


def remove_words(lang: str, keys: set[str]) -> None:
    for key in keys:
        _ADDED.get(lang, {}).pop(key, None)
    catalog.cache_clear()


@cache
def catalog(lang: str) -> dict[str, Entry]:
    merged: dict[str, Entry] = {}
    for path in sorted(_DIR.glob("*.json")):
        parts = path.stem.split(".")
        if parts[-1] == lang:
            merged.update(json.loads(path.read_text(encoding="utf-8")))
    merged.update(_ADDED.get(lang, {}))
    return merged


def _entry(lang: str, key: str) -> tuple[str, Entry] | None:
    for source in (lang, "en"):
        if found := catalog(source).get(key):
            return source, found
    return None


def template(lang: str, key: str) -> str:
    found = _entry(lang, key)
    if found is None:
        return key
    source, entry = found
    return Plural(source, entry) if isinstance(entry, dict) else entry


def t(lang: str, key: str, **args: Any) -> str:
    return fill(template(lang, key), args)


def translator(lang: str) -> Translate:
    return lambda key: template(lang, key)


def first_worded(tr: Translate, *keys: str) -> str:
    """The text of the first of ``keys`` the catalogs word (a particular key before its general
    fallback); the last key's text when none is worded. A missing key reads as the key itself."""
    for key in keys[:-1]:
        if (text := tr(key)) != key:
            return text
    return tr(keys[-1])
