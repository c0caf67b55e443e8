"""``python -m bot``: run the Discord bot, or ``python -m bot play <game>`` in the terminal."""

from __future__ import annotations

import logging
import sys

from bot.config import Settings

HELP = """Muster — board games on Discord.

Two ways to run:
  1. On Discord: put DISCORD_TOKEN=<your bot token> in the environment or in a .env file
     (see .env.example and the README), then run:  python -m bot
  2. In the terminal, no token needed (AI seats, board PNGs written to a folder):
     python -m bot play xidit --seats 4 --ai 3 --out boards/
     python -m bot play xidit --seats 4 --ai 4 --out boards/   (unattended, prints the ranking)
  A finished game's record (from /game export) replays offline:  python -m bot replay FILE.json
"""


def main(argv: list[str]) -> int:
    if argv and argv[0] == "play":
        from bot.local import main as play_main

        return play_main(argv[1:])
    if argv and argv[0] == "replay":
        from bot.replay import main as replay_main

        return replay_main(argv[1:])
    settings = Settings.from_env()
    if argv or settings.token is None:
        print(HELP, file=sys.stderr if settings.token is None else sys.stdout)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.app import create_bot

    bot = create_bot(settings.db, settings.packs, settings.ai_delay)
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
