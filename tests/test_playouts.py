"""Fast play for bots: playouts, counting, and the greedy bot's best moves.

``Game.playout`` makes no Move objects and no notation, so nothing else in the
suite sees what it plays; here each of its moves is checked against the legal
moves of the same position, and a uniform playout against the uniform random
move drawn with the same random numbers.
"""

from __future__ import annotations

import random

import pytest

from brass import Game
from brass.bots import GreedyBot, evaluate
from brass.game.lookahead import _best
from tests.support import sweep
from tests.support.fingerprint import fingerprint

RULESETS = ["birmingham", "birmingham-introductory", "birmingham-open-beer", "lancashire", "lancashire-classic"]
STEPS = sweep.size(ci=25, nightly=100)  # positions per game checked move by move


def _players(ruleset: str) -> int:
    return 3 if ruleset == "lancashire-classic" else 2


def _positions(ruleset: str, seed: int):
    """The positions of a seeded random game, one after another (the same Game object)."""
    game = Game(ruleset, _players(ruleset), seed=seed)
    rng = random.Random(seed)
    for _ in range(STEPS):
        if game.is_over():
            return
        yield game
        game.push(game.uniform_random_move(rng))


@pytest.mark.sweep
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_uniform_playout_plays_the_uniform_random_move(ruleset):
    for step, game in enumerate(_positions(ruleset, seed=3)):
        played = game.copy()
        played.playout(random.Random(step), moves=1)
        pushed = game.copy()
        pushed.push(pushed.uniform_random_move(random.Random(step)))
        assert fingerprint(played) == fingerprint(pushed), f"step {step}"
        assert played.fallbacks == ()


@pytest.mark.sweep
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_sampled_playout_plays_a_legal_move(ruleset):
    for step, game in enumerate(_positions(ruleset, seed=5)):
        legal = set()
        for move in game.legal_moves:
            after = game.copy()
            after.push(move)
            legal.add(repr(fingerprint(after, hashable=True)))
        for draw in range(3):
            played = game.copy()
            played.playout(random.Random(100 * step + draw), moves=1, uniform=False)
            assert repr(fingerprint(played, hashable=True)) in legal, f"step {step}: the playout's move is not a legal move"
            assert played.fallbacks == ()


def test_a_sampled_playout_reaches_more_than_one_move():
    """Not the first legal move every time: the draws differ."""
    game = Game("birmingham", 2, seed=1)
    seen = set()
    for draw in range(20):
        played = game.copy()
        played.playout(random.Random(draw), moves=1, uniform=False)
        seen.add(repr(fingerprint(played, hashable=True)))
    assert len(seen) > 5


@pytest.mark.parametrize("uniform", [True, False])
@pytest.mark.parametrize("ruleset,players", [("birmingham", 4), ("lancashire", 3), ("lancashire-classic", 4), ("birmingham-open-beer", 2)])
def test_a_playout_ends_the_game_and_leaves_the_original_alone(ruleset, players, uniform):
    game = Game(ruleset, players, seed=7)
    before = fingerprint(game)
    copy = game.copy()
    outcome = copy.playout(random.Random(7), uniform=uniform)
    assert copy.is_over()
    assert outcome is not None and outcome == copy.outcome()
    assert copy.fallbacks == ()
    assert fingerprint(game) == before


def test_a_playout_can_stop_after_some_moves():
    game = Game("birmingham", 3, seed=2)
    assert game.playout(random.Random(1), moves=10, uniform=False) is None
    assert not game.is_over()
    assert game.legal_moves.count() > 0


@pytest.mark.parametrize("uniform", [True, False])
def test_the_interpreter_plays_out_too(uniform):
    """Without generated code (a ruleset it cannot translate) playouts still work."""
    game = Game("birmingham", 2, seed=4)
    game.fast = None
    for _ in range(6):
        reference = game.copy()
        game.playout(random.Random(9), moves=1, uniform=uniform)
        fingerprints = set()
        for move in reference.legal_moves:
            after = reference.copy()
            after.push(move)
            fingerprints.add(repr(fingerprint(after, hashable=True)))
        assert repr(fingerprint(game, hashable=True)) in fingerprints


@pytest.mark.parametrize("ruleset", ["birmingham", "lancashire"])
def test_best_moves_are_the_best_of_the_scored_moves(ruleset):
    for game in _positions(ruleset, seed=11):
        player = game.to_move

        def score(g):
            return evaluate(g, player)

        expected = [m.notation() for m in _best(game.scored_moves(score), 1e-9)]
        assert [m.notation() for m in game.best_moves(score)] == expected
        assert expected


def test_the_greedy_bot_plays_the_same_game_without_generated_code():
    moves = []
    for fast in (True, False):
        game = Game("lancashire", 2, seed=3)
        if not fast:
            game.fast = None
        bots = [GreedyBot(1), GreedyBot(2)]
        played = []
        for _ in range(12):
            move = bots[game.to_move].choose(game)
            played.append(move.notation())
            game.push(move)
        moves.append(played)
    assert moves[0] == moves[1]


def test_a_bot_draws_from_the_random_generator_it_is_given():
    rng = random.Random(5)
    assert GreedyBot(rng).rng is rng
    assert GreedyBot(5).rng.random() == random.Random(5).random()
