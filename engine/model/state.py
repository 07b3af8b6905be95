"""The dynamic state of one game: players, pieces on the board, markets, cards.

Every change goes through ``state.journal`` so it can be rolled back. Pieces
refer to players by index and to the static board by object, which makes
:meth:`GameState.copy` a shallow walk over small objects rather than a deepcopy.
"""

from __future__ import annotations

import itertools
from collections import Counter
from operator import attrgetter
from typing import Optional

from .journal import Journal
from .static import Board, Card, Line, Slot, Space, TileType, Token

_versions = itertools.count(1)


def new_version() -> int:
    """A number never used before: cache keys for derived facts (connectivity)."""
    return next(_versions)


class PlayerState:
    __slots__ = ("index", "name", "money", "income_space", "vp", "spent", "hand", "discard", "mat", "fields")

    def __init__(self, index: int, name: str):
        self.index = index
        self.name = name
        self.money = 0
        self.income_space = 0
        self.vp = 0
        self.spent = 0  # money on the character tile this round
        self.hand: list[Card] = []
        self.discard: list[Card] = []
        self.mat: dict[str, int] = {}  # industry id -> position of the next tile in its stack
        self.fields: dict = {}  # counters a ruleset keeps per player

    def copy(self) -> "PlayerState":
        other = PlayerState.__new__(PlayerState)
        other.index = self.index
        other.name = self.name
        other.money = self.money
        other.income_space = self.income_space
        other.vp = self.vp
        other.spent = self.spent
        other.hand = list(self.hand)
        other.discard = list(self.discard)
        other.mat = dict(self.mat)
        other.fields = dict(self.fields)
        return other

    def __repr__(self) -> str:
        return f"<Player {self.index} {self.name}>"


class BoardTile:
    """An industry tile on the board."""

    __slots__ = ("type", "owner", "slot", "flipped", "cubes", "era")

    def __init__(self, tile_type: TileType, owner: int, slot: Slot, era: int):
        self.type = tile_type
        self.owner = owner
        self.slot = slot
        self.flipped = False
        self.cubes: dict[str, int] = {}
        self.era = era  # index of the era it was built in

    def copy(self) -> "BoardTile":
        other = BoardTile.__new__(BoardTile)
        other.type = self.type
        other.owner = self.owner
        other.slot = self.slot
        other.flipped = self.flipped
        other.cubes = dict(self.cubes)
        other.era = self.era
        return other

    @property
    def id(self) -> str:
        return self.slot.id

    def display(self) -> str:
        return f"{self.type.industry.name} (level {self.type.level}) in {self.slot.location.name}"

    def __repr__(self) -> str:
        return f"<Tile {self.type.id} of {self.owner} at {self.slot.id}>"


class BoardLink:
    __slots__ = ("line", "owner", "kind")

    def __init__(self, line: Line, owner: int, kind: str):
        self.line = line
        self.owner = owner
        self.kind = kind

    @property
    def id(self) -> str:
        return self.line.id

    def display(self) -> str:
        return f"{self.kind} {self.line.display()}"

    def __repr__(self) -> str:
        return f"<Link {self.kind} {self.line.id} of {self.owner}>"


class SpaceState:
    """A location space and the token dealt to it, with any cubes beside it."""

    __slots__ = ("space", "token", "cubes")

    def __init__(self, space: Space):
        self.space = space
        self.token: Optional[Token] = None
        self.cubes: dict[str, int] = {}

    def copy(self) -> "SpaceState":
        other = SpaceState(self.space)
        other.token = self.token
        other.cubes = dict(self.cubes)
        return other

    @property
    def id(self) -> str:
        return self.space.id

    def __repr__(self) -> str:
        return f"<Space {self.space.id} {self.token.id if self.token else '-'}>"


class GameState:
    """Everything that changes during a game."""

    def __init__(self, board: Board, player_names: list[str]):
        self.board = board
        self.journal = Journal()
        self.players = [PlayerState(i, name) for i, name in enumerate(player_names)]
        self.turn_order: list[int] = list(range(len(player_names)))
        self.slot_tiles: list[Optional[BoardTile]] = [None] * len(board.slots)
        self.line_links: list[Optional[BoardLink]] = [None] * len(board.lines)
        self.spaces = [SpaceState(space) for space in board.spaces]
        self.markets = {market.id: 0 for market in board.markets}
        self.deck: list[Card] = []
        self.piles = {pile: 0 for pile in board.piles}
        self.token_piles: dict[str, list[Token]] = {pool: [] for pool in board.pools}
        self.counters: dict[str, int] = {}
        self.box: list[tuple[int, TileType]] = []  # tiles out of the game, by owner
        self.bank = 0  # net money paid into the bank; the ledger for conservation checks
        self.supply: dict[str, int] = {}  # net cubes returned to the general supply
        self.era_index = 0
        self.round = 0
        self.turn_index = 0  # position in turn_order of the player whose turn it is
        self.actions_left = 0
        self.actions_taken = 0
        self.phase = "setup"
        self.chance_log: list[str] = []  # the label of every shuffle so far, in order
        # Every VP scored under a heading (``score 3, heading="links"``), in order:
        # (player index, heading, points). What the score breakdown reads; rules cannot.
        self.scored: list[tuple[int, str, int, object]] = []  # (player, heading, points, source)
        self.frame = None  # the rule code waiting for a decision (brass.game.FrameState)
        self.links_version = new_version()
        self.pieces_version = new_version()
        self.tiles_version = new_version()  # changes with any tile built, removed or flipped

    # -- derived views used everywhere
    @property
    def era(self):
        return self.board.eras[self.era_index]

    @property
    def current_player(self) -> PlayerState:
        return self.players[self.turn_order[self.turn_index]]

    def tiles(self):
        return [t for t in self.slot_tiles if t is not None]

    def links(self):
        return [link for link in self.line_links if link is not None]

    def digest(self, mapping=None) -> tuple:
        """Everything the rules can see or change, as plain values: two states with
        the same digest play on alike. The waiting frame, the journal and derived
        caches are left out, and the box (a ledger no rule reads) in no order. Board
        objects (cards, tile types, tokens) compare by identity, which holds within
        one loaded ruleset. Quick: it is taken after many moves.

        Mappings are given as sorted items, so the digest can be hashed; with
        ``mapping=dict`` they are copied as they are, which compares the same way
        (a dict's order does not count; the box is a Counter) for less, for callers that
        only compare (the oracle tests take it after every legal move)."""
        _items = _sorted_items if mapping is None else mapping
        players = tuple(
            (p.money, p.income_space, p.vp, p.spent, tuple(p.hand), tuple(p.discard), _items(p.mat), _items(p.fields))
            for p in self.players
        )
        tiles = tuple((t.slot, t.type, t.owner, t.flipped, _items(t.cubes), t.era) for t in self.slot_tiles if t is not None)
        links = tuple(map(_link_values, filter(None, self.line_links)))
        spaces = tuple((s.token, _items(s.cubes)) for s in self.spaces)
        return (
            players,
            tiles,
            links,
            spaces,
            _items(self.markets),
            tuple(self.deck),
            _items(self.piles),
            tuple((pool, tuple(pile)) for pool, pile in sorted(self.token_piles.items())),
            _items(self.counters),
            tuple(sorted((owner, tile_type.index) for owner, tile_type in self.box)) if mapping is None else Counter(self.box),
            self.bank,
            _items(self.supply),
            (self.era_index, self.round, self.turn_index, self.actions_left, self.actions_taken, self.phase),
            tuple(self.turn_order),
            tuple(self.chance_log),
            tuple(self.scored),
        )

    def copy(self) -> "GameState":
        other = GameState.__new__(GameState)
        other.__dict__.update(self.__dict__)
        other.journal = Journal()
        other.players = [p.copy() for p in self.players]
        other.turn_order = list(self.turn_order)
        other.slot_tiles = [t.copy() if t is not None else None for t in self.slot_tiles]
        other.line_links = list(self.line_links)  # links never change once placed
        other.spaces = [s.copy() for s in self.spaces]
        other.markets = dict(self.markets)
        other.deck = list(self.deck)
        other.piles = dict(self.piles)
        other.token_piles = {k: list(v) for k, v in self.token_piles.items()}
        other.counters = dict(self.counters)
        other.box = list(self.box)
        other.supply = dict(self.supply)
        other.chance_log = list(self.chance_log)
        other.scored = list(self.scored)
        return other


_link_values = attrgetter("line", "owner", "kind")


def _sorted_items(mapping) -> tuple:
    return tuple(sorted(mapping.items())) if len(mapping) > 1 else tuple(mapping.items())
