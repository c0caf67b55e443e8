"""Content names in the reader's language (issue 24): a card's name is the catalog's
``content.<game>.<kind>.<id>`` (bot/i18n/content.<game>.<lang>.json, our own words). A pack an owner
loads over ours (MUSTER_PACKS) may bring ids the catalogs have no words for: its own name then."""

from __future__ import annotations

from engine.core.text import Translate


def content_name(tr: Translate, game: str, kind: str, item_id: str, fallback: str) -> str:
    key = f"content.{game}.{kind}.{item_id}"
    text = tr(key)
    return fallback if text == key else text
