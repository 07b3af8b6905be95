"""What a ruleset's data describes: locations, lines, industries, cards, markets.

These objects never change during a game; the dynamic state
(:mod:`brass.model.state`) refers to them. Each carries ``fields``, the data
as written (after defaults), so rule files can read any field a ruleset
declares, not only those the engine knows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional


class _Named:
    """Identity semantics, ordering by position in the data, readable repr."""

    __slots__ = ()
    id: str
    index: int

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id}>"

    def __lt__(self, other) -> bool:
        return self.index < other.index

    def __str__(self) -> str:
        return self.id


class Location(_Named):
    __slots__ = ("id", "index", "name", "kind", "slots", "spaces", "link_icons", "fields")

    def __init__(self, index: int, data: dict):
        self.id = data["id"]
        self.index = index
        self.name = data.get("name", data["id"])
        self.kind = data.get("kind", "")
        self.link_icons = data.get("link_icons", 0)
        self.fields = data
        self.slots: tuple[Slot, ...] = ()
        self.spaces: tuple[Space, ...] = ()


class Slot(_Named):
    """An industry space printed in a location; holds at most one tile."""

    __slots__ = ("id", "index", "location", "number", "industries")

    def __init__(self, index: int, location: Location, number: int, industries: tuple):
        self.id = f"{location.id}.{number}"
        self.index = index
        self.location = location
        self.number = number
        self.industries = industries


class Space(_Named):
    """A printed spot at a location that receives a token dealt at set-up."""

    __slots__ = ("id", "index", "location", "number", "min_players")

    def __init__(self, index: int, location: Location, number: int, min_players: int):
        self.id = f"{location.id}:{number}"
        self.index = index
        self.location = location
        self.number = number
        self.min_players = min_players


class Line(_Named):
    """A printed line between locations; holds at most one link tile."""

    __slots__ = ("id", "index", "locations", "kinds", "fields")

    def __init__(self, index: int, data: dict, locations: tuple):
        self.id = data["id"]
        self.index = index
        self.locations = locations
        self.kinds = tuple(data.get("kinds", ()))
        self.fields = data

    def display(self) -> str:
        return "-".join(loc.name for loc in self.locations)


class Industry(_Named):
    __slots__ = ("id", "index", "name", "levels", "stack", "fields")

    def __init__(self, index: int, data: dict):
        self.id = data["id"]
        self.index = index
        self.name = data.get("name", data["id"])
        self.fields = data
        self.levels: tuple[TileType, ...] = ()
        self.stack: tuple[TileType, ...] = ()  # every tile on one player's mat, lowest first


class TileType(_Named):
    """One row of the player mat: an industry at a level."""

    __slots__ = ("id", "index", "industry", "level", "count", "fields")

    def __init__(self, index: int, industry: Industry, data: dict):
        self.industry = industry
        self.level = data.get("level", 0)
        self.id = f"{industry.id}-{self.level}"
        self.index = index
        self.count = data.get("count", 1)
        self.fields = data


class Card(_Named):
    __slots__ = ("id", "index", "name", "kind", "location", "industries", "pile", "fields")

    def __init__(self, index: int, data: dict, location: Optional[Location], industries: tuple, pile: Optional[str]):
        self.id = data["id"]
        self.index = index
        self.name = data.get("name") or (location.name if location is not None else data["id"])
        self.kind = data.get("kind", "")
        self.location = location
        self.industries = industries
        self.pile = pile  # the face-up pile the card returns to, if any
        self.fields = data


class Token(_Named):
    """A tile dealt to a space at set-up, or drawn from a pool during play."""

    __slots__ = ("id", "index", "name", "pool", "fields")

    def __init__(self, index: int, pool: str, data: dict):
        self.id = data["id"]
        self.index = index
        self.name = data.get("name") or data["id"]
        self.pool = pool
        self.fields = data


class Market(_Named):
    __slots__ = ("id", "index", "name", "resource", "prices", "initial", "fields")

    def __init__(self, index: int, data: dict):
        self.id = data["id"]
        self.index = index
        self.name = data.get("name") or data["id"]
        self.resource = data.get("resource", "")
        self.prices = tuple(data.get("prices", ()))  # cheapest space first
        self.initial = data.get("initial", 0)
        self.fields = data

    @property
    def capacity(self) -> int:
        return len(self.prices)


class Era(_Named):
    __slots__ = ("id", "index", "name", "link", "is_last", "fields")

    def __init__(self, index: int, data: dict, is_last: bool):
        self.id = data["id"]
        self.index = index
        self.name = data["name"]
        self.link = data["link"]
        self.is_last = is_last
        self.fields = data


@dataclass
class IncomeTrack:
    """Spaces of the progress track and the income level printed by each."""

    start_space: int
    level_by_space: tuple

    @property
    def top_space(self) -> int:
        return len(self.level_by_space) - 1

    @property
    def min_level(self) -> int:
        return self.level_by_space[0]

    @property
    def max_level(self) -> int:
        return self.level_by_space[-1]

    def level(self, space: int) -> int:
        return self.level_by_space[space]

    def highest_space_of(self, level: int) -> int:
        """The highest space showing ``level`` (where a loan puts the marker)."""
        best = None
        for space, value in enumerate(self.level_by_space):
            if value == level:
                best = space
        if best is None:
            raise ValueError(f"no space of the income track shows level {level}")
        return best


@dataclass
class Board:
    """Everything static a game needs, indexed for speed."""

    locations: tuple
    slots: tuple
    spaces: tuple
    lines: tuple
    industries: tuple
    tile_types: tuple
    cards: tuple
    piles: dict  # pile id -> (Card, count)
    tokens: dict  # pool id -> tuple[Token]
    pools: dict  # pool id -> pool data
    markets: tuple
    eras: tuple
    income: IncomeTrack
    by_id: dict = field(default_factory=dict)  # (kind, id) -> object
    lines_at: dict = field(default_factory=dict)  # Location -> tuple[Line]
    extra: dict = field(default_factory=dict)  # further data files, by name

    def get(self, kind: str, ident: str) -> Any:
        return self.by_id.get((kind, ident))
