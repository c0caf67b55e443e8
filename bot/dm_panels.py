"""Few DMs (issue 24; DESIGN.md "Few DMs"): which DM message a seat's next panel goes to.

A new DM notifies the player; an edit does not. So a player answering a chain of decisions stays on
one message, and a new DM comes only to a player who was away:

- the seat's answer itself opened its next decision (the AI seats and the automata answer within
  the same click): the clicked panel is edited into the next one, headed by what was just chosen;
- the seat answered and waits, and its next decision opens once the decisions it waited for are
  answered (the rest of a simultaneous round): its answered panel, "parked" with the ids of those
  decisions, is edited into the next one;
- the table moved on to a decision the seat was not waiting for (another seat's next turn) before
  the seat's next one: the seat was **away** — unless its next decision opens within PRESENT
  seconds of its own last answer here: a player who answered a minute ago is still at the panel
  (issue 24: "a new DM only when a decision arrives after the player has been away from the panel";
  a live table going round in turns stays on one message). Otherwise that decision comes as a new DM.

Both rules read only what the seat may know: *which decisions were open* between its answer and its
next decision (the live status names whom the table waits for, and the engine asks nobody because of
a hidden value: tests/engine/test_audit_secrecy.py compares every other seat's prompts), its own
answer's time, and when its next decision opened — which follows the other seats' answers, each
shown in the channel as it happens (log line, live status), and the AI seats' answers, which come
after the same fixed wait whatever they hold (bot/tables.py ``ai_delay``). So being edited in place
rather than notified tells a player nothing that the channel did not (``stays`` is the rule, as a
pure function; tests/bot/test_dm_presence.py). Both ways happen on the same publish, so the channel
sees the same posts at the same point whatever a seat received.

Private notes ("you drew …") for a seat whose panel goes out or is edited on the same publish head
that panel instead of coming as a DM of their own (``headed``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.seat_pictures import SeatPictures
from bot.ui.limits import TEXT

if TYPE_CHECKING:
    from bot.tables import Table
    from bot.ui.panels import Panel


class Delivery(Protocol):
    """What this module needs of bot/delivery.py's Delivery (which calls it: a Protocol, not an
    import, keeps the two modules out of an import circle)."""

    client: discord.Client
    pictures: SeatPictures

    def panel(self, table: Table, seat: int) -> Panel | None: ...

CONTENT = 2000  # a classic message's content
PRESENT = 120.0  # seconds after its own answer a seat still counts as at its panel (see above)


def now() -> float:
    """The bot's clock (simcord's virtual one in tests), as bot/clock.py reads it."""
    return discord.utils.utcnow().timestamp()


def stays(moved: bool, parked_at: float | None, opened_at: float) -> bool:
    """Whether a seat's next decision goes into its parked panel (an edit, silent) rather than a new
    DM: the table went only through decisions it waited for, or the seat answered within PRESENT
    seconds. Every input is public or the seat's own (module docstring)."""
    return not moved or (parked_at is not None and 0 <= opened_at - parked_at <= PRESENT)


def headed(note: str, body: str) -> str:
    """``note`` over ``body`` (either may be empty), within a classic message's content."""
    if not note:
        return body
    head = note[:max(0, CONTENT - len(body) - 2)]
    return f"{head}\n\n{body}" if head and body else head or body


async def next_panel_edit(delivery: Delivery, table: Table, seat: int, note: str,
                          message: discord.Message | discord.InteractionMessage | None) -> dict[str, Any] | None:
    """Edit arguments that turn the clicked DM panel into the seat's next panel, headed by ``note``
    (what was just chosen), or None when nothing is open. A Components V2 message cannot become a
    classic one again (Discord keeps the flag once set), so a classic panel after a V2 one is laid
    out as V2: its text, then its rows as they were."""
    panel = delivery.panel(table, seat)
    if panel is None or message is None:
        return None
    view: discord.ui.View | discord.ui.LayoutView = panel.view
    if message.flags.components_v2 and isinstance(view, discord.ui.View):
        view = as_layout(panel.content or "", view)
    if isinstance(view, discord.ui.LayoutView):
        head_layout(view, note)
    picture = await delivery.pictures.attach(table, seat, table.seats[seat].lang, view)
    # The old picture showed the position before the answer: the edit replaces it, or drops it.
    files = [picture["file"]] if "file" in picture else []
    if isinstance(view, discord.ui.LayoutView):
        # content=None: a classic message that becomes V2 (a programme after a census) keeps no text.
        return {"content": None, "view": view, "attachments": files}
    return {"content": headed(note, panel.content or ""), "view": view, "attachments": files}


def redraw_edit(content: str | None, view: discord.ui.View | discord.ui.LayoutView,
                message: discord.Message | discord.InteractionMessage | None) -> dict[str, Any]:
    """Edit arguments that redraw a panel in the clicked message, keeping its kind: a message that
    became Components V2 (a chain edited in place) takes a classic panel laid out as V2."""
    if message is not None and message.flags.components_v2 and isinstance(view, discord.ui.View):
        return {"view": as_layout(content or "", view)}
    if isinstance(view, discord.ui.LayoutView):
        return {"view": view}
    return {"content": content, "view": view}


def as_layout(text: str, view: discord.ui.View) -> discord.ui.LayoutView:
    """A classic panel as Components V2: its text, then each of its rows as an action row (the same
    components, the same custom ids: a click is routed as before)."""
    by_id = {getattr(item, "custom_id", None): item for item in view.children}
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(discord.ui.TextDisplay(text or "\u200b"))
    for row in view.to_components():
        items = [by_id[c["custom_id"]] for c in row.get("components", []) if c.get("custom_id") in by_id]
        if items:
            layout.add_item(discord.ui.ActionRow(*items))
    return layout


def head_layout(layout: discord.ui.LayoutView, note: str) -> None:
    """The note joins the panel's opening text (one component more could overflow a full panel)."""
    first = next(iter(layout.children), None)
    if isinstance(first, discord.ui.TextDisplay):
        first.content = f"{note}\n\n{first.content}"[:2 * TEXT]


def parked_key(seat: int) -> str:
    return f"parked:{seat}"


async def park(table: Table, seat: int, message: discord.Message | discord.InteractionMessage | None) -> None:
    """The seat answered in a DM and waits: remember its answered panel and what it waits for (the
    decisions open for the other seats now). Nothing open elsewhere: nothing to wait for."""
    waited = sorted(p.id for p in table.prompts() if p.seat != seat)
    if message is None or not waited:
        await table.store.drop_message(table.id, parked_key(seat))
        return
    await table.store.set_message(table.id, parked_key(seat), message.channel.id, message.id,
                                  _record(now(), False, set(waited)))


def _record(at: float | None, moved: bool, waited: set[str]) -> str:
    """The parked row's tag: when the seat answered, whether the table moved on past what it waited
    for, and the decisions it waited for."""
    return f"{'' if at is None else round(at)}|{int(moved)}|{','.join(sorted(waited))}"


def _parsed(tag: str) -> tuple[float | None, bool, set[str]]:
    """A tag written before the time was kept (only the waited ids) reads as answered long ago."""
    if tag.count("|") < 2:
        return None, False, set(tag.split(","))
    at, moved, ids = tag.split("|", 2)
    return (float(at) if at else None), moved == "1", set(ids.split(","))


async def unpark(delivery: Delivery, table: Table, seat: int, note: str = "") -> bool:
    """Called for every human seat on every publish. True when the seat's newly open decision went
    into its parked panel (edited in place, silently, headed by ``note`` under what it chose); a seat
    whose table moved on to a decision it was not waiting for, and that answered more than PRESENT
    seconds before its next decision opened, is away: its next decision is a new DM."""
    parked = await table.store.message(table.id, parked_key(seat))
    if parked is None:
        return False
    at, moved, waited = _parsed(parked[2])
    prompt = table.open_prompt(seat)
    if prompt is None:
        if table.row.status != "active":
            await table.store.drop_message(table.id, parked_key(seat))
        elif not moved and any(p.id not in waited for p in table.prompts() if p.seat != seat):
            await table.store.set_message(table.id, parked_key(seat), parked[0], parked[1], _record(at, True, waited))
        return False
    await table.store.drop_message(table.id, parked_key(seat))
    if not stays(moved, at, now()):
        return False
    try:
        channel = delivery.client.get_channel(parked[0]) or await delivery.client.fetch_channel(parked[0])
        assert isinstance(channel, discord.abc.Messageable)
        message = await channel.fetch_message(parked[1])
        edit = await next_panel_edit(delivery, table, seat, headed(note, _text(message)), message)
        if edit is None:
            return False
        await message.edit(**edit)
    except discord.HTTPException:
        return False  # gone or refused: the seat gets a new DM instead
    await table.store.set_message(table.id, f"panel:{seat}", message.channel.id, message.id, prompt.id)
    return True


def _text(message: discord.Message) -> str:
    """The answered panel's note (classic content, or a V2 message's first text)."""
    if message.content:
        return message.content
    first = next(iter(message.components), None)
    return str(getattr(first, "content", "") or "")
