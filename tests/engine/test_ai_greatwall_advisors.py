"""Which Advisor the hard Great Wall seat hires (engine/ai/greatwall_advisors.py): the one worth the
most over the rest of the game, read from the card's data."""

from __future__ import annotations

from greatwall_support import GAME, until_prompt

from engine.ai.greatwall_advisors import ability_worth, best_hire, most_icons
from engine.ai.greatwall_turn import Turn
from engine.core.prompt import Option, Prompt
from engine.core.rng import Rng
from engine.greatwall.pack_fields import Ability
from engine.greatwall.state import State

FINAL = Ability(when="final", gain={"honor": 6})
SUMMER_HONOR = Ability(when="summer", gain={"honor": 2})


def _advisor(ability: Ability, icons: int | None = None) -> str:
    """The id of a card of the pack with ``ability`` (and ``icons``): the test reads the data, it does
    not name a stand-in card."""
    return next(a.id for a in GAME.pack.advisors.values()
                if a.ability == ability and (icons is None or a.icons == icons))


def _prompt(*advisors: str) -> Prompt:
    options = [Option("pass", "gw.opt.no_hire")]
    for i, adv in enumerate(advisors):
        options += [Option(f"adv.{i}.a", "gw.opt.hire_active", {"advisor": adv, "cost": 1}),
                    Option(f"adv.{i}.s", "gw.opt.hire_support", {"advisor": adv, "cost": 1})]
    return Prompt(seat=0, kind="embassy", id="t", key="gw.ask.embassy", options=tuple(options))


def _side(prompt: Prompt, side: str) -> list[Option]:
    """The hires of one side (``a`` active, ``s`` supporting) among the prompt's options."""
    return [o for o in prompt.options if o.id.endswith(f".{side}")]


def _turn(state: State, prompt: Prompt) -> Turn:
    return Turn(GAME.pack, GAME.view(state, 0), prompt, Rng(1))


def test_honor_scored_at_the_end_is_worth_the_same_to_a_doomed_track() -> None:
    """ES p.15: the final scoring takes the Shame penalty from the Honor track and then adds the
    Artifacts and what scores at the end; an Advisor's final Honor is not on the track, so a doomed
    track (its Honor share 0) still gets all of it, while an Advisor's Summer Honor [ES p.8] is lost."""
    assert ability_worth(FINAL, years=3, honor_share=0.0) == ability_worth(FINAL, years=3, honor_share=1.0) == 6
    assert ability_worth(SUMMER_HONOR, years=3, honor_share=0.0) == 0
    assert ability_worth(SUMMER_HONOR, years=3, honor_share=1.0) == 6


def test_an_advisor_paying_each_summer_is_worth_more_the_more_summers_are_left() -> None:
    """ES p.8: an active Advisor's Summer ability pays once a Summer; the game ends with the Time
    marker on the track's last space [ES p.9], so an early hire is paid more often."""
    early = ability_worth(SUMMER_HONOR, years=4, honor_share=1.0)
    late = ability_worth(SUMMER_HONOR, years=1, honor_share=1.0)
    assert early > ability_worth(FINAL, years=4, honor_share=1.0) > late


def test_a_doomed_seat_hires_the_advisor_whose_honor_comes_at_the_end() -> None:
    """ES p.14-15: of two Advisors on offer, a seat whose Honor track the Shame will wipe out takes
    the one that scores at the end; with its track safe and the game young, the one paying each Summer."""
    state, _ = until_prompt("reclaim", 0)
    prompt = _prompt(_advisor(SUMMER_HONOR), _advisor(FINAL))
    state.year, state.time, state.season = 1, 0, "spring"
    assert best_hire(_turn(state, prompt), _side(prompt, "a"), doom=False) == prompt.options[1]
    assert best_hire(_turn(state, prompt), _side(prompt, "a"), doom=True) == prompt.options[3]


def test_a_supporting_advisor_is_the_one_with_the_most_icons() -> None:
    """ES p.14: a supporting Advisor only adds its icons to the General's; a card with two icons
    supports twice as much as a card with one."""
    state, _ = until_prompt("reclaim", 0)
    prompt = _prompt(_advisor(SUMMER_HONOR, icons=1), _advisor(Ability(), icons=2))
    assert most_icons(_turn(state, prompt), _side(prompt, "s")) == prompt.options[4]
