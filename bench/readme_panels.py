"""Redraw the README's DM panel pictures (docs/panel-<game>.png) from real tables (issue 24).

Each game is played through the real bot under simcord (offline Discord): alice and AI seats, alice
answering her DM panels the way the bot tests' driver does, until the panel named below is open; that
panel's message payload (text, components in Discord's order, the attached picture) is drawn by
bench/panel_drawing.py. tests/bot/test_readme_panels.py holds the drawing to the payload.

    python bench/readme_panels.py [--games xidit,akhedena]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import simcord
from benchkit import ROOT
from panel_drawing import draw

from bot.app import create_bot

sys.path.insert(0, str(ROOT / "tests" / "bot"))
from driver import answer, current_panel, interactive, set_options  # type: ignore[import-not-found]

Wanted = Callable[[discord.Message], bool]
_SQUARE = re.compile(r"\b[A-O]\d{1,2}\b")
SEED = 24  # the tables' seeds count up from here: the same pictures on every run


def _pictured(message: discord.Message) -> bool:
    return bool(message.attachments)


def _move(message: discord.Message) -> bool:
    """An Akhedena move, its reachable squares lit on the seat's picture (buttons named E5…)."""
    labels = [str(getattr(c, "label", "")) for row in message.components for c in getattr(row, "children", [])]
    return bool(message.attachments) and sum(bool(_SQUARE.search(label)) for label in labels) >= 2


def _programme(message: discord.Message) -> bool:
    """A Lords of Xidit programme panel with its route (order selects and a picture)."""
    return bool(message.attachments) and any(i.custom_id.startswith("mu:slot:") for i in interactive(message))


# game: (seats, options set in the lobby, the panel to show, at most this many answers before it)
CASES: dict[str, tuple[int, dict[str, str], Wanted, int]] = {
    "akhedena": (2, {"mode": "standard"}, _move, 60),
    "greatwall": (3, {}, _pictured, 40),
    "xidit": (4, {"length": "short"}, _programme, 40),
}


def payload_of(message: discord.Message) -> dict[str, Any]:
    """The message as Discord sent it: text, flags, components (raw, in order) and attachments."""
    return {"content": message.content, "flags": message.flags.value,
            "components": [c.to_dict() for c in message.components],
            "attachments": [{"filename": a.filename} for a in message.attachments]}


async def capture(game: str) -> tuple[dict[str, Any], bytes | None]:
    """The payload and picture of alice's panel in a real table of ``game``."""
    seats, options, wanted, limit = CASES[game]
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(db_path=Path(tmp) / "panels.db")
        bot.tables.seeds = itertools.count(SEED).__next__
        async with simcord.run(bot, settle_timeout=5) as env:
            guild = env.create_guild("Board Games")
            channel = guild.create_text_channel("games")
            alice = guild.add_member(env.create_user("Ana"))
            await alice.slash(channel, "game new", game=game)
            lobby = channel.last_message
            assert lobby is not None
            if options:
                await set_options({"alice": alice, "channel": channel, "env": env}, lobby, **options)
            for _ in range(seats - 1):
                await alice.click(lobby, label="Add AI")
            await alice.click(lobby, label="Start")
            for turn in range(limit):
                panel = current_panel(alice)
                if panel is None:
                    break
                if wanted(panel):
                    picture = await panel.attachments[0].read() if panel.attachments else None
                    return payload_of(panel), picture
                await answer(alice.user, panel, turn)
    raise LookupError(f"{game}: no such panel within {limit} answers")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", default=",".join(CASES))
    for game in parser.parse_args(argv).games.split(","):
        payload, picture = asyncio.run(capture(game))
        png, drawn = draw(payload, picture)
        (ROOT / "docs" / f"panel-{game}.png").write_bytes(png)
        print(f"docs/panel-{game}.png: " + ", ".join(d.kind for d in drawn))


if __name__ == "__main__":
    main(sys.argv[1:])
