"""Keeping a message's files through an edit, as Discord documents it.

Edit Message (https://discord.com/developers/docs/resources/message#edit-message) takes ``attachments``:
partial attachment objects naming the files the message keeps after the edit (an omitted field leaves
them as they are; a listed one must name every file to keep). A kept file is named by its ``id`` alone:
discord.py's ``Attachment.to_dict`` would also write ``spoiler``, which is no field of the attachment
object (https://discord.com/developers/docs/resources/message#attachment-object), plus the URLs and
sizes Discord itself set. tests/bot/contract.py checks every entry the bot sends.
"""

from __future__ import annotations

from typing import Any

import discord


class Kept:
    """An attachment an edit keeps, named by its id (discord.py serialises any entry of ``attachments``
    that is not a new ``discord.File`` through its ``to_dict``)."""

    def __init__(self, attachment_id: int) -> None:
        self.id = attachment_id

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id}


def kept(files: list[int]) -> dict[str, Any]:
    """Edit arguments that keep these attachments (none: the edit leaves the files as they are)."""
    return {"attachments": [Kept(i) for i in files]} if files else {}


def kept_files(message: discord.Message | discord.InteractionMessage | None) -> dict[str, Any]:
    """Edit arguments that keep every file of ``message`` (a classic message shows them whatever its
    components are)."""
    return kept([a.id for a in message.attachments] if message is not None else [])
