"""Brass as a PettingZoo environment: ``brass.pettingzoo.env(ruleset="birmingham", players=2)``.

An AEC environment (agents take turns), in PettingZoo's "classic" conventions:
agents ``player_0`` ... ``player_N``, observations ``{"observation",
"action_mask"}``, the reward at the end of the game (by rank by default, or
victory points), and :meth:`~brass.pettingzoo.env.BrassEnv.action_masks` for
MaskablePPO. Chance (cards drawn, tiles turned up, shuffles) is played by the
environment from the seed ``reset`` is given. Each step is one small decision
of a move (:mod:`brass.research.actions`), so one player may take several
steps in a row. No parallel wrapper: Brass is played in turns, and PettingZoo's
parallel API is for games whose agents act at once.

Needs the ``rl`` extra (``pip install 'brass-rules[rl]'``).
"""

from __future__ import annotations

from .env import BrassEnv, env, raw_env

__all__ = ["BrassEnv", "env", "raw_env"]
