"""Bots in their seats, seeded one way everywhere: the same game seed and lineup
give the same bot moves.

The bot in seat ``seat`` (0, 1, ...) of a game seeded ``seed`` is made with the
seed ``(seed, seat, name)``, whoever seats it: ``brass play``, ``brass
simulate``, the web app's tables, the arena and the balance lab. A record's seed
and seats therefore bring its bots' moves back, and the arena's and the lab's
published figures can be played again.
"""

from __future__ import annotations

from typing import Callable, Optional

from ..game import Game
from .base import Bot
from .registry import make_bot

HUMAN = "human"  # a person's seat: no bot is made for it


def seat_bots(lineup, seed, imports: bool = True) -> dict[int, Bot]:
    """The bots of a lineup (the bot's name in each seat, or ``human``), by seat;
    ``imports`` as for :func:`~brass.bots.registry.bot_class`."""
    return {seat: make_bot(name, (seed, seat, name), imports) for seat, name in enumerate(lineup) if name != HUMAN}


def play_out(game: Game, bots: dict, on_move: Optional[Callable[[Game], None]] = None) -> Game:
    """Let the bots (by seat) play the game to its end; ``on_move(game)`` after each move."""
    while not game.is_over():
        game.push(bots[game.to_move].choose(game))
        if on_move is not None:
            on_move(game)
    return game
