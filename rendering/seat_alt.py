"""Alt text of a seat's own picture (issue 24, "Alt text on every seat picture, as on boards"): what
the picture shows, said in the reader's language — the area it shows, the seat's own pieces ringed,
the targets marked with the names their tags carry, and (Lords of Xidit) the route and the screen band.

Built from exactly what the picture is drawn from (rendering/seat.py): the seat's own view, its open
prompt and its own draft, never the full state, so it names no hidden value of another seat
(tests/engine/test_audit_secrecy.py compares it with another seat's secrets disturbed). Every sentence
is a message key of bot/i18n/seatalt.<lang>.json; ENGLISH here is the fallback of a translator that
lacks them (rendering's default), kept equal to seatalt.en.json by tests/rendering/test_seat_alt.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import View
from engine.core.prompt import Prompt
from engine.core.text import Translate, fill
from engine.greatwall.pack import GreatWallPack
from engine.xidit.pack import COLOURS, XiditPack
from rendering import akhedena_seat, greatwall_seat, xidit_seat
from rendering.akhedena import Grid
from rendering.akhedena_text import square_name
from rendering.content_names import content_name
from rendering.contract import Draft
from rendering.greatwall import location_rects
from rendering.greatwall_text import side_name
from rendering.kit import say

ENGLISH: dict[str, str] = {
    "seatalt.gw.spots": "Your picture: the hordes of the {side} section, enlarged. Marked, the spots you "
                        "can pick: {spots}.",
    "seatalt.gw.spot": "row {row} spot {spot}",
    "seatalt.gw.places": "Your picture: the Locations, enlarged. Marked, the ones you can pick: {places}.",
    "seatalt.ak.area": "Your picture: squares {first} to {last} of the board, enlarged.",
    "seatalt.ak.own": "Ringed, your pieces: {squares}.",
    "seatalt.ak.targets": "Marked, what you can pick: {squares}.",
    "seatalt.xi.area": "Your picture: the map around {city}, enlarged; your Idrakys and towers are ringed.",
    "seatalt.xi.route": "Your route: {stops}.",
    "seatalt.xi.stop": "{n} {city}",
    "seatalt.xi.targets": "Marked, what you can pick: {targets}.",
    "seatalt.xi.target": "{label} ({city})",
    "seatalt.none": "none",
}
LIMIT = 1024  # Discord's attachment description (alt text) holds at most 1,024 characters


def said(tr: Translate, key: str, **args: Any) -> str:
    """``key`` in the reader's language, or its English here when the translator lacks it."""
    text = tr(key)
    return fill(ENGLISH[key], args) if text == key else say(tr, key, **args)


def _listed(tr: Translate, items: Sequence[str]) -> str:
    return ", ".join(items) if items else said(tr, "seatalt.none")


def clipped(text: str) -> str:
    return text if len(text) <= LIMIT else text[:LIMIT - 1] + "…"


def greatwall(view: View, pack: GreatWallPack, prompt: Prompt | None, names: Sequence[str], tr: Translate,
              draft: Draft = ()) -> str:
    """The section's spots or the Locations the picture marks (rendering/greatwall_seat.py ``plan``)."""
    if prompt is None or greatwall_seat.plan(prompt, pack) is None:
        return ""
    sec = prompt.args.get("sec")
    spots = [m for o in prompt.options if (m := greatwall_seat.SPOT.match(o.id))]
    if spots and isinstance(sec, int):
        named = [said(tr, "seatalt.gw.spot", row=m[1], spot="-".join(s for s in (m[2], m[3]) if s))
                 for m in spots]
        return clipped(said(tr, "seatalt.gw.spots", side=side_name(sec, tr), spots=_listed(tr, named)))
    places = location_rects(pack)
    picked = [p for p in places if p in {o.id.rsplit(".", 1)[-1] for o in prompt.options}]
    return clipped(said(tr, "seatalt.gw.places", places=_listed(tr, [tr(f"board.gw.loc.{p}") for p in picked])))


def akhedena(view: View, pack: object, prompt: Prompt | None, names: Sequence[str], tr: Translate,
             draft: Draft = ()) -> str:
    """The squares shown, the seat's own pieces and the targets (rendering/akhedena_seat.py)."""
    if "pieces" not in view:
        return ""
    (r0, r1, c0, c1), _ = akhedena_seat.framing(view, prompt)
    me = (view.get("me") or {}).get("seat")
    own = sorted({(p["at"][0], p["at"][1]) for p in view["pieces"] if p["seat"] == me and p.get("at")})
    targets = akhedena_seat.target_squares(view, prompt, Grid.for_size(view["size"]).size)
    parts = [said(tr, "seatalt.ak.area", first=square_name(r0, c0), last=square_name(r1, c1)),
             said(tr, "seatalt.ak.own", squares=_listed(tr, [square_name(*s) for s in own]))]
    if prompt is not None:
        parts.append(said(tr, "seatalt.ak.targets", squares=_listed(tr, sorted(targets.values()))))
    return clipped(" ".join(parts))


def xidit(view: View, pack: XiditPack, prompt: Prompt | None, names: Sequence[str], tr: Translate,
          draft: Draft = ()) -> str:
    """Where the map is centred, the programme's route or the targets, then the screen band's lines."""
    me = view.get("me")
    if me is None or "board" not in view:
        return ""
    start = view["players"][me["seat"]]["city"]
    orders = xidit_seat.programme(view, prompt, draft)
    stops = xidit_seat.route(pack, start, orders) if prompt is None or prompt.kind == "program" else []
    parts = [said(tr, "seatalt.xi.area", city=_city(tr, pack, start) if start is not None else "-")]
    if stops:
        parts.append(said(tr, "seatalt.xi.route", stops=", ".join(
            said(tr, "seatalt.xi.stop", n=n, city=_city(tr, pack, c)) for n, c in stops)))
    else:
        found = _targets(pack, prompt, start, tr)
        if prompt is not None:
            parts.append(said(tr, "seatalt.xi.targets", targets=_listed(tr, [
                said(tr, "seatalt.xi.target", label=label, city=place) if label != place else place
                for label, place in found])))
    parts += xidit_seat.screen_lines(me, orders, tr)
    return clipped(" ".join(p if p.endswith(".") else p + "." for p in parts))


def _city(tr: Translate, pack: XiditPack, city: int) -> str:
    return content_name(tr, "xi", "city", str(city), pack.cities[city].name)


def _targets(pack: XiditPack, prompt: Prompt | None, start: int | None, tr: Translate) -> list[tuple[str, str]]:
    """(tag, place) for what the picture marks (rendering/xidit_seat.py ``_targets``): the cities one
    road away by the road's colour, the cities to stand or build in, the regions for a bard."""
    if prompt is None:
        return []
    if prompt.kind == "program":
        roads = pack.roads.get(start, {}) if start is not None else {}
        return [(_road(tr, colour), _city(tr, pack, city)) for colour, city in sorted(roads.items())
                if colour in COLOURS]
    if prompt.kind in ("place", "guild"):
        return [(o.id, _city(tr, pack, int(o.id))) for o in prompt.options
                if o.id.isdigit() and int(o.id) in pack.cities]
    if prompt.kind == "bard":
        regions = {o.id for o in prompt.options}
        return [(content_name(tr, "xi", "region", region.id, region.name),) * 2
                for region in pack.regions.values() if region.id in regions]
    return []


def _road(tr: Translate, colour: str) -> str:
    """The road's whole name, as the panels say it (the picture's tag has only room for its letters)."""
    whole = tr(f"xidit.order.{colour}")
    return whole if whole != f"xidit.order.{colour}" else tr(f"board.xi.order.{colour}")
