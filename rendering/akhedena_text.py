"""The words of the Akhedena board: square names, the round, the crown, the counts on the quick-play
panel, and the alt text. Every sentence is a message key in the reader's language (rendering/labels.py
has the English); the drawing lives in rendering/akhedena.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import OutcomeKind, View
from engine.core.text import Translate
from rendering import kit
from rendering.content_names import content_name
from rendering.kit import plural, say
from rendering.labels import english

FACES = ("dragon", "stone", "blank")
DIRECTIONS = ("N", "E", "S", "W")


def square_name(r: int, c: int) -> str:
    """Column letter then row number, as players type squares: (0, 0) is A1, (4, 2) is C5."""
    return f"{chr(ord('A') + c)}{r + 1}"


def counts_cards(view: View) -> bool:
    """The variant counts no VP (engine/akhedena/view.py ``scoring``): pieces and army cards are shown."""
    return view.get("scoring") == "cards"


def pieces_left(view: View, seat: int) -> int:
    return sum(1 for piece in view["pieces"] if piece["seat"] == seat)


def army_cards(view: View, seat: int) -> int:
    return sum(len(piece.get("army") or []) for piece in view["pieces"] if piece["seat"] == seat)


def holds_crown(view: View, seat: int) -> bool:
    crown = view.get("crown") or {}
    return crown.get("seat") == seat


def round_text(view: View, tr: Translate, prefix: str = "board.ak.") -> str:
    limit = view.get("round_limit") or 0
    if limit:
        return say(tr, prefix + "round_of", n=view["round"], limit=limit)
    return say(tr, prefix + "round", n=view["round"])


def mode_name(view: View, tr: Translate, prefix: str = "board.ak.") -> str:
    """The variant's name in the reader's language; a variant the catalogs do not word (one registered
    by an owner, say) reads as its own name (a missing key reads as the key itself)."""
    mode = str(view.get("mode"))
    key = f"{prefix}mode.{mode}"
    text = tr(key)
    return mode if text == key else text


def face_name(face: str, tr: Translate) -> str:
    return tr(f"board.ak.face.{face}") if face in FACES else face


def direction_name(direction: str, tr: Translate) -> str:
    return tr(f"board.ak.dir.{direction}") if direction in DIRECTIONS else direction


def crown_text(view: View, names: Sequence[str], tr: Translate) -> str:
    crown = view["crown"]
    where = square_name(*crown["at"])
    if crown.get("seat") is None:
        centre = list(crown["at"]) == list(view["centre"])
        return say(tr, "board.ak.crown_at_centre" if centre else "board.ak.crown_at", square=where)
    holder = kit.seat_name(names, crown["seat"], tr)
    castle = next((p for p in view["pieces"] if crown.get("castle") is not None and p["id"] == crown["castle"]), None)
    if castle is not None:  # the Castle card it sits on, by name [ES §3 Acción: Construcción]
        name = content_name(tr, "ak", "castle", castle["card"], castle["name"])
        return say(tr, "board.ak.crown_held_castle", name=holder, castle=name, square=where)
    return say(tr, "board.ak.crown_held", name=holder, square=where)


def hero_name(player: dict[str, Any], tr: Translate) -> str:
    """A player's hero, named in the reader's language (content.ak.hero.<id>)."""
    return content_name(tr, "ak", "hero", player.get("hero") or "", player["hero_name"]) if player.get("hero") \
        else player["hero_name"]


def alt_text(view: View, pack: object, names: Sequence[str], tr: Translate = english) -> str:
    parts = [say(tr, "board.ak.alt.title", mode=mode_name(view, tr, "board.ak.alt."),
                 round=round_text(view, tr, "board.ak.alt."), size=view["size"])]
    if view.get("over"):
        parts.append(over_text(view, names, tr))
    else:
        parts.append(say(tr, "board.acting", name=kit.seat_name(names, view["active"], tr)))
    parts += _quick_alt(view, names, tr) if counts_cards(view) else _full_alt(view, names, tr)
    return " ".join(parts)


def over_text(view: View, names: Sequence[str], tr: Translate) -> str:
    """Who won, as the view declares it: in a team game (``outcome`` TEAMS) the winning side's players
    together [Modo Avanzado]; several seats sharing first place; else the one winner."""
    winners = sorted(view.get("winners") or [])
    listed = ", ".join(kit.seat_name(names, s, tr) for s in winners) or tr("board.none")
    sides = [sorted(side) for side in view.get("sides") or []]
    if view.get("outcome") == OutcomeKind.TEAMS and winners in sides:
        return say(tr, "board.ak.alt.over_team", names=listed)
    return say(tr, "board.ak.alt.over_shared" if len(winners) > 1 else "board.ak.alt.over", names=listed)


def _quick_alt(view: View, names: Sequence[str], tr: Translate) -> list[str]:
    players = "; ".join(
        say(tr, "board.ak.alt.quick_player", name=kit.seat_name(names, p["seat"], tr), hero=hero_name(p, tr),
            pieces=plural(tr, "board.ak.pieces_left", pieces_left(view, p["seat"])),
            army=plural(tr, "board.ak.alt.army", army_cards(view, p["seat"])),
            crown=tr("board.ak.alt.holds_crown") if holds_crown(view, p["seat"]) else "")
        for p in view["players"])
    return [crown_text(view, names, tr) + ".", say(tr, "board.ak.alt.players", players=players)]


def _full_alt(view: View, names: Sequence[str], tr: Translate) -> list[str]:
    parts = []
    if view.get("dragon"):
        parts.append(say(tr, "board.ak.alt.dragon_at", square=square_name(*view["dragon"])))
    elif view.get("alert") is not None:
        parts.append(say(tr, "board.ak.alt.dragon_alert", n=view["alert"] + 1,
                         spaces=view.get("alert_spaces") or 5))
    parts.append(crown_text(view, names, tr) + ".")
    players = "; ".join(say(tr, "board.ak.alt.player", name=kit.seat_name(names, p["seat"], tr), vp=p["vp"],
                            gold=p["gold"], food=p["food"]) for p in view["players"])
    parts.append(say(tr, "board.ak.alt.players_target", target=view["target_vp"], players=players))
    queue = ", ".join(kit.seat_name(names, s, tr) for s in view.get("queue") or [])
    parts.append(say(tr, "board.ak.alt.queue", names=queue or tr("board.ak.alt.empty")))
    return parts
