"""The hard Great Wall seat's soldiers: where it recruits them and which Horde card they attack.

The rules it plays for [ES p.10, RU p.10]:
- when a Section is breached, every player gains 1 Shame per Horde card there on which they have no
  Soldier, and each Shame costs 5 Honor at the end [ES p.15]: one soldier on a card spares that Shame
  whoever lets the Section fall;
- a defeated card pays 2 Honor to every player with a soldier on it, and goes to the player covering
  the most of its spots with soldiers (ties by Tea order), where it scores its Honor at the end.
  With Genghis Khan the claimant may also send a surviving Spearman or Horseman of the card onto him,
  6 Honor a spot [IT GK].
So a spearman or horseman attacks the card where it is worth the most Honor in all (``soldier_worth``),
which is rarely a card it cannot claim once its Section holds.
Measured (5p vs normal seats, seeds 0..119): a soldier that only looked for a card without one of ours
before a breach won 0.567; one that weighs the claim too 0.667, and the hard seat claimed about 2.5
times the Honor of cards it did (docs/ai-strength.md).
"""

from __future__ import annotations

from typing import Any

from engine.ai.greatwall_claims import per_claim_honor
from engine.ai.greatwall_khan import bannerman_first, free_shown, wound_honor
from engine.ai.greatwall_turn import Pick, Turn
from engine.core.prompt import Option


def unguarded(t: Turn, sec: int, unit: str) -> int:
    """Horde cards in ``sec`` a ``unit`` may attack that have none of our soldiers, when the Hordes'
    power there exceeds the Defence (a breach would shame us once per such card [ES p.10]); 0 when the
    Section holds. A spearman reaches row 1 only, a horseman any row [ES p.12]."""
    section = t.view["sections"][sec]
    if section["power"] <= section["defence"]:
        return 0
    cards = section["hordes"] if unit != "spearman" else section["hordes"][:1]
    return sum(1 for card in cards if all(s["seat"] != t.seat for s in card["soldiers"]))


def soldier_worth(t: Turn, sec: int, row: int, n: int, unit: str = "spearman") -> float:
    """What our soldier covering ``n`` spots of the card in ``row`` (0 = row 1) of ``sec`` is worth in
    Honor [ES p.10]: the breach Shame it spares when the Hordes' power there exceeds the Defence and
    we have no soldier on the card yet; the defeat Honor (2 for every player with a soldier on it) and
    the claim (the most spots covered by soldiers, ties by Tea order: the card's Honor at the end
    [ES p.15], with the per-claim Artifacts and the Khan's wound it opens) it moves towards us, each weighted by the
    share of the card then covered. ``unit`` is the soldier's kind (a Horseman covers 2 spots)."""
    section = t.view["sections"][sec]
    card = section["hordes"][row]
    spec = t.pack.hordes[card["card"]]
    total = len(spec.spots)
    covered = total - len(card["free"])
    after = min(total, covered + n) / total
    counts: dict[int, int] = {}
    for soldier in card["soldiers"]:
        counts[soldier["seat"]] = counts.get(soldier["seat"], 0) + len(soldier["spots"])
    ours = t.seat in counts
    worth = 0.0
    if not ours:
        worth += t.pack.costs["defeat_honor"] * after
        if section["power"] > section["defence"]:
            worth += t.pack.costs["shame_penalty"]
    before = _claimant(t, counts)
    counts[t.seat] = counts.get(t.seat, 0) + n
    if _claimant(t, counts) == t.seat:
        # The card's Honor, less what we held of it already (a claim we only strengthen).
        held = covered / total if before == t.seat else 0.0
        units = [unit, *(s["unit"] for s in card["soldiers"] if s["seat"] == t.seat)]
        extra = per_claim_honor(t.pack, t.view["artifacts"]) + wound_honor(free_shown(t), units)
        worth += (spec.honor + extra) * (after - held)
    return worth


def _claimant(t: Turn, counts: dict[int, int]) -> int | None:
    tea = t.view["tea"]
    return min(counts, key=lambda s: (-counts[s], tea.index(s))) if counts else None


def best_soldier(t: Turn, sec: int, unit: str) -> float:
    """The most a ``unit`` attacking in ``sec`` can be worth (``soldier_worth``): a spearman on row 1,
    a horseman (2 adjacent spots) on any card with two free adjacent spots [ES p.12]."""
    hordes = t.view["sections"][sec]["hordes"]
    best = 0.0
    for row, card in enumerate(hordes):
        if unit == "spearman" and row > 0:
            break
        free = set(card["free"])
        if unit == "horseman":
            pairs = t.pack.hordes[card["card"]].adjacent_pairs()
            if not any(a in free and b in free for a, b in pairs):
                continue
        elif not free:
            continue
        best = max(best, soldier_worth(t, sec, row, 2 if unit == "horseman" else 1, unit))
    return best


def _order(t: Turn, o: Option) -> tuple[Any, ...]:
    """Real recruits before passing, to a card before a Rest Zone, where the soldier is worth most."""
    unit = o.args.get("unit", "")
    worth = best_soldier(t, o.args["sec"], unit) if ".atk." in o.id and unit != "archer" else 0.0
    return o.id == "pass", ".rest." in o.id, -worth, unit == "horseman"


def _recruit(t: Turn) -> list[str]:
    """Every recruit slot [ES p.11, Barracks]: the soldier that spares the most breach Shame first."""
    def ordered(options: list[Option]) -> list[Option]:
        t.rng.shuffle(options)
        return bannerman_first(t, sorted(options, key=lambda o: _order(t, o)))  # [IT GK]
    return t.recruits(ordered)


def _target(t: Turn) -> list[str]:
    """A soldier's card [ES p.10]: one without our soldier first (it spares a breach Shame), then the
    most rewards, then the nearest row; an archer's shot as the normal seat aims it."""
    sec, unit = int(t.prompt.args["sec"]), t.prompt.args["unit"]
    hordes = t.view["sections"][sec]["hordes"]

    def key(o: Option) -> tuple[Any, ...]:
        row = int(o.args.get("row", 1)) - 1
        if unit == "archer" or row >= len(hordes):  # an archer's wound earns no reward [ES p.12]
            return 0.0, -row, t.rng.below(8)
        rewards = sum(t.pack.costs["reward_honor"] if r == "honor" else 1 for r in o.args.get("rewards", []))
        return soldier_worth(t, sec, row, len(o.args["spots"]), unit) + rewards, -row, t.rng.below(8)

    return [max(t.prompt.options, key=key).id]


GUARD_PICKS: dict[str, Pick] = {"recruit": _recruit, "target": _target}
