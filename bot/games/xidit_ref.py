"""Lords of Xidit's reference: the order kinds a programme is made of, the Titans (stand-in rewards),
and the rule topics."""

from __future__ import annotations

from bot.games import Translate, fill
from bot.reference import Card
from engine.core.prompt import Option
from engine.xidit.pack import Titan, XiditPack
from engine.xidit.state import ORDERS
from rendering.content_names import content_name


class XiditReference:
    prefix = "xidit"
    topics: tuple[str, ...] = ("orders", "titans", "census", "scoring")

    def __init__(self, pack: XiditPack) -> None:
        self.pack = pack

    def cards(self, tr: Translate) -> list[Card]:
        # The order kinds are rules, not printed values: never stand-ins.
        out = [Card(o, "xidit.kind.order", tr(f"xidit.order.{o}"), tr(f"xidit.ref.order.{o}"), False)
               for o in ORDERS]
        stand_in = "titans" in self.pack.stand_ins
        out += [Card(t.id, "xidit.kind.titan", content_name(tr, "xi", "titan", t.id, t.name), self.titan(tr, t),
                     stand_in) for t in self.pack.titans]
        return out

    def describe(self, tr: Translate, option: Option) -> str:
        order = option.key.removeprefix("xidit.order.")
        if order != option.key and order in ORDERS:
            return tr(f"xidit.ref.order.{order}")
        if option.key == "xidit.opt.titan":
            titan = next((t for t in self.pack.titans if t.id == option.args.get("titan")), None)
            return self.titan(tr, titan) if titan else ""
        return ""

    def titan(self, tr: Translate, titan: Titan) -> str:
        return fill(tr("xidit.ref.titan"), {"icons": titan.icons, "gold": titan.gold, "bards": titan.bards,
                                            "stories": titan.stories})
