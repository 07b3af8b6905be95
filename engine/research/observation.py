"""What one seat sees, as a flat vector of numbers: the research faces' observation.

The vector is built straight from the engine's state, with no Move object and
no notation, and it holds exactly what :func:`brass.view.player_view` shows
that seat: every other hand only by its size, the draw deck and the face-down
piles only by their sizes, the cards laid face down only by their number. Seats
are taken relative to the one observing (itself first, then in seat order), so
an agent learns one seat's play for every seat.

The blocks, in order (their names and shapes: :attr:`Encoder.blocks`):

=============  ===============================================================
``to_move``    one-hot, relative seat deciding now
``era``        one-hot
``clock``      round, actions left and taken this turn, draw deck, face-up and
               face-down piles, the rules' named counters
``players``    per relative seat: money, income level and space, VP, money
               spent this round, hand, discards, cards face down, turn-order place
``mats``       per relative seat and industry: tiles left, level of the next
``hand``       the seat's own cards, counted by card
``discards``   per relative seat: the face-up discards, counted by card
``slots``      per industry space: a tile, its owner (relative), flipped, its
               industry, level and cubes by resource
``lines``      per line: a link, its owner (relative), its kind
``spaces``     per token space: its token, its cubes by resource
``markets``    cubes in each market
``decision``   the frame waited in (an action, a procedure), and the atoms of
               the move chosen so far (counted)
=============  ===============================================================

Numbers are scaled to be near 0..1 (money and VP by 100, counts by 10, levels
by the largest), so a network needs no normaliser. The information-state
vector (OpenSpiel's, perfect recall) adds one block, ``revealed``: the tokens
turned up for everyone from each face-down pile since it was last shuffled,
which a seat that remembers knows and the board no longer shows.
"""

from __future__ import annotations

import json

import numpy as np

from ..language import ast
from .actions import _nodes

MONEY = 100.0  # money, VP, spending
COUNT = 10.0  # cards, tiles, cubes, rounds


class Encoder:
    """The observation layout of one ruleset and player count (see the module's text)."""

    def __init__(self, space, players: int):
        ruleset = space.ruleset
        board, rules = ruleset.board, ruleset.rules
        self.space = space
        self.players = players
        self.board = board
        self.resources = tuple(rules.resources)
        self.link_kinds = tuple(dict.fromkeys(era.link for era in board.eras))
        self.counters = _counter_names_of(rules, board)
        self.frames = ("action", *rules.actions, *rules.procedures)
        self.cards = {ident: i for i, ident in enumerate(space.words[j].partition(":")[2] for j in space.sections["card"])}
        self.tokens = {word.partition(":")[2]: i for i, word in enumerate(space.words[j] for j in space.sections["token"])}
        n, cards, industries = players, len(self.cards), len(board.industries)
        slot_width = 1 + n + 1 + industries + 1 + len(self.resources)
        clock = 3 + 1 + len(board.piles) + len(board.pools) + len(self.counters)
        self.blocks = [
            ("to_move", n, (n,)),
            ("era", len(board.eras), (len(board.eras),)),
            ("clock", clock, (clock,)),
            ("players", n * (8 + n), (n, 8 + n)),
            ("mats", n * industries * 2, (n, industries, 2)),
            ("hand", cards, (cards,)),
            ("discards", n * cards, (n, cards)),
            ("slots", len(board.slots) * slot_width, (len(board.slots), slot_width)),
            ("lines", len(board.lines) * (1 + n + len(self.link_kinds)), (len(board.lines), 1 + n + len(self.link_kinds))),
            ("spaces", len(board.spaces) * (len(self.tokens) + len(self.resources)), (len(board.spaces), len(self.tokens) + len(self.resources))),
            ("markets", len(board.markets), (len(board.markets),)),
            ("decision", len(self.frames) + len(space), (len(self.frames) + len(space),)),
        ]
        self.offsets = {}
        at = 0
        for name, size, _ in self.blocks:
            self.offsets[name] = at
            at += size
        self.size = at
        self.state_size = self.offsets["decision"]
        self.recall_blocks = self.blocks + [("revealed", len(self.tokens), (len(self.tokens),))]
        self.recall_size = self.size + len(self.tokens)
        self._slot_width = slot_width
        self._cache_key = None
        self._cache = None
        self._industry = {industry.id: i for i, industry in enumerate(board.industries)}
        self._max_level = max((t.level for t in board.tile_types), default=1) or 1
        self._income = board.income

    # ---------------------------------------------------------------- vectors
    def encode(self, table, seat: int, out=None, recall: bool = False, private: bool = True) -> np.ndarray:
        """The observation of ``seat`` (with ``recall``: its information state) into
        ``out`` (a float32 array of :attr:`size`, or :attr:`recall_size`) or a new array;
        without ``private``, what everyone sees from that seat: no hand."""
        size = self.recall_size if recall else self.size
        if out is None:
            out = np.zeros(size, np.float32)
        out[: self.state_size] = self._state(table.game, seat)
        if not private:
            hand = self.offsets["hand"]
            out[hand : hand + len(self.cards)] = 0.0
        out[self.state_size : size] = 0.0
        frame = table.game.state.frame
        base = self.offsets["decision"]
        if frame is not None:
            name = "action" if frame.kind == "action" else frame.name
            if name in self.frames:
                out[base + self.frames.index(name)] = 1.0
        walk = table.walk
        if walk is not None and table.pending is None:
            first = base + len(self.frames)
            for atom in walk.chosen:
                out[first + atom] += 1.0
        if recall:
            token_base = self.size
            space = self.space
            state = table.game.state
            for (pile, generation), atoms in table.public_draws.items():
                if state.chance_piles.get(pile, (None,))[0] == generation:
                    for atom in atoms:
                        word = space.words[atom]
                        if word.startswith("token:"):
                            out[token_base + self.tokens[word[6:]]] = 1.0
        return out

    def _state(self, game, seat: int) -> np.ndarray:
        key = (id(game), game.moment, seat)
        if key != self._cache_key:
            self._cache = self._build(game, seat)
            self._cache_key = key
        return self._cache

    def _build(self, game, seat: int) -> np.ndarray:
        state = game.state
        board = self.board
        n = self.players
        at, values = [], []

        def put(index, value):
            at.append(index)
            values.append(value)

        off = self.offsets
        frame = state.frame
        if frame is not None and frame.waiting is not None:
            put(off["to_move"] + (frame.waiting - seat) % n, 1.0)
        put(off["era"] + state.era_index, 1.0)
        clock = off["clock"]
        put(clock, state.round / COUNT)
        put(clock + 1, state.actions_left)
        put(clock + 2, state.actions_taken)
        put(clock + 3, len(state.deck) / COUNT)
        c = clock + 4
        for pile in board.piles:
            put(c, state.piles.get(pile, 0) / COUNT)
            c += 1
        for pool in board.pools:
            put(c, len(state.token_piles.get(pool, ())) / COUNT)
            c += 1
        for name in self.counters:
            put(c, state.counters.get(name, 0) / COUNT)
            c += 1
        width = 8 + n
        order = state.turn_order
        for p in state.players:
            rel = (p.index - seat) % n
            base = off["players"] + rel * width
            face_down = p.fields.get("face_down", 0)
            put(base, p.money / MONEY)
            put(base + 1, self._income.level(p.income_space) / MONEY)
            put(base + 2, p.income_space / MONEY)
            put(base + 3, p.vp / MONEY)
            put(base + 4, p.spent / MONEY)
            put(base + 5, len(p.hand) / COUNT)
            put(base + 6, len(p.discard) / COUNT)
            put(base + 7, face_down / COUNT)
            if p.index in order:
                put(base + 8 + order.index(p.index), 1.0)
            mats = off["mats"] + rel * len(board.industries) * 2
            for i, industry in enumerate(board.industries):
                position = p.mat.get(industry.id, 0)
                stack = industry.stack
                put(mats + 2 * i, (len(stack) - position) / COUNT)
                put(mats + 2 * i + 1, stack[position].level / self._max_level if position < len(stack) else 0.0)
            discards = off["discards"] + rel * len(self.cards)
            for card in p.discard[face_down:]:
                put(discards + self.cards[card.id], 1.0)
            if p.index == seat:
                for card in p.hand:
                    put(off["hand"] + self.cards[card.id], 1.0)
        slot_width = self._slot_width
        resources = self.resources
        for tile in state.slot_tiles:
            if tile is None:
                continue
            base = off["slots"] + tile.slot.index * slot_width
            put(base, 1.0)
            put(base + 1 + (tile.owner - seat) % n, 1.0)
            put(base + 1 + n, 1.0 if tile.flipped else 0.0)
            put(base + 2 + n + self._industry[tile.type.industry.id], 1.0)
            put(base + 2 + n + len(board.industries), tile.type.level / self._max_level)
            for r, resource in enumerate(resources):
                cubes = tile.cubes.get(resource)
                if cubes:
                    put(base + 3 + n + len(board.industries) + r, cubes / COUNT)
        line_width = 1 + n + len(self.link_kinds)
        for link in state.line_links:
            if link is None:
                continue
            base = off["lines"] + link.line.index * line_width
            put(base, 1.0)
            put(base + 1 + (link.owner - seat) % n, 1.0)
            if link.kind in self.link_kinds:
                put(base + 1 + n + self.link_kinds.index(link.kind), 1.0)
        space_width = len(self.tokens) + len(resources)
        for s in state.spaces:
            base = off["spaces"] + s.space.index * space_width
            if s.token is not None:
                put(base + self.tokens[s.token.id], 1.0)
            for r, resource in enumerate(resources):
                cubes = s.cubes.get(resource)
                if cubes:
                    put(base + len(self.tokens) + r, cubes / COUNT)
        for m, market in enumerate(board.markets):
            put(off["markets"] + m, state.markets.get(market.id, 0) / COUNT)
        vector = np.zeros(self.state_size, np.float32)
        np.add.at(vector, at, values)
        return vector

    # ---------------------------------------------------------------- strings
    def describe(self, table, seat: int, recall: bool = False, private: bool = True) -> str:
        """The same, as text: the seat's view (:func:`brass.view.player_view`; without
        ``private``, an onlooker's) and the move so far; with ``recall``, the public
        record of the game too."""
        game = table.game
        view = game.view(seat if private else None)
        del view["ruleset_version"]
        walk = table.walk if table.pending is None else None
        chosen = " ".join(self.space.words[a] for a in walk.chosen) if walk is not None else ""
        text = f"seat {seat} sees {json.dumps(view, sort_keys=True, separators=(',', ':'))} move so far: [{chosen}]"
        if recall:
            record = " ".join(f"{who}:{atom}" for who, atom in table.record)
            text += f" record: [{record}]"
        return text


_COUNTERS: dict = {}  # id(rules) -> (the rules, kept so the id is not reused; their counters)


def _counter_names_of(rules, board) -> tuple:
    found = _COUNTERS.get(id(rules))
    if found is None or found[0] is not rules:
        found = _COUNTERS[id(rules)] = (rules, _counter_names(rules, board))
    return found[1]


def _counter_names(rules, board) -> tuple:
    """The counters the rules keep, by name: those they set or add to, and each
    token pool's count of tokens turned up."""
    names = []
    for node in _nodes(tuple(rules.declarations.values())):
        if isinstance(node, ast.Command) and node.name in ("set_counter", "add_to_counter") and node.args:
            first = node.args[0]
            if isinstance(first, ast.Const) and isinstance(first.value, str):
                names.append(first.value)
    names.extend(f"{pool}_drawn" for pool in board.pools)
    return tuple(sorted(set(names)))
