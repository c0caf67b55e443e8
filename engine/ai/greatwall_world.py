"""One sampled Great Wall world for the searching seat: a full state the engine can simulate, in
which every value the seat cannot know is drawn afresh from the decision's dice.

The seat's information set is what its view shows (engine/greatwall/view.py: the public board and its
own screen) plus the public course of play (the task stack, the open decision and its data). Every
secret [ES p.5] of another clan and everything ``Game.unknown`` declares is overwritten here, before
the search reads anything, and never from its true value:

- the random generator: a new seed;
- the order of every face-down pile (Hordes, Tactics, Advisors, Demands, Events, Qin's cards, the
  Rat deck [IT Rat]); the top Horde keeps its public Invasion value (the board shows it);
- another clan's resources behind the screen: a small random stock;
- another clan's Tactic hand (its size is public): dealt from the Tactics the seat has not seen
  (the card set in play, less its own hand and the face-up discard), the rest forming the deck;
- another clan's supporting Advisors (face down, their icons public [ES p.5]): each drawn from the
  Advisors the seat has not seen with the same icon count; draft offers likewise;
- another clan's claimed Hordes (face down, their Shame public): any Horde of the set in play;
- answers given face down to an open simultaneous decision: removed, the simulation asks again.

Only the counts and icons, which the view shows, are read from those values.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from engine.core.rng import Rng
from engine.greatwall.flow import Ctx
from engine.greatwall.pack import GreatWallPack
from engine.greatwall.seasons import cards_in_play
from engine.greatwall.state import Claimed, Player, State
from engine.greatwall.variant import open_rounds

# A sampled stock behind another clan's screen: each resource drawn from 0..STOCK-1.
STOCK = 3


def sample_world(pack: GreatWallPack, state: State, seat: int, rng: Rng) -> State:
    """A copy of ``state`` with everything ``seat`` cannot see redrawn from ``rng``."""
    world = copy.deepcopy(state)
    world.rng = rng.next64()
    ctx = Ctx(world, pack)  # the decks in play: the mode's card set and the fifth player's cards
    others = [p for s, p in enumerate(world.players) if s != seat]
    _scrub_answers(world, seat)
    _deal_tactics(world, seat, others, cards_in_play(ctx, "tactics"), rng)
    _deal_advisors(pack, world, seat, others, cards_in_play(ctx, "advisors"), rng)
    _deal_generals(world, seat, others, cards_in_play(ctx, "generals"), rng)
    hordes = cards_in_play(ctx, "hordes")
    for p in others:
        p.res = {r: rng.below(STOCK) for r in sorted(p.res)}
        p.claimed = [Claimed(rng.pick(hordes), c.shame) for c in p.claimed]
    _shuffle_hordes(pack, world, rng)
    for deck in world.plain_piles():
        rng.reorder(deck)
    return world


def _scrub_answers(world: State, seat: int) -> None:
    """Face-down answers of other seats (a command pick, a draft) are forgotten: the simulation
    asks those seats again. A Fall pick is only on the player once everyone has picked."""
    ask = world.ask
    if ask is None or len(ask.seats) < 2 or ask.kind in open_rounds():
        return
    ask.answers = {s: a for s, a in ask.answers.items() if s == seat}


def _unseen(pool: list[str], seen: Callable[[str], bool]) -> list[str]:
    return [c for c in pool if not seen(c)]


def _deal_tactics(world: State, seat: int, others: list[Player], tactics: list[str], rng: Rng) -> None:
    mine = world.players[seat].tactics
    public = world.tactic_discard
    pool = _unseen(tactics, lambda c: c in mine or c in public)
    rng.shuffle(pool)
    for p in others:
        p.tactics = [pool.pop() for _ in range(min(len(p.tactics), len(pool)))]
    world.tactic_deck = pool


def _deal_advisors(pack: GreatWallPack, world: State, seat: int, others: list[Player], advisors: list[str],
                   rng: Rng) -> None:
    me = world.players[seat]
    face_up = [a for p in world.players for a in p.active] + world.queue + world.advisor_discard
    pool = _unseen(advisors, lambda a: a in face_up or a in me.support or a in me.offer_advisors)
    rng.shuffle(pool)
    for p in others:
        p.support = [_take(pool, _icons(pack, pack.advisors[old].icons)) for old in p.support]
        p.offer_advisors = [_take(pool, lambda a: True) for _ in p.offer_advisors]
    world.advisor_deck = pool[:len(world.advisor_deck)]


def _icons(pack: GreatWallPack, icons: int) -> Callable[[str], bool]:
    """Fits an Advisor showing ``icons`` icons face down (all the table sees of it)."""
    return lambda a: pack.advisors[a].icons == icons


def _deal_generals(world: State, seat: int, others: list[Player], generals: list[str], rng: Rng) -> None:
    """Draft offers of Generals are secret until the Generals are revealed [ES p.5]."""
    me = world.players[seat]
    taken = [p.general for p in world.players if p.general]
    pool = _unseen(generals, lambda g: g in taken or g in me.offer_generals)
    rng.shuffle(pool)
    for p in others:
        p.offer_generals = [_take(pool, lambda g: True) for _ in p.offer_generals]


def _take(pool: list[str], fits: Callable[[str], bool]) -> str:
    """The last card of the shuffled pool that fits (any card if none does); removed from the pool."""
    for i in range(len(pool) - 1, -1, -1):
        if fits(pool[i]):
            return pool.pop(i)
    return pool.pop() if pool else ""


def _shuffle_hordes(pack: GreatWallPack, world: State, rng: Rng) -> None:
    """The Horde pile's order is unknown, its top card's Invasion value is on the board."""
    deck = world.horde_deck
    if not deck:
        return
    shown = pack.hordes[deck[0]].invasion
    rng.reorder(deck)
    top = next(i for i, h in enumerate(deck) if pack.hordes[h].invasion == shown)
    deck.insert(0, deck.pop(top))
