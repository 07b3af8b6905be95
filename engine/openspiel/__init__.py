"""Brass as OpenSpiel games: ``import brass.openspiel`` registers one per installed ruleset.

Each is named ``brass_`` and the ruleset's name, ``_`` for ``-``
(``brass_birmingham``, ``brass_lancashire_classic``), and takes the number of
players as its ``players`` parameter::

    import pyspiel
    import brass.openspiel

    game = pyspiel.load_game("brass_birmingham", {"players": 3})

A move is played as a sequence of small decisions, each an action of one flat
space built from the ruleset's data (:mod:`brass.research.actions`); every
card drawn, tile turned up and shuffle seen is a chance node; the observation
and information state of a seat hold what that seat may see and no more.
:mod:`brass.openspiel.game` has the game and its state; the OpenSpiel extra
installs what it needs (``pip install 'brass-rules[openspiel]'``).
"""

from __future__ import annotations

from .game import BrassGame, BrassObserver, BrassState, game_name, register_all

REGISTERED = register_all()  # game name -> ruleset name, for every ruleset that loads

__all__ = ["BrassGame", "BrassObserver", "BrassState", "REGISTERED", "game_name", "register_all"]
