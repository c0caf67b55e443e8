"""Lords of Xidit's Military Census is five secret choices, not one (issue 24 asked whether it could be
one panel). Rulebook [es] "Fase cuatro: censo militar" (xidit-facts.md, Phase 4): unit type by unit
type, Militia → Archers → Infantry → Clerics → Mages, every player secretly picks how many of that
type to show, all reveal at once, then the next type. A player decides the Archers knowing what
everyone showed of the Militia, so the five counts cannot be asked together in one panel: each type
stays its own question (a seat holding none of a type is still asked, so that being asked reveals
nothing; engine/xidit/census.py)."""

from __future__ import annotations

from games import cases, game_of

from engine.ai import choose
from engine.xidit.pack import UNITS


def test_each_unit_type_is_asked_after_the_previous_one_is_revealed() -> None:
    case = next(c for c in cases() if c.game_id == "xidit")
    game = game_of(case)
    state = game.setup(case.seats, dict(case.options), 3)
    asked: list[str] = []
    revealed: list[str] = []
    for step in range(4000):
        prompts = game.prompts(state)
        if not prompts or len(revealed) == len(UNITS):
            break
        census = [p for p in prompts if p.kind == "census"]
        if census:
            unit = census[0].args["unit"]
            assert {p.args["unit"] for p in census} == {unit}  # one type at a time
            assert revealed == asked[:len(revealed)] and unit not in revealed
            if not asked or asked[-1] != unit:
                assert revealed == asked, "a type asked before the previous one was revealed"
                asked.append(unit)
        p = prompts[0]
        for event in game.apply(state, p.seat, choose(game, game.view(state, p.seat), p, step)):
            if event.key == "xidit.census_reveal":
                revealed.append(event.args["unit"])
    assert asked == list(UNITS) and revealed == list(UNITS)
