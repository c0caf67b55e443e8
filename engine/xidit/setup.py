"""Setting up a 4–5 player game (rulebook "Preparar"; fact sheet §3), ending with each player placing
their Idrakys (the ``place`` decision)."""

from __future__ import annotations

from engine.core.errors import IllegalChoice
from engine.core.prompt import Option, Prompt
from engine.core.rng import Rng
from engine.core.runner import Answers
from engine.xidit.flow import RULES, Ctx
from engine.xidit.pack import XiditPack
from engine.xidit.state import ASSESSMENTS, CityTile, Player, State, TitanTile
from engine.xidit.tiles import fill_recruit_tile

# Long game: 12 years, censuses in years 4, 8, 12. The short game has 9 years; its official page is
# not in our sources, so we place its censuses at 3, 6, 9 (one every third of the game, as the
# long game does every third) — fact sheet §8.
LENGTHS: dict[str, tuple[int, list[int]]] = {"long": (12, [4, 8, 12]), "short": (9, [3, 6, 9])}


def new_game(pack: XiditPack, seats: int, length: str, seed: int) -> State:
    if not 4 <= seats <= 5:
        raise IllegalChoice("seat_count", "xidit.error.seat_count", seats=seats)
    if length not in LENGTHS:
        raise IllegalChoice("bad_option", "xidit.error.bad_option", option="length", value=length)
    years, census_years = LENGTHS[length]
    rng = Rng.from_seed(seed)
    state = State(seats=seats, length=length, years=years, census_years=census_years, rng=0)
    state.players = [Player(bards_left=pack.bards_per_player, stories_left=pack.stories_per_player)
                     for _ in range(seats)]
    state.barracks = {u: pack.units_per_type for u in state.barracks}
    _titans(state, pack, rng)
    _city_tiles(state, pack, rng)
    order = list(ASSESSMENTS)
    rng.shuffle(order)
    state.assessment_order = order
    # The oldest player starts; a table online has no ages, so the first player is drawn.
    state.first = rng.below(seats)
    state.rng = rng.state
    return state


def _titans(state: State, pack: XiditPack, rng: Rng) -> None:
    # Three stacks of two sleeping titans (3, 4 and 5 icons), each stack in random order.
    for icons in (3, 4, 5):
        stack = [TitanTile(t.id) for t in pack.titans if t.icons == icons]
        rng.shuffle(stack)
        state.titans.append(stack)


def _city_tiles(state: State, pack: XiditPack, rng: Rng) -> None:
    # Tiles 1–21 shuffled: 5 recruitment tiles on their cities (with their units), 5 threat tiles
    # on theirs, 5 form the recruitment pile, the other 6 the threat pile; each pile's top goes to
    # its Next space.
    tiles = sorted(pack.tiles)
    rng.shuffle(tiles)
    for tile in tiles[:5]:
        state.board[tile] = fill_recruit_tile(state, pack, tile)
    for tile in tiles[5:10]:
        state.board[tile] = CityTile(tile, "threat")
    state.recruit_pile = tiles[10:15]
    state.threat_pile = tiles[15:]
    state.next_recruit = state.recruit_pile.pop(0)
    state.next_threat = state.threat_pile.pop(0)


@RULES.builder("place")
def _ask_city(ctx: Ctx, item: None, seat: int) -> Prompt:
    # Clockwise from the first player, each Idrakys goes to a city no other Idrakys holds yet (rulebook,
    # "Preparar", note: only this first placement is barred from a city with an Idrakys).
    state = ctx.state
    taken = {p.city for p in state.players}
    options = tuple(Option(str(c), "xidit.opt.city", {"city": c}) for c in sorted(ctx.pack.cities)
                    if c not in taken)
    return Prompt(seat, "place", f"place{state.step}", "xidit.ask.place", options)


@RULES.decision("place", each=True)
def _place(ctx: Ctx, item: None, answers: Answers) -> None:
    for seat, values in answers.items():
        city = int(values[0])
        ctx.state.players[seat].city = city
        ctx.emit("placed", seat=seat, city=city)
