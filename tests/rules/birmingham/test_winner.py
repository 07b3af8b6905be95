"""The winner of Brass: Birmingham (p.7: Winning).

After the Rail era scoring, the player with the most VP wins; a tie goes to the
higher income level, then to the more money left; still tied, the players share
the win. The outcome is not a YAML expectation, so these few cases play the last
move of the game from a position and ask ``Game.outcome()``.
"""

from __future__ import annotations

import pytest

from brass import Game
from tests.support.endgame import play_last_turn
from brass.errors import GameOverError

RULE = "p.7 Winning: most VP; ties: the highest income level, then the most money; still tied, shared"


def last_turn(p0: dict, p1: dict, **extra) -> Game:
    """Seat 1 plays the last card of the Rail era; everything else is empty."""
    return play_last_turn("birmingham", "stafford", p0, p1, {"money": 10}, **extra)


def test_most_vp_wins():
    """p.7: the player with the most VP wins, whatever the income and money."""
    game = last_turn({"vp": 61, "income_level": -5, "money": 0}, {"vp": 60, "income_level": 20, "money": 90})
    outcome = game.outcome()
    assert outcome.ranking == [[0], [1]]
    assert outcome.winners == [0]


def test_final_scoring_counts_before_the_ranking():
    """p.6-7, p.7: links and flipped tiles score at the end of the Rail era, before the winner is decided."""
    game = last_turn(
        {"vp": 40},
        {"vp": 43},
        tiles=[{"space": "birmingham.0", "owner": 0, "industry": "cotton", "level": 2, "flipped": True}],
        links=[{"line": "birmingham--oxford", "owner": 0}],
    )
    # seat 0: link 2 (cotton II) + 2 (Oxford) and the cotton mill's 5 VP
    assert [p.vp for p in game.state.players] == [49, 43]
    assert game.outcome().winners == [0]


def test_equal_vp_the_higher_income_level_wins():
    """p.7: in a tie, the highest income decides first."""
    game = last_turn({"vp": 50, "income_level": 5, "money": 90}, {"vp": 50, "income_level": 6, "money": 0})
    outcome = game.outcome()
    assert outcome.ranking == [[1], [0]]
    assert outcome.scores[1]["income_level"] == 6


def test_no_income_after_the_last_round():
    """p.6: no income is collected at the end of the last round of the game."""
    game = last_turn({"vp": 50, "income_level": 5, "money": 10}, {"vp": 50, "income_level": 5, "money": 12})
    assert [p.money for p in game.state.players] == [10, 12]
    assert game.outcome().winners == [1]


def test_equal_vp_and_income_level_more_money_wins():
    """p.7: then the most money left over."""
    game = last_turn({"vp": 50, "income_level": 5, "money": 21}, {"vp": 50, "income_level": 5, "money": 20})
    assert game.outcome().ranking == [[0], [1]]


def test_the_income_level_counts_not_the_space():
    """p.7 and p.8-9: the tie-break is the income level; two spaces of one level are equal."""
    game = last_turn({"vp": 50, "income_space": 12, "money": 20}, {"vp": 50, "income_space": 11, "money": 25})
    assert game.board.income.level(12) == game.board.income.level(11)
    assert game.outcome().ranking == [[1], [0]]


def test_all_equal_the_win_is_shared():
    """p.7: if they are still tied, those players are tied."""
    game = last_turn({"vp": 50, "income_level": 5, "money": 20}, {"vp": 50, "income_level": 5, "money": 20})
    outcome = game.outcome()
    assert outcome.ranking == [[0, 1]]
    assert outcome.winners == [0, 1]
    assert outcome.result().startswith("shared win")


def test_no_move_after_the_game_ends():
    """p.6-7: the game ends after the Rail era scoring."""
    game = last_turn({}, {})
    assert game.to_move is None
    with pytest.raises(GameOverError):
        game.play("pass card=stafford")
