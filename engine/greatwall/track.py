"""The command track [ES p.8]: which slots are free to use, and putting a card on one."""

from __future__ import annotations

from engine.greatwall.flow import Ctx
from engine.greatwall.state import TrackCard


def usable_slots(ctx: Ctx) -> list[int]:
    # The 5-player slot is ignored at 4 players [ES p.8]; the rulebook says nothing of 3 players,
    # where the track has room to spare, so it is usable there (ruling). Clans count: 2 players
    # with the Reed clan play as 3 [ES p.15].
    skip = ctx.pack.box["five_player_slot"] if ctx.state.clans() == 4 else -1
    return [i for i, card in enumerate(ctx.state.track) if card is None and i != skip]


def put(ctx: Ctx, seat: int, slot: int) -> None:
    card = ctx.state.players[seat].command or ""
    ctx.state.track[slot] = TrackCard(seat, card)
    ctx.emit("placed", seat=seat, card=card, slot=slot + 1)
