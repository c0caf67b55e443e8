"""General and advisor abilities: triggered gains and standing modifiers, read from the pack.

A general's ability scales with the supporting-advisor icons its owner shows [ES p.6]; an advisor's
ability works only while it is active (face up). "When you X" fires once per event (errata 39).
"""

from __future__ import annotations

from engine.core.events import Event
from engine.greatwall.flow import Ctx
from engine.greatwall.pack import RESOURCES, Ability, Cost, GreatWallPack
from engine.greatwall.state import Player


def icons(pack: GreatWallPack, player: Player) -> int:
    return sum(pack.advisors[a].icons for a in player.support)


def _abilities(pack: GreatWallPack, player: Player) -> list[tuple[Ability, int]]:
    """(ability, multiplier) for the general and every active advisor."""
    out: list[tuple[Ability, int]] = []
    if player.general:
        ability = pack.generals[player.general].ability
        out.append((ability, icons(pack, player) if ability.per == "icon" else 1))
    out.extend((pack.advisors[a].ability, 1) for a in player.active)
    return out


def trigger(ctx: Ctx, seat: int, when: str) -> None:
    player = ctx.state.players[seat]
    total: Cost = {}
    for ability, times in _abilities(ctx.pack, player):
        if ability.when == when and times:
            for k, v in ability.gain.items():
                total[k] = total.get(k, 0) + v * times
    if total:
        gain(ctx, seat, total, reason=when)
    if not ctx.state.is_automaton(seat):
        _artifacts_in_play(ctx, seat, when)


def _artifacts_in_play(ctx: Ctx, seat: int, when: str) -> None:
    """An Artifact on the board whose ability names this moment pays whoever it happens to (the
    Chronicles' Artifacts act during play [IT AC, "Preparazione"]; engine/greatwall/chronicles/cards.py).
    A rules-driven clan owns no cards and gains nothing from them."""
    for artifact in ctx.state.artifacts:
        ability = ctx.pack.artifacts[artifact].ability
        if ability.when == when and ability.gain:
            gain(ctx, seat, dict(ability.gain), reason="artifact")


def final_bonus(pack: GreatWallPack, player: Player) -> int:
    return sum(a.gain.get("honor", 0) * times for a, times in _abilities(pack, player) if a.when == "final")


def modifier(pack: GreatWallPack, player: Player, mod: str, unit: str = "") -> list[Ability]:
    return [a for a, _ in _abilities(pack, player) if a.mod == mod and (not unit or a.unit == unit)]


def gain(ctx: Ctx, seat: int, gains: Cost, reason: str) -> None:
    """Resources go behind the screen, Honor on the track, tactics into the hand (limit checked)."""
    if ctx.state.is_qin(seat):  # Honor only: he holds no resources or tactics [ES p.16]
        if gains.get("honor"):
            ctx.state.players[seat].honor += gains["honor"]
            ctx.emit("gain", seat=seat, reason=reason, gains={"honor": gains["honor"]})
        return
    if ctx.state.is_automaton(seat):
        _automaton_gain(ctx, gains)
        return
    player = ctx.state.players[seat]
    for r in RESOURCES:
        player.res[r] += gains.get(r, 0)
    player.honor += gains.get("honor", 0)
    public = {k: v for k, v in gains.items() if k in ("honor", "tactics")}
    hidden = {k: v for k, v in gains.items() if k in RESOURCES and v}
    private = {seat: ("gw.gain_private", {"gains": hidden, "reason": reason})} if hidden else {}
    if any(public.values()):
        ctx.emit("gain", seat=seat, reason=reason, gains=public, private=private)
    elif private:
        ctx.events.append(Event("", {}, private))  # resources are behind the screen: owner only
    if gains.get("tactics"):
        draw_tactics(ctx, seat, gains["tactics"])


def _automaton_gain(ctx: Ctx, gains: Cost) -> None:
    """The Reed clan never gains Honor, tactics or resources: every resource it would gain goes to
    the Warehouse, Chi included (ES p.15, RU p.15: "all the resources"; only a player's Donation
    leaves Chi out [ES p.11]); the rest is simply not gained."""
    for r in RESOURCES:
        if gains.get(r, 0) > 0:
            ctx.state.warehouse[r] += gains[r]
            ctx.emit("reed_warehouse", resource=r)


def draw_tactics(ctx: Ctx, seat: int, n: int) -> None:
    """Up to ``n`` tactic cards into the hand; the hand limit is checked next (a task of tactics.py)."""
    state = ctx.state
    drawn = []
    for _ in range(n):
        card = ctx.draw(state.tactic_deck, state.tactic_discard)
        if card is None:
            break
        drawn.append(card)
    state.players[seat].tactics.extend(drawn)
    ctx.emit("draw", seat=seat, n=len(drawn), private={seat: ("gw.drew", {"cards": drawn})})
    ctx.push({"op": "hand_limit", "seat": seat})
