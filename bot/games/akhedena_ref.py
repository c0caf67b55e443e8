"""Akhedena's reference: action and black cards, generals, heroes, army and castle cards, and the rule topics.

The bundled cards are stand-ins (engine/akhedena/data/cards.toml says so for the whole file: the few
army values the rulebook's worked examples show are kept, but no card is published in full); an owner's
printed cards file that clears the flag makes them printed cards."""

from __future__ import annotations

from bot.games import Translate, fill
from bot.reference import Card
from engine.akhedena.pack import AkhedenaPack
from engine.core.prompt import Option
from rendering.content_names import content_name

_DASH = " — "  # the catalogs write an action or black card as "Name — effect"


class AkhedenaReference:
    prefix = "ak"
    topics: tuple[str, ...] = ("turn", "movement", "combat", "crown", "modes")

    def __init__(self, pack: AkhedenaPack) -> None:
        self.pack = pack

    def cards(self, tr: Translate) -> list[Card]:
        p, stand_in = self.pack, self.pack.cards_stand_in
        out = [self._named(tr, "ak.kind.action", f"ak.action.{a}", a, c.value) for a, c in p.actions.items()]
        out += [self._named(tr, "ak.kind.black", f"ak.black.{b}", b, c.value) for b, c in p.black.items()]
        out += [Card(g.id, "ak.kind.general", content_name(tr, "ak", "general", g.id, g.name), self._general(tr, g.id),
                     stand_in) for g in p.generals.values()]
        out += [Card(h.id, "ak.kind.hero", content_name(tr, "ak", "hero", h.id, h.name), self._hero(tr, h.id),
                     stand_in) for h in p.heroes.values()]
        out += [Card(a.id, "ak.kind.army", content_name(tr, "ak", "army", a.id, a.name), self._army(tr, a.id),
                     stand_in) for a in p.armies.values()]
        out += [Card(c.id, "ak.kind.castle", content_name(tr, "ak", "castle", c.id, c.name), self._castle(tr, c.id),
                     stand_in) for c in p.castles.values()]
        return out

    def _named(self, tr: Translate, kind: str, key: str, card: str, value: int) -> Card:
        name, _, effect = fill(tr(key), {"value": value}).partition(_DASH)
        return Card(card, kind, name, effect or name, self.pack.cards_stand_in)

    def _general(self, tr: Translate, card: str) -> str:
        g = self.pack.generals[card]
        return fill(tr("ak.ref.general"), {"cls": tr(f"ak.cls.{g.cls}"), "weapon": tr(f"ak.weapon.{g.weapon}"),
                                           "atk": g.atk, "df": g.df})

    def _castle(self, tr: Translate, card: str) -> str:
        """A castle card's own defence (ES §7.5: the Crown falls with it) and its weapon bonus, like a
        general's: its army cards must match its class."""
        c = self.pack.castles[card]
        return fill(tr("ak.ref.castle"), {"cls": tr(f"ak.cls.{c.cls}"), "weapon": tr(f"ak.weapon.{c.weapon}"),
                                          "base": c.base, "atk": c.atk, "df": c.df})

    def _hero(self, tr: Translate, card: str) -> str:
        h = self.pack.heroes[card]
        return fill(tr("ak.ref.hero"), {"atk": h.atk, "df": h.df, "power": tr(f"ak.power.{h.power}")})

    def _army(self, tr: Translate, card: str) -> str:
        a = self.pack.armies[card]
        return fill(tr("ak.ref.army"), {"cls": tr(f"ak.cls.{a.cls}"), "weapon": tr(f"ak.weapon.{a.weapon}"),
                                        "atk": a.atk, "df": a.df, "upkeep": a.upkeep})

    def describe(self, tr: Translate, option: Option) -> str:
        """The effect of the card an option names (a card's label is its name and values)."""
        args = option.args
        card = args.get("card")
        if isinstance(card, str) and (card in self.pack.actions or card in self.pack.black):
            kind = "action" if card in self.pack.actions else "black"
            value = (self.pack.actions.get(card) or self.pack.black[card]).value
            return self._named(tr, "", f"ak.{kind}.{card}", card, value).effect
        if isinstance(card, str) and card in self.pack.armies:
            return self._army(tr, card)
        if isinstance(args.get("general"), str) and args["general"] in self.pack.generals:
            return self._general(tr, args["general"])
        if isinstance(args.get("hero"), str) and args["hero"] in self.pack.heroes:
            return self._hero(tr, args["hero"])
        return self._action(tr, option)

    def _action(self, tr: Translate, option: Option) -> str:
        """The four turn actions: what each one lets you do."""
        act = option.key.removeprefix("ak.opt.act_")
        return tr(f"ak.ref.act.{act}") if act != option.key else ""
