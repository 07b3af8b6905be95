"""Bots: players that choose their own moves.

* :class:`RandomBot` picks uniformly among all legal moves (python-chess's
  ``random.choice(list(board.legal_moves))``).
* :class:`QuickRandomBot` tries options in random order and takes the first
  legal move found: much faster, but not uniform over moves.
* :class:`GreedyBot` tries every legal move and keeps the one that leaves it
  best placed, by the ruleset's ``brass_evaluate`` hook or the engine's default
  measure (points, points waiting on flipped tiles and links, income, money).
"""

from __future__ import annotations

import random
from typing import Optional

from .game import Game, Move


class Bot:
    name = "bot"

    def __init__(self, seed=None):
        """``seed``: an int or str (the same seed, the same games), a random.Random to
        draw from, or None (fresh randomness)."""
        if isinstance(seed, random.Random):
            self.rng = seed
        else:
            self.rng = random.Random(seed if seed is None or isinstance(seed, (int, str)) else repr(seed))

    def choose(self, game: Game) -> Move:  # pragma: no cover - overridden
        raise NotImplementedError


class RandomBot(Bot):
    """Uniformly random among the legal moves."""

    name = "random"

    def choose(self, game: Game) -> Move:
        return game.uniform_random_move(self.rng)


class QuickRandomBot(Bot):
    """A random legal move, found by trying options in random order."""

    name = "quick"

    def choose(self, game: Game) -> Move:
        return game.random_move(self.rng)


class GreedyBot(Bot):
    """The legal move after which its position looks best (one move deep)."""

    name = "greedy"

    def choose(self, game: Game) -> Move:
        player = game.to_move
        return self.rng.choice(game.best_moves(lambda g: evaluate(g, player)))


def evaluate(game: Game, player: int) -> float:
    """How well a player stands: the ruleset's judgement, else the default."""
    hook = game.ruleset.hook.brass_evaluate
    if hook.get_hookimpls():  # a ruleset that judges for itself (asked only if one does: it is called per move)
        found = hook(game=game, player=game.state.players[player])
        if found is not None:
            return float(found)
    return default_evaluation(game, player)


def default_evaluation(game: Game, player: int) -> float:
    """Points now, points waiting on the board, and what income and money can still buy.

    Flipped tiles count in full, unflipped ones in part; links count the icons
    they touch; income counts for the rounds it will still be paid; money counts
    less and less as the end nears, since only what it builds scores.
    """
    state = game.state
    board = game.board
    p = state.players[player]
    tiles = state.slot_tiles
    value = float(p.vp)
    for tile in tiles:
        if tile is None or tile.owner != player:
            continue
        fields = tile.type.fields
        vp = fields.get("vp", 0)
        value += vp if tile.flipped else 0.45 * vp + 0.1 * fields.get("income", 0)
        value += 0.6 * sum(tile.cubes.values())  # cubes on it will flip it, and serve
    for link in state.line_links:
        if link is None or link.owner != player:
            continue
        icons = 0.0
        for location in link.line.locations:
            icons += location.link_icons
            for slot in location.slots:
                tile = tiles[slot.index]
                if tile is not None:
                    weight = 1.0 if tile.flipped else 0.4
                    icons += tile.type.fields.get("link_icons", 0) * weight
        value += icons
    rounds_left = _rounds_left(game)
    worth = 0.2 * min(1.0, rounds_left / 6)  # what £1 is worth in points
    value += board.income.level(p.income_space) * rounds_left * worth
    value += p.money * worth
    return value


def _deck_size(board, players: int, _sizes={}) -> int:
    key = (id(board), players)
    if key not in _sizes:
        count = str(players)
        _sizes[key] = sum(card.fields.get("copies", {}).get(count, 0) for card in board.cards)
    return _sizes[key]


def _rounds_left(game: Game) -> int:
    """Rounds still to play, estimated from the cards left (two per player a round)."""
    state = game.state
    players = len(state.players)
    cards_now = len(state.deck) + sum(len(p.hand) for p in state.players)
    per_era_cards = _deck_size(game.board, players)
    eras_left = len(game.board.eras) - state.era_index - 1
    return (cards_now + eras_left * per_era_cards) // (2 * players)


BOTS = {cls.name: cls for cls in (RandomBot, QuickRandomBot, GreedyBot)}


def make_bot(name: str, seed: Optional[int] = None) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}") from None
