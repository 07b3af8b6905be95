"""Functions every rule file can call: ``connected(a, b)``, ``lowest_tile(p, i)``...

All are pure: they read the state and change nothing. Rulesets add functions
through the ``brass_language`` hook.
"""

from __future__ import annotations

from ..errors import RuleRuntimeError
from ..model import graph
from ..model.state import BoardLink, BoardTile, SpaceState
from ..model.static import Industry, Line, Location, Market, Slot, TileType
from .attributes import LocationSet
from .effects import CARDS, COUNTERS, CUBES, LINKS, MATS, NOTHING, TOKENS
from .vocabulary import BUILTINS

function = BUILTINS.function


class KeptList(list):
    """A list the rules compute once and keep (it never changes): the places it
    stands for are worked out once too."""

    __slots__ = ("places",)


def kept_value(value):
    """A value to keep: a list becomes a KeptList (equal to it in every way)."""
    if type(value) is list:
        kept = KeptList(value)
        kept.places = None
        return kept
    return value


def _kept_places(thing) -> tuple:
    if thing.places is None:
        thing.places = places(None, list(thing))
    return thing.places


_LINES: dict = {}  # line -> its location indexes (a board's lines never change)


def _line_places(line) -> tuple:
    found = _LINES.get(line)
    if found is None:
        found = _LINES[line] = tuple(loc.index for loc in line.locations)
    return found


_PLACE_OF = {
    KeptList: _kept_places,
    Location: lambda thing: (thing.index,),
    Line: lambda thing: _line_places(thing),
    BoardLink: lambda thing: _line_places(thing.line),
    BoardTile: lambda thing: (thing.slot.location.index,),
    Slot: lambda thing: (thing.location.index,),
    SpaceState: lambda thing: (thing.space.location.index,),
    LocationSet: lambda thing: tuple(sorted(thing.indexes)),
}


def places(run, thing) -> tuple:
    """Location indexes a thing stands for (a location, a line, a tile, a list...)."""
    place_of = _PLACE_OF.get(thing.__class__)
    if place_of is not None:
        return place_of(thing)
    if thing is None:
        return ()
    if isinstance(thing, (list, tuple)):
        found = set()
        for item in thing:
            found.update(places(run, item))
        return tuple(sorted(found))
    for kind, place_of in _PLACE_OF.items():  # subclasses
        if isinstance(thing, kind):
            return place_of(thing)
    raise RuleRuntimeError(f"{thing!r} is not a place: give a location, a line, a link, a tile or a list of them")


@function(example="require connected(locations[0], locations[0])", reads=LINKS, returns=bool)
def connected(run, a, b):
    """True if a path of link tiles, of any owner, joins a and b (or they share a location).

    Each of a and b may be a location, line, link, tile, space or a list of them."""
    first = places(run, a)
    second = places(run, b)
    if not first or not second:
        return False
    comp = graph.components(run.state)
    if len(first) == 1:  # a tile, a space or a location: most questions (no set to build)
        mine = comp[first[0]]
        for i in second:
            if comp[i] == mine:
                return True
        return False
    mine = {comp[i] for i in first}
    for i in second:
        if comp[i] in mine:
            return True
    return False


def connected_labels(run, thing) -> tuple:
    """The link components and the labels of those ``thing`` touches:
    ``connected(x, thing)`` is ``components[x's location] in labels``. Generated
    code asks it once before a loop that asks ``connected`` of each tile."""
    comp = graph.components(run.state)
    return comp, {comp[i] for i in places(run, thing)}


@function(example="let d = distance(board_links[0], board_links[0].locations[0])", reads=LINKS, returns=int)
def distance(run, a, b):
    "The fewest link tiles between a and b, or none if they are not connected."
    first = places(run, a)
    second = places(run, b)
    if not first or not second:
        return None
    dist = graph.distances(run.state, first)
    found = [dist[i] for i in second if i in dist]
    return min(found) if found else None


@function(example="let tile = lowest_tile(you, industries[0])", reads=MATS, returns=TileType)
def lowest_tile(run, player, industry):
    "The lowest-level tile of an industry left on a player's mat, or none."
    stack = industry.stack
    position = player.mat.get(industry.id, 0)
    return stack[position] if position < len(stack) else None


@function(example="require tiles_left(you, industries[0]) > 0", reads=MATS, returns=int)
def tiles_left(run, player, industry):
    "How many tiles of an industry are left on a player's mat."
    return len(industry.stack) - player.mat.get(industry.id, 0)


@function(example="let mines = [t for t in board_tiles if t.industry == industry(\"coal\")]", reads=NOTHING, returns=Industry, constant=True)
def industry(run, ident):
    "The industry with this identifier."
    return _lookup(run, "industry", ident)


@function(example="let place = location(locations[0].id)", reads=NOTHING, returns=Location, constant=True)
def location(run, ident):
    "The location with this identifier."
    return _lookup(run, "location", ident)


@function(example="let coal_market = market(\"coal\")", reads=NOTHING, returns=Market, constant=True)
def market(run, ident):
    "The market with this identifier."
    return _lookup(run, "market", ident)


@function(example="let line = line_named(lines[0].id)", reads=NOTHING, returns=Line, constant=True)
def line_named(run, ident):
    "The line with this identifier."
    return _lookup(run, "line", ident)


def _lookup(run, kind, ident):
    found = run.board.get(kind, ident)
    if found is None:
        raise RuleRuntimeError(f"there is no {kind} {ident!r}")
    return found


@function(example="let left = cubes_on_board(coal)", reads=CUBES, returns=int)
def cubes_on_board(run, resource):
    "Cubes of a resource on tiles and spaces on the board (markets not counted)."
    name = getattr(resource, "name", resource)
    total = 0
    for tile in run.state.slot_tiles:
        if tile is not None:
            total += tile.cubes.get(name, 0)
    for space in run.state.spaces:
        total += space.cubes.get(name, 0)
    return total


def _named(table: dict, name, what: str):
    """``table[name]``, or a rule error naming what there is (on both paths alike:
    a KeyError from generated code would read as the generator's failure)."""
    try:
        return table[name]
    except (KeyError, TypeError):
        raise RuleRuntimeError(f"there is no {what} {name!r}; {what}s: {', '.join(map(str, table)) or 'none'}") from None


@function(example="let left = market_cubes(\"coal\")", reads=CUBES, returns=int)
def market_cubes(run, market_id):
    "Cubes in a market now."
    return _named(run.state.markets, getattr(market_id, "id", market_id), "market")


@function(example="let left = pile_size(\"wild-location\")", reads=CARDS, returns=int)
def pile_size(run, pile):
    "Cards left on a face-up pile (the wild cards)."
    return _named(run.state.piles, getattr(pile, "pile", None) or pile, "face-up pile")


@function(example="let track = pool(\"distant_market\").track", reads=NOTHING, constant=True)
def pool(run, ident):
    "A token pool's data (any field its file gives, such as a track printed beside it)."
    found = run.board.pools.get(ident)
    if found is None:
        raise RuleRuntimeError(f"there is no token pool {ident!r}; pools: {', '.join(run.board.pools) or 'none'}")
    return found


@function(example="require tokens_left(\"distant_market\") > 0", reads=TOKENS, returns=int)
def tokens_left(run, ident):
    "How many tokens are still face down in a pool's pile."
    return len(_named(run.state.token_piles, ident, "token pool"))


@function(example="let marker = counter(\"market_marker\")", reads=COUNTERS, returns=int, inline="ST.counters.get({0}, 0)")
def counter(run, name):
    "The value of a named counter the rules keep (0 until set)."
    return run.state.counters.get(name, 0)


@function(example="choose industry from industries\n    let text = a(industry.name)", reads=NOTHING, returns=str, constant=True)
def a(run, word):
    "The word with its indefinite article: a Coal mine, an Iron works."
    text = str(word)
    return ("an " if text[:1].lower() in "aeiou" else "a ") + text


@function(example="let seat = index_of(players, you)", reads=NOTHING, returns=int, constant=True)
def index_of(run, items, item):
    "Where an item stands in a list, counting from 0 (players: the turn order)."
    for position, candidate in enumerate(items):
        if candidate is item or candidate == item:
            return position
    raise RuleRuntimeError(f"{item!r} is not in the list")


@function(example="let n = len(you.hand)", reads=NOTHING, returns=int, inline="len({0})", constant=True)
def len_(run, collection):
    "How many items a list (or hand, or set of locations) holds."
    return len(collection)


@function(example="lose_points min(you.vp, 3)", reads=NOTHING, inline="min({*})", constant=True)
def min_(run, *values):
    "The smallest of the values."
    return min(values)


@function(example="let most = max(1, you.money)", reads=NOTHING, inline="max({*})", constant=True)
def max_(run, *values):
    "The largest of the values."
    return max(values)


@function(example="let gap = abs(you.income_level)", reads=NOTHING, inline="abs({0})", constant=True)
def abs_(run, value):
    "The value without its sign."
    return abs(value)


@function(example="let level = income_level_at(you.income_space)", reads=NOTHING, returns=int, constant=True)
def income_level_at(run, space):
    "The income level printed by a space of the progress track."
    return run.board.income.level(space)


@function(example="let top = highest_space_of(3)", reads=NOTHING, returns=int, constant=True)
def highest_space_of(run, level):
    "The highest progress-track space showing an income level."
    return run.board.income.highest_space_of(level)
