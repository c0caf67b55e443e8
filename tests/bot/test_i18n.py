"""Every catalog has every key with the same placeholders, and every key the engine emits exists."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import LANGS, catalog, lang_of, plural_categories, t, translator
from bot.presenters import presenter_for
from engine.games import make_game

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from xidit_support import GAME

DIR = Path(__file__).parents[2] / "bot" / "i18n"


def _placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("base", ["", "xidit.", "greatwall.", "akhedena."])
@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_catalogs_match_english(base: str, lang: str) -> None:
    english = json.loads((DIR / f"{base}en.json").read_text(encoding="utf-8"))
    other = json.loads((DIR / f"{base}{lang}.json").read_text(encoding="utf-8"))
    assert set(other) == set(english)
    for key, text in english.items():
        expected = _placeholders(text if isinstance(text, str) else text["other"])
        for form in _forms(other[key]):
            assert _placeholders(form) == expected, key
            assert form.strip(), key


def _forms(entry: str | dict[str, str]) -> list[str]:
    """A template, or every plural form of a plural entry (its "arg" names the number, not a form)."""
    return [entry] if isinstance(entry, str) else [v for k, v in entry.items() if k != "arg"]


@pytest.mark.parametrize("path", sorted(DIR.glob("*.json")), ids=lambda p: p.name)
def test_every_plural_value_has_the_forms_its_language_needs(path: Path) -> None:
    """CLDR (through Babel) says which plural categories a language has: Russian one/few/many/other,
    Spanish and Italian one/many/other, English one/other. A plural value has exactly those."""
    lang = path.stem.split(".")[-1]
    entries = json.loads(path.read_text(encoding="utf-8"))
    for key, entry in entries.items():
        if isinstance(entry, dict):
            assert set(entry) - {"arg"} == plural_categories(lang), key
            assert isinstance(entry.get("arg", "count"), str), key


@pytest.mark.parametrize(("count", "word"), [(1, "приказ,"), (3, "приказа,"), (5, "приказов,"), (21, "приказ,"),
                                             (11, "приказов,"), (22, "приказа,")])
def test_russian_counts_take_their_plural_form(count: int, word: str) -> None:
    text = t("ru", "error.incomplete", count=count)
    assert f"{count} {word}" in text


def test_a_plural_line_reads_right_in_every_language_through_the_presenter() -> None:
    tr = translator("ru")
    presenter = presenter_for(make_game("greatwall"))
    assert "берёт 1 карту тактики" in presenter.line(tr, "gw.draw", {"seat": 0, "n": 1}, ["Аня"])
    assert "берёт 5 карт тактики" in presenter.line(tr, "gw.draw", {"seat": 0, "n": 5}, ["Аня"])
    assert t("en", "gw.draw", seat="Ann", n=1) == "Ann draws 1 tactic card."
    assert t("en", "gw.draw", seat="Ann", n=2) == "Ann draws 2 tactic cards."
    assert t("es", "gw.draw", seat="Ana", n=2) == "Ana roba 2 cartas de Táctica."


def test_every_key_the_game_uses_is_translated() -> None:
    from engine.ai import choose

    state = GAME.setup(5, {"length": "short"}, 12)
    keys: set[str] = set()
    step = 0
    while prompts := GAME.prompts(state):
        for prompt in prompts:
            keys.add(prompt.key)
            keys.update(o.key for o in prompt.options)
        prompt = prompts[0]
        events = GAME.apply(state, prompt.seat, choose(GAME, GAME.view(state, prompt.seat), prompt, step))
        step += 1
        for event in events:
            keys.update(line[0] for seat in (None, *range(5)) for line in event.for_seat(seat))
    english = catalog("en")
    assert sorted(k for k in keys if k not in english) == []


def test_every_key_the_great_wall_uses_is_translated() -> None:
    """Five AI games (two co-op), every prompt, option, slot label and event line the engine produced."""
    from engine.ai import choose
    from engine.greatwall.game import GreatWallGame

    game = GreatWallGame()
    keys: set[str] = set()
    duel, coop = {"mode": "duel"}, {"mode": "coop"}
    for seed, seats, options in ((1, 3, {}), (2, 4, {}), (3, 3, {}), (4, 2, duel), (5, 2, duel), (6, 3, coop),
                                 (7, 4, coop)):
        state = game.setup(seats, options, seed)
        step = 0
        while prompts := game.prompts(state):
            for prompt in prompts:
                keys.update((prompt.key, *prompt.slot_keys, *(o.key for o in prompt.options)))
            prompt = prompts[0]
            events = game.apply(state, prompt.seat, choose(game, game.view(state, prompt.seat), prompt, step))
            step += 1
            for event in events:
                keys.update(line[0] for seat in (None, *range(seats)) for line in event.for_seat(seat))
    english = catalog("en")
    assert sorted(k for k in keys if k not in english) == []


@pytest.mark.parametrize(("mode", "seats"), [("standard", 3), ("team", 4), ("quick", 2)])
def test_every_key_akhedena_uses_is_translated(mode: str, seats: int) -> None:
    """AI games of each mode: every prompt, option and event line, and the names of every card."""
    from engine.ai import choose
    from engine.akhedena.game import AkhedenaGame

    game = AkhedenaGame()
    keys: set[str] = set()
    for seed in (1, 2):
        state = game.setup(seats, {"mode": mode}, seed)
        step = 0
        while prompts := game.prompts(state):
            prompt = prompts[0]
            keys.update((prompt.key, *(o.key for o in prompt.options)))
            events = game.apply(state, prompt.seat, choose(game, game.view(state, prompt.seat), prompt, step))
            step += 1
            for event in events:
                keys.update(line[0] for seat in (None, *range(seats)) for line in event.for_seat(seat))
    pack = game.pack
    keys.update(f"ak.action.{a}" for a in pack.actions)
    keys.update(f"ak.black.{b}" for b in pack.black)
    keys.update(f"ak.power.{h.power}" for h in pack.heroes.values())
    keys.update(f"ak.weapon.{a.weapon}" for a in pack.armies.values())
    english = catalog("en")
    assert sorted(k for k in keys if k not in english) == []


def test_every_final_score_heading_is_translated() -> None:
    """The end-of-game summary names each score by ``<game>.assess.<key>``."""
    sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
    from games import cases

    assert_score_headings_translated(cases())


@pytest.mark.soak
def test_soak_every_final_score_heading_is_translated() -> None:
    """The same over every case (every Great Wall combination among them)."""
    sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
    from games import all_cases

    assert_score_headings_translated(all_cases())


def assert_score_headings_translated(cases: list[Any]) -> None:
    from games import game_of, playout

    english = catalog("en")
    missing = set()
    for case in cases:
        state, _ = playout(case, seed=2)
        outcome = game_of(case).outcome(state)
        assert outcome is not None
        missing |= {f"{case.game_id}.assess.{k}" for s in outcome.scores.values() for k in s} - set(english)
    assert sorted(missing) == []


def test_locales_fall_back_to_english() -> None:
    assert lang_of("es-ES") == "es" and lang_of("ru") == "ru" and lang_of("ja") == "en"
    assert t("es", "lobby.join") == "Unirse"
    assert t("ja", "lobby.join") == "Join"
    assert t("en", "no.such.key") == "no.such.key"


async def test_slash_command_descriptions_are_localized() -> None:
    import discord
    from discord import app_commands

    from bot.commands_i18n import CatalogTranslator

    text = app_commands.locale_str("Seat an AI player", key="cmd.addai")
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    translator = CatalogTranslator()
    assert await translator.translate(text, discord.Locale.spain_spanish, context) == "Sienta a un jugador IA"
    assert await translator.translate(text, discord.Locale.russian, context) == "Посадить за стол ИИ"
    assert await translator.translate(text, discord.Locale.american_english, context) is None
    assert await translator.translate(text, discord.Locale.japanese, context) is None


@pytest.mark.parametrize("lang", ["en", "es", "ru", "it"])
def test_command_descriptions_fit_discords_limit(lang: str) -> None:
    """Discord refuses to sync a command or option description longer than 100 characters."""
    entries = json.loads((DIR / f"{lang}.json").read_text(encoding="utf-8"))
    long = {k: len(v) for k, v in entries.items() if k.startswith("cmd.") and len(v) > 100}
    assert long == {}
