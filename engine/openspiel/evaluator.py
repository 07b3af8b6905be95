"""An evaluator for OpenSpiel's MCTS and ISMCTS bots that needs no rollout.

OpenSpiel's search bots judge a leaf by an evaluator; its
``RandomRolloutEvaluator`` plays random moves to the end, which for a game of
Brass is hundreds of decisions per leaf. :class:`HeuristicEvaluator` judges
where each seat stands now instead, by the engine's own measure
(:func:`brass.bots.evaluation.evaluate`, the greedy bot's: the ruleset's
``brass_evaluate`` hook if it has one), and ranks the seats by it as the game's
returns rank them at the end (+1 first down to -1 last): a leaf costs one
look at the board. At the end of a game it gives the game's returns.
"""

from __future__ import annotations

import numpy as np
from open_spiel.python.algorithms import mcts

from ..bots.evaluation import evaluate
from ..research.table import rank_returns


class HeuristicEvaluator(mcts.Evaluator):
    """Leaves judged by the engine's measure, as ranks (see the module's text); priors uniform."""

    def evaluate(self, state) -> np.ndarray:
        table = state.table
        if table.is_terminal():
            return np.array(table.returns())
        game = table.game
        scores = [evaluate(game, seat) for seat in range(table.players)]
        ranking = []
        for score in sorted(set(scores), reverse=True):
            ranking.append([seat for seat, value in enumerate(scores) if value == score])
        return np.array(rank_returns(ranking, table.players))

    def prior(self, state) -> list:
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(actions)) for action in actions]
