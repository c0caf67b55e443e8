"""A Great Wall variant that lives only in this module (issue 21: "a variant is a module and a
registration and nothing else"): it registers its rule and its words here, and a table plays it
through the real bot — chosen in the lobby's settings, started, played by AI seats to the end — with
no edit to the engine, the bot or the catalogs.

The toy rule adds one Winter step: every clan gains 1 Honor [the base Winter is ES p.9]."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from driver import set_options, table_of

from bot.history import log_page
from bot.i18n import LANGS, add_words, remove_words
from engine.greatwall.flow import Ctx, task
from engine.greatwall.state import Task
from engine.greatwall.variant import Variant, register_variant, unregister_variant

NAME = "warm_winter"
WORDS = {
    "option.mode.warm_winter": "Warm Winter (a test variant: +1 Honor each Winter)",
    "gw.warm_winter": "A warm Winter: every clan gains 1 Honor (year {year}).",
}


@task("warm_winter")
def _warm(ctx: Ctx, job: Task) -> None:
    for player in ctx.state.players:
        player.honor += 1
    ctx.emit("warm_winter", year=ctx.state.year)


@dataclass(frozen=True)
class WarmWinter(Variant[Ctx]):
    def winter_steps(self, ctx: Ctx, steps: list[Task]) -> list[Task]:
        return [{"op": "warm_winter"}, *steps]


@pytest.fixture
def warm_winter() -> Iterator[None]:
    register_variant(WarmWinter(NAME, seats=(3, 4)))
    for lang in LANGS:
        add_words(lang, WORDS)
    try:
        yield
    finally:
        unregister_variant(NAME)
        for lang in LANGS:
            remove_words(lang, set(WORDS))


async def test_a_variant_from_the_tests_plays_through_the_bot(world: dict[str, Any], warm_winter: None) -> None:
    """The host picks the test's variant in the lobby, three AI seats play it to the end, and each
    Winter ran its extra step (its line is in the channel's log of the game)."""
    env = world["env"]
    await world["alice"].slash(world["channel"], "game new", game="greatwall", seat=False)
    lobby = world["channel"].last_message
    await set_options(world, lobby, mode=NAME)
    shown = next(m for m in world["channel"].history() if m.id == lobby.id).content
    assert "Warm Winter" in shown  # the rules in force, in the variant's own words
    for _ in range(3):
        await world["alice"].click(lobby, label="Add AI")
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    assert table.row.status == "over" and not env.errors
    state = table.state
    assert state.mode == NAME
    rows = await table.store.log_slice(table.id, 0, await table.store.log_count(table.id))
    assert [args["year"] for key, args in rows if key == "gw.warm_winter"] == list(range(1, state.year + 1))
    pages = (await log_page(table, "en", None)).pages
    lines = [line for n in range(1, pages + 1) for line in (await log_page(table, "en", n)).lines]
    assert sum("A warm Winter" in line for line in lines) == state.year  # in the variant's own words
