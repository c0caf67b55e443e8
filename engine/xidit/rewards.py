"""Rewards for a cleared threat or titan (2 of 3), bard placement and guild building, with their three
decisions: ``rewards`` (which two), ``bard`` (which adjacent region) and ``guild`` (which guild gets a
census story).

Rulebook, "Tres tipos de recompensa" and "Construye historias de gremios de hechiceros".
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.prompt import Option, Prompt
from engine.core.runner import Answers
from engine.xidit.flow import RULES, Ctx
from engine.xidit.pack import XiditPack
from engine.xidit.state import Guild, Pending, State

REWARDS: tuple[str, ...] = ("gold", "bards", "stories")
GUILD_MAX = 4  # a guild is at most four stories high


def reward_amounts(pack: XiditPack, source: str) -> dict[str, int]:
    kind, _, ident = source.partition(":")
    item = pack.tiles[int(ident)] if kind == "tile" else next(t for t in pack.titans if t.id == ident)
    return {"gold": item.gold, "bards": item.bards, "stories": item.stories}


def offer_rewards(state: State, pack: XiditPack, seat: int, source: str,
                  events: list[Event]) -> None:
    """Queue the 2-of-3 choice; bards are not on offer to a seat with none left behind its screen."""
    offered = [r for r in REWARDS if r != "bards" or state.players[seat].bards_left > 0]
    if len(offered) == 2:
        take_rewards(state, pack, seat, source, offered, events)
        return
    state.pending.append(Pending(seat, "rewards", source=source, rewards=offered))


def take_rewards(state: State, pack: XiditPack, seat: int, source: str, chosen: list[str],
                 events: list[Event]) -> None:
    amounts = reward_amounts(pack, source)
    player = state.players[seat]
    events.append(Event("xidit.rewards", {"seat": seat, "rewards": chosen,
                                          **{r: amounts[r] for r in chosen}}))
    for reward in chosen:
        if reward == "gold":
            player.gold += amounts["gold"]
        elif reward == "stories":
            assert player.city is not None
            build(state, seat, player.city, amounts["stories"], events)
        else:
            queue_bards(state, pack, seat, amounts["bards"], events, census=False)


def adjacent_regions(pack: XiditPack, state: State, seat: int) -> list[str]:
    city = state.players[seat].city
    return list(pack.cities[city].regions) if city is not None else []


def queue_bards(state: State, pack: XiditPack, seat: int, count: int, events: list[Event],
                census: bool) -> None:
    count = min(count, state.players[seat].bards_left)
    regions = adjacent_regions(pack, state, seat)
    if count <= 0 or not regions:
        return
    state.pending.append(Pending(seat, "bard", count=count, regions=regions, census=census))


def place_bard(state: State, pack: XiditPack, pending: Pending, region: str,
               events: list[Event]) -> None:
    """One bard into a region; the central region means the Bastion, whose contents stay secret."""
    player = state.players[pending.seat]
    player.bards_left -= 1
    pending.count -= 1
    if region == pack.central:
        player.bastion += 1
        events.append(Event("xidit.bard_hidden", {"seat": pending.seat},
                            private={pending.seat: ("xidit.bard_bastion", {})}))
    else:
        counts = state.bards.setdefault(region, {})
        counts[pending.seat] = counts.get(pending.seat, 0) + 1
        events.append(Event("xidit.bard", {"seat": pending.seat, "region": region}))


def build(state: State, seat: int, city: int, count: int, events: list[Event]) -> None:
    """Stories go up in this city's guild space: one guild per city, one colour, four floors.

    Stories that do not fit stay in the supply. A battle-mage census story that was waiting behind
    the screen is placed as soon as the player builds here with room to spare (Census, note).
    """
    player = state.players[seat]
    guild = state.guilds.get(city)
    if guild is not None and guild.owner != seat:
        events.append(Event("xidit.guild_taken", {"seat": seat, "city": city}))
        return
    height = guild.height if guild else 0
    placed, waiting = _fits(state, seat, city, count)
    player.stories_left -= placed
    player.waiting_stories -= waiting
    if placed + waiting == 0:
        events.append(Event("xidit.guild_full", {"seat": seat, "city": city}))
        return
    state.guilds[city] = Guild(seat, height + placed + waiting)
    events.append(Event("xidit.build", {"seat": seat, "city": city, "stories": placed + waiting,
                                        "height": height + placed + waiting}))


def _fits(state: State, seat: int, city: int, count: int) -> tuple[int, int]:
    """(stories from the supply, waiting census stories) that building ``count`` here would place."""
    player = state.players[seat]
    guild = state.guilds.get(city)
    if guild is not None and guild.owner != seat:
        return 0, 0
    room = GUILD_MAX - (guild.height if guild else 0)
    placed = min(count, room, player.stories_left)
    return placed, min(player.waiting_stories, room - placed)


def stories_build_nothing(state: State, pack: XiditPack, seat: int, source: str) -> bool:
    """True when the stories reward would place no story at the seat's city (a rival's guild, a full
    guild of its own, or no stories left). Choosing it stays legal: only the bards reward is ever
    barred (rulebook, "Colocar fichas de bardo", note), so the option only says it gives nothing."""
    city = state.players[seat].city
    if city is None:
        return True
    return sum(_fits(state, seat, city, reward_amounts(pack, source)["stories"])) == 0


def guilds_with_room(state: State, seat: int) -> list[int]:
    return sorted(c for c, g in state.guilds.items() if g.owner == seat and g.height < GUILD_MAX)


def census_story(state: State, seat: int, events: list[Event]) -> None:
    """A battle-mage census story: onto one of the seat's guilds with room, else behind the screen."""
    player = state.players[seat]
    if player.stories_left <= 0:
        return
    room = guilds_with_room(state, seat)
    if len(room) > 1:
        state.pending.append(Pending(seat, "guild", census=True))
    elif room:
        add_story(state, seat, room[0], events)
    else:
        player.stories_left -= 1
        player.waiting_stories += 1
        events.append(Event("xidit.story_waits", {"seat": seat}))


def add_story(state: State, seat: int, city: int, events: list[Event]) -> None:
    state.players[seat].stories_left -= 1
    guild = state.guilds[city]
    guild.height += 1
    events.append(Event("xidit.build", {"seat": seat, "city": city, "stories": 1,
                                        "height": guild.height}))


# -- the decisions: each pending entry is answered by its own seat --------------------------------
@RULES.builder("rewards")
def _ask_rewards(ctx: Ctx, pending: Pending, seat: int) -> Prompt:
    state, pack = ctx.state, ctx.pack
    options = tuple(Option(r, _reward_key(state, pack, pending.seat, pending.source, r))
                    for r in pending.rewards)
    return Prompt(pending.seat, "rewards", f"rewards{state.step}", "xidit.ask.rewards", options,
                  {"source": pending.source}, pick_min=2, pick_max=2)


@RULES.decision("rewards", each=True)
def _take_rewards(ctx: Ctx, pending: Pending, answers: Answers) -> None:
    for seat, values in answers.items():
        ctx.state.pending.pop(0)
        chosen = [r for r in pending.rewards if r in values]
        take_rewards(ctx.state, ctx.pack, seat, pending.source, chosen, ctx.events)


def _reward_key(state: State, pack: XiditPack, seat: int, source: str, reward: str) -> str:
    if reward == "stories" and stories_build_nothing(state, pack, seat, source):
        return "xidit.reward.stories_none"
    return f"xidit.reward.{reward}"


@RULES.builder("bard")
def _ask_region(ctx: Ctx, pending: Pending, seat: int) -> Prompt:
    options = tuple(Option(r, "xidit.opt.region", {"region": r}) for r in pending.regions)
    return Prompt(pending.seat, "bard", f"bard{ctx.state.step}", "xidit.ask.bard", options,
                  {"count": pending.count}, secret=True)


def _one_region(ctx: Ctx, pending: Pending) -> bool:
    """A single adjacent region: every bard of this placement goes there without asking."""
    if len(pending.regions) != 1:
        return False
    while pending.count > 0:
        place_bard(ctx.state, ctx.pack, pending, pending.regions[0], ctx.events)
    ctx.state.pending.pop(0)
    return True


@RULES.decision("bard", each=True, auto=_one_region)
def _place_bard(ctx: Ctx, pending: Pending, answers: Answers) -> None:
    for seat, values in answers.items():
        place_bard(ctx.state, ctx.pack, pending, values[0], ctx.events)
        if pending.count == 0 or ctx.state.players[seat].bards_left == 0:
            ctx.state.pending.pop(0)


@RULES.builder("guild")
def _ask_guild(ctx: Ctx, pending: Pending, seat: int) -> Prompt:
    options = tuple(Option(str(c), "xidit.opt.guild", {"city": c})
                    for c in guilds_with_room(ctx.state, pending.seat))
    return Prompt(pending.seat, "guild", f"guild{ctx.state.step}", "xidit.ask.guild", options)


@RULES.decision("guild", each=True)
def _add_to_guild(ctx: Ctx, pending: Pending, answers: Answers) -> None:
    for seat, values in answers.items():
        ctx.state.pending.pop(0)
        add_story(ctx.state, seat, int(values[0]), ctx.events)
