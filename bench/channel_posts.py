"""How loud the table channel is: new channel posts, board images and edits per private decision.

Plays games of every registered game and mode through the real bot under simcord (offline,
in-process Discord). Three seats: alice answers her DM panels, bob has closed DMs (every DM to him
fails with 403/50007) and answers through ``/hand``, and one AI seat. Both humans answer the way the
bot tests' driver does (tests/bot/driver.py: the prompt's default, or the first option). Counted from
simcord's REST log, from the Start click on:

- ``posts``: new messages in the table channel (POST .../channels/<table channel>/messages);
- ``boards``: those posts that carry a file (the board PNG);
- ``pings``: those posts that mention a player (a closed-DM player's "your turn", once per decision);
- ``edits``: edits of channel messages (PATCH .../channels/<table channel>/messages/<id>);
- ``decisions``: every applied choice, any seat's, AI seats' included (the steps the bot publishes);
- ``dms``: new DMs to alice (POST .../channels/<her DM channel>/messages): each one notifies her;
- ``dm_edits``: the bot's edits of her DMs outside a click (PATCH .../channels/<her DM>/messages/<id>;
  the edit answering her own click goes through the interaction and is not counted);
- ``dms_per_answer``: ``dms`` per answer of alice's (issue 24: at most 0.35).

The game stops when it is over or after ``--limit`` human answers (``finished`` says which).
``--pause S`` advances simcord's virtual clock S seconds before each human answer (a table played at
that pace): a seat whose next decision opens more than 120 s after its own answer, the table having
moved on to other seats' decisions, was away and gets a new DM (bot/dm_panels.py PRESENT).
Targets (issue 16): at most 1 post per 3 decisions, 1 board per 10; (issue 24) at most 0.35 new DMs
per human answer.

    python bench/channel_posts.py [--limit 400] [--games greatwall,akhedena:quick] [--open-dms] [--pause 0]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import simcord
from benchkit import ROOT, Figure, emit

from bot.app import MusterBot, create_bot
from bot.delivery import Delivery
from engine.games import capabilities, game_ids

sys.path.insert(0, str(ROOT / "tests" / "bot"))
from driver import answer, close_dms, current_panel, set_options

POSTS_PER_DECISION, BOARDS_PER_DECISION = 1 / 3, 1 / 10


def cases(only: set[str]) -> list[tuple[str, dict[str, str]]]:
    """Every game, once per value of its ``mode`` option (once with defaults when it has none);
    ``only`` holds game ids or ``game:mode``."""
    out: list[tuple[str, dict[str, str]]] = []
    for game_id in game_ids():
        mode = capabilities(game_id).option("mode")
        for options in [{"mode": v} for v in mode.values] if mode else [{}]:
            if not only or game_id in only or f"{game_id}:{options.get('mode')}" in only:
                out.append((game_id, options))
    return out


def count_decisions(bot: MusterBot) -> list[int]:
    """Bench-only: count the steps every publish carries (one per applied choice)."""
    counter = [0]
    publish = bot.delivery.publish

    async def counted(table: Any, steps: list[Any], board: bool = False, actor: int | None = None) -> None:
        counter[0] += len(steps)
        await publish(table, steps, board=board, actor=actor)

    bot.delivery.publish = counted  # type: ignore[method-assign]
    assert isinstance(bot.delivery, Delivery)
    return counter


async def play(game_id: str, options: dict[str, str], limit: int, closed: bool = True, pause: float = 0.0) -> Figure:
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(db_path=Path(tmp) / "bench.db")
        decisions = count_decisions(bot)
        async with simcord.run(bot, settle_timeout=300) as env:
            try:
                return {**await _play(env, bot, decisions, game_id, options, limit, closed, pause), "pause": pause}
            finally:
                await bot.store.close()  # simcord never calls bot.close(): the store's thread would linger


async def _play(env: Any, bot: MusterBot, decisions: list[int], game_id: str, options: dict[str, str],
                limit: int, closed: bool, pause: float = 0.0) -> Figure:
    guild = env.create_guild("Bench")
    channel = guild.create_text_channel("table")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    if closed:
        close_dms(env, bob, None)
    await alice.slash(channel, "game new", game=game_id)  # the host is seated
    lobby = channel.last_message
    if options:  # the mode, set in the lobby's settings panel as a host would
        await set_options({"alice": alice, "env": env}, lobby, **options)
    _, high = capabilities(game_id).seat_range(options)
    if high >= 2:  # bob joins wherever a second seat exists (a solo table is alice's alone)
        await bob.click(lobby, label="Join")
    if high >= 3:
        await alice.click(lobby, label="Add AI")
    start_log = len(env.http_requests)
    decisions[0] = 0
    table = await _start(alice, lobby, bot)
    started, answers, alice_answers = time.perf_counter(), 0, 0
    while table.row.status != "over" and answers < limit:
        acted = False
        if pause:
            await env.advance_time(pause)
        panel = current_panel(alice)
        if panel is not None:
            await answer(alice.user, panel, answers, cycle=False)
            answers, alice_answers, acted = answers + 1, alice_answers + 1, True
        bob_seat = table.seat_of(bob.id)
        if table.row.status != "over" and bob_seat is not None and table.open_prompt(bob_seat) is not None:
            if pause:
                await env.advance_time(pause)
            hand = await bob.slash(channel, "hand")
            await answer(bob, hand.response, answers, cycle=False)
            answers, acted = answers + 1, True
        if not acted:
            break
    figure = _figure(env, channel.id, game_id, options, decisions[0], answers, start_log,
                     table.row.status == "over", time.perf_counter() - started, bot)
    return {**figure, **_dm_figure(env, alice.user.dm_channel.id, alice_answers, start_log),
            "bob_dms": "closed" if closed else "open"}


DM_TARGET = 0.35


def _dm_figure(env: Any, dm_id: int, answers: int, start_log: int) -> Figure:
    """alice's DMs: new messages (each one notifies) and edits (silent), per answer of hers."""
    requests = env.http_requests[start_log:]
    prefix = f"/channels/{dm_id}/messages"
    dms = [r for r in requests if r.method == "POST" and r.path == prefix]
    edits = [r for r in requests if r.method == "PATCH" and r.path.startswith(prefix + "/")]
    per = dms and len(dms) / max(answers, 1)
    return {"alice_answers": answers, "dms": len(dms), "dm_edits": len(edits),
            "dms_per_answer": round(per or 0.0, 3), "dm_edits_per_answer": round(len(edits) / max(answers, 1), 3),
            "dm_target": f"dms <= {DM_TARGET} per answer", "dm_met": (per or 0.0) <= DM_TARGET}



async def _start(alice: Any, lobby: Any, bot: MusterBot) -> Any:
    """Start, adding AI seats while the mode wants more seats (the team mode plays with four)."""
    for _ in range(4):
        await alice.click(lobby, label="Start")
        active = [t for t in bot.tables.by_id.values() if t.row.status == "active"]
        if active:
            return active[0]
        await alice.click(lobby, label="Add AI")
    raise RuntimeError("the table did not start")


def _figure(env: Any, channel_id: int, game_id: str, options: dict[str, str], decisions: int, answers: int,
            start_log: int, finished: bool, seconds: float, bot: MusterBot) -> Figure:
    prefix = f"/channels/{channel_id}/messages"
    requests = env.http_requests[start_log:]
    posts = [r for r in requests if r.method == "POST" and r.path == prefix]
    boards = [r for r in posts if _has_file(r)]
    pings = [r for r in posts if _pings(r)]
    edits = [r for r in requests if r.method == "PATCH" and r.path.startswith(prefix + "/")]
    per = max(decisions, 1)
    return {"figure": "channel_posts", "game": game_id, **options, "seats": len(table_seats(bot)),
            "humans": "alice; bob (through /hand, DMs per bob_dms) where a second seat exists",
            "finished": finished, "human_answers": answers, "decisions": decisions,
            "posts": len(posts), "boards": len(boards), "pings": len(pings), "edits": len(edits),
            "posts_per_decision": round(len(posts) / per, 3), "boards_per_decision": round(len(boards) / per, 3),
            "edits_per_decision": round(len(edits) / per, 3),
            "target": "posts <= 1/3 and boards <= 1/10 per decision",
            "met": len(posts) / per <= POSTS_PER_DECISION and len(boards) / per <= BOARDS_PER_DECISION,
            "bot_errors": len([*env.errors, *bot.errors]), "seconds": round(seconds, 1)}


def table_seats(bot: MusterBot) -> list[Any]:
    return [s for t in bot.tables.by_id.values() for s in t.seats]


def _pings(request: Any) -> bool:
    """A post allowed to notify a user (mentions in a quiet post do not ping)."""
    body = request.json if isinstance(request.json, dict) else {}
    allowed = body.get("allowed_mentions") or {}
    return bool(allowed.get("users")) or "users" in (allowed.get("parse") or [])


def _has_file(request: Any) -> bool:
    """A post with an attachment (simcord logs multipart bodies with their files' metadata)."""
    body = request.json if isinstance(request.json, dict) else {}
    return bool(body.get("attachments") or getattr(request, "files", None))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=400, help="human answers per game at most")
    parser.add_argument("--games", default="", help="comma-separated game ids or game:mode (all by default)")
    parser.add_argument("--open-dms", action="store_true", help="bob's DMs open too (no closed-DM pings)")
    parser.add_argument("--pause", type=float, default=0.0, help="virtual seconds before each human answer")
    args = parser.parse_args()
    for game_id, options in cases({g for g in args.games.split(",") if g}):
        emit(asyncio.run(play(game_id, options, args.limit, closed=not args.open_dms, pause=args.pause)))


if __name__ == "__main__":
    main()
