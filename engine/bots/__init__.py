"""Bots: players that choose their own moves.

A bot is a class with a ``name`` and a method ``choose(game) -> Move`` (see
:class:`Bot`); it is made with a seed, and the same seed gives the same games.

* ``random``, ``quick``, ``greedy``: a uniform random move, a fast random move,
  and the best move one move ahead by :func:`evaluate`.
* ``planner``: plans its whole turn (both actions) with the planning heuristic
  and takes the best plan (:mod:`brass.bots.planning`).
* ``easy``, ``medium``, ``hard``: the levels meant for play. ``easy`` takes the
  heuristic's best single action, with no plan for the turn; ``medium`` plans
  some of its decisions as ``planner`` does and takes the rest as ``easy``;
  ``hard`` searches the other players' replies to its best plans.

Other bots are found through the ``brass.bots`` entry-point group, or named as
``module:Class``.
"""

from __future__ import annotations

from .base import Bot, GreedyBot, QuickRandomBot, RandomBot
from .evaluation import default_evaluation, evaluate, heuristic_evaluation
from .planning import EasyBot, HeuristicBot, MediumBot
from .search import ExpertBot, SearchBot
from .registry import BOTS, LEVELS, bot_class, installed_bots, make_bot

__all__ = [
    "BOTS", "LEVELS", "Bot", "EasyBot", "ExpertBot", "GreedyBot", "HeuristicBot", "MediumBot", "QuickRandomBot", "RandomBot", "SearchBot",
    "default_evaluation", "evaluate", "bot_class", "heuristic_evaluation", "installed_bots", "make_bot",
]
