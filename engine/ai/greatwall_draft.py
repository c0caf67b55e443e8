"""The hard Great Wall seat's draft [ES p.5 steps 12-14]: which of its two Generals it keeps and
which of its two Advisors it turns face up, read from the cards' data rather than by the setup bar
alone and a coin (the normal seat's pick, engine/ai/greatwall_normal.py).

Why it matters: the face-up Advisor's ability works all game; the face-down one only adds its icons
to the General's per-icon ability [ES p.6]. An Advisor with two icons has no ability of its own
(engine data cards.toml), so turning it face up wastes both its icons and an ability slot. And the
Generals differ more by their abilities than by their setup bars: one pays its Honor at the final
scoring, where no Shame can take it [ES p.15], another every Summer.

The worth of a choice is an estimate in Honor over the game, from the cards dealt to the seat only:
the setup bar's resources (each builds a Wall level's worth [ES p.13]) and Tactic cards, the active
Advisor's ability, the General's ability times the icons the supporting Advisor shows, and the
General's place on the Tea stack, which orders nearly everything all game [ES p.6].

Measured (seeds 0..59, one hard seat against random seats; 5p against normal seats over 0..119):
without the Tea place, Genghis Khan 3p 0.87 -> 0.90 and Long Winter 3p 0.82 -> 0.90 against random
seats, but 5p standard against normal seats 0.667 -> 0.525, where the seat had given up the high Tea
values the search's pick (by a season's playout) had kept; with it 0.93, 0.95 and 0.625.
"""

from __future__ import annotations

from engine.ai.greatwall_advisors import ability_worth, summers_left
from engine.ai.greatwall_emperors_visit import short_of_emperor
from engine.ai.greatwall_turn import Turn
from engine.core.prompt import Option
from engine.greatwall.pack import RESOURCES, GreatWallPack

# Honor on the track counts at this share at the draft: the Shame still to come may take part of it
# at the end [ES p.15], and before the first assault no seat has a pace to read (greatwall_doom.py).
DRAFT_HONOR_SHARE = 0.5
# A Tactic card on the setup bar: about one resource's worth (it saves a soldier or adds strength).
TACTIC_WORTH = 1.0
# A rival acting after us all game: the Tea stack, set by the Generals' Tea values, orders the
# Command picks, every Location and the claims' ties [ES p.5 step 20, p.6], and only the Tea House
# moves it [ES p.14].
TEA_PLACE_WORTH = 3.0
# The Emperor's Visit [IT AC]: a unit of the wanted resource the setup bar leaves short of the amount
# asked. The first Winter pays 10 Honor for showing it and a Shame token otherwise, and the card asks
# again each Winter; the resources on the bar are the seat's first stock. Measured (4p against normal
# seats, seeds 0..119; only the games whose draft changes were re-run): 2 Honor a unit 0.683 -> 0.708,
# 4 Honor 0.717 (3p against random seats 0.917 -> 0.933).
EMPEROR_SHORT_WORTH = 4.0


def setup_worth(pack: GreatWallPack, general: str) -> float:
    """What the General's setup bar gives at once: Wood, Stone, Gold, Chi and Tactic cards [ES p.5]."""
    setup = pack.generals[general].setup
    return sum(setup.get(r, 0) for r in RESOURCES) + TACTIC_WORTH * setup.get("tactics", 0)


def tea_worth(pack: GreatWallPack, general: str, rivals: int) -> float:
    """The worth of ``general``'s place on the Tea stack against ``rivals`` other players whose Generals
    are not known yet: each is behind us as often as a General of the pack has a lower Tea value (the
    pack's Generals stand in for those of the deal: whose are dealt is hidden)."""
    others = [g.tea for g in pack.generals.values() if g.id != general]
    below = sum(tea < pack.generals[general].tea for tea in others) / len(others)
    return TEA_PLACE_WORTH * rivals * below


def tea_rivals(t: Turn) -> int:
    """The other players whose Tea markers the Generals' Tea values order: not the Reed clan's, put at
    the bottom [ES p.15], nor Qin Jiushao's, whose place is fixed after ours [ES p.16]; none at a
    co-op table, where the Tea order no longer orders actions [ES p.18-19]."""
    if t.view["mode"] == "coop":
        return 0
    fixed: set[int] = {t.view["reed"]} if t.view.get("reed") is not None else set()
    if t.view.get("qin"):
        fixed.add(t.view["qin"]["seat"])
    return sum(1 for p in t.view["players"] if p["seat"] != t.seat and p["seat"] not in fixed)


def choice_worth(pack: GreatWallPack, general: str, advisor: Option, years: int) -> float:
    """The worth of keeping ``general`` with ``advisor`` face up (its ``other`` face down)."""
    active = pack.advisors[advisor.args["advisor"]]
    support = pack.advisors[advisor.args["other"]]
    gen = pack.generals[general].ability
    per_icon = ability_worth(gen, years, DRAFT_HONOR_SHARE) * (support.icons if gen.per == "icon" else 1)
    return setup_worth(pack, general) + ability_worth(active.ability, years, DRAFT_HONOR_SHARE) + per_icon


def table_worth(t: Turn, general: str, rivals: int) -> float:
    """What ``general`` is worth at this table beyond its cards: its place on the Tea stack against
    ``rivals``, less the wanted resource its setup bar leaves short in the Emperor's Visit [IT AC]."""
    short = short_of_emperor(t.view, t.pack.generals[general].setup)
    return tea_worth(t.pack, general, rivals) - EMPEROR_SHORT_WORTH * short


def hard_draft(t: Turn) -> list[str]:
    """The General and face-up Advisor worth the most together (ties: the earlier offer)."""
    years, rivals = summers_left(t), tea_rivals(t)
    pairs = [(g, a) for g in t.slot(0) for a in t.slot(1)]
    general, advisor = max(pairs, key=lambda p: (choice_worth(t.pack, p[0].id, p[1], years)
                                                 + table_worth(t, p[0].id, rivals), -pairs.index(p)))
    return [general.id, advisor.id]
