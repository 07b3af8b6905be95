"""Move counts from fixed positions, as python-chess keeps perft counts.

A change in move generation shows here first. The counts were checked by hand
where the arithmetic is simple (see the comments); the rest pin what the rules
generate today, action by action.
"""

from __future__ import annotations

import collections
import random

import pytest

from brass import Game


def counts(game: Game) -> dict:
    return dict(collections.Counter(move.frame for move in game.legal_moves))


# Opening positions: seed 1 (2 players) deals a hand of 8 cards with one pair,
# 7 different cards. Network: 31 canal lines x 7 cards = 217. Loan and pass: one
# per different card. Scout: 3-card multisets of the hand = C(7,3) + 6 (the pair
# and one of the 6 others) = 41. Develop, per card: one tile of 5 developable
# industries (pottery I has a lightbulb), or two, in either order one move: 5 x 4 / 2
# pairs + 5 of one industry twice = 15; 20 per card, x 7 = 140.
OPENINGS = [
    (2, 1, {"build": 17, "network": 217, "develop": 140, "loan": 7, "scout": 41, "pass": 7}),
    # 8 different cards: 31 x 8 = 248 links, C(8,3) = 56 scouts, 8 x 20 developments.
    (3, 2, {"build": 43, "network": 248, "develop": 160, "loan": 8, "scout": 56, "pass": 8}),
    (4, 3, {"build": 46, "network": 217, "develop": 140, "loan": 7, "scout": 41, "pass": 7}),
]


@pytest.mark.parametrize("players, seed, expected", OPENINGS)
def test_opening_move_counts(players, seed, expected):
    assert counts(Game("birmingham", players, seed=seed)) == expected


# Lancashire: 23 canal lines x 7 cards = 161 links; loans of £10, £20 or £30 with
# each of 7 cards = 21; all five industries can be developed (a level 0 shipyard
# too): (5 + 15 pairs, either order one move) x 7 = 140. No double-action build: the
# first round has one action.
LANCASHIRE_OPENINGS = [
    (2, 1, {"build": 11, "network": 161, "develop": 140, "loan": 21, "pass": 7}),
    (3, 2, {"build": 29, "network": 184, "develop": 160, "loan": 24, "pass": 8}),
    (4, 3, {"build": 48, "network": 161, "develop": 140, "loan": 21, "pass": 7}),
]


@pytest.mark.parametrize("players, seed, expected", LANCASHIRE_OPENINGS)
def test_lancashire_opening_move_counts(players, seed, expected):
    assert counts(Game("lancashire", players, seed=seed)) == expected


def test_the_same_moves_the_same_way_every_time():
    game = Game("birmingham", 3, seed=5)
    rng = random.Random(5)
    for _ in range(30):
        game.push(game.random_move(rng))
    first = [m.notation() for m in game.legal_moves]
    assert first == [m.notation() for m in game.legal_moves]
    assert len(first) == len(set(first))


RAIL_POSITION = {
    "era": "rail",
    "round": 3,
    "turn_order": [0, 1],
    "players": [
        {"money": 30, "income_level": 5, "hand": ["dudley", "iron"], "discard": [], "mat": {"iron": 3}},
        {"money": 30, "income_level": 5, "hand": ["walsall", "coal"], "discard": []},
    ],
    "tiles": [
        {"space": "dudley.0", "owner": 1, "industry": "coal", "level": 2, "cubes": {"coal": 2}},
        {"space": "dudley.1", "owner": 0, "industry": "iron", "level": 2, "cubes": {"iron": 3}},
    ],
    "links": [],
}


def test_one_move_from_a_rail_position():
    game = Game("birmingham", 2, seed=1)
    game.set_position(RAIL_POSITION)
    # Build: iron works III over your own iron works II in Dudley, with the Dudley
    # card or the iron card. Network: the 3 rail lines out of Dudley x 2 cards (no
    # brewery: no double link). Develop: 2 cards x 20. Loan, pass: one per card.
    assert counts(game) == {"build": 2, "network": 6, "develop": 40, "loan": 2, "pass": 2}


def test_two_moves_deep_from_a_rail_position():
    """Every legal first action, then every second action of the same turn."""
    game = Game("birmingham", 2, seed=1)
    game.set_position(RAIL_POSITION)
    total = 0
    for move in list(game.legal_moves):
        game.push(move)
        total += game.legal_moves.count()
        game.undo()
    assert total == 1345  # 2,569 while develop listed both orders of two tiles
