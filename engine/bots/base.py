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

from ..game import Game, Move
from .evaluation import evaluate


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
