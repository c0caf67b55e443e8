"""The secrecy audit through the bot, for every registered game and mode: a table with one human
(alice) and AI seats plays on through real panels; afterwards the record is replayed through the
engine to learn every seat's secrets at every step, and nothing secret of a seat may appear where
another seat or a spectator (eve) can read: channel messages, embeds, board alt text, alice's DMs."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from driver import play_until, set_options, table_of

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from games import SUPPORT, Case, case_params, cases

from bot.i18n import translator
from bot.presenters import presenter_for
from engine.core.prompt import Choice

pytestmark = pytest.mark.simcord(settle_timeout=60)
STEPS = 120  # alice's panel answers per game in the default run


def _texts(message: Any) -> list[str]:
    """Every text of a message: content, embeds, attachments' alt text, and a Components V2 layout's
    text displays (a DM panel edited in place stays V2 once it was: bot/dm_panels.py)."""
    parts = [message.content or "", *_displays(message.components)]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", *(f"{f.name} {f.value}" for f in embed.fields)]
    parts += [a.description or "" for a in message.attachments]
    return [p for p in parts if p]


def _displays(items: list[Any]) -> list[str]:
    found: list[str] = []
    for raw in items:
        content = raw.get("content") if isinstance(raw, dict) else getattr(raw, "content", None)
        if isinstance(content, str):
            found.append(content)
        children = raw.get("components") if isinstance(raw, dict) else getattr(raw, "children", None)
        found += _displays(list(children or []))
    return found


def _edits(env: Any, channel_id: int) -> list[str]:
    """Every text the bot edited into a channel message, in order (simcord's REST log)."""
    prefix = f"/channels/{channel_id}/messages/"
    bodies = [r.json for r in env.http_requests if r.method == "PATCH" and r.path.startswith(prefix)]
    return [str(b["content"]) for b in bodies if isinstance(b, dict) and b.get("content")]


def _secrets(table: Any, actions: list[Any]) -> tuple[set[str], dict[int, set[str]]]:
    """Replay the record: the public lines, and per seat what only that seat may read (its private
    event lines and how its hidden things are named)."""
    game, support = table.game, SUPPORT[table.row.game]
    presenter, tr = presenter_for(game), translator(table.row.lang)
    state = game.setup(len(table.seats), table.row.options, table.row.seed)
    public: set[str] = set()
    private: dict[int, set[str]] = {s: set() for s in range(len(table.seats))}
    for row in actions:
        for seat in private:
            private[seat].update(support.hidden_labels(game, state, seat, presenter, tr))
        for event in game.apply(state, row.seat, Choice.parse(row.choice)):
            if event.key:
                public.add(presenter.line(tr, event.key, event.args, table.names))
            for seat, (key, args) in event.private.items():
                private[seat].add(presenter.line(tr, key, args, table.names))
    for seat in private:  # what each seat holds now: its last panel shows it
        private[seat].update(support.hidden_labels(game, state, seat, presenter, tr))
    return public, private


def _leaks(text: str, secrets: set[str], public: set[str]) -> list[str]:
    return [s for s in secrets if s and s in text and not any(s in line for line in public)]


async def _audit(world: dict[str, Any], case: Case, steps: int = STEPS) -> list[tuple[int, str]]:
    """Play ``case`` through the bot, then list every (seat, text) where a secret shows."""
    env, channel = world["env"], world["channel"]
    await world["alice"].slash(channel, "game new", game=case.game_id)
    lobby = channel.last_message
    if case.options:
        await set_options(world, lobby, **case.options)
    for _ in range(case.seats - 1):
        await world["alice"].click(lobby, label="Add AI")
    await world["alice"].click(lobby, label="Start")
    await play_until([world["alice"]], lambda: table_of(env).row.status == "over", limit=steps, cycle=False)
    table = table_of(env)
    alice = table.seat_of(world["alice"].id)
    public, private = _secrets(table, await table.store.actions(table.id))
    # What a spectator sees now (edited messages in their final form) and every edit on the way:
    # a secret shown for a moment in the live status or the log is a leak too.
    spectator = [t for m in channel.history(viewer=world["eve"]) for t in _texts(m)] + _edits(env, channel.id)
    alice_dms = [t for m in world["alice"].user.dm_channel.history() for t in _texts(m)]
    assert spectator and alice_dms and not env.errors
    found = [(seat, text) for seat, secrets in private.items() for text in spectator
             if _leaks(text, secrets, public) or "Behind your screen" in text]
    # alice may hold a card of the same kind as another seat: that text is hers to read
    found += [(seat, text) for seat, secrets in private.items() if seat != alice for text in alice_dms
              if _leaks(text, secrets - private[alice], public)]
    return found


@pytest.mark.parametrize("case", case_params())
async def test_no_seat_secret_reaches_another_seat_or_a_spectator(world: dict[str, Any], case: Case) -> None:
    assert await _audit(world, case) == []


async def test_the_audit_catches_private_notes_posted_in_the_channel(world: dict[str, Any],
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The audit can fail: a delivery that sends private notes to the channel is caught."""
    from bot.delivery import Delivery

    real = Delivery.sync_panels

    async def leaky(self: Delivery, table: Any, acted: frozenset[int] = frozenset(),
                    notes: dict[int, str] | None = None) -> dict[int, str]:
        channel = await self.channel(table)
        for text in (notes or {}).values():  # each seat's private notes, posted in the channel
            await channel.send(text)
        return await real(self, table, acted, notes)

    monkeypatch.setattr(Delivery, "sync_panels", leaky)
    case = next(c for c in cases() if c.game_id == "akhedena" and c.secrets)
    assert await _audit(world, case, steps=40)


async def test_the_audit_catches_a_secret_shown_only_in_an_intermediate_edit(
        world: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """The audit reads every edit: a live status that shows a private note for one edit (and the
    next edit hides it again) is caught, though the final message is clean."""
    from bot.delivery import Delivery
    from bot.feed import Feed

    real = Delivery.sync_panels

    async def leaky(self: Delivery, table: Any, acted: frozenset[int] = frozenset(),
                    notes: dict[int, str] | None = None) -> dict[int, str]:
        stored = await table.store.message(table.id, "status")
        if stored is not None and stored[1]:
            for secret in (notes or {}).values():
                await Feed._edit(self.feed, table, stored[1], secret)  # shown for a moment...
            await self.feed.refresh(table)  # ...then the status again (unchanged text: no edit)
            tag = await table.store.message(table.id, "status")
            assert tag is not None
            await Feed._edit(self.feed, table, tag[1], "📌")
        return await real(self, table, acted, notes)

    monkeypatch.setattr(Delivery, "sync_panels", leaky)
    case = next(c for c in cases() if c.game_id == "akhedena" and c.secrets)
    assert await _audit(world, case, steps=40)
