"""Ancient Chronicles: six scenarios, each a variant chosen by the table option ``scenario`` [IT AC;
fact sheet §13.2]. A scenario names the mode it is played in (its card's setup side: the standard
game, or co-op for the two co-op scenarios [IT AC, "Preparazione"]), so choosing it sets the mode
(engine/greatwall/game.py ``build_caps``), and it is never played with another expansion [IT AC:
"gli Scenari non possono essere combinati con le altre espansioni"]; the fifth player's box is an
expansion too, so a scenario table seats its mode's base count.

Ruling (IT AC is silent): a competitive scenario is the standard game at 3–4 players (not the duel
or solo, which have setups of their own [ES p.15–16]); a co-op scenario is co-op at 2–4, with the
Reed clan at 2 as co-op has [ES p.19].

What every scenario shares — the Chronicles' Artifacts, Tactics, Generals and Advisors shuffled in
[IT AC, setup steps 4, 9, 10, 11] — are this base class's hooks; a scenario subclasses it, and an
override of ``artifacts``, ``deck`` or any other hook this class defines calls ``super()`` first.
The scenario's own setup "before the standard setup" and its step 19 are its ``setup_state`` /
``extra_setup`` hooks, which run before the draft (engine/greatwall/seasons.py ``deal``)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.greatwall.chronicles import cards
from engine.greatwall.flow import Ctx
from engine.greatwall.variant import Variant

SCENARIO = "scenario"  # the table option whose values are the scenarios
COMPETITIVE, COOP = frozenset({"standard"}), frozenset({"coop"})
COMPETITIVE_SEATS, COOP_SEATS = (3, 4), (2, 4)  # the ruling above
ORDER = 40  # after the mode (0); no other expansion is ever active beside a scenario


@dataclass(frozen=True)
class ScenarioVariant(Variant[Ctx]):
    """A scenario: the shared Chronicles cards; its own rules in the subclass."""

    def artifacts(self, ctx: Ctx, pool: list[str]) -> list[str]:
        return cards.artifacts(ctx, pool)

    def deck(self, ctx: Ctx, kind: str, cards_in: list[str]) -> list[str]:
        return cards.deck(ctx, kind, cards_in)


def competitive(cls: type[ScenarioVariant], name: str, **more: object) -> ScenarioVariant:
    """A competitive scenario: the standard game at 3–4 players."""
    return cls(name, option=(SCENARIO, name), combines=COMPETITIVE, seats=COMPETITIVE_SEATS, order=ORDER,
               **more)  # type: ignore[arg-type]


def cooperative(cls: type[ScenarioVariant], name: str, **more: object) -> ScenarioVariant:
    """A co-op scenario: co-op at 2–4 players."""
    return cls(name, option=(SCENARIO, name), combines=COOP, seats=COOP_SEATS, order=ORDER,
               **more)  # type: ignore[arg-type]
