"""A whole game, end to end: the flow runs from set-up to the final ranking."""

import random

from brass import Game


def test_a_quick_random_game_reaches_the_end():
    game = Game("birmingham", players=2, seed=3)
    rng = random.Random(3)
    while not game.is_over():
        game.push(game.random_move(rng))
    outcome = game.outcome()
    assert outcome is not None
    assert sorted(i for group in outcome.ranking for i in group) == [0, 1]
    assert game.state.era.id == "rail"
    assert game.state.round == 10
