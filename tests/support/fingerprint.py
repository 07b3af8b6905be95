"""A game state as plain values, for comparing two runs of the same rules.

It is taken after every legal move of thousands of positions, so it is quick:
the state's own digest (:meth:`brass.model.state.GameState.digest`, its
mappings as dicts: compared, never hashed), with what
that leaves out because a move's effect does not depend on it but two runs of
the rules must still agree on: the box in its order, and the waiting frame.
"""

from __future__ import annotations


def fingerprint(game, hashable: bool = False) -> tuple:
    """Everything the rules can see or change, without journal positions or caches;
    ``hashable``: its mappings as sorted items, whose repr can be kept in a set."""
    state = game.state
    frame = state.frame
    if frame is not None:
        frame = (frame.kind, frame.name, frame.you, tuple(frame.script), frame.waiting, frame.then, frame.args, frame.partial, frame.reveals)
    return state.digest(mapping=None if hashable else dict), tuple(state.box), frame
