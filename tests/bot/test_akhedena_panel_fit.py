"""The stalled Akhedena table: "round 10, three people: my hero's die move showed 4 steps; my DM panel
never came". A hero beside a tunnel reaches more than 125 squares; its real panel must fit Discord
and offer every square, in an order whose narrowing ranges read well (by column, then row)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "scenarios"))
from akhedena_kit import GAME, answer, board, fighting, frames, prompt, put
from test_panel_fit import NAMES, accepted, check_prompt, read_panel

from bot.i18n import LANGS
from bot.presenters import presenter_for
from bot.ui.panels import Panel, build_panel
from engine.akhedena.board import parse
from engine.akhedena.state import Dice


def _hero_by_the_tunnel() -> object:
    state = board(seats=3)
    state.round = 10
    put(state, 0, "hero", "henry", "H4", "sword1")               # beside the north entrance (H3)
    state.dice = Dice("blank", 4, "N")
    frames(state, {"k": "hero_move", "seat": 0})
    return state


@pytest.mark.parametrize("lang", LANGS)
def test_a_hero_die_move_of_more_than_125_squares_has_a_panel_that_fits(lang: str) -> None:
    state = _hero_by_the_tunnel()
    move = prompt(state)  # type: ignore[arg-type]
    assert move.kind == "hero_move" and len(move.options) > 125
    check_prompt(GAME, state, move, lang)


def test_the_squares_are_offered_by_column_then_row() -> None:
    move = prompt(_hero_by_the_tunnel())  # type: ignore[arg-type]
    squares = [parse(o.id, 15) for o in move.options if o.id != "stay"]
    assert all(sq is not None for sq in squares)
    assert squares == sorted(squares, key=lambda sq: (sq[1], sq[0]))  # type: ignore[index]


def _won_battle(gold: int, *cards: str) -> object:
    """Seat 0's general, carrying ``cards``, has just beaten a general without army cards (it dies at
    once, no VP): seat 0's upkeep is open with ``gold`` in the purse."""
    state = board(seats=3)
    attacker = put(state, 0, "general", "g04", "H5", *cards)
    target = put(state, 1, "general", "g01", "H6")
    fighting(state)
    answer(state, attacker.id)
    answer(state, "stay")
    answer(state, target.id)
    state.players[0].gold = gold  # type: ignore[attr-defined]
    return state


@pytest.mark.parametrize("cards", [("crossbow1",), ("crossbow1", "sword2")])
@pytest.mark.parametrize("lang", LANGS)
def test_an_army_the_purse_cannot_keep_can_be_disbanded_from_the_panel(cards: tuple[str, ...], lang: str) -> None:
    """[Detalles de la Carta de Ejército] 6. Costo de Mantenimiento: the player who started the battle
    pays each card's upkeep after it; a card they cannot pay for is disbanded (discarded). With 1 Gold
    and a crossbow of upkeep 2 the only answer the rules allow is to keep nothing, and the panel must
    offer it (issue 20: one button, "keep the crossbow", refused for want of Gold, and the game stuck)."""
    state = _won_battle(1, *cards)
    upkeep = prompt(state)  # type: ignore[arg-type]
    assert upkeep.kind == "upkeep" and upkeep.seat == 0
    assert accepted(GAME, state, upkeep, [(), *((o.id,) for o in upkeep.options)]) == [()]

    def build(path: str) -> Panel:
        return build_panel(1, upkeep, GAME.view(state, 0), presenter_for(GAME), lang, NAMES, (), path)

    assert read_panel(build, upkeep).can(())
    check_prompt(GAME, state, upkeep, lang)


@pytest.mark.parametrize("gold", [0, 1, 2, 3, 4, 5])
def test_the_upkeep_panel_opens_on_cards_the_purse_can_pay_and_offers_every_other_answer(gold: int) -> None:
    """[Detalles de la Carta de Ejército] 6. Costo de Mantenimiento: a card whose upkeep cannot be paid
    is disbanded, so what the panel opens on (a preselection) must be an answer the rules accept, and
    every other accepted answer — fewer cards, other cards, none — stays one change away."""
    state = _won_battle(gold, "crossbow1", "sword1", "axe2")  # upkeep 2 + 1 + 2
    upkeep = prompt(state)  # type: ignore[arg-type]
    if upkeep.default:
        assert accepted(GAME, state, upkeep, [upkeep.default]) == [upkeep.default]
    check_prompt(GAME, state, upkeep, "en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_answered_panel_says_what_was_kept_even_nothing(lang: str) -> None:
    """The panel a seat answered becomes a note of its answer, in the seat's language: the empty answer
    reads as the panel's own words for it, a kept card by its name."""
    from types import SimpleNamespace

    from bot.clicks import chosen_note
    from bot.i18n import t, translator
    from bot.ui.panels import none_label

    state = _won_battle(1, "crossbow1")
    upkeep = prompt(state)  # type: ignore[arg-type]
    table = SimpleNamespace(game=GAME, names=NAMES)
    tr = translator(lang)
    disband = none_label(tr, upkeep)
    assert disband == tr("ak.ask.upkeep.none") != "ak.ask.upkeep.none"
    assert chosen_note(table, upkeep, (), lang) == t(lang, "dm.you_chose", answer=disband)  # type: ignore[arg-type]
    card = presenter_for(GAME).option_label(tr, upkeep.options[0], NAMES)
    assert chosen_note(table, upkeep, (upkeep.options[0].id,), lang) == t(  # type: ignore[arg-type]
        lang, "dm.you_chose", answer=card)


def test_the_second_battle_of_a_move_and_fight_after_the_first_upkeep_took_the_last_gold() -> None:
    """[Detalles de la Carta de Ejército] 6. Costo de Mantenimiento, twice in one Move & Fight: two of
    the seat's generals each win a battle; keeping the first one's crossbow takes the purse's last 2
    Gold, so the second upkeep can only be "keep nothing", and its panel must offer that answer
    (issue 20: the table waited on a button the engine refused)."""
    state = board(seats=3)
    first = put(state, 0, "general", "g04", "H5", "crossbow1")
    first_target = put(state, 1, "general", "g01", "H6")
    second = put(state, 0, "general", "g02", "C5", "crossbow2")
    second_target = put(state, 2, "general", "g03", "C6")
    state.players[0].gold = 2  # type: ignore[attr-defined]
    fighting(state)
    for unit, target in ((first, first_target), (second, second_target)):
        answer(state, unit.id)
        answer(state, "stay")
        answer(state, target.id)
        upkeep = prompt(state)  # type: ignore[arg-type]
        assert upkeep.kind == "upkeep"
        if unit is first:
            answer(state, first.army[0])
    assert state.players[0].gold == 0  # type: ignore[attr-defined]
    assert accepted(GAME, state, upkeep, [(), (second.army[0],)]) == [()]

    def build(path: str) -> Panel:
        return build_panel(1, upkeep, GAME.view(state, 0), presenter_for(GAME), "en", NAMES, (), path)

    assert read_panel(build, upkeep).can(())
    check_prompt(GAME, state, upkeep, "en")
    answer(state)  # the empty answer moves the game on
    assert prompt(state).kind != "upkeep"  # type: ignore[arg-type]
