"""The hard Great Wall seat's draft (engine/ai/greatwall_draft.py): the General and the face-up
Advisor read from the cards' data [ES p.5 steps 12-14, p.6]."""

from __future__ import annotations

from greatwall_support import GAME

from engine.ai import choose
from engine.ai.greatwall_advisors import ability_worth
from engine.ai.greatwall_draft import DRAFT_HONOR_SHARE, choice_worth, hard_draft, tea_rivals, tea_worth
from engine.ai.greatwall_turn import Turn
from engine.core.prompt import Option, Prompt
from engine.core.rng import Rng
from engine.greatwall.state import State

PACK = GAME.pack


def _blank(icons: int) -> str:
    """An Advisor of the pack with ``icons`` icons and no ability of its own (data cards.toml)."""
    return next(a.id for a in PACK.advisors.values() if a.icons == icons and a.ability == type(a.ability)())


def _with_ability(but: str = "") -> str:
    """A one-icon Advisor of the pack with an ability that pays on a trigger, other than ``but``."""
    return next(a.id for a in PACK.advisors.values() if a.icons == 1 and a.ability.when and a.id != but)


def _per_icon_general() -> str:
    return next(g.id for g in PACK.generals.values() if g.ability.per == "icon" and g.ability.gain.get("honor"))


def _draft(generals: list[str], advisors: list[str], options: dict[str, str] | None = None) -> tuple[State, Prompt]:
    """A 3-player table (of ``options``) at the draft whose first seat is dealt ``generals`` and ``advisors``."""
    state = GAME.setup(3, dict(options or {}), 7)
    player = state.players[0]
    player.offer_generals, player.offer_advisors = list(generals), list(advisors)
    prompt = next(p for p in GAME.prompts(state) if p.seat == 0)
    assert prompt.kind == "draft"
    return state, prompt


def _option(prompt: Prompt, active: str) -> Option:
    return next(o for o in prompt.options_for(1) if o.args["advisor"] == active)


def test_an_advisor_without_an_ability_is_turned_face_down() -> None:
    """ES p.6: only the face-up Advisor's ability works; the face-down one adds its icons to the
    General's ability. A card with icons and no ability (data cards.toml) face up would give neither,
    so the seat turns the other one face up, whichever order they were dealt in."""
    blank, able = _blank(2), _with_ability()
    for dealt in ([blank, able], [able, blank]):
        state, prompt = _draft([_per_icon_general(), next(iter(PACK.generals))], dealt)
        answer = hard_draft(Turn(PACK, GAME.view(state, 0), prompt, Rng(1)))
        assert answer[1] == _option(prompt, able).id
        hard = choose(GAME, GAME.view(state, 0), prompt, 3, "hard")  # the level, from the view alone
        assert hard.values[1] == answer[1]


def test_the_general_ability_counts_the_face_down_icons() -> None:
    """ES p.6: a General's per-icon ability pays once per icon the face-down Advisors show, so the
    same General with a two-icon card face down is worth one more icon's pay than with a one-icon
    card face down (the face-up card being the same; the face-down one's ability does not count)."""
    general, able = _per_icon_general(), _with_ability()
    years = 3
    _, two = _draft([general, general], [able, _blank(2)])
    _, one = _draft([general, general], [able, _with_ability(but=able)])
    per_icon = ability_worth(PACK.generals[general].ability, years, DRAFT_HONOR_SHARE)
    gap = choice_worth(PACK, general, _option(two, able), years) \
        - choice_worth(PACK, general, _option(one, able), years)
    assert per_icon > 0
    assert gap == per_icon


def test_the_setup_bar_counts_each_resource_and_tactic() -> None:
    """ES p.5 step 15: the kept General's setup bar gives its Wood, Stone, Gold, Chi and Tactic cards;
    with the same Advisors, the General whose bar gives more is worth that much more before abilities."""
    able, blank = _with_ability(), _blank(2)
    a, b = list(PACK.generals)[:2]
    _, prompt = _draft([a, b], [able, blank])
    option = _option(prompt, able)
    years = 0  # no Summer left: abilities that pay by the year count nothing

    def bar(g: str) -> int:
        setup = PACK.generals[g].setup
        return sum(setup.get(r, 0) for r in ("wood", "stone", "gold", "chi", "tactics"))

    def ability(g: str) -> float:
        gen = PACK.generals[g].ability
        return ability_worth(gen, years, DRAFT_HONOR_SHARE) * (PACK.advisors[blank].icons if gen.per == "icon" else 1)

    assert choice_worth(PACK, a, option, years) - ability(a) - (choice_worth(PACK, b, option, years) - ability(b)) \
        == bar(a) - bar(b)


def _rivals(seats: int, options: dict[str, str]) -> int:
    state = GAME.setup(seats, options, 7)
    prompt = GAME.prompts(state)[0]
    return tea_rivals(Turn(PACK, GAME.view(state, prompt.seat), prompt, Rng(1)))


def test_a_higher_tea_value_puts_the_seat_ahead_of_more_rivals() -> None:
    """ES p.5 step 20 and p.6: the Tea markers are stacked by the Generals' Tea values, highest on
    top, and the top acts first; so the General with the highest Tea value of the pack is worth more
    on the stack than the one with the lowest, and more so with more rivals to act before."""
    by_tea = sorted(PACK.generals.values(), key=lambda g: g.tea)
    low, high = by_tea[0].id, by_tea[-1].id
    assert tea_worth(PACK, high, 2) > tea_worth(PACK, low, 2)
    assert tea_worth(PACK, high, 4) > tea_worth(PACK, high, 2)


def test_only_drafting_rivals_compete_on_the_tea_stack() -> None:
    """ES p.15: the Reed clan's Tea marker goes at the bottom of the stack, so at two players the one
    rival is the other player; ES p.16: solo, the order is the player then Qin, whatever the Tea
    values; ES p.18-19: at a co-op table the Tea order no longer orders actions. At 3 and 5 players
    every other player is a rival."""
    assert _rivals(2, {"mode": "duel"}) == 1
    assert _rivals(1, {"mode": "solo"}) == 0
    assert _rivals(3, {"mode": "coop"}) == 0
    assert _rivals(3, {}) == 2
    assert _rivals(5, {}) == 4


def test_the_emperors_visit_wants_a_general_whose_bar_shows_the_resource() -> None:
    """IT AC, "La Visita dell'Imperatore": each Winter a player holding the amount of the resource the
    card asks for gains 10 Honor, else takes a Shame token. Of two Generals the seat would rank the
    other way at a standard table, the one whose setup bar [ES p.5] already holds the amount is kept."""
    visit = {"scenario": "emperors_visit"}
    state, _ = _draft(list(PACK.generals)[:2], [_with_ability(), _blank(2)], visit)
    card = GAME.view(state, 0)["emperors_visit"]
    wanted, amount = card["resource"], int(card["n"])
    shows = [g for g in PACK.generals.values() if g.setup.get(wanted, 0) >= amount]
    short = [g for g in PACK.generals.values() if g.setup.get(wanted, 0) < amount]

    def pick(generals: list[str], options: dict[str, str]) -> str:
        state, prompt = _draft(generals, [_with_ability(), _blank(2)], options)
        return hard_draft(Turn(PACK, GAME.view(state, 0), prompt, Rng(1)))[0]

    pair = next([a.id, b.id] for a in shows for b in short if pick([a.id, b.id], {}) == b.id)
    assert pick(pair, visit) == pair[0]
    assert pick(pair[::-1], visit) == pair[0]
