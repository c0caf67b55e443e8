"""Shared helpers for Great Wall engine tests: playouts (AI and random seats) and invariants."""

from __future__ import annotations

from collections import Counter

import games

from engine.ai import choose
from engine.core.prompt import Prompt
from engine.greatwall.coop import active_slots, demand_pool
from engine.greatwall.flow import Ctx
from engine.greatwall.game import GreatWallGame
from engine.greatwall.pack import QIN_TOKENS, UNITS
from engine.greatwall.seasons import cards_in_play
from engine.greatwall.state import State
from engine.greatwall.tactics import hand_limit

GAME = GreatWallGame()


def fortress(state: State) -> list[int]:
    """The Siege's archers in the Fortress, one seat each [IT AC]; none in other games."""
    return list((state.chronicle or {}).get("fortress", []))


def beside_card(state: State) -> int:
    """Shame tokens beside the Siege's Fortress card [IT AC]; none in other games."""
    return int((state.chronicle or {}).get("siege", 0))


def check_invariants(state: State) -> None:
    pack, box = GAME.pack, GAME.pack.box
    n = state.seats
    assert state.ask is None or all(s < n for s in state.ask.seats)  # only seats are ever asked
    if state.reed is not None:
        check_reed(state)
    if state.qin is not None:
        check_qin(state)
    check_rat(state)
    for seat in range(n):
        p = state.players[seat]
        on_board = sum(seats.count(seat) for seats in state.clerks_at.values())
        on_board += (state.chronicle or {}).get("clerks", {}).get(str(seat), 0)  # on a scenario card [IT AC]
        assert p.clerks >= 0 and p.clerk_space >= 0
        assert p.clerks + p.clerk_space + on_board == box["clerks"], (seat, p.clerks, p.clerk_space, on_board)
        units: Counter[str] = Counter(p.reserve)
        for section in state.sections:
            units.update(section.rest.get(seat, {}))
            units["archer"] += section.firing.count(seat)
            for card in section.hordes:
                units.update(s.unit for s in card.soldiers if s.seat == seat)
        units.update(o[seat].unit for o in state.overseers.values() if seat in o)
        units.update(p.sacrificed)  # co-op: out of the game, still counted
        units["archer"] += fortress(state).count(seat)  # the Siege's Fortress [IT AC]
        if state.khan is not None:  # on the Khan's card or a Skill for good (the Genghis Khan expansion)
            units.update(s.unit for on in state.khan.wounds.values() for s in on if s.seat == seat)
        # A fresh recruit is in the task that will make it attack (or in the open target ask).
        units.update(t["unit"] for t in state.tasks if t["op"] == "attack" and t["seat"] == seat
                     and t["source"] == "recruit")
        if state.ask and state.ask.kind == "target" and state.ask.seats == [seat] \
                and state.ask.data["source"] == "recruit":
            units[state.ask.data["unit"]] += 1
        bannerman = {"bannerman": 1} if state.khan is not None else {}  # the Genghis Khan expansion's
        assert +units == Counter({"spearman": box["spearmen"], "archer": box["archers"],
                                  "horseman": box["horsemen"], **bannerman}), (seat, units)
        assert all(0 <= p.shamed[u] <= p.reserve[u] for u in UNITS), (p.shamed, p.reserve)
        assert all(v >= 0 for v in p.res.values()) and p.honor >= 0, p.res
        assert all(0 <= c.shame <= 2 for c in p.claimed)
        pending = any(t["op"] == "hand_limit" and t["seat"] == seat for t in state.tasks)
        discarding = state.ask is not None and state.ask.kind == "discard" and seat in state.ask.seats
        if not pending and not discarding:
            assert len(p.tactics) <= hand_limit(Ctx(state, pack), p), (seat, len(p.tactics))
    shame = state.shame_supply + state.shame_boxed + sum(
        sum(p.shamed.values()) + sum(c.shame for c in p.claimed) for p in state.players[:n]) + beside_card(state)
    shame += len((state.chronicle or {}).get("haunted", []))  # on Locations (the Ghost Festival [IT AC])
    assert shame == box["shame_per_player"] * n, shame
    for section in state.sections:
        assert len(section.hordes) <= 3 and 0 <= section.barricades <= 3 and 0 <= section.wall <= 3
        assert len(section.firing) <= pack.walls[section.wall].firing
        for card in section.hordes:
            spots = [s for soldier in card.soldiers for s in soldier.spots] + card.wounds
            assert len(spots) == len(set(spots)) and set(spots) <= set(pack.hordes[card.card].spots)
    hordes = [*state.horde_deck, *state.horde_discard, *(c.card for s in state.sections for c in s.hordes),
              *(c.card for p in state.players for c in p.claimed)]
    in_play = [h for h in in_game(state, "hordes", khan_types=False) if pack.hordes[h].invasion >= state.blocked]
    if state.khan is not None:  # 2 whole base types out, the Genghis Khan types in [IT GK step 6]
        in_play += [h for h in pack.khan.hordes if pack.hordes[h].invasion >= state.blocked]
        out = {pack.hordes[h].type for h in set(in_play) - set(hordes)}
        assert len(out) == 2 and not out & {pack.hordes[h].type for h in pack.khan.hordes}, out
        in_play = [h for h in in_play if pack.hordes[h].type not in out]
    assert sorted(hordes) == sorted(in_play)
    tactics = [*state.tactic_deck, *state.tactic_discard, *(t for p in state.players for t in p.tactics)]
    assert sorted(tactics) == sorted(in_game(state, "tactics"))
    if state.mode == "coop" and state.chronicle is not None:  # a survival scenario: no Demands [IT AC]
        assert state.demands == [None] * 3 and not state.demand_deck and not state.fulfilled
        assert sorted([*state.event_deck, *state.events]) == sorted(pack.events)
    elif state.mode == "coop":
        assert all(c.shame == 0 for p in state.players for c in p.claimed)  # never on a card [ES p.19]
        active = [d for d in state.demands if d is not None]
        assert len(state.demands) == 3 and len(set(active)) == len(active)
        assert sorted([*state.demand_deck, *state.fulfilled, *active]) == sorted(demand_pool(pack, n))
        assert all(d is None for d in state.demands[active_slots(state):])  # 2 players: the third unused
        assert sorted([*state.event_deck, *state.events]) == sorted(pack.events)
    advisors = [*state.advisor_deck, *state.queue, *state.advisor_discard,
                *(a for p in state.players for a in (*p.active, *p.support, *p.offer_advisors))]
    assert sorted(advisors) == sorted(in_game(state, "advisors"))
    for seat in range(n):
        p = state.players[seat]
        cards = [*p.hand, *(c.card for c in (*state.track, *state.command_discard) if c is not None and c.seat == seat)]
        if p.command is not None and all(c is None or c.seat != seat for c in state.track):
            cards.append(p.command)
        assert sorted(cards) == sorted(pack.commands), (seat, cards)


def in_game(state: State, kind: str, khan_types: bool = True) -> list[str]:
    """The cards of ``kind`` a game was dealt from: the pack's card set of its variants, then their
    own additions (engine/greatwall/variant.py ``card_set``, ``deck``; the fifth player's cards).
    ``khan_types=False``: the Horde cards before Genghis Khan's random choice of types (checked apart)."""
    if not khan_types and kind == "hordes":
        return GAME.pack.deck("hordes", Ctx(state, GAME.pack).first(lambda v: v.card_set))
    return cards_in_play(Ctx(state, GAME.pack), kind)


def check_reed(state: State) -> None:
    """What the Reed clan never does [ES p.15]: its 3 Clerks stay on the board (max 1 per Location);
    no Honor, Shame, Horde cards, resources or Tactics; only Spearmen, never in a Rest Zone."""
    box, reed = GAME.pack.box, state.reed
    assert reed == len(state.players) - 1 and state.players[reed].clerks == 0 and state.players[reed].clerk_space == 0
    assert sum(at.count(reed) for at in state.clerks_at.values()) == 3
    assert all(at.count(reed) <= 1 for at in state.clerks_at.values())
    p = state.players[reed]
    assert p.honor == 0 and not any(p.res.values()) and not p.tactics and not p.claimed
    assert not any(p.shamed.values()) and p.reserve["archer"] == 0 and p.reserve["horseman"] == 0
    on_cards = [s.unit for sec in state.sections for c in sec.hordes for s in c.soldiers if s.seat == reed]
    assert set(on_cards) <= {"spearman"} and p.reserve["spearman"] + len(on_cards) == box["spearmen"]
    assert all(not any(sec.rest.get(reed, {}).values()) and reed not in sec.firing for sec in state.sections)
    assert all(c.seat != reed for c in state.command_discard) and reed not in state.overseers.get("mill", {})
    assert reed not in state.final


def check_rat(state: State) -> None:
    """The Rat [IT Rat]: its 5 cards are all in its deck or revealed (errata 46: a spent deck is
    reshuffled, none lost); it stands on a Location of the board once placed, never the Warehouse
    (errata 46); its Artifacts are shuffled in only when it is played ("Preparazione" 4)."""
    pack, rat = GAME.pack, state.rat
    rat_artifacts = set(pack.rat["artifacts"])
    if rat is None:
        assert not set(state.artifacts) & rat_artifacts, state.artifacts
        return
    assert sorted([*rat.deck, *rat.shown]) == sorted(pack.rat_cards) and rat.shown, (rat.deck, rat.shown)
    placing = state.ask is not None and state.ask.kind == "rat_place"
    assert (rat.loc is None) == (placing or any(t["op"] == "rat_place" for t in state.tasks)), rat.loc
    assert rat.loc is None or (rat.loc in pack.locations and rat.loc != "warehouse"), rat.loc


def check_qin(state: State) -> None:
    """What Qin Jiushao never does [ES p.16–17]: Shame, resources, Tactics, Active Advisors, Rest
    Zones; his 8 Clerks and all his Soldiers are accounted for; his track holds the 5 tokens."""
    box, qin = GAME.pack.box, state.qin
    assert qin is not None and qin.seat == state.seats and sorted(qin.track) == sorted(QIN_TOKENS)
    p = state.players[qin.seat]
    assert not any(p.res.values()) and not p.tactics and not p.active and not any(p.shamed.values())
    assert p.clerks + sum(at.count(qin.seat) for at in state.clerks_at.values()) == box["clerks"]
    on_board = [loc for loc, at in state.clerks_at.items() if qin.seat in at]
    assert set(on_board) <= set(QIN_TOKENS.values()), on_board
    units: Counter[str] = Counter(p.reserve)
    units.update(o[qin.seat].unit for o in state.overseers.values() if qin.seat in o)
    units.update(s.unit for sec in state.sections for c in sec.hordes for s in c.soldiers if s.seat == qin.seat)
    assert units == Counter({"spearman": box["spearmen"], "archer": box["archers"], "horseman": box["horsemen"]})
    assert all(not any(sec.rest.get(qin.seat, {}).values()) and qin.seat not in sec.firing for sec in state.sections)
    assert all(c.seat != qin.seat for c in state.command_discard) and p.honor >= 0


def _case(seats: int, options: dict[str, str] | None, mode: str) -> games.Case:
    return games.Case("greatwall", seats, {**(options or {}), **({"mode": mode} if mode != "standard" else {})})


def playout(seed: int, seats: int = 3, random_share: int = 30, check: bool = True,
            options: dict[str, str] | None = None, mode: str = "standard") -> tuple[State, list[tuple[int, str]]]:
    """A whole game, part AI and part random (games.playout), invariants after every step."""
    return games.playout(_case(seats, options, mode), seed, random_share=random_share,
                         check=check_invariants if check else None)


def replay(seed: int, seats: int, log: list[tuple[int, str]], options: dict[str, str] | None = None,
           mode: str = "standard") -> State:
    state: State = games.replay(_case(seats, options, mode), seed, log)
    return state


def until_prompt(kind: str, seed: int, seats: int = 3) -> tuple[State, Prompt]:
    """Normal seats play a game of ``seats`` players until a ``kind`` prompt opens."""
    state = GAME.setup(seats, {}, seed)
    step = 0
    while prompts := GAME.prompts(state):
        prompt = prompts[0]
        if prompt.kind == kind:
            return state, prompt
        GAME.apply(state, prompt.seat, choose(GAME, GAME.view(state, prompt.seat), prompt, step, "normal"))
        step += 1
    raise AssertionError(f"no {kind} prompt")
