"""One sampled Akhedena world for a searching seat: a full state the engine can simulate, in which
every value the seat cannot know is drawn afresh from the decision's dice.

The seat's information set is what its view shows (engine/akhedena/view.py: the board, every purse
and VP, the army cards, how many Action and Black cards each seat holds, its own cards) plus the
public course of play (the stack, the cards played, revealed and discarded). Hidden [Información
Pública, Colocación de cartas]: the Action and Black cards of the other seats and the order of every
deck; ``Game.unknown`` adds the random generator. Each is overwritten here, never from its true value:

- the random generator: a new seed;
- another seat's Action hand (its size is public): dealt from the Action cards the seat has not seen
  (the whole set less its own hand and the face-up discard), the rest forming the Action deck; a
  march card already chosen in the open (a ``march`` frame names it) stays where it is;
- another seat's Black card (how many is public) likewise from the Black cards not seen (the set less
  its own and the discard, where revealed cards go [Cómo usar las cartas negras]);
- the order of the Army and General decks (their contents are the cards not on the table).

Every pool is put in a fixed order (sorted) before it is shuffled, so the sample depends on what the
seat sees and the dice only: two tables that differ in another seat's secrets give the same world.
"""

from __future__ import annotations

import copy

from engine.akhedena.pack import AkhedenaPack
from engine.akhedena.state import State, copies
from engine.core.rng import Rng


def sample_world(pack: AkhedenaPack, state: State, seat: int, rng: Rng) -> State:
    """A copy of ``state`` with everything ``seat`` cannot see redrawn from ``rng``."""
    world = copy.deepcopy(state)
    world.rng = rng.next64()
    others = [p for p in world.players if p.seat != seat]
    me, shown = world.players[seat], _open_marches(world)
    hands, world.action_deck = _deal(copies(pack.actions.values()), {*me.hand, *world.action_discard, *shown},
                                     [len(p.hand) - len(shown.intersection(p.hand)) for p in others],
                                     len(world.action_deck), rng)
    for p, dealt in zip(others, hands, strict=True):
        p.hand = [c for c in p.hand if c in shown] + dealt
    blacks, world.black_deck = _deal(copies(pack.black.values()), {*me.black, *world.black_discard},
                                     [len(p.black) for p in others], len(world.black_deck), rng)
    for p, dealt in zip(others, blacks, strict=True):
        p.black = dealt
    for deck in (world.army_deck, world.general_deck):
        rng.reorder(deck)
    return world


def _open_marches(world: State) -> set[str]:
    """Action cards named by an open ``march`` frame: chosen in the open, still in their owner's hand
    until a unit is picked (fight.py ``act_march``)."""
    return {f["card"] for f in world.stack if f["k"] == "march"}


Dealt = tuple[list[list[str]], list[str]]


def _deal(cards: list[str], seen: set[str], counts: list[int], deck: int, rng: Rng) -> Dealt:
    """``counts[i]`` unseen cards for each other seat; the unseen rest, shuffled, is the new deck of
    the true deck's size (its size is public)."""
    pool = sorted(c for c in cards if c not in seen)
    rng.shuffle(pool)
    dealt = [[pool.pop() for _ in range(min(n, len(pool)))] for n in counts]
    return dealt, pool[:deck]
