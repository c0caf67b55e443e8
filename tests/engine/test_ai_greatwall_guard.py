"""The hard Great Wall seat's soldiers (engine/ai/greatwall_guard.py): they go where a breach would
shame it, and where they would take a card's claim."""

from __future__ import annotations

import pytest
from greatwall_support import GAME, until_prompt

from engine.ai import choose
from engine.ai.greatwall import GreatWallAI
from engine.ai.greatwall_guard import soldier_worth
from engine.ai.greatwall_turn import Turn
from engine.core.prompt import Choice, Prompt
from engine.core.rng import Rng
from engine.greatwall.combat import defence, power
from engine.greatwall.flow import Ctx
from engine.greatwall.state import HordeCard, Soldier, State


def at_recruit(seed: int = 2) -> tuple[State, Prompt]:
    """A 3-player game played by normal seats up to its first recruit at the Barracks."""
    return until_prompt("recruit", seed)


def threaten(state: State, sec: int, seat: int) -> None:
    """Every Section holds (a big Defence bonus) but ``sec``: two cards there, one with ``seat``'s soldier."""
    ctx = Ctx(state, GAME.pack)
    card = next(iter(GAME.pack.hordes))
    for i, section in enumerate(state.sections):
        section.hordes = [HordeCard(card)] if i != sec else [HordeCard(card, [Soldier(seat, "spearman", [0])]),
                                                             HordeCard(card)]
        section.wall, section.barricades, section.defence_bonus = 0, 0, 0
        if i != sec:
            section.defence_bonus = power(ctx, i) + 5
    assert power(ctx, sec) > defence(ctx, sec)


def horseman_rows(state: State, prompt: Prompt) -> set[int]:
    """The rows the hard seat's horseman, recruited to attack in Section 0, aims at over six seeds."""
    me = prompt.seat
    state.players[me].res.update({"stone": 9, "wood": 9, "chi": 9, "gold": 9, "food": 9})
    GAME.apply(state, me, Choice("recruit", ("horseman.atk.0", *choose(GAME, GAME.view(state, me), prompt, 0,
                                                                         "hard").values[1:])))
    target = next((p for p in GAME.prompts(state) if p.kind == "target"), None)
    assert target is not None and int(target.args["sec"]) == 0
    rows = set()
    for seed in range(6):
        pick = GreatWallAI(GAME, "hard").choose(GAME.view(state, me), target, Rng.from_seed(seed)).values[0]
        rows.add(int(next(o for o in target.options if o.id == pick).args["row"]))
    return rows


def test_a_recruit_goes_where_a_breach_would_shame_us() -> None:
    """ES p.10 / RU p.10: at a breach each player gains 1 Shame per Horde card there without one of
    their Soldiers; a Section that holds shames nobody. So the hard seat's soldier attacks in the
    Section that would fall, whichever section the normal seat's shuffle would have picked."""
    state, prompt = at_recruit()
    me = prompt.seat
    state.players[me].res.update({"stone": 9, "wood": 9, "chi": 9, "gold": 9, "food": 9})
    for sec in range(len(state.sections)):
        threaten(state, sec, (me + 1) % 3)
        view = GAME.view(state, me)
        for seed in range(6):
            values = GreatWallAI(GAME, "hard").choose(view, prompt, Rng.from_seed(seed)).values
            first = values[0]
            assert first.split(".")[1:] == ["atk", str(sec)], (sec, values)


def test_a_horseman_attacks_a_card_without_one_of_ours() -> None:
    """ES p.10 / RU p.10: one Soldier on a card spares its owner that card's breach Shame; a second one
    on the same card spares nothing more. A horseman may attack any row (ES p.12)."""
    state, prompt = at_recruit()
    me = prompt.seat
    threaten(state, 0, me)  # our soldier already stands on the first card (row 1)
    assert horseman_rows(state, prompt) == {2}


def _big_card() -> str:
    """A Horde card with two disjoint pairs of adjacent vital spots (room for two horsemen)."""
    for key, horde in GAME.pack.hordes.items():
        pairs = horde.adjacent_pairs()
        if any(not {a, b} & {c, d} for a, b in pairs for c, d in pairs):
            return key
    raise AssertionError("no card with room for two horsemen")


def held_by(card: str, seat: int) -> HordeCard:
    """``card`` with ``seat``'s horseman on its first pair of adjacent spots (2 spots covered)."""
    a, b = GAME.pack.hordes[card].adjacent_pairs()[0]
    return HordeCard(card, [Soldier(seat, "horseman", [a, b])])


def hold_everywhere(state: State) -> None:
    """No Section would fall this Winter: a breach spares no one's Shame, only claims are at stake."""
    ctx = Ctx(state, GAME.pack)
    for i, section in enumerate(state.sections):
        section.defence_bonus = 0
        section.defence_bonus = power(ctx, i) - defence(ctx, i) + 5


def test_a_horseman_goes_where_the_tea_order_lets_it_take_the_claim() -> None:
    """ES p.10 (Horde defeated, step 3): the card goes to the player covering the most spots with
    Soldiers, ties by Tea order. Two cards in one Section, each with a rival's horseman on 2 spots:
    our horseman ties both, and only the rival below us in the Tea order loses the tie to us. With no
    breach to spare, the hard seat attacks that card, the farther row though it is."""
    state, prompt = at_recruit()
    me = prompt.seat
    above, below = (me + 1) % 3, (me + 2) % 3
    state.tea = [above, me, below]
    card = _big_card()
    for section in state.sections:
        section.hordes = []
    state.sections[0].hordes = [held_by(card, above), held_by(card, below)]
    hold_everywhere(state)
    assert horseman_rows(state, prompt) == {2}


def test_a_recruit_goes_to_the_section_where_it_would_claim() -> None:
    """ES p.10 step 3 (most spots, ties by Tea order) and ES p.12 (a spearman attacks row 1 only):
    two Sections with the same card on row 1, each with a rival's horseman on it; our horseman ties
    both and wins the tie only against the rival below us in the Tea order. With every Section
    holding, the hard seat's horseman attacks there, whatever its shuffle."""
    state, prompt = at_recruit()
    me = prompt.seat
    above, below = (me + 1) % 3, (me + 2) % 3
    state.tea = [above, me, below]
    card = _big_card()
    for sec in range(len(state.sections)):
        state.sections[sec].hordes = []
    for claim, other in ((0, 1), (1, 0)):
        state.sections[claim].hordes = [held_by(card, below)]
        state.sections[other].hordes = [held_by(card, above)]
        hold_everywhere(state)
        state.players[me].res.update({"stone": 0, "wood": 9, "chi": 0, "gold": 9, "food": 9})  # a horseman only
        view = GAME.view(state, me)
        for seed in range(6):
            first = GreatWallAI(GAME, "hard").choose(view, prompt, Rng.from_seed(seed)).values[0]
            assert first == f"horseman.atk.{claim}", (claim, first)


def test_with_genghis_khan_a_claim_is_worth_the_wound_it_lets_us_deal() -> None:
    """IT GK, "Ferire Genghis Khan": the claimant of a defeated Horde may send a surviving Spearman
    (1 spot) or Horseman (2 spots) from it onto the Khan or a Skill, 6 Honor a spot; never once he is
    defeated. A horseman on an empty card claims it: its worth rises by those 12 Honor, weighted like
    the card's own Honor by the share of the card it covers."""
    state = GAME.setup(3, {"khan": "on"}, 2)
    me = 0
    card = next(c for c, spec in GAME.pack.hordes.items() if spec.adjacent_pairs())
    for section in state.sections:
        section.hordes = []
    state.sections[0].hordes = [HordeCard(card)]
    hold_everywhere(state)
    prompt = Prompt(seat=me, kind="target", id="t", key="t", options=(), args={"sec": 0, "unit": "horseman"})

    def worth() -> float:
        return soldier_worth(Turn(GAME.pack, GAME.view(state, me), prompt, Rng.from_seed(0)), 0, 0, 2, "horseman")

    alive = worth()
    assert state.khan is not None
    state.khan.defeated = True
    assert alive - worth() == pytest.approx(12 * 2 / len(GAME.pack.hordes[card].spots))
