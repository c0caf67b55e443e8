"""The hard search's reading of the coming Winter assault (engine/ai/greatwall_outlook.py) and how its
evaluation weighs Shame mid-game (engine/ai/greatwall_search.py ``outlook``)."""

from __future__ import annotations

from greatwall_support import GAME

from engine.ai.greatwall_great_famine import cap_room, famine_due, famine_risk
from engine.ai.greatwall_outlook import assault_pending, breach_shame
from engine.ai.greatwall_search import outlook
from engine.greatwall.combat import defence, power
from engine.greatwall.flow import Ctx
from engine.greatwall.state import HordeCard, Soldier, State


def table() -> tuple[State, Ctx]:
    """A 3-player table with every Section cleared, then two Horde cards in Section 0, seat 1 with a
    spearman on the first; no wall nor barricade there."""
    state = GAME.setup(3, {}, 7)
    for section in state.sections:
        section.hordes, section.wall, section.barricades, section.defence_bonus = [], 0, 0, 0
    card = next(iter(GAME.pack.hordes))
    state.sections[0].hordes = [HordeCard(card, [Soldier(1, "spearman", [0])]), HordeCard(card)]
    state.season = "spring"
    return state, Ctx(state, GAME.pack)


def test_a_breach_shames_every_player_per_card_without_their_soldier() -> None:
    """ES p.10 / RU p.10: when the Hordes' power exceeds a Section's Defence it is breached, and each
    player gains 1 Shame for every Horde card there on which they have no Soldier."""
    _state, ctx = table()
    assert power(ctx, 0) > defence(ctx, 0)
    assert [breach_shame(ctx, seat) for seat in range(3)] == [2, 1, 2]


def test_a_section_that_holds_shames_nobody() -> None:
    """ES p.10 / RU p.10: a Section whose Defence reaches the Hordes' power holds: no breach, no Shame."""
    state, ctx = table()
    state.sections[0].defence_bonus = power(ctx, 0) - defence(ctx, 0)
    assert [breach_shame(ctx, seat) for seat in range(3)] == [0, 0, 0]


def test_the_assault_is_ahead_until_winter() -> None:
    """ES p.9 / RU p.9: the Hordes assault in Winter, after Spring, Summer and Fall."""
    state, ctx = table()
    assert [assault_pending(ctx) for state.season in ("spring", "summer", "fall", "winter")] == [
        True, True, True, False]


def test_the_coming_breach_costs_five_honor_a_token_while_honor_pays() -> None:
    """ES p.15 / RU p.15: each Soldier with Shame costs 5 Honor at the end, never below 0; so the
    Shame the coming breach brings (ES p.10) weighs 5 a token while the seat's Honor covers it."""
    state, ctx = table()
    state.season = "winter"  # no assault ahead: only the Shame already taken counts
    state.time = len(ctx.time_track()) - 1  # the last year: no pace of Shame runs on after it
    player = state.players[0]
    player.honor, player.shamed = 30, {**player.shamed, "spearman": 0}
    before = outlook(ctx, 0)
    player.shamed["spearman"] = 2
    assert outlook(ctx, 0) == before - 10
    state.season = "fall"
    assert breach_shame(ctx, 0) == 2
    assert outlook(ctx, 0) == before - 20
    player.honor = 12  # 12 Honor pays for two of the four tokens and part of a third
    assert outlook(ctx, 0) == before - 30


def test_a_breach_that_brings_the_famine_cap_to_its_limit_is_the_tables_loss() -> None:
    """IT AC, "La Grande Carestia": a Breach lowers the shared cap by 1 per Horde card in the breached
    Section, and the cap at 5 or less ends the game at once with every player losing."""
    state = GAME.setup(3, {"scenario": "great_famine"}, 7)
    for section in state.sections:
        section.hordes, section.wall, section.barricades, section.defence_bonus = [], 0, 0, 0
    card = next(iter(GAME.pack.hordes))
    state.sections[0].hordes = [HordeCard(card), HordeCard(card)]
    state.season = "spring"
    ctx = Ctx(state, GAME.pack)
    assert state.chronicle is not None and power(ctx, 0) > defence(ctx, 0)
    state.chronicle["cap"] = 5 + 2  # two cards breach: 7 - 2 = 5, the limit
    assert famine_due(ctx)
    assert famine_risk(ctx, pending=True) == 1.0
    state.chronicle["cap"] = 5 + 3
    assert not famine_due(ctx)
    # "Non prendete né scartate alcun tassello Onta": the breach lowers the cap, and shames nobody.
    assert [breach_shame(ctx, seat) for seat in range(3)] == [0, 0, 0]
    state.chronicle["cap"] = 5 + 2
    state.sections[0].defence_bonus = power(ctx, 0) - defence(ctx, 0)  # the Section holds: no Breach
    assert not famine_due(ctx)


def test_no_famine_outside_the_scenario() -> None:
    """The cap is La Grande Carestia's alone (IT AC): a base game has none."""
    _state, ctx = table()
    assert not famine_due(ctx)


def famine_table(year: int, cap: int) -> Ctx:
    """A 3-player Great Famine table in ``year``'s Spring with the shared cap at ``cap``."""
    state = GAME.setup(3, {"scenario": "great_famine"}, 7)
    state.year, state.season = year, "spring"
    assert state.chronicle is not None
    state.chronicle["cap"] = cap
    return Ctx(state, GAME.pack)


def test_the_famine_forecast_reads_the_caps_fall_so_far() -> None:
    """IT AC, "La Grande Carestia": each Raid and each breaching Horde card lowers the shared cap by 1,
    and the cap at 5 or less is every player's loss. The hard search's forecast runs the fall so far
    on over the years left: a cap that fell faster is nearer that loss; one that has not fallen, or
    with no assault played yet to read a pace from, is not forecast to fall (policy:
    engine/ai/greatwall_great_famine.py)."""
    start = GAME.pack.scenarios["great_famine"].cap
    slow, fast = famine_table(4, start - 2), famine_table(4, start - 9)
    assert cap_room(fast, pending=False) == start - 9 - 5
    assert 0.0 < famine_risk(slow, pending=False) < famine_risk(fast, pending=False) < 1.0
    assert famine_risk(famine_table(4, start), pending=False) == 0.0
    assert famine_risk(famine_table(1, start - 4), pending=False) == 0.0  # no assault played yet
