"""Message catalogs (en, es, ru, it): ``<lang>.json`` for the bot, ``<game>.<lang>.json`` per game.

A missing key falls back to English, then to the key itself, so a gap shows up as a visible key
rather than an error.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from bot.games import Translate, fill

LANGS = ("en", "es", "ru", "it")
_DIR = Path(__file__).parent


def lang_of(locale: object) -> str:
    """Discord locale (``es-ES``, ``ru``, ``en-US``…) → one of our catalogs."""
    code = str(getattr(locale, "value", locale) or "en").lower()
    short = code.split("-")[0]
    return short if short in LANGS else "en"


@cache
def catalog(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted(_DIR.glob("*.json")):
        parts = path.stem.split(".")
        if parts[-1] == lang:
            merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def template(lang: str, key: str) -> str:
    return catalog(lang).get(key) or catalog("en").get(key) or key


def t(lang: str, key: str, **args: Any) -> str:
    return fill(template(lang, key), args)


def translator(lang: str) -> Translate:
    return lambda key: template(lang, key)
