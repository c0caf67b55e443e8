"""What discord.py actually sends, checked against Discord's documented request fields and limits.

The recorder wraps the one point where discord.py hands a serialised request to its transport:
``HTTPClient.request`` (channel and DM messages) and the webhook adapter's ``request`` (interaction
callbacks, original responses, followups). simcord replaces those two transports; the wrapper sees the
route, the JSON body and the multipart parts exactly as discord.py built them, before simcord reads
them, so what is checked is discord.py's serialisation, not simcord's own state. Only the target of an
edit (which attachments the message had before it) is looked up in simcord's store.

Documentation the checks follow:
- Create / Edit Message (https://discord.com/developers/docs/resources/message#create-message,
  #edit-message): content up to 2,000 characters; files are multipart parts ``files[n]`` each described
  by an ``attachments`` entry of that ``id``; on edit, "to remove or replace files you will have to
  supply the attachments field which specifies the files to retain"; ``attachment://name`` names a file
  of the request (#uploading-files / "Using attachments within embeds").
- Interactions, Responding (https://discord.com/developers/docs/interactions/receiving-and-responding):
  callback types 4 (message), 5/6 (deferred), 7 (update the component's message); "edit original
  response" and followups take the same message fields as Edit / Execute Webhook.
- Components (https://discord.com/developers/docs/components/reference): at most 5 action rows, a row
  holds up to 5 buttons or one select; button label 80; custom_id 100; select 25 options, option
  label/value/description 100, placeholder 150; with the IS_COMPONENTS_V2 flag (1 << 15) no content or
  embeds, at most 40 components in all (nested ones counted), text displays 4,000 characters in all.
- Allowed mentions (#allowed-mentions-object): a message that names a user, a role, @everyone or @here
  says who may be pinged.
- discord-api-docs issue #7529: a media gallery edited into a message that names a kept attachment
  (no new upload) fails with 400 "attachment not found"; so a Components V2 message must upload every
  file its components name, in the same request.
- Fields (Create Message, Edit Message, Interaction Response ``data``, Edit Webhook Message, Execute
  Webhook): each request carries only the JSON params its endpoint documents. One tolerance: discord.py
  writes ``tts: false`` into every message body, edits included (Edit Message does not list ``tts``);
  Discord ignores it, and the bot cannot stop discord.py writing it. A create carries at least one of
  content, embeds, components, files or stickers ("at least one ... is required", Create Message).
- Attachment object (https://discord.com/developers/docs/resources/message#attachment-object): an
  ``attachments`` entry is a partial attachment object, so it holds only that object's fields (a
  ``spoiler`` key, as discord.py's ``Attachment.to_dict`` writes, is none of them); a kept file is named
  by its ``id`` (Edit Message: "attachments: ... files to keep").
  Its ``description`` is the file's alt text, "max 1024 characters"; every picture (a PNG) the bot
  uploads carries one (issue 24: boards and seat pictures alike).
- Using Message Components (https://discord.com/developers/docs/components/using-message-components):
  "once the message has been sent, the flag cannot be removed": an edit of a V2 message that sets
  components carries the flag again.
- Embed limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits): 10
  embeds; title 256, description 4,096, 25 fields, field name 256 and value 1,024, footer 2,048,
  author name 256, and 6,000 characters in all.
- Start Thread without Message (https://discord.com/developers/docs/resources/channel#start-thread-
  without-message): name 1–100 characters; type 10, 11 or 12; auto_archive_duration 60, 1,440, 4,320
  or 10,080.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from simcord.http import client as simcord_http

V2 = 1 << 15
EPHEMERAL = 1 << 6
MENTION = re.compile(r"<@[!&]?\d+>|@everyone|@here")
SELECTS = (3, 5, 6, 7, 8)
EDIT_CALLBACK = 7


@dataclass
class Request:
    """One request as discord.py serialised it."""

    method: str
    path: str
    body: dict[str, Any]
    files: list[str]  # the filenames of the multipart file parts
    before: list[str] | None = None  # an edit: the filenames its target message had
    kind: str = ""
    before_flags: int = 0  # an edit: its target message's flags

    @property
    def message(self) -> dict[str, Any]:
        """The message fields (an interaction callback carries them under ``data``)."""
        if self.path.endswith("/callback"):
            data: dict[str, Any] = self.body.get("data") or {}
            return data
        return self.body

    @property
    def is_edit(self) -> bool:
        return self.method == "PATCH" or (self.path.endswith("/callback") and self.body.get("type") == EDIT_CALLBACK)


@dataclass
class Recorder:
    requests: list[Request] = field(default_factory=list)

    def messages(self) -> list[Request]:
        """Requests that create or edit a message (what the checks are about)."""
        return [r for r in self.requests if r.kind]


def _form(parts: list[dict[str, Any]] | None) -> tuple[dict[str, Any] | None, list[str]]:
    body, files = None, []
    for part in parts or []:
        if part.get("name") == "payload_json":
            body = json.loads(part["value"])
        elif "filename" in part:
            files.append(str(part["filename"]))
    return body, files


def _names(message: Any) -> list[str]:
    return [str(a.get("filename")) for a in getattr(message, "attachments", None) or []]


def _flags(message: Any) -> int:
    return int(getattr(message, "flags", 0) or 0)


def _target(backend: Any, method: str, path: str, body: dict[str, Any]) -> Any:
    """The message an edit changes, as it is before the edit (from simcord's store), or None."""
    parts = path.strip("/").split("/")
    try:
        if method == "PATCH" and parts[0] == "channels":
            return backend.get_message(int(parts[1]), int(parts[3]))
        if method == "PATCH" and parts[0] == "webhooks":
            record = backend.interaction_by_token(parts[2])
            wanted = record.message_id if parts[4] == "@original" else int(parts[4])
            if wanted is None:  # a deferred component update edits the clicked message
                wanted = record.source_message_id
            return backend.get_message(record.channel_id, wanted)
        if parts[0] == "interactions" and body.get("type") == EDIT_CALLBACK:
            record = backend.interactions[int(parts[1])]
            return backend.get_message(record.channel_id, record.source_message_id)
    except Exception:  # an unknown target: simcord answers the request itself
        return None
    return None


def _kind(method: str, path: str, body: dict[str, Any]) -> str:
    parts = path.strip("/").split("/")
    if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages" and method in ("POST", "PATCH"):
        return "message.create" if method == "POST" and len(parts) == 3 else "message.edit" if method == "PATCH" else ""
    if parts[0] == "interactions" and parts[-1] == "callback":
        return {4: "interaction.message", 7: "interaction.update"}.get(int(body.get("type", 0)), "")
    if parts[0] == "webhooks" and method == "PATCH":
        return "interaction.edit"
    if parts[0] == "webhooks" and method == "POST":
        return "interaction.followup"
    if parts[0] == "channels" and len(parts) == 3 and parts[2] == "threads" and method == "POST":
        return "thread.create"
    return ""


def install(monkeypatch: Any, recorder: Recorder, backend: Any = None) -> None:
    """Wrap both transports of discord.py as simcord plugs them in (``backend``: the store edits are
    looked up in; each transport's own by default)."""
    http_request = simcord_http.FakeHTTPClient.request
    hook_request = simcord_http.FakeWebhookAdapter.request

    def note(store: Any, method: str, url: str, body: dict[str, Any] | None, files: list[str]) -> None:
        path = simcord_http._path_of(url)
        body = body or {}
        kind = _kind(method, path, body)
        target = _target(store, method, path, body) if kind else None
        before = _names(target) if target is not None else None
        recorder.requests.append(Request(method, path, body, files, before, kind, _flags(target)))

    async def http(self: Any, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
        parsed, names = _form(form)
        note(backend or self.backend, route.method, route.url,
             parsed if parsed is not None else kwargs.get("json"), names)
        return await http_request(self, route, files=files, form=form, **kwargs)

    async def hook(self: Any, route: Any, session: Any, *, payload: Any = None, multipart: Any = None,
                   files: Any = None, params: Any = None, **kwargs: Any) -> Any:
        parsed, names = _form(multipart)
        note(backend or self.backend, route.method, route.url, parsed if parsed is not None else payload, names)
        return await hook_request(self, route, session, payload=payload, multipart=multipart, files=files,
                                  params=params, **kwargs)

    monkeypatch.setattr(simcord_http.FakeHTTPClient, "request", http)
    monkeypatch.setattr(simcord_http.FakeWebhookAdapter, "request", hook)


# -- the checks --------------------------------------------------------------------------------------


def _walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for component in components:
        out.append(component)
        out += _walk(list(component.get("components") or []))
        if isinstance(component.get("accessory"), dict):
            out += _walk([component["accessory"]])
    return out


def _references(value: Any) -> list[str]:
    """Every ``attachment://name`` a payload names (embeds, media galleries, thumbnails, files)."""
    if isinstance(value, str):
        return [value.removeprefix("attachment://")] if value.startswith("attachment://") else []
    if isinstance(value, dict):
        return [name for v in value.values() for name in _references(v)]
    if isinstance(value, list):
        return [name for v in value for name in _references(v)]
    return []


def _component_problems(component: dict[str, Any]) -> list[str]:
    problems = []
    kind = component.get("type")
    if len(str(component.get("custom_id", ""))) > 100:
        problems.append(f"custom_id over 100: {component['custom_id']!r}")
    if kind == 2 and len(str(component.get("label", ""))) > 80:
        problems.append(f"button label over 80: {component['label']!r}")
    if kind == 2 and not (component.get("label") or component.get("emoji")):
        problems.append("a button with neither label nor emoji")
    if kind == 2 and component.get("style") not in (5, 6) and not component.get("custom_id"):
        problems.append("a button without custom_id")
    if kind == 10 and not component.get("content"):
        problems.append("an empty text display")
    if kind in SELECTS:
        options = component.get("options") or []
        if kind == 3 and not 1 <= len(options) <= 25:
            problems.append(f"select with {len(options)} options")
        if len(str(component.get("placeholder", ""))) > 150:
            problems.append("select placeholder over 150")
        if not 0 <= int(component.get("min_values", 1)) <= int(component.get("max_values", 1)) <= 25:
            problems.append("select min/max values out of 0..25")
        if kind == 3 and int(component.get("max_values", 1)) > len(options):
            problems.append("select max_values above its options")
        for option in options:
            for name in ("label", "value", "description"):
                if len(str(option.get(name, ""))) > 100:
                    problems.append(f"select option {name} over 100: {option[name]!r}")
    return problems


# The JSON params each endpoint documents (the pages named in the module docstring).
_CREATE = {"content", "nonce", "enforce_nonce", "tts", "embeds", "allowed_mentions", "message_reference",
           "components", "sticker_ids", "attachments", "flags", "poll"}
_EDIT = {"content", "embeds", "flags", "allowed_mentions", "components", "attachments"}
_CALLBACK_DATA = {"tts", "content", "embeds", "allowed_mentions", "flags", "components", "attachments", "poll"}
_WEBHOOK_EDIT = {"content", "embeds", "flags", "allowed_mentions", "components", "attachments", "poll"}
_WEBHOOK_EXECUTE = {"content", "username", "avatar_url", "tts", "embeds", "allowed_mentions", "components",
                    "attachments", "flags", "thread_name", "applied_tags", "poll"}
FIELDS = {"message.create": _CREATE, "message.edit": _EDIT, "interaction.message": _CALLBACK_DATA,
          "interaction.update": _CALLBACK_DATA, "interaction.edit": _WEBHOOK_EDIT,
          "interaction.followup": _WEBHOOK_EXECUTE}
ATTACHMENT_FIELDS = {"id", "filename", "title", "description", "content_type", "size", "url", "proxy_url",
                     "height", "width", "ephemeral", "duration_secs", "waveform", "flags"}
ARCHIVE_MINUTES = {60, 1440, 4320, 10080}
ALT_TEXT = 1024  # an attachment object's ``description`` (alt text): "max 1024 characters"
SNOWFLAKE = 1 << 22  # an id below it is a new file's index in the request, above it an existing file


def _field_problems(request: Request) -> list[str]:
    message, documented = request.message, FIELDS[request.kind]
    extra = set(message) - documented - ({"tts"} if message.get("tts") is False else set())
    found = [f"undocumented fields {sorted(extra)}"] if extra else []
    if request.kind == "message.create" and not (message.get("content") or message.get("embeds")
                                                 or message.get("components") or request.files
                                                 or message.get("sticker_ids")):
        found.append("a message with nothing in it")
    return found


def _attachment_problems(request: Request) -> list[str]:
    message, found = request.message, []
    entries = list(message.get("attachments") or [])
    for entry in entries:
        if set(entry) - ATTACHMENT_FIELDS:
            found.append(f"attachments entry with {sorted(set(entry) - ATTACHMENT_FIELDS)}")
    for entry in entries:
        # Alt text (issue 24): every picture uploaded carries it, within the field's documented limit.
        alt = str(entry.get("description") or "")
        if len(alt) > ALT_TEXT:
            found.append(f"{entry.get('filename')}: a description of {len(alt)} characters")
        if int(entry["id"]) < SNOWFLAKE and str(entry.get("filename", "")).endswith(".png") and not alt.strip():
            found.append(f"{entry.get('filename')}: a picture without alt text (description)")
    described = {int(a["id"]) for a in entries if int(a["id"]) < SNOWFLAKE}
    if request.files and described != set(range(len(request.files))):
        found.append("an uploaded file without its attachments entry")
    kept = {int(a["id"]) for a in entries if int(a["id"]) >= SNOWFLAKE}
    flags = int(message.get("flags") or 0)
    for name in _references(message.get("components") or []) + _references(message.get("embeds") or []):
        if name in request.files:
            continue
        if flags & V2 or not kept:  # a V2 component must name a file of the same request (#7529)
            found.append(f"attachment://{name} names no file of the request")
    if request.is_edit and request.before and "attachments" not in message:
        found.append(f"an edit of a message with {request.before} does not say which files it keeps")
    return found


def _embed_problems(embeds: list[dict[str, Any]]) -> list[str]:
    found = ["more than 10 embeds"] if len(embeds) > 10 else []
    total = 0
    for embed in embeds:
        fields = list(embed.get("fields") or [])
        sizes = {"title": (len(str(embed.get("title", ""))), 256),
                 "description": (len(str(embed.get("description", ""))), 4096),
                 "footer": (len(str((embed.get("footer") or {}).get("text", ""))), 2048),
                 "author": (len(str((embed.get("author") or {}).get("name", ""))), 256),
                 "fields": (len(fields), 25)}
        found += [f"embed {name} over {limit}" for name, (size, limit) in sizes.items() if size > limit]
        for item in fields:
            if len(str(item.get("name", ""))) > 256 or len(str(item.get("value", ""))) > 1024:
                found.append("embed field over 256/1,024")
        total += sum(size for name, (size, _) in sizes.items() if name != "fields")
        total += sum(len(str(f.get("name", ""))) + len(str(f.get("value", ""))) for f in fields)
    return found + (["embeds over 6,000 characters in all"] if total > 6000 else [])


def _row_problems(rows: list[dict[str, Any]]) -> list[str]:
    found = []
    for row in rows:
        inner = list(row.get("components") or [])
        if not 1 <= len(inner) <= 5 or (any(c.get("type") in SELECTS for c in inner) and len(inner) != 1):
            found.append("an action row holds 1 to 5 buttons or one select")
    return found


def _layout_problems(message: dict[str, Any], request: Request) -> tuple[list[str], str]:
    """Problems of the message's layout, and the text it shows (where a mention could be)."""
    components = list(message.get("components") or [])
    everything = _walk(components)
    flags = int(message.get("flags") or 0)
    found = _row_problems([c for c in everything if c.get("type") == 1])
    if request.is_edit and request.before_flags & V2 and "components" in message and not flags & V2:
        found.append("an edit of a V2 message without the V2 flag (it cannot be removed)")
    if not flags & V2:
        text = str(message.get("content") or "")
        if len(text) > 2000:
            found.append(f"content of {len(text)} characters (2,000 at most)")
        if len(components) > 5 or any(c.get("type") != 1 for c in components):
            found.append("a classic message needs at most 5 action rows at the top")
        return found, text
    if message.get("content") or message.get("embeds"):
        found.append("a Components V2 message with content or embeds")
    if len(everything) > 40:
        found.append(f"{len(everything)} components in a V2 message (40 at most)")
    shown = "".join(str(c.get("content", "")) for c in everything if c.get("type") == 10)
    if len(shown) > 4000:
        found.append(f"{len(shown)} characters of V2 text (4,000 at most)")
    return found, shown


def thread_problems(request: Request) -> list[str]:
    body, found = request.body, []
    if not 1 <= len(str(body.get("name", ""))) <= 100:
        found.append("thread name not 1..100 characters")
    if body.get("type") not in (10, 11, 12):
        found.append(f"thread type {body.get('type')!r}")
    if "auto_archive_duration" in body and body["auto_archive_duration"] not in ARCHIVE_MINUTES:
        found.append(f"auto_archive_duration {body['auto_archive_duration']!r}")
    return found


def problems(request: Request) -> list[str]:
    """What in one serialised request breaks Discord's documented fields and limits."""
    if request.kind == "thread.create":
        return thread_problems(request)
    message = request.message
    found, text = _layout_problems(message, request)
    found += _field_problems(request) + _attachment_problems(request)
    found += _embed_problems(list(message.get("embeds") or []))
    for component in _walk(list(message.get("components") or [])):
        found += _component_problems(component)
    flags = int(message.get("flags") or 0)
    if MENTION.search(text) and "allowed_mentions" not in message and not flags & EPHEMERAL:
        found.append("a mention without allowed_mentions")
    if "everyone" in (message.get("allowed_mentions") or {}).get("parse", []):
        found.append("allowed_mentions lets @everyone / @here ping")
    return found
