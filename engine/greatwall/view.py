"""What one seat (or a spectator, seat None) may know: the single gate for hidden information.

Secret [ES p.5, "General rules"]: resources and the tactic hand (behind the screen), claimed horde
cards (face down: their Shame is public, their identity is not), supporting advisors (face down:
only their icons show), the draft offers, and a command card until everyone has picked.
"""

from __future__ import annotations

from typing import Any

from engine.core.game import View
from engine.greatwall.abilities import icons
from engine.greatwall.combat import defence, free_spots, power
from engine.greatwall.flow import Ctx, time_track
from engine.greatwall.pack import GreatWallPack
from engine.greatwall.seasons import ranking
from engine.greatwall.state import HordeCard, Player, State


def make_view(state: State, pack: GreatWallPack, seat: int | None) -> View:
    ctx = Ctx(state, pack)
    track = time_track(state, pack)
    view: View = {
        "game": "greatwall", "seats": state.seats, "year": state.year, "season": state.season,
        "time": state.time, "time_track": [list(t) for t in track], "lethality": ctx.lethality(),
        "tea": list(state.tea), "active": state.active,
        "track": [None if c is None else {"seat": c.seat, "card": c.card} for c in state.track],
        "command_discard": [{"seat": c.seat, "card": c.card} for c in state.command_discard],
        "sections": [_section(ctx, i) for i in range(len(state.sections))],
        "clerks": {loc: list(seats) for loc, seats in sorted(state.clerks_at.items()) if seats},
        "overseers": {loc: {str(s): {"level": o.level, "unit": o.unit} for s, o in sorted(os.items())}
                      for loc, os in sorted(state.overseers.items())},
        "queue": list(state.queue), "artifacts": list(state.artifacts),
        "shame_supply": state.shame_supply, "shame_boxed": state.shame_boxed,
        "warehouse": dict(state.warehouse),
        "decks": {"hordes": len(state.horde_deck), "tactics": len(state.tactic_deck),
                  "advisors": len(state.advisor_deck)},
        # Sections are counted from the first one in play (2 players: the leftmost is out [ES p.15]).
        "next_invasion": pack.hordes[state.horde_deck[0]].invasion - state.blocked if state.horde_deck else None,
        "players": [_player(state, pack, s, p) for s, p in enumerate(state.players)],
        "waiting": sorted(set(state.ask.seats) - set(state.ask.answers)) if state.ask else [],
        "end_reasons": list(state.end_reasons),
        "mode": state.mode, "reed": state.reed, "blocked": state.blocked,
    }
    for variant in ctx.variants:  # public extras; the panels the board draws, in view["panels"]
        variant.view_extras(ctx, view)
    if state.season == "over":
        view["final"] = {str(s): dict(f) for s, f in state.final.items()}
        view["ranking"] = ranking(state)
    if seat is not None:
        view["me"] = _private(state, seat)
    return view


def _section(ctx: Ctx, i: int) -> dict[str, Any]:
    section = ctx.state.sections[i]
    return {
        "wall": section.wall, "barricades": section.barricades, "defence": defence(ctx, i), "power": power(ctx, i),
        "firing": list(section.firing), "firing_spots": ctx.pack.walls[section.wall].firing,
        "rest": {str(s): dict(z) for s, z in sorted(section.rest.items()) if any(z.values())},
        "hordes": [_horde(ctx, c) for c in section.hordes],
    }


def _horde(ctx: Ctx, card: HordeCard) -> dict[str, Any]:
    return {"card": card.card, "wounds": sorted(card.wounds), "free": free_spots(ctx, card),
            "soldiers": [{"seat": s.seat, "unit": s.unit, "spots": list(s.spots)} for s in card.soldiers]}


def _player(state: State, pack: GreatWallPack, seat: int, p: Player) -> dict[str, Any]:
    picking = state.ask is not None and state.ask.kind == "command"
    return {
        "seat": seat, "general": p.general or None, "active": list(p.active), "support": len(p.support),
        "icons": icons(pack, p), "honor": p.honor, "hand": sorted(p.hand), "clerks": p.clerks,
        "clerk_space": p.clerk_space, "reserve": dict(p.reserve),
        "shamed": dict(p.shamed), "claimed": [{"shame": c.shame} for c in p.claimed],
        "tactics": len(p.tactics), "walls_built": p.walls_built,
        "picked": picking and state.ask is not None and seat in state.ask.answers,
    }


def _private(state: State, seat: int) -> dict[str, Any]:
    p = state.players[seat]
    me: dict[str, Any] = {
        "seat": seat, "res": dict(p.res), "tactics": list(p.tactics), "support": list(p.support),
        "claimed": [{"card": c.card, "shame": c.shame} for c in p.claimed],
        "offer_generals": list(p.offer_generals), "offer_advisors": list(p.offer_advisors),
    }
    ask = state.ask
    if ask is not None and seat in ask.answers:
        me["answer"] = list(ask.answers[seat])
    return me
