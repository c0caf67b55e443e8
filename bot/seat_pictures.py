"""A seat's own picture on its DM panel and its /hand panel (issue 16, "Your own board").

Drawn from ``game.view(state, seat)``, the seat's open prompt and its own draft only (rendering/seat.py),
so it shows nothing the seat may not know. The view is taken on the event loop (consistent with the
panel) and drawn in a worker thread, as boards are (bot/boards.py). Remembered per (table, step, seat,
language, palette, draft): a panel sent again — /hand twice, a restart's re-sync — does not draw again.

A classic panel carries it as the message's attachment. A Components V2 panel (a programme, a long
multi-pick) shows only the attachments its components name, so it carries a MediaGallery pointing at
``attachment://you.png``.

Edits follow Discord's documented API only. Edit Message (https://discord.com/developers/docs/resources/
message#edit-message; "edit original response" and a component's UPDATE_MESSAGE take the same fields:
https://discord.com/developers/docs/interactions/receiving-and-responding) keeps or replaces files through
the ``attachments`` field, which lists every file the message keeps after the edit. An edit that names
``attachment://you.png`` in a media gallery without uploading it is not documented, and is reported to
fail with 400 "attachment not found" (discord-api-docs #7529). So a V2 panel uploads, in the same
request, the picture its gallery names on every rebuild (``redrawn``, ``with_picture``), or shows no
gallery and drops the file; a classic message keeps its files by listing their ids (bot/attachments.py).

The picture uploaded again is never read back from Discord's CDN (a request that can fail, at every
answer): it is the bytes the bot has, or drawn again from the table's state and the seat's stored draft
while the decision is still open (drawing is deterministic: the same bytes). That is why the answered
panel's picture is taken before the answer is applied (bot/clicks.py ``submit``). tests/bot/
test_api_contract.py checks what discord.py serialises for each of these.
"""

from __future__ import annotations

import asyncio
import copy
import io
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import translator
from bot.ui.limits import V2_COMPONENTS

if TYPE_CHECKING:
    from bot.tables import Table

FILENAME = "you.png"
ALT = 1024  # an attachment's description (its alt text) holds at most 1,024 characters (Discord docs)
Key = tuple[int, int, int, int, str, str, tuple[str | None, ...]]
Draft = list[str | None] | None


@dataclass(frozen=True)
class Picture:
    """A seat's picture and its alt text (issue 24: every seat picture has one, as boards do), in the
    seat's language, from the same inputs (rendering/seat_alt.py)."""

    png: bytes
    alt: str

    def file(self) -> discord.File:
        """The upload; Discord reads an attachment's ``description`` as its alt text."""
        return discord.File(io.BytesIO(self.png), FILENAME, description=self.alt[:ALT] or None)


def draw(game: Any, view: dict[str, Any], prompt: Any, names: list[str], lang: str, palette: str,
         draft: tuple[str | None, ...] = ()) -> Picture | None:
    """In the worker thread: the seat's picture, or None (no renderer, or a game without pictures)."""
    try:
        from rendering import seat_alt_text, seat_picture
    except ImportError:  # a deployment without the rendering floor: text only
        return None
    tr = translator(lang)
    png = seat_picture(game, view, prompt, names, tr, palette, draft)
    return Picture(png, seat_alt_text(game, view, prompt, names, tr, draft)) if png else None


def gallery() -> discord.ui.MediaGallery[Any]:
    """The V2 component that shows the picture: it names the attachment, it does not carry it."""
    return discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{FILENAME}"))


def has_picture(message: discord.Message | discord.InteractionMessage | None) -> bool:
    return message is not None and any(a.filename == FILENAME for a in message.attachments)


def _count(components: list[dict[str, Any]]) -> int:
    return sum(1 + _count(c.get("components", [])) for c in components)


def fits(layout: discord.ui.LayoutView) -> bool:
    """Room for the gallery within Discord's component limit (a panel that fills it stays text only)."""
    return _count(layout.to_components()) < V2_COMPONENTS  # type: ignore[no-untyped-call]


def _with_gallery(layout: discord.ui.LayoutView) -> None:
    """The picture right under the panel's text, above its selects."""
    children = list(layout.children)
    layout.clear_items()
    for index, item in enumerate(children):
        layout.add_item(item)
        if index == 0:
            layout.add_item(gallery())
    if not children:
        layout.add_item(gallery())


class SeatPictures:
    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._cache: OrderedDict[Key, Picture | None] = OrderedDict()

    async def png(self, table: Table, seat: int, lang: str, draft: Draft = None) -> Picture | None:
        info = table.seats[seat]
        if table.state is None:
            return None
        drafted = tuple(draft or ())
        # The state object with the step number: an undo replaces the state, so a new branch's step
        # of the same number is not taken for the undone one's.
        key = (table.id, id(table.state), table.seq, seat, lang, info.palette, drafted)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        view = copy.deepcopy(table.game.view(table.state, seat))
        prompt = table.open_prompt(seat)
        picture = await asyncio.to_thread(draw, table.game, view, prompt, list(table.names), lang, info.palette,
                                          drafted)
        self._cache[key] = picture
        while len(self._cache) > self.size:
            self._cache.popitem(last=False)
        return picture

    async def attach(self, table: Table, seat: int, lang: str,
                     view: discord.ui.View | discord.ui.LayoutView | None, draft: Draft = None) -> dict[str, Any]:
        """``{"file": ...}`` to add to a panel's send (a V2 panel also gets the gallery naming it), or
        nothing."""
        if isinstance(view, discord.ui.LayoutView) and not fits(view):
            return {}
        picture = await self.png(table, seat, lang, draft)
        if picture is None:
            return {}
        if isinstance(view, discord.ui.LayoutView):
            _with_gallery(view)
        return {"file": picture.file()}

    async def answered(self, table: Table, seat: int, prompt_id: str,
                       message: discord.Message | discord.InteractionMessage | None) -> Picture | None:
        """The picture a V2 panel shows as its decision is answered, for the note it becomes: drawn
        from the state and the stored draft its last redraw showed (from memory, as a rule), so it must
        be asked before the answer changes the state. None for a panel without a picture (or a classic
        one: its file stays by its id)."""
        if message is None or not message.flags.components_v2 or not has_picture(message):
            return None
        draft = await table.store.draft(table.id, seat, prompt_id)
        return await self.png(table, seat, table.seats[seat].lang, draft)

    async def redrawn(self, table: Table, seat: int, lang: str, layout: discord.ui.LayoutView, draft: Draft,
                      message: discord.Message | discord.InteractionMessage | None) -> dict[str, Any]:
        """A V2 panel redrawn after a pick: the gallery again with the picture uploaded again (Edit
        Message: ``attachments`` lists what the message keeps; a gallery must name a file of the same
        request, discord-api-docs #7529), or, with no picture or no room for it, no gallery and no file."""
        png = await self.png(table, seat, lang, draft) if fits(layout) else None
        return with_picture(layout, png, message)


def with_picture(layout: discord.ui.LayoutView, png: Picture | None,
                 message: discord.Message | discord.InteractionMessage | None) -> dict[str, Any]:
    """Edit arguments that show ``png`` under ``layout``'s text (the gallery and the file, in one
    request), or, with no picture or no room for it, drop the message's files (``attachments``
    empty) so that nothing unnamed stays attached."""
    if png is None or not fits(layout):
        return {"attachments": []} if message is not None and message.attachments else {}
    _with_gallery(layout)
    return {"attachments": [png.file()]}
