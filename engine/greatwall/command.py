"""Fall [ES p.8–9]: secret command choice, Tea-order placement on the track, and each card's turn
(its effects top to bottom, all optional; the activation step; the horde defeat check)."""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall.abilities import draw_tactics, gain
from engine.greatwall.clerks import ask_move
from engine.greatwall.flow import Ctx, builder, compose, decision, task
from engine.greatwall.pack import SOLDIER_UNITS, Command
from engine.greatwall.state import Ask, Task
from engine.greatwall.track import put, usable_slots


@task("fall")
def _fall(ctx: Ctx, job: Task) -> None:
    state = ctx.state
    state.season = "fall"
    ctx.emit("season", season="fall", year=state.year, board=True)
    for player in state.players:
        player.command = None
    seats = [s for s in state.tea if state.players[s].hand]
    if seats:
        ctx.ask("command", seats)
    elif state.clans() > state.seats:  # the rules-driven clans still play their cards
        _reveal(ctx, [])
    else:
        _end_of_fall(ctx)


@builder("command")
def _build_command(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option(card, "gw.opt.command", {"card": card}) for card in ctx.state.players[seat].hand]
    return compose(ask, seat, "command", [("command", options)])


@decision("command")
def _finish_command(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    """Everyone has picked face down: reveal together, then place in Tea order."""
    state = ctx.state
    for seat in ask.seats:
        card = ask.answers[seat][0]
        state.players[seat].command = card
        state.players[seat].hand.remove(card)
    _reveal(ctx, ask.seats)


def _reveal(ctx: Ctx, seats: list[int]) -> None:
    state = ctx.state
    seats = list(seats)
    ctx.each(lambda v: v.automaton_commands(ctx, seats))
    ctx.emit("commands", picks={str(s): state.players[s].command for s in seats})
    ctx.each(lambda v: v.on_reveal(ctx, seats))
    ctx.push(*[{"op": "place", "seat": s} for s in state.tea_order(seats)], {"op": "track", "slot": 0})


@task("place")
def _place(ctx: Ctx, job: Task) -> None:
    if ctx.some(lambda v: v.place_automaton(ctx, job["seat"])):
        return
    free = usable_slots(ctx)
    if len(free) == 1:
        put(ctx, job["seat"], free[0])
    else:
        ctx.ask("place", [job["seat"]])


@builder("place")
def _build_place(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option(f"slot{i}", "gw.opt.slot", {"slot": i + 1}) for i in usable_slots(ctx)]
    return compose(ask, seat, "place", [("slot", options)], args={"card": ctx.state.players[seat].command})


@decision("place")
def _finish_place(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    put(ctx, seat, int(ask.answers[seat][0][4:]))


@task("track")
def _track(ctx: Ctx, job: Task) -> None:
    """Resolve the next card on the track; after the last one, Winter."""
    state = ctx.state
    for slot in range(job["slot"], len(state.track)):
        entry = state.track[slot]
        if entry is None:
            continue
        command = ctx.pack.command(entry.card)
        seat = entry.seat
        others = [s for s in state.tea if s != seat]
        jobs: list[Task] = [{"op": "turn", "seat": seat, "card": entry.card, "slot": slot}]
        jobs += steps(command.owner, seat)
        # "Other players" effects: everyone else in Tea order [ES p.8]; co-op Clerk moves in the
        # team's order [ES p.19].
        team = ctx.first(lambda v: v.team_moves(ctx, command.others, others))  # noqa: B023 (called at once)
        jobs += team if team is not None else [j for other in others for j in steps(command.others, other)]
        jobs += [{"op": "activation", "seat": seat},
                 *ctx.fold([{"op": "defeat_check"}], lambda v, done: v.turn_end(ctx, seat, done)),  # noqa: B023
                 {"op": "track", "slot": slot + 1}]
        ctx.push(*jobs)
        return
    state.active = None
    _end_of_fall(ctx)


def _end_of_fall(ctx: Ctx) -> None:
    """After the last card's Horde defeat check: a variant's Fall steps (the Rat moves), then Winter."""
    ctx.push(*ctx.fold([{"op": "winter"}], lambda v, jobs: v.fall_steps(ctx, jobs)))


def steps(effects: tuple[dict[str, Any], ...], seat: int) -> list[Task]:
    return [{**effect, "op": f"cmd_{effect['op']}", "seat": seat} for effect in effects]


@task("turn")
def _turn(ctx: Ctx, job: Task) -> None:
    ctx.state.active = job["seat"]
    ctx.state.advanced = 0
    ctx.emit("turn", seat=job["seat"], card=job["card"], slot=job["slot"] + 1)


@task("cmd_move")
def _cmd_move(ctx: Ctx, job: Task) -> None:
    if ctx.some(lambda v: v.automaton_step(ctx, job)):  # a rules-driven clan's Clerks
        return
    ask_move(ctx, job["seat"], job.get("n", 1), job.get("distinct", False))


@task("cmd_hire")
def _cmd_hire(ctx: Ctx, job: Task) -> None:
    state = ctx.state
    # A card counting as one of that name counts for the bonus (solo: Qin's [ES p.16]).
    if job.get("if_track") and all(c is None or same_name(ctx, c.card) != job["if_track"] for c in state.track):
        return
    player = state.players[job["seat"]]
    n = min(job.get("n", 1), player.clerk_space)
    if n:
        player.clerk_space -= n
        player.clerks += n
        ctx.emit("free_clerks", seat=job["seat"], n=n)


@task("cmd_advanced")
def _cmd_advanced(ctx: Ctx, job: Task) -> None:
    ctx.state.advanced += job.get("n", 1)


@task("cmd_tea_up")
def _cmd_tea_up(ctx: Ctx, job: Task) -> None:
    tea = ctx.state.tea
    i = tea.index(job["seat"])
    if i > 0:
        tea[i - 1], tea[i] = tea[i], tea[i - 1]
        ctx.emit("tea", order=list(tea))


@task("cmd_tactics")
def _cmd_tactics(ctx: Ctx, job: Task) -> None:
    # Ruling: the Reed clan holds no Tactic cards (it has no hand and never uses one) [ES p.15].
    if not ctx.state.is_automaton(job["seat"]):
        draw_tactics(ctx, job["seat"], job.get("n", 1))


@task("cmd_gain")
def _cmd_gain(ctx: Ctx, job: Task) -> None:
    if ctx.some(lambda v: v.automaton_step(ctx, job)):  # a rules-driven clan's gain
        return
    ctx.ask("gain", [job["seat"]], n=job.get("n", 1), of=list(job.get("of", ["wood"])))


@builder("gain")
def _build_gain(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option(r, "gw.opt.resource", {"resource": r}) for r in ask.data["of"]]
    return compose(ask, seat, "gain", [("resource", options)] * ask.data["n"])


@decision("gain")
def _finish_gain(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    gains: dict[str, int] = {}
    for r in ask.answers[seat]:
        gains[r] = gains.get(r, 0) + 1
    gain(ctx, seat, gains, reason="command")


@task("cmd_attack_order")
def _cmd_attack_order(ctx: Ctx, job: Task) -> None:
    seat = job["seat"]
    secs = [i for i, s in enumerate(ctx.state.sections)
            if s.hordes and (seat in s.firing or any(s.rest.get(seat, {}).values()))]
    if secs:
        ctx.ask("attack_order", [seat], sections=secs)


@builder("attack_order")
def _build_attack_order(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option("pass", "gw.opt.no_attack")]
    options += [Option(f"sec{i}", "gw.opt.attack_from", {"sec": i}) for i in ask.data["sections"]]
    return compose(ask, seat, "attack_order", [("section", options)])


@decision("attack_order")
def _finish_attack_order(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    """FAQ #11: every soldier of yours in the chosen Rest Zone attacks, and your archers in that
    section's firing spots shoot; soldiers with nowhere to go stay where they are."""
    seat = ask.seats[0]
    value = ask.answers[seat][0]
    if value == "pass":
        return
    sec = int(value[3:])
    section = ctx.state.sections[sec]
    jobs: list[Task] = []
    zone = section.rest.get(seat, {})
    for unit in SOLDIER_UNITS:  # a fixed order: a restored state may hold its dict keys in another order
        jobs += [{"op": "attack", "seat": seat, "unit": unit, "sec": sec, "source": "rest"}] * zone.get(unit, 0)
    shots = section.firing.count(seat)
    jobs += [{"op": "attack", "seat": seat, "unit": "archer", "sec": sec, "source": "firing"}] * shots
    ctx.emit("attack_order", seat=seat, sec=sec)
    ctx.push(*jobs)


@task("cmd_copy")
def _cmd_copy(ctx: Ctx, job: Task) -> None:
    ctx.ask("copy", [job["seat"]])


@builder("copy")
def _build_copy(ctx: Ctx, ask: Ask, seat: int) -> Any:
    # Betrayal never copies the Reed clan's card (FAQ #35, ES p.15); it may copy Qin's, resolving
    # your card of that name [ES p.17].
    cards = sorted({same_name(ctx, c.card) for c in ctx.state.track if c is not None
                    and not ctx.state.is_reed(c.seat) and c.seat != seat
                    and not _copies(ctx.pack.commands[same_name(ctx, c.card)])})
    options = [Option(f"copy.{card}", "gw.opt.copy", {"card": card}) for card in cards]
    options.append(Option("alt", "gw.opt.betrayal_alt"))
    return compose(ask, seat, "copy", [("card", options)])


@decision("copy")
def _finish_copy(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    value = ask.answers[seat][0]
    betrayal = next(c for c in ctx.pack.commands.values() if _copies(c))
    if value == "alt":
        ctx.push(*steps(betrayal.alternative, seat))
        return
    card = value.split(".", 1)[1]
    ctx.emit("copy", seat=seat, card=card)
    ctx.push(*steps(ctx.pack.commands[card].owner, seat))


def same_name(ctx: Ctx, card: str) -> str:
    """The clan card a card on the track counts as (solo: Qin's share a name with yours [ES p.16])."""
    return ctx.fold(card, lambda v, name: v.same_name(name))


def _copies(command: Command) -> bool:
    return any(effect["op"] == "copy" for effect in command.owner)
