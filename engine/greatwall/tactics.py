"""Tactic cards: drawing, the hand limit, and playing one at its timing window.

Reaction windows are asked uniformly: a window's prompt goes to every seat the window concerns
(every seat whose soldiers die, every seat before a threatened assault, the seat that is gathering,
recruiting or building), whether or not it holds a playable tactic, so the prompt itself never tells
anyone what is in a hand [ES p.14, FAQ #1]. One tactic per player per triggered event [ES p.14].
"""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall.abilities import gain, modifier
from engine.greatwall.flow import Ctx, builder, decision, prompt, refuse, task
from engine.greatwall.pack import Tactic
from engine.greatwall.resources import can_afford, pay
from engine.greatwall.state import Ask, Player, Task

NONE = "tac.none"


def hand_limit(ctx: Ctx, player: Player) -> int:

    return ctx.pack.box["hand_limit"] + sum(a.value for a in modifier(ctx.pack, player, "hand_limit"))


@task("hand_limit")
def _hand_limit(ctx: Ctx, job: Task) -> None:
    seat = job["seat"]
    over = len(ctx.state.players[seat].tactics) - hand_limit(ctx, ctx.state.players[seat])
    if over > 0:
        ctx.ask("discard", [seat], n=over)


@builder("discard")
def _build_discard(ctx: Ctx, ask: Ask, seat: int) -> Any:
    hand = ctx.state.players[seat].tactics
    options = [Option(f"h{i}", "gw.opt.tactic", {"tactic": card}) for i, card in enumerate(hand)]
    n = ask.data["n"]
    return prompt(ask, seat, "discard", options, args={"n": n}, pick_min=n, pick_max=n)


@decision("discard")
def _finish_discard(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    player = ctx.state.players[seat]
    drop = {int(v[1:]) for v in ask.answers[seat]}
    gone = [c for i, c in enumerate(player.tactics) if i in drop]
    player.tactics = [c for i, c in enumerate(player.tactics) if i not in drop]
    ctx.state.tactic_discard.extend(gone)
    ctx.emit("discard_tactics", seat=seat, n=len(gone))


def options(ctx: Ctx, seat: int, windows: set[str], spare: dict[str, int] | None = None) -> list[Option]:
    """The tactic options of a window: "tac.none", then each held card of that window, normal and
    (if its boost cost is affordable) boosted."""
    player = ctx.state.players[seat]
    out = [Option(NONE, "gw.opt.no_tactic")]
    seen = set()
    for card in player.tactics:
        tactic = ctx.pack.tactics[card]
        if tactic.window not in windows or tactic.name in seen:
            continue
        seen.add(tactic.name)
        out.append(Option(f"tac.{card}.n", "gw.opt.tactic_normal", {"tactic": card, "effect": tactic.normal}))
        if can_afford(player, tactic.boost_cost):
            out.append(Option(f"tac.{card}.b", "gw.opt.tactic_boosted",
                              {"tactic": card, "effect": tactic.boosted, "cost": tactic.boost_cost}))
    return out


def parse(ctx: Ctx, seat: int, value: str) -> tuple[Tactic, bool] | None:
    """(tactic, boosted) for a "tac.<id>.<n|b>" value held by ``seat``; None for "tac.none"."""
    if value == NONE:
        return None
    _, card, face = value.split(".")
    if card not in ctx.state.players[seat].tactics:
        raise refuse("tactic_not_held")
    return ctx.pack.tactics[card], face == "b"


def boost_cost(ctx: Ctx, seat: int, value: str) -> dict[str, int]:
    played = parse(ctx, seat, value)
    return dict(played[0].boost_cost) if played and played[1] else {}


def play(ctx: Ctx, seat: int, value: str) -> dict[str, Any]:
    """Discard the tactic, pay a boost, and return the chosen effect (the caller applies it)."""
    played = parse(ctx, seat, value)
    if played is None:
        return {}
    tactic, boosted = played
    player = ctx.state.players[seat]
    player.tactics.remove(tactic.id)
    ctx.state.tactic_discard.append(tactic.id)
    if boosted:
        pay(player, tactic.boost_cost)
    ctx.emit("tactic", seat=seat, tactic=tactic.id, boosted=boosted)
    return dict(tactic.boosted if boosted else tactic.normal)


def play_summer(ctx: Ctx, seat: int, value: str) -> None:
    """A Summer tactic (played with the Shame discard, in every mode): play it and take its gain."""
    effect = play(ctx, seat, value)
    if effect.get("gain"):
        gain(ctx, seat, effect["gain"], reason="tactic")
