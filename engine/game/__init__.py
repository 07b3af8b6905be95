"""The game wing: a game of Brass, played by the rules of a ruleset.

:class:`Game` (:mod:`brass.game.game`) is the board a player pushes and undoes;
its runner (:mod:`brass.game.runner`) runs the rules' frames on generated code
or the interpreter; :mod:`brass.game.reading` reads a written move;
:mod:`brass.game.moves` holds the values a game hands out; what bots ask is in
:mod:`brass.game.lookahead`; how a move is written, :mod:`brass.game.notation`.
"""

from .game import Game
from .moves import LegalMoves, Move, Outcome

__all__ = ["Game", "LegalMoves", "Move", "Outcome"]
