"""Which Advisor the hard Great Wall seat hires at the Embassy: the one worth the most to it, read
from the card's data rather than drawn at random (the normal seat's pick, engine/ai/greatwall_normal.py).

Why: Advisors differ a lot [ES p.14]. One pays its Honor at the final scoring, where no Shame can take
it [ES p.15]; one pays every Summer [ES p.8] for the years left; one only supports (its icons feed the
General's per-icon ability). Against seats that leave the Wall open, most games end with every Honor
track wiped (engine/ai/greatwall_doom.py): then Honor on the track is worth nothing and an Advisor that
pays at the end, or resources, are worth the most.

The worth is an estimate in Honor over the rest of the game, from public numbers only: the Summers
left on the Time track and whether the seat's track is doomed. Stand-in cards (engine data cards.toml)
are read like any other: nothing here names a card.
"""

from __future__ import annotations

from engine.ai.greatwall_turn import Turn
from engine.core.prompt import Option
from engine.greatwall.pack_fields import Ability

# Triggers other than Summer and the final scoring fire about this often a year (a recruit, a claim, a
# gathering, a build: each comes at most a few times a year [ES p.11-13]).
TRIGGERS_A_YEAR = 0.5
# A standing rule change (a cheaper Clerk, Chi saved, a discount) spares about one resource a year.
MOD_A_YEAR = 1.0


def summers_left(t: Turn) -> int:
    """Summers still to come: one a year on the Time track after this one [ES p.8-9]."""
    return max(0, t.years_after() + (1 if t.view["season"] == "spring" else 0))


def ability_worth(ability: Ability, years: int, honor_share: float) -> float:
    """Honor this ability should bring over ``years`` more years; Honor on the track counts at
    ``honor_share`` (0 once the track is doomed), a resource at 1 (it builds a Wall level's worth
    [ES p.13])."""
    if ability.mod:
        return MOD_A_YEAR * years
    gains = ability.gain
    if ability.when == "final":
        return float(gains.get("honor", 0))  # scored after the Shame [ES p.15]
    each = honor_share * gains.get("honor", 0) + sum(n for r, n in gains.items() if r != "honor")
    if ability.when == "hire":
        return each
    if ability.when == "summer":
        return each * years
    return each * years * TRIGGERS_A_YEAR


def best_hire(t: Turn, actives: list[Option], doom: bool) -> Option:
    """Of the active hires ``actives`` (at least one), the Advisor worth the most to us (ties: the first)."""
    years, share = summers_left(t), 0.0 if doom else 1.0
    advisors = t.pack.advisors
    return max(actives, key=lambda o: (ability_worth(advisors[o.args["advisor"]].ability, years, share),
                                       -actives.index(o)))


def most_icons(t: Turn, supports: list[Option]) -> Option:
    """Of the supporting hires ``supports`` (at least one), the Advisor with the most icons (ties: the first)."""
    return max(supports, key=lambda o: (t.pack.advisors[o.args["advisor"]].icons, -supports.index(o)))
