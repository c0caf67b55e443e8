"""``python -m bot``: run the Discord bot, or ``python -m bot play <game>`` in the terminal."""

from __future__ import annotations

import asyncio
import signal
import sys
from typing import TYPE_CHECKING

from bot.config import Settings
from bot.shards import Ownership

if TYPE_CHECKING:
    from bot.app import MusterBot

HELP = """Muster — board games on Discord.

Two ways to run:
  1. On Discord: put DISCORD_TOKEN=<your bot token> in the environment or in a .env file
     (see .env.example and the README), then run:  python -m bot
  2. In the terminal, no token needed (AI seats, board PNGs written to a folder):
     python -m bot play xidit --seats 4 --ai 3 --out boards/
     python -m bot play xidit --seats 4 --ai 4 --out boards/   (unattended, prints the ranking)
  A finished game's record (from /game export) replays offline:  python -m bot replay FILE.json
  A copy of the SQLite store, safe while the bot runs:  python -m bot backup FILE
  One worker of a sharded deployment (PostgreSQL store; docs/store.md):
     python -m bot --shards 0-3 --shard-count 8
"""


def main(argv: list[str]) -> int:
    if argv and argv[0] == "play":
        from bot.local import main as play_main

        return play_main(argv[1:])
    if argv and argv[0] == "replay":
        from bot.replay import main as replay_main

        return replay_main(argv[1:])
    if argv and argv[0] == "backup":
        from bot.backup import main as backup_main

        return backup_main(argv[1:])
    settings = Settings.from_env()
    ownership = shards_of(argv)
    if ownership is None or settings.token is None:
        print(HELP, file=sys.stderr if settings.token is None else sys.stdout)
        return 2
    if (problem := database_problem(settings.db)) is not None:
        print(problem, file=sys.stderr)
        return 1
    from bot.app import create_bot
    from bot.ops import setup_logging

    setup_logging(settings.log_level, settings.log_format)
    bot = create_bot(settings.db, settings.packs, settings.ai_delay, settings.metrics_port, settings.metrics_host,
                     ownership)
    asyncio.run(serve(bot, settings.token))
    return 0


def database_problem(db: str) -> str | None:
    """Why the SQLite store cannot open, in the operator's language; checked before the gateway login
    so a wrong MUSTER_DB or an unmounted volume is reported at once (PostgreSQL reports its own)."""
    from bot.config import cli_lang, is_postgresql
    from bot.i18n import t
    from bot.store_sqlite import StoreOpenError, check_sqlite

    if is_postgresql(db):
        return None
    try:
        check_sqlite(db)
    except StoreOpenError as error:
        return t(cli_lang(), error.key, **error.args_)
    return None


def shards_of(argv: list[str]) -> Ownership | None:
    """``--shards 0-3 --shard-count 8`` (both or neither): the shards this worker owns; every shard
    without them; None for anything else (the help is printed)."""
    if not argv:
        return Ownership()
    if len(argv) != 4 or argv[0] != "--shards" or argv[2] != "--shard-count" or not argv[3].isdigit():
        return None
    try:
        return Ownership.parse(argv[1], int(argv[3]))
    except ValueError as error:
        print(error, file=sys.stderr)
        return None


async def serve(bot: MusterBot, token: str) -> None:
    """Run until the gateway closes; SIGTERM (docker stop, systemd) and SIGINT shut down through
    ``bot.close()``, which lets clicks finish, posts the boards asked for and closes the store."""
    install_shutdown(bot)
    async with bot:  # its exit awaits the one close() the signal started
        await bot.start(token)


def install_shutdown(bot: MusterBot) -> None:
    """SIGTERM and SIGINT start ``bot.close()`` on the running loop (the crash tests' child uses
    this too)."""
    loop = asyncio.get_running_loop()
    tasks: list[asyncio.Task[None]] = []  # held: the loop keeps only weak references to tasks
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: tasks.append(loop.create_task(bot.close())))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
