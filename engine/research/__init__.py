"""The research wing's shared room: what the OpenSpiel, PettingZoo and Gymnasium faces share.

* :mod:`brass.research.actions`: one flat action space per ruleset, built from
  its data, with its digest and the way from an index to words and back;
* :mod:`brass.research.moves`: a move walked one small decision at a time;
* :mod:`brass.research.chance`: every draw and shuffle as chance, one outcome
  at a time;
* :mod:`brass.research.table`: a game as decisions, chance nodes and an end;
* :mod:`brass.research.observation`: what a seat sees, as numbers and as text.

The engine's core never imports this wing; the faces (:mod:`brass.openspiel`,
:mod:`brass.pettingzoo`, :mod:`brass.gymnasium`) sit on it.
"""

from __future__ import annotations

from .actions import ActionSpace, ActionSpaceError

_SPACES: dict = {}  # id(ruleset) -> (the ruleset, kept so its id is not reused; its space)


def space_of(ruleset) -> ActionSpace:
    """The action space of a loaded ruleset, made once per ruleset object (and with it
    what its games learn of their shuffles)."""
    found = _SPACES.get(id(ruleset))
    if found is None or found[0] is not ruleset:
        found = _SPACES[id(ruleset)] = (ruleset, ActionSpace(ruleset))
    return found[1]


__all__ = ["ActionSpace", "ActionSpaceError", "space_of"]
