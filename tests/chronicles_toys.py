"""Two toy Ancient Chronicles scenarios that stand in for the bundled six in the tests: a competitive
one (``toy_rival``, the standard game at 3–4) and a co-op one (``toy_siege``, co-op at 2–4), with no
rules of their own, only what every scenario shares (engine/greatwall/variants/chronicles.py), and
their names in every catalog. The ``toy_scenarios`` fixture (tests/conftest.py) registers them for
one test, so what the tests assert holds for whichever scenarios are registered."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from bot.i18n import LANGS, add_words, remove_words
from engine.greatwall.variant import register_variant, unregister_variant
from engine.greatwall.variants.chronicles import ScenarioVariant, competitive, cooperative

WORDS = {"option.scenario.toy_rival": "Toy rivalry (test)", "option.scenario.toy_siege": "Toy siege (test)"}


@dataclass(frozen=True)
class ToyScenario(ScenarioVariant):
    """No rules of its own: only what every scenario shares."""


@contextmanager
def registered_toys() -> Iterator[None]:
    toys = (competitive(ToyScenario, "toy_rival"), cooperative(ToyScenario, "toy_siege"))
    for toy in toys:
        register_variant(toy)
    for lang in LANGS:
        add_words(lang, WORDS)
    try:
        yield
    finally:
        for toy in toys:
            unregister_variant(toy.name)
        for lang in LANGS:
            remove_words(lang, set(WORDS))
