"""What rule files may read from game objects: ``tile.owner``, ``location.slots``...

Each rule-visible type has a table of attributes, each a function of the object
and the run, with a docstring for the language reference. Anything else a
ruleset's data declares is readable too (``tile.cost``, ``location.banner``),
through the object's ``fields``. Nothing outside these tables is reachable, so
rule text cannot wander into Python.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any, Callable, Optional

from ..errors import RuleRuntimeError
from ..model import graph
from ..model.state import BoardLink, BoardTile, PlayerState, SpaceState
from ..model.static import Card, Era, Industry, Line, Location, Market, Slot, Space, TileType, Token
from .effects import CARDS, COUNTERS, CUBES, FIELDS, INCOME, LINKS, MONEY, NOTHING, TILES, TOKENS, VP, regions
from .types import ListOf

ATTRIBUTES: dict[type, dict[str, Callable]] = {}
# Attributes that are plain Python attributes of the object: read without a call
# into Python code (operator.attrgetter), the commonest case on hot paths.
DIRECT: dict[type, dict[str, Callable]] = {}


@dataclass(frozen=True)
class AttributeInfo:
    """What the code generator knows of an attribute: the state regions its value
    depends on (beyond the object itself), its type, and how to read it in Python
    ("{0}" is the object, "ST" the state)."""

    getter: Callable
    reads: frozenset
    returns: Any = None
    inline: Optional[str] = None


INFO: dict[tuple[type, str], AttributeInfo] = {}


def _table(cls: type, direct: str | None = None, *, reads=NOTHING, returns=None, inline: str | None = None) -> Callable:
    def register(fn: Callable) -> Callable:
        name = fn.__name__.split("__", 1)[1]
        ATTRIBUTES.setdefault(cls, {})[name] = fn
        if direct is not None:
            DIRECT.setdefault(cls, {})[name] = operator.attrgetter(direct)
        template = inline if inline is not None else ("{0}." + direct if direct is not None else None)
        INFO[cls, name] = AttributeInfo(fn, regions(reads), returns, template)
        return fn

    return register


class LocationSet:
    """A set of locations that iterates in board order (never in hash order)."""

    __slots__ = ("indexes", "board")

    def __init__(self, indexes: frozenset, board):
        self.indexes = indexes
        self.board = board

    def __contains__(self, item) -> bool:
        return isinstance(item, Location) and item.index in self.indexes

    def __iter__(self):
        locations = self.board.locations
        return iter([locations[i] for i in sorted(self.indexes)])

    def __len__(self) -> int:
        return len(self.indexes)

    def __bool__(self) -> bool:
        return bool(self.indexes)


# ------------------------------------------------------------------------ player
@_table(PlayerState, direct="name", returns=str)
def player__name(p, run):
    "The player's name."
    return p.name


@_table(PlayerState, direct="index", returns=int)
def player__index(p, run):
    "The player's seat number, from 0."
    return p.index


@_table(PlayerState, direct="money", reads=MONEY, returns=int)
def player__money(p, run):
    "Money in hand (not counting money spent this round)."
    return p.money


@_table(PlayerState, direct="spent", reads=MONEY, returns=int)
def player__spent(p, run):
    "Money spent this round, waiting on the player's character tile."
    return p.spent


@_table(PlayerState, direct="vp", reads=VP, returns=int)
def player__vp(p, run):
    "Victory points."
    return p.vp


@_table(PlayerState, direct="income_space", reads=INCOME, returns=int)
def player__income_space(p, run):
    "The space of the progress track the income marker stands on."
    return p.income_space


@_table(PlayerState, reads=INCOME, returns=int, inline="LEVELS[{0}.income_space]")
def player__income_level(p, run):
    "The income level printed beside the income marker's space."
    return run.board.income.level(p.income_space)


@_table(PlayerState, direct="hand", reads=CARDS, returns=ListOf(Card))
def player__hand(p, run):
    "The cards in the player's hand."
    return p.hand


@_table(PlayerState, direct="discard", reads=CARDS, returns=ListOf(Card))
def player__discard(p, run):
    "The player's discard pile."
    return p.discard


@_table(PlayerState, reads=TILES, returns=ListOf(BoardTile, unique=True))
def player__tiles(p, run):
    "The player's industry tiles on the board."
    return [t for t in run.state.slot_tiles if t is not None and t.owner == p.index]


@_table(PlayerState, reads=LINKS, returns=ListOf(BoardLink, unique=True))
def player__links(p, run):
    "The player's link tiles on the board."
    return [link for link in run.state.line_links if link is not None and link.owner == p.index]


@_table(PlayerState, reads=(TILES, LINKS), returns=LocationSet)
def player__network(p, run):
    "Locations with one of the player's tiles, or touched by one of the player's links."
    return LocationSet(graph.network(run.state, p.index), run.board)


@_table(PlayerState, reads=(TILES, LINKS), returns=bool)
def player__on_board(p, run):
    "True if the player has any industry or link tile on the board."
    return bool(graph.network(run.state, p.index))


# ----------------------------------------------------------------- board places
@_table(Location, direct="id", returns=str)
def location__id(loc, run):
    "The location's identifier."
    return loc.id


@_table(Location, direct="name", returns=str)
def location__name(loc, run):
    "The location's printed name."
    return loc.name


@_table(Location, direct="kind", returns=str)
def location__kind(loc, run):
    "What sort of place it is, in the ruleset's own words (town, ...)."
    return loc.kind


@_table(Location, direct="slots", returns=ListOf(Slot, unique=True))
def location__slots(loc, run):
    "Its industry spaces."
    return loc.slots


@_table(Location, reads=TILES, returns=ListOf(BoardTile, unique=True))
def location__tiles(loc, run):
    "The industry tiles on it."
    tiles = run.state.slot_tiles
    return [tiles[s.index] for s in loc.slots if tiles[s.index] is not None]


@_table(Location, returns=ListOf(SpaceState, unique=True))
def location__spaces(loc, run):
    "Its token spaces, with what was dealt to them."
    return [run.state.spaces[s.index] for s in loc.spaces]


@_table(Location, returns=ListOf(Line, unique=True), inline="BOARD.lines_at[{0}]")
def location__lines(loc, run):
    "The printed lines that touch it."
    return run.board.lines_at[loc]


@_table(Location, direct="link_icons", returns=int)
def location__link_icons(loc, run):
    "Link-scoring icons printed on the location itself."
    return loc.link_icons


@_table(Slot, direct="id", returns=str)
def slot__id(slot, run):
    "LOCATION.N, N counting from 0 in printed reading order."
    return slot.id


@_table(Slot, direct="location", returns=Location)
def slot__location(slot, run):
    "The location the space is in."
    return slot.location


@_table(Slot, direct="industries", returns=ListOf(Industry, unique=True))
def slot__industries(slot, run):
    "The industries whose icons are printed in the space."
    return slot.industries


@_table(Slot, reads=TILES, returns=BoardTile, inline="ST.slot_tiles[{0}.index]")
def slot__tile(slot, run):
    "The tile on the space, or none."
    return run.state.slot_tiles[slot.index]


@_table(Slot, reads=TILES, returns=bool, inline="(ST.slot_tiles[{0}.index] is None)")
def slot__empty(slot, run):
    "True if no tile is on the space."
    return run.state.slot_tiles[slot.index] is None


@_table(Line, direct="id", returns=str)
def line__id(line, run):
    "The line's identifier (its ends, joined by --)."
    return line.id


@_table(Line, direct="locations", returns=ListOf(Location, unique=True))
def line__locations(line, run):
    "Every location the line joins."
    return line.locations


@_table(Line, direct="kinds", returns=ListOf(str, unique=True))
def line__kinds(line, run):
    "The kinds of link the line accepts (canal, rail...)."
    return line.kinds


@_table(Line, reads=LINKS, returns=BoardLink, inline="ST.line_links[{0}.index]")
def line__link(line, run):
    "The link tile on the line, or none."
    return run.state.line_links[line.index]


@_table(Line, reads=LINKS, returns=bool, inline="(ST.line_links[{0}.index] is None)")
def line__free(line, run):
    "True if no link tile is on the line."
    return run.state.line_links[line.index] is None


# ------------------------------------------------------------------------ pieces
@_table(BoardTile, direct="slot.id", returns=str)
def tile__id(tile, run):
    "The space the tile stands on (LOCATION.N)."
    return tile.slot.id


@_table(BoardTile, returns=PlayerState, inline="ST.players[{0}.owner]")
def tile__owner(tile, run):
    "The player who built it."
    return run.state.players[tile.owner]


@_table(BoardTile, direct="type", returns=TileType)
def tile__type(tile, run):
    "Its row of the player mat: industry and level."
    return tile.type


@_table(BoardTile, direct="type.industry", returns=Industry)
def tile__industry(tile, run):
    "Its industry."
    return tile.type.industry


@_table(BoardTile, direct="type.level", returns=int)
def tile__level(tile, run):
    "Its level."
    return tile.type.level


@_table(BoardTile, direct="slot", returns=Slot)
def tile__slot(tile, run):
    "The industry space it stands on."
    return tile.slot


@_table(BoardTile, direct="slot.location", returns=Location)
def tile__location(tile, run):
    "The location it stands in."
    return tile.slot.location


@_table(BoardTile, direct="flipped", reads=TILES, returns=bool)
def tile__flipped(tile, run):
    "True once the tile has been flipped."
    return tile.flipped


@_table(BoardTile, direct="cubes", reads=CUBES, returns=dict)
def tile__cubes(tile, run):
    "Resources on the tile, by resource name."
    return tile.cubes


@_table(BoardTile, returns=Era)
def tile__era(tile, run):
    "The era it was built in."
    return run.board.eras[tile.era]


@_table(BoardLink, direct="line.id", returns=str)
def link__id(link, run):
    "The line it lies on."
    return link.line.id


@_table(BoardLink, direct="line", returns=Line)
def link__line(link, run):
    "The line it lies on."
    return link.line


@_table(BoardLink, returns=PlayerState, inline="ST.players[{0}.owner]")
def link__owner(link, run):
    "The player who placed it."
    return run.state.players[link.owner]


@_table(BoardLink, direct="kind", returns=str)
def link__kind(link, run):
    "canal, rail, or another kind an era names."
    return link.kind


@_table(BoardLink, direct="line.locations", returns=ListOf(Location, unique=True))
def link__locations(link, run):
    "Every location the link joins."
    return link.line.locations


@_table(SpaceState, direct="space.id", returns=str)
def space__id(space, run):
    "LOCATION.N of the token space."
    return space.space.id


@_table(SpaceState, direct="space.location", returns=Location)
def space__location(space, run):
    "The location of the space."
    return space.space.location


@_table(SpaceState, direct="token", reads=TOKENS, returns=Token)
def space__token(space, run):
    "The token dealt to it, or none."
    return space.token


@_table(SpaceState, direct="cubes", reads=CUBES, returns=dict)
def space__cubes(space, run):
    "Resources beside the token, by resource name."
    return space.cubes


# ----------------------------------------------------------------- static kinds
@_table(Industry, direct="id", returns=str)
def industry__id(ind, run):
    "The industry's identifier."
    return ind.id


@_table(Industry, direct="name", returns=str)
def industry__name(ind, run):
    "The industry's name."
    return ind.name


@_table(Industry, direct="levels", returns=ListOf(TileType, unique=True))
def industry__levels(ind, run):
    "Its rows on the player mat, lowest first."
    return ind.levels


@_table(TileType, direct="id", returns=str)
def tiletype__id(tt, run):
    "INDUSTRY-LEVEL."
    return tt.id


@_table(TileType, direct="industry", returns=Industry)
def tiletype__industry(tt, run):
    "The industry."
    return tt.industry


@_table(TileType, direct="level", returns=int)
def tiletype__level(tt, run):
    "The level."
    return tt.level


@_table(Card, direct="id", returns=str)
def card__id(card, run):
    "The card's identifier."
    return card.id


@_table(Card, direct="name", returns=str)
def card__name(card, run):
    "The card's name."
    return card.name


@_table(Card, direct="kind", returns=str)
def card__kind(card, run):
    "location, industry, or a ruleset's other kinds (wild_location...)."
    return card.kind


@_table(Card, direct="location", returns=Location)
def card__location(card, run):
    "The location a location card names, or none."
    return card.location


@_table(Card, direct="industries", returns=ListOf(Industry, unique=True))
def card__industries(card, run):
    "The industries an industry card shows."
    return card.industries


@_table(Card, direct="pile", returns=str)
def card__pile(card, run):
    "The face-up pile the card returns to when played, or none."
    return card.pile


@_table(Token, direct="id", returns=str)
def token__id(token, run):
    "The token's identifier."
    return token.id


@_table(Token, direct="name", returns=str)
def token__name(token, run):
    "The token's name."
    return token.name


@_table(Market, direct="id", returns=str)
def market__id(market, run):
    "The market's identifier."
    return market.id


@_table(Market, direct="resource", returns=str)
def market__resource(market, run):
    "The resource it trades."
    return market.resource


@_table(Market, reads=CUBES, returns=int, inline="ST.markets[{0}.id]")
def market__cubes(market, run):
    "Cubes in the market now."
    return run.state.markets[market.id]


@_table(Market, returns=int, inline="len({0}.prices)")
def market__capacity(market, run):
    "Number of spaces."
    return len(market.prices)


@_table(Era, direct="id", returns=str)
def era__id(era, run):
    "The era's identifier."
    return era.id


@_table(Era, direct="name", returns=str)
def era__name(era, run):
    "The era's name."
    return era.name


@_table(Era, direct="index", returns=int)
def era__index(era, run):
    "0 for the first era."
    return era.index


@_table(Era, direct="link", returns=str)
def era__link(era, run):
    "The kind of link built in this era."
    return era.link


@_table(Era, direct="is_last", returns=bool)
def era__is_last(era, run):
    "True in the last era of the game."
    return era.is_last


# Dynamic pieces fall back on their static kind's data.
_FALLBACK = {
    BoardTile: lambda tile: tile.type.fields,
    SpaceState: lambda space: space.token.fields if space.token is not None else {},
    PlayerState: lambda player: player.fields,
}


def reads_of_attribute(name: str) -> frozenset:
    """What ``x.name`` may read when the type of ``x`` is not known.

    Rule code reaches only the objects of these tables, the data's fields and
    values the engine's words return; so the answer is what any attribute of that
    name reads, and, where the name may fall back on data fields that change in
    play, those: a player's counters, the token dealt to a space."""
    reads = NOTHING
    for (cls, attribute), info in INFO.items():
        if attribute == name:
            reads |= info.reads
    if (PlayerState, name) not in INFO:
        reads |= frozenset({FIELDS})
    if (SpaceState, name) not in INFO:
        reads |= frozenset({TOKENS})
    return reads


def get_attribute(obj, name: str, run):
    """``obj.name`` as rule text sees it."""
    table = ATTRIBUTES.get(type(obj))
    if table is not None:
        getter = table.get(name)
        if getter is not None:
            return getter(obj, run)
        fallback = _FALLBACK.get(type(obj))
        fields = fallback(obj) if fallback else getattr(obj, "fields", None)
        if fields is not None and name in fields:
            return fields[name]
        raise RuleRuntimeError(f"{describe_type(obj)} has no attribute {name!r}; it has {known_attributes(obj)}")
    if isinstance(obj, dict):
        if name in obj:
            return obj[name]
        raise RuleRuntimeError(f"this data has no field {name!r}; it has {', '.join(sorted(map(str, obj)))}")
    custom = getattr(obj, "rule_attribute", None)
    if custom is not None:
        return custom(name, run)
    raise RuleRuntimeError(f"{describe_type(obj)} has no attribute {name!r}")


def describe_type(obj) -> str:
    names = {
        PlayerState: "a player",
        BoardTile: "a tile",
        BoardLink: "a link",
        SpaceState: "a token space",
        Location: "a location",
        Slot: "an industry space",
        Line: "a line",
        Industry: "an industry",
        TileType: "a mat tile",
        Card: "a card",
        Token: "a token",
        Market: "a market",
        Era: "an era",
    }
    if obj is None:
        return "none"
    return names.get(type(obj), f"a {type(obj).__name__}")


def known_attributes(obj) -> str:
    table = ATTRIBUTES.get(type(obj), {})
    fallback = _FALLBACK.get(type(obj))
    fields = fallback(obj) if fallback else getattr(obj, "fields", None) or {}
    return ", ".join(sorted(set(table) | set(fields)))
