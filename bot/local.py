"""Terminal play: the same Table code as on Discord (store, replay, AI seats), no token needed.

Seat 1 is yours (named "Player 1" in ``--lang`` unless told otherwise) unless every seat is AI; you answer prompts
on stdin, in ``--lang``, typing options as the board names them (bot/local_text.py). Board PNGs go to
``--out``, each path printed. Refusals read as on Discord: the same message keys through bot.i18n.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from bot.delivery import render_board
from bot.expansions import ExpansionError, parse, with_expansions
from bot.i18n import t, translator
from bot.local_text import handles, picks, plain
from bot.presenters import presenter_for
from bot.scenarios import with_scenario
from bot.store_sqlite import SqliteStore
from bot.tables import Step, Table, TableError, TableManager
from engine.core.errors import IllegalChoice
from engine.core.game import OutcomeKind
from engine.core.prompt import Choice, Option, Prompt
from engine.games import capabilities, game_ids

Ask = Callable[[str], str]


class LocalTable:
    def __init__(self, table: Table, out: Path, lang: str, ask: Ask, say: Callable[[str], None]) -> None:
        self.table, self.out, self.lang, self._ask, self._say = table, out, lang, ask, say
        self.tr = translator(lang)
        self.presenter = presenter_for(table.game)
        self.boards = 0

    async def publish(self, steps: list[Step]) -> None:
        for step in steps:
            for event in step.events:
                if event.key:
                    self.say(self.presenter.line(self.tr, event.key, event.args, self.table.names))
                human = not self.table.seats[step.seat].is_ai
                for seat, (key, args) in event.private.items():
                    if human and seat == step.seat:
                        self.say("  " + self.presenter.line(self.tr, key, args, self.table.names))
        if any(e.board for s in steps for e in s.events):
            await self.write_board()

    async def write_board(self) -> None:
        board = await render_board(self.table)
        if board is None:
            return
        self.boards += 1
        path = self.out / f"board-{self.boards:04d}.png"
        path.write_bytes(board[0])
        self.say(t(self.lang, "local.board_written", path=str(path)))

    def ask(self, question: str) -> str:
        return self._ask(plain(question))

    def say(self, text: str) -> None:
        """Every line the terminal shows, without Discord's markup (bot/local_text.py ``plain``)."""
        self._say(plain(text, self.mentioned))

    def mentioned(self, user_id: int) -> str:
        """A ``<@id>`` mention in a line: the seat's name in the terminal."""
        return next((seat.name for seat in self.table.seats if seat.user_id == user_id), "")

    def read_choice(self, prompt: Prompt) -> str:
        view = self.table.game.view(self.table.state, prompt.seat)
        self.say("\n" + self.presenter.prompt_text(self.tr, prompt, view, self.table.names))
        if prompt.slot_options:
            return f"{prompt.kind}:{','.join(self.read_slot(prompt, i) for i in range(prompt.slots))}"
        labels = self.list_options(prompt.options, prompt.default)
        wanted = prompt.slots if prompt.slots > 1 else prompt.pick_max
        return f"{prompt.kind}:{','.join(self.read_picks(prompt.options, labels, wanted, prompt.default))}"

    def read_picks(self, options: tuple[Option, ...], labels: list[str], wanted: int,
                   default: tuple[str, ...]) -> list[str]:
        """Option ids from one typed line; asked again until every word names an option (the engine
        judges how many: a wrong count is its refusal, shown as on Discord)."""
        question = t(self.lang, "local.ask", count=wanted) + (t(self.lang, "local.ask_default") if default else "")
        while True:
            line = self.ask(question + ": ").strip()
            if not line and default:
                return list(default)
            chosen = picks(line, wanted, options, labels) if line else None
            if chosen is not None:
                return [options[i].id for i in chosen]
            self.say(t(self.lang, "local.not_in_list"))

    def list_options(self, options: tuple[Option, ...], default: tuple[str, ...]) -> list[str]:
        """The options, each after what to type for it (its board place, or a number); the prompt's
        default (the careful player's answer) is starred. Returns the labels shown."""
        labels = [self.presenter.option_label(self.tr, option, self.table.names) for option in options]
        for handle, option, label in zip(handles(options), options, labels, strict=True):
            mark = "*" if option.id in default else " "
            self.say(f" {mark}{handle}. {label}")
        return labels

    def read_slot(self, prompt: Prompt, slot: int) -> str:
        """One pick of a composed panel: that slot's own options."""
        options = prompt.options_for(slot)
        default = prompt.default[slot] if slot < len(prompt.default) else None
        self.say(f" {self.tr(prompt.slot_keys[slot]) if slot < len(prompt.slot_keys) else slot + 1}:")
        labels = self.list_options(options, (default,) if default else ())
        while True:
            (picked, *more) = self.read_picks(options, labels, 1, (default,) if default else ()) or [""]
            if picked and not more:
                return picked
            self.say(t(self.lang, "local.not_in_list"))

    async def run(self) -> None:
        async with self.table.lock:
            await self.publish(await self.table.start())
        while self.table.row.status == "active":
            prompt = next(p for p in self.table.prompts() if not self.table.seats[p.seat].is_ai)
            text = self.read_choice(prompt)
            try:
                async with self.table.lock:
                    await self.publish(await self.table.submit(prompt.seat, prompt.id, Choice.parse(text)))
            except (IllegalChoice, TableError) as error:  # the text a Discord refusal shows (bot.replies)
                self.say(t(self.lang, error.key, **error.args_))
        await self.write_board()
        outcome = self.table.game.outcome(self.table.state)
        if outcome is not None:
            if outcome.kind is OutcomeKind.COOP:  # one shared result, as the game declares
                self.say("\n" + t(self.lang, "local.coop_win" if outcome.winners else "local.coop_loss"))
            self.say("\n" + t(self.lang, "local.final_ranking"))
            for place, seat in outcome.placed():
                # each number under its name in the table's language, as the Discord summary shows it
                scores = ", ".join(f"{self.tr(f'{self.table.row.game}.assess.{k}')} {v}"
                                   for k, v in outcome.scores.get(seat, {}).items())
                self.say(f"  {place}. {self.table.names[seat]}  {scores}")


async def play(game: str, seats: int, ai: int, out: Path, length: str, seed: int | None, lang: str,
               ask: Ask = input, say: Callable[[str], None] = print, mode: str = "standard",
               options: dict[str, str] | None = None, name: str | None = None) -> Table:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "local.db")
        await store.open()
        try:
            manager = TableManager(store)
            table = await manager.create(None, 0, game, {"length": length, "mode": mode, **(options or {})},
                                         None, lang)
            if seed is not None:
                table.row.seed = seed
            for index in range(seats - ai):
                # a name, not "You": log lines are third person ("{seat} draws…"), so "You draws" read wrong
                # ("Player 2" in --lang, as every other line: issue 24)
                await table.join(index + 1, name if index == 0 and name else t(lang, "local.player", n=index + 1),
                                 lang)
            for _ in range(ai):
                await table.add_ai()
            await LocalTable(table, out, lang, ask, say).run()
            return table
        finally:
            await store.close()


def bad_option(game: str, given: dict[str, str], lang: str) -> str | None:
    """Why these options would not make a table of ``game`` (as /game new's lobby refuses them), with
    every setting and value this game and mode take; None when they all fit (Capabilities.foreign)."""
    caps = capabilities(game)
    foreign = caps.foreign(given)
    if foreign is None:
        return None
    name, value = foreign
    chosen = caps.table_options({k: v for k, v in given.items() if k != name})
    valid = "\n".join(f"  {option.name}: {', '.join(option.values)}" for option in caps.options
                      if option.name in chosen)
    return t(lang, "local.bad_option", option=name, value=value, game=translator(lang)(caps.name_key),
             valid=valid or "  —")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot play", description="Play a table in the terminal.")
    parser.add_argument("game", choices=game_ids())
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--ai", type=int, default=3, help="how many seats the AI plays (all = unattended)")
    parser.add_argument("--out", type=Path, default=Path("boards"))
    parser.add_argument("--length", default=None, help="the game's length (Lords of Xidit: long, short)")
    parser.add_argument("--mode", default=None,
                        help="the game's mode (Akhedena: the full game, team play with 4 seats, quick play; "
                             "The Great Wall: duel = 2 seats and the Reed clan; solo = 1 seat against Qin "
                             "Jiushao; coop = 2-5 players together; at 2 with the Reed clan; a 5th seat plays "
                             "the fifth player expansion)")
    parser.add_argument("--expansions", default="", metavar="NAME[,NAME]",
                        help="expansions to play with, comma-separated (The Great Wall: rat, khan), checked "
                             "against the game's declared expansions and the chosen mode")
    parser.add_argument("--scenario", default="", metavar="NAME",
                        help="a scenario to play (The Great Wall: an Ancient Chronicles scenario); it sets the mode "
                             "and is played with no expansion")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a table option, as /game new sets it (repeatable)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--lang", choices=["en", "es", "ru", "it"], default="en")
    args = parser.parse_args(argv)
    if not 0 <= args.ai <= args.seats:
        parser.error("--ai must be between 0 and --seats")
    if any("=" not in o for o in args.option):
        parser.error("--option takes KEY=VALUE")
    given = {k: v for k, v in (("length", args.length), ("mode", args.mode)) if v is not None}
    options = {**given, **dict(o.split("=", 1) for o in args.option)}
    try:
        options = with_scenario(capabilities(args.game), args.scenario.strip().lower(), options, args.lang)
        options = with_expansions(capabilities(args.game), parse(args.expansions), options, args.lang)
    except ExpansionError as error:
        print(error.text, file=sys.stderr)
        return 2
    if (problem := bad_option(args.game, options, args.lang)) is not None:
        print(problem, file=sys.stderr)
        return 2
    try:
        asyncio.run(play(args.game, args.seats, args.ai, args.out, options.get("length", "long"), args.seed,
                         args.lang, mode=options.get("mode", "standard"), options=options))
    except TableError as error:
        print(t(args.lang, error.key, **error.args_), file=sys.stderr)
        return 2
    except (EOFError, KeyboardInterrupt):
        return 130
    return 0


if __name__ == "__main__":  # python -m bot.local greatwall --expansions rat --seats 4
    sys.exit(main(sys.argv[1:]))
