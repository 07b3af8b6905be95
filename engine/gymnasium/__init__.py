"""Brass as a single-agent Gymnasium environment: one seat learns, our bots play the others.

::

    import brass.gymnasium
    env = brass.gymnasium.env(ruleset="birmingham", players=2, opponents="greedy")
    observation, info = env.reset(seed=1)

Each step is one small decision of the learner's move (:mod:`brass.research.actions`);
the other seats' whole moves, and chance, are played in between. The reward
comes at the end: by rank (+1 first, -1 last) or, with ``rewards="vp"``, the
learner's victory points. :meth:`~brass.gymnasium.seat.SeatEnv.action_masks`
gives the legal actions, as sb3-contrib's MaskablePPO asks. Needs the ``rl``
extra (``pip install 'brass-rules[rl]'``).
"""

from __future__ import annotations

from .seat import SeatEnv, env

__all__ = ["SeatEnv", "env"]
