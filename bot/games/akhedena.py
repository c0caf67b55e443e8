"""Akhedena presentation: log lines, option labels and the private screen summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games import Translate, fill, with_screen
from bot.games.akhedena_ref import AkhedenaReference
from bot.reference import Reference
from engine.akhedena.game import AkhedenaGame
from engine.core.game import Game, View
from engine.core.prompt import Option, Prompt
from rendering.content_names import content_name

_SEATS = {"seat", "other"}
_CARD_LISTS = {"cards", "other_cards", "lost", "dropped"}


class AkhedenaPresenter:
    def __init__(self, game: Game) -> None:
        assert isinstance(game, AkhedenaGame)  # the registry pairs each game with its own part
        self.pack = game.pack
        self._reference = AkhedenaReference(game.pack)

    def reference(self) -> Reference:
        return self._reference

    def line(self, tr: Translate, key: str, args: dict[str, Any], names: Sequence[str]) -> str:
        return fill(tr(key), {k: self._arg(tr, k, v, names) for k, v in args.items()})

    def _arg(self, tr: Translate, name: str, value: Any, names: Sequence[str]) -> str:
        if name in _SEATS:
            return names[value] if isinstance(value, int) and 0 <= value < len(names) else tr("ak.nobody")
        if name == "winners":
            return ", ".join(names[s] for s in value) or tr("ak.nobody")
        if name in ("unit", "target"):
            return self.unit(tr, value)
        if name in ("card", "new"):
            return self.card(tr, value)
        if name in _CARD_LISTS:
            return ", ".join(self.card(tr, c) for c in value) or tr("ak.none")
        if name == "general":
            return self.general(tr, value)
        if name == "hero":
            return self.hero(tr, value)
        if name == "counter":
            return f"{value[0]}/{value[1]}" if value else tr("ak.none")
        if name == "ranged":
            return f"({tr('ak.ranged')})" if value else ""
        prefixes = {"direction": "ak.dir.", "black": "ak.face.", "action": "ak.act.", "reason": "ak.end."}
        if name in prefixes:
            return tr(prefixes[name] + str(value))
        return str(value)

    def card(self, tr: Translate, card: str) -> str:
        if card in self.pack.armies:
            a = self.pack.armies[card]
            name = content_name(tr, "ak", "army", card, a.name)
            return f"{name} {a.atk}/{a.df} ({tr(f'ak.weapon.{a.weapon}')}, {a.upkeep}g)"
        if card in self.pack.actions:
            return fill(tr(f"ak.action.{card}"), {"value": self.pack.actions[card].value})
        if card in self.pack.black:
            return fill(tr(f"ak.black.{card}"), {"value": self.pack.black[card].value})
        if card in self.pack.castles:  # the castle card being placed [ES §3 Acción: Construcción]
            return self.unit(tr, card)
        return card or tr("ak.none")

    def unit(self, tr: Translate, card: str) -> str:
        """The name on a hero, general or castle card in the reader's language (content.ak.<kind>.<id>),
        as the board, /card and the other panels name them; an owner's card without words: its own."""
        kinds = (("hero", self.pack.heroes), ("general", self.pack.generals), ("castle", self.pack.castles))
        return next((content_name(tr, "ak", kind, card, cards[card].name) for kind, cards in kinds if card in cards),
                    card)

    def general(self, tr: Translate, card: str) -> str:
        g = self.pack.generals[card]
        name = content_name(tr, "ak", "general", card, g.name)
        return f"{name} ({tr(f'ak.cls.{g.cls}')}, {tr(f'ak.weapon.{g.weapon}')}, +{g.atk}/+{g.df})"

    def hero(self, tr: Translate, card: str) -> str:
        h = self.pack.heroes[card]
        return f"{content_name(tr, 'ak', 'hero', card, h.name)} (+{h.atk}/+{h.df}; {tr(f'ak.power.{h.power}')})"

    def option_label(self, tr: Translate, option: Option, names: Sequence[str]) -> str:
        args = {k: self._arg(tr, k, v, names) for k, v in option.args.items()}
        return fill(tr(option.key), args)

    def prompt_text(self, tr: Translate, prompt: Prompt, view: View, names: Sequence[str],
                    draft: Sequence[str | None] = ()) -> str:
        args = {k: self._arg(tr, k, v, names) for k, v in prompt.args.items()}
        return with_screen(self, tr, fill(tr(prompt.key), args), view)

    def screen(self, tr: Translate, view: View, me: dict[str, Any]) -> str:
        player = view["players"][me["seat"]]
        hand = "; ".join(self.card(tr, c) for c in me["hand"]) or tr("ak.none")
        black = "; ".join(self.card(tr, c) for c in me["black"]) or tr("ak.none")
        return fill(tr("ak.screen"), {"hand": hand, "black": black, "gold": player["gold"],
                                      "food": player["food"], "vp": player["vp"]})
