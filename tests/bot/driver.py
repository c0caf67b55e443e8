"""Helpers to play through the bot as real users would: find panels in DMs and answer them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.app import create_bot


@dataclass
class Item:
    custom_id: str
    is_select: bool
    values: list[str]
    min_values: int


def _item(raw: Any) -> Item | None:
    """A component as a plain record, from a discord.py object or a raw payload dict."""
    get = raw.get if isinstance(raw, dict) else (lambda k, d=None: getattr(raw, k, d))
    custom = get("custom_id")
    if not custom or not str(custom).startswith("mu:"):
        return None
    options = get("options") or []
    values = [o["value"] if isinstance(o, dict) else o.value for o in options]
    return Item(str(custom), bool(options) or get("type") == 3 or isinstance(raw, discord.SelectMenu),
                values, int(get("min_values") or 1))


def interactive(message: Any) -> list[Item]:
    """Every button and select of a message, nested V2 layouts included."""
    found: list[Item] = []

    def walk(items: list[Any]) -> None:
        for raw in items:
            item = _item(raw)
            if item is not None:
                found.append(item)
            children = raw.get("components") if isinstance(raw, dict) else getattr(raw, "children", None)
            walk(list(children or []))
            accessory = raw.get("accessory") if isinstance(raw, dict) else getattr(raw, "accessory", None)
            if accessory is not None:
                walk([accessory])

    walk(list(message.components))
    return found

def text_of(message: Any) -> str:
    """A message's words, classic content or a V2 layout's text displays."""
    found = [message.content or ""]

    def walk(items: list[Any]) -> None:
        for raw in items:
            content = raw.get("content") if isinstance(raw, dict) else getattr(raw, "content", None)
            if isinstance(content, str):
                found.append(content)
            children = raw.get("components") if isinstance(raw, dict) else getattr(raw, "children", None)
            walk(list(children or []))

    walk(list(message.components))
    return "\n".join(found)


def current_panel(user: Any) -> discord.Message | None:
    """The newest DM from the bot that still has live components."""
    channel = user.user.dm_channel if hasattr(user, "user") else user.dm_channel
    for message in reversed(channel.history()):
        if interactive(message):
            return message
    return None


async def answer(actor: Any, message: discord.Message, turn: int = 0, cycle: bool = True) -> None:
    """Answer a panel the simple way: each order slot cycles through the options (or takes its first
    option when ``cycle`` is off); otherwise the default, the empty answer, or the first option(s)."""
    items = interactive(message)
    slots = [i for i in items if i.custom_id.startswith("mu:slot:")]
    if slots:
        for index, select in enumerate(slots):
            pick = (index + turn) % len(select.values) if cycle else 0
            await actor.select(message, [select.values[pick]], custom_id=select.custom_id)
        await actor.click(message, custom_id=next(i.custom_id for i in items if i.custom_id.startswith("mu:lock:")))
        return
    confirm = next((i for i in items if i.custom_id.startswith(("mu:dflt:", "mu:lock:"))), None)
    if confirm is not None:  # the prompt's default (or a long multi-pick's drafted picks)
        await actor.click(message, custom_id=confirm.custom_id)
        return
    empty = next((i for i in items if i.custom_id.startswith("mu:none:")), None)
    if empty is not None:  # the empty answer, where the rules allow one: always within the purse
        await actor.click(message, custom_id=empty.custom_id)
        return
    # A long list narrows step by step: answer the option select once its range is open.
    selects = [i for i in items if i.is_select]
    select = next((i for i in selects if not i.custom_id.startswith("mu:nav:")), None) or next(iter(selects), None)
    if select is not None:
        await actor.select(message, select.values[: select.min_values], custom_id=select.custom_id)
        return
    await actor.click(message, custom_id=items[0].custom_id)


async def play_until(actors: list[Any], done: Any, limit: int = 400, cycle: bool = True) -> int:
    """Answer panels of ``actors`` (users with DMs) until ``done()`` or nothing is left to answer."""
    moves = 0
    while not done() and moves < limit:
        acted = False
        for actor in actors:
            panel = current_panel(actor)
            if panel is not None:
                await answer(actor.user if hasattr(actor, "user") else actor, panel, moves, cycle)
                moves += 1
                acted = True
                if done():
                    break
        if not acted:
            break
    return moves


def close_dms(env: Any, member: Any, times: int | None = 1) -> None:
    """The next ``times`` DMs to ``member`` (every one: None) fail as Discord refuses a DM to someone
    whose DMs are closed (403, code 50007)."""
    env.inject_error("POST", f"/channels/{member.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=times)


def table_of(env: Any) -> Any:
    [table] = env.bot.tables.by_id.values()
    return table


# ``/game new``'s own parameters (table-wide settings); a game's options are set in the lobby.
NEW_PARAMS = frozenset({"clock", "on_timeout", "seat", "thread", "nudge", "extensions", "call", "language"})


def _component(message: Any, prefix: str) -> Item:
    return next(i for i in interactive(message) if i.custom_id.startswith(prefix))


async def set_options(w: dict[str, Any], lobby: Any, who: str = "alice", **options: str) -> Any:
    """The host sets table options as a player would: the lobby's Settings button opens an ephemeral
    panel; there a setting is picked, then its value (the mode first: it decides which rulings
    apply). Each change must take (a refusal fails here); returns the panel."""
    actor = w[who]
    button = next(i for i in interactive(lobby) if i.custom_id.startswith("mu:lobby:") and
                  i.custom_id.endswith(":settings"))  # by its id: the lobby speaks the table's language
    opened = await actor.click(lobby, custom_id=button.custom_id)
    panel = opened.response
    assert opened.ephemeral and panel is not None and not w["env"].errors, "the settings panel did not open"
    picker = _component(panel, "mu:setopt:").custom_id
    table = w["env"].bot.tables.by_id[int(picker.split(":")[2])]
    for name in sorted(options, key=lambda n: n != "mode"):
        await actor.select(panel, [name], custom_id=picker)
        await actor.select(panel, [options[name]], custom_id=_component(panel, "mu:setval:").custom_id)
        assert table.row.options.get(name) == options[name], (name, options[name])
    return panel


async def open_table(w: dict[str, Any], ai: int = 2, game: str = "xidit",
                     humans: tuple[str, ...] = ("alice", "bob"), **options: Any) -> Any:
    """alice opens the table (/game new seats its host unless told not to), sets the game's options
    in the lobby's settings panel, then the others join and AI seats are added."""
    hosted: dict[str, Any] = {} if "alice" in humans else {"seat": False}
    params = {k: v for k, v in options.items() if k in NEW_PARAMS}
    result = await w["alice"].slash(w["channel"], "game new", game=game, **hosted, **params)
    assert result.ephemeral
    lobby = w["channel"].last_message
    names = {"xidit": "Lords of Xidit", "greatwall": "The Great Wall", "akhedena": "Akhedena: Destiny of the Throne"}
    assert names[game] in lobby.content
    if chosen := {k: v for k, v in options.items() if k not in NEW_PARAMS}:
        await set_options(w, lobby, **chosen)
        lobby = next(m for m in w["channel"].history() if m.id == lobby.id)  # as the settings left it
    for name in humans:
        if name != "alice":
            await w[name].click(lobby, label="Join")
    for _ in range(ai):
        await w["alice"].click(lobby, label="Add AI")
    return lobby


async def start_alone(w: dict[str, Any], **options: Any) -> Any:
    """alice and three AI seats at a short Lords of Xidit table, started, alice's first decision open."""
    lobby = await open_table(w, ai=3, game="xidit", humans=("alice",), length="short", **options)
    await w["alice"].click(lobby, label="Start")
    table = table_of(w["env"])
    assert table.open_prompt(table.seat_of(w["alice"].id)) is not None
    return table


def moderator(w: dict[str, Any], name: str = "mod") -> Any:
    """A member of the server whose role may delete anyone's messages (Manage Messages)."""
    role = w["guild"].create_role("Moderators", permissions=discord.Permissions(manage_messages=True))
    return w["guild"].add_member(w["env"].create_user(name), roles=[role])


def lose(env: Any, message: Any) -> None:
    """A message of the bot's disappears (nobody at the table can delete a bot's DM: it is lost)."""
    env.backend.delete_message(message.channel.id, message.id)


# --- A Great Wall table with these options, played through a year with a restart --------------------
# (the expansion and scenario tables: tests/bot/test_greatwall_khan_table.py, test_chronicles_*_table.py)

def asked(env: Any, kind: str, seat: int | None = None) -> bool:
    """The table's open decision is of this kind (and asks ``seat``, when one is named)."""
    ask = table_of(env).state.ask
    return ask is not None and ask.kind == kind and (seat is None or seat in ask.seats)


def channel_lines(w: dict[str, Any]) -> list[str]:
    return [m.content or "" for m in w["channel"].history()]


async def greatwall_first_fall(w: dict[str, Any], **options: str) -> tuple[Any, Any]:
    """alice and two AI seats at a Great Wall table with these options (set in the lobby), started and
    played up to alice's first placing of the first Fall; returns the lobby message and the table."""
    lobby = await open_table(w, ai=2, game="greatwall", humans=("alice",), **options)
    await w["alice"].click(lobby, label="Start")
    await play_until([w["alice"]], lambda: asked(w["env"], "place"), cycle=False)
    return lobby, table_of(w["env"])


async def restart_unchanged(w: dict[str, Any], db_path: Any) -> Any:
    """The bot restarts (a kill -9: nothing is closed) and the table comes back as it was, its state
    byte for byte and its sequence; returns the reloaded table."""
    env = w["env"]
    table = table_of(env)
    before, seq = table.game.dumps(table.state), table.seq
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.seq == seq and table.game.dumps(table.state) == before
    return table


def in_year(year: int, *seasons: str) -> Callable[[Any], bool]:
    """A Great Wall state in that year or a later one, in one of those seasons (any, when none)."""
    return lambda state: state.year >= year and (not seasons or state.season in seasons)


async def play_on(w: dict[str, Any], done: Callable[[Any], bool]) -> Any:
    """alice answers her panels (the AI seats answer at once) until ``done(state)`` or the game is
    over; returns the state."""
    env = w["env"]

    def over() -> bool:
        state = table_of(env).state
        return bool(done(state) or state.season == "over")

    await play_until([w["alice"]], over, limit=600, cycle=False)
    return table_of(env).state
