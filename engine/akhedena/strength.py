"""Combat numbers: a unit's totals, who counts as an archer, and how one exchange of blows ends.

Rulings (fact sheet §7, contradictions C8 and C10), chosen to reproduce every worked example:
- A leader's card (general, commander, castle) adds its ATK and DEF bonus only when the unit holds
  army cards and every one of them shares the leader's weapon [Potenciación de Armas]. The two
  bonuses are separate numbers (C8): Scenario B's defender adds +10 DEF and no ATK.
- A hero adds its boost with two army cards of one weapon [Potenciación de Héroe].
- A castle always defends with its own base value; an empty castle can still be stormed.
- An attack succeeds only when ATK is greater than DEF: a tie holds [Cómo Batallar, example].
- Against an archer's volley (Scenario A) each army card defends alone with its DEF plus the
  unit's DEF bonus; a castle of ranged class shoots like an archer (C10).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.akhedena.pack import AkhedenaPack, Army
from engine.akhedena.state import Piece, card_type


@dataclass(frozen=True)
class Stats:
    atk: int
    df: int
    cards: tuple[tuple[str, int], ...]  # (army instance, its own DEF against a volley)


@dataclass(frozen=True)
class Boost:
    """What a revealed black card adds to one side for this battle."""

    atk: int = 0
    df: int = 0
    first: int = 0


@dataclass
class Exchange:
    first: tuple[int, int] = (0, 0)  # attacker's ATK vs defender's DEF
    counter: tuple[int, int] | None = None
    attacker_lost: bool = False
    defender_lost: bool = False
    lost_cards: list[str] = field(default_factory=list)  # volley: the defender's destroyed cards


def armies(pack: AkhedenaPack, piece: Piece) -> list[Army]:
    return [pack.armies[card_type(c)] for c in piece.army]


def piece_class(pack: AkhedenaPack, piece: Piece) -> str | None:
    if piece.kind == "general":
        return pack.generals[piece.card].cls
    if piece.kind == "castle":
        return pack.castles[piece.card].cls
    cards = armies(pack, piece)
    return cards[0].cls if cards else None


def weapon(pack: AkhedenaPack, piece: Piece) -> str | None:
    if piece.kind == "general":
        return pack.generals[piece.card].weapon
    if piece.kind == "castle":
        return pack.castles[piece.card].weapon
    return None


def bonus(pack: AkhedenaPack, piece: Piece) -> tuple[int, int]:
    cards = armies(pack, piece)
    if not cards:
        return (0, 0)
    if piece.kind == "hero":
        hero = pack.heroes[piece.card]
        full = len(cards) == 2 and cards[0].weapon == cards[1].weapon
        return (hero.atk, hero.df) if full else (0, 0)
    leader = pack.generals[piece.card] if piece.kind == "general" else pack.castles[piece.card]
    return (leader.atk, leader.df) if all(c.weapon == leader.weapon for c in cards) else (0, 0)


def stats(pack: AkhedenaPack, piece: Piece) -> Stats:
    cards = armies(pack, piece)
    batk, bdf = bonus(pack, piece)
    base = pack.castles[piece.card].base if piece.kind == "castle" else 0
    return Stats(sum(c.atk for c in cards) + batk, sum(c.df for c in cards) + bdf + base,
                 tuple((inst, card.df + bdf) for inst, card in zip(piece.army, cards, strict=True)))


def is_archer(pack: AkhedenaPack, piece: Piece) -> bool:
    return piece_class(pack, piece) == "ranged"


def blows(att: Stats, dfn: Stats, ab: Boost, db: Boost, can_counter: bool) -> Exchange:
    """The standard exchange [Cómo Batallar]: attack, and if the defence holds, a counter-attack."""
    out = Exchange(first=(att.atk + ab.atk + ab.first, dfn.df + db.df))
    if out.first[0] > out.first[1]:
        out.defender_lost = True
        return out
    if can_counter:
        out.counter = (dfn.atk + db.atk + db.first, att.df + ab.df)
        out.attacker_lost = out.counter[0] > out.counter[1]
    return out


def clash(att: Stats, dfn: Stats, ab: Boost, db: Boost, ranged: bool, archer: bool,
          structure: int | None) -> Exchange:
    """One battle's exchange: Scenario A when archers shoot a non-archer at range, else the standard
    exchange; at range only an archer strikes back, an infantry or cavalry castle never counters a
    shot (C10), and a defender with no army card never does. ``archer``: the defender is one;
    ``structure``: a castle defender's own base DEF (``volley``)."""
    if ranged and not archer:
        return volley(att, dfn, ab, db, structure)
    return blows(att, dfn, ab, db, bool(dfn.cards) and (not ranged or archer))


def volley(att: Stats, dfn: Stats, ab: Boost, db: Boost, structure: int | None) -> Exchange:
    """Scenario A: the archers' total hits each army card on its own; no counter-attack.
    ``structure`` is a castle's own base DEF, tried once its cards are gone."""
    power = att.atk + ab.atk + ab.first
    out = Exchange(first=(power, min((d for _, d in dfn.cards), default=0) + db.df))
    out.lost_cards = [inst for inst, d in dfn.cards if d + db.df < power]
    if len(out.lost_cards) == len(dfn.cards):
        out.defender_lost = structure is None or power > structure + db.df
    return out
