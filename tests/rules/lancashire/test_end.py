"""The end of a game of Brass: Lancashire (Rulebook: End of the game).

After the Rail era scoring each player scores 1 VP for every full £10; the most
VP wins; a tie goes to the higher income level (reference doubt D7: the level,
not the track space), then to the more money; still tied, the players share the
win. The outcome is not a YAML expectation, so these few cases play the last
move of the game from a position and ask ``Game.outcome()``.
"""

from __future__ import annotations

import pytest

from brass import Game
from tests.support.endgame import play_last_turn
from brass.errors import GameOverError

RULE = "Rulebook: End of the game -- 1 VP per full £10; most VP wins; ties: income level, then money, then shared"


def last_turn(p0: dict, p1: dict, **extra) -> Game:
    """Seat 1 plays the last card of the Rail era; the deck and seat 0's hand are empty."""
    extra.setdefault("counters", {"beneath_deck_tile": 4, "deck_tile_revealed": 5})
    return play_last_turn("lancashire", "manchester", p0, p1, {"money": 0}, **extra)


def test_one_vp_for_every_full_ten_pounds():
    """Rulebook: End of the game -- 1 VP for every full £10 (£39 gives 3, £9 none)."""
    game = last_turn({"vp": 10, "money": 39}, {"vp": 10, "money": 9})
    assert [p.vp for p in game.state.players] == [13, 10]
    # the money itself stays (it is the last tie-break)
    assert [p.money for p in game.state.players] == [39, 9]


def test_money_vp_count_before_the_ranking():
    """Rulebook: End of the game -- the money's VP are added before the winner is decided."""
    game = last_turn({"vp": 50, "money": 25}, {"vp": 51, "money": 5})
    outcome = game.outcome()
    assert [p.vp for p in game.state.players] == [52, 51]
    assert outcome.winners == [0]


def test_no_income_after_the_last_round():
    """Rulebook: End of round -- no income is collected after the last round of the game."""
    game = last_turn({"vp": 0, "income_level": 10, "money": 5}, {"vp": 0, "income_level": -5, "money": 5})
    assert [p.money for p in game.state.players] == [5, 5]


def test_final_scoring_counts_links_and_flipped_tiles():
    """Rulebook: End of an era -- links and flipped tiles score at the end of the Rail era too."""
    game = last_turn(
        {"vp": 40},
        {"vp": 44},
        tiles=[{"space": "rochdale.0", "owner": 0, "industry": "cotton", "level": 2, "flipped": True}],
        links=[{"line": "rochdale--yorkshire", "owner": 0}],
    )
    # seat 0: the link 1 (cotton II) + 2 (Yorkshire), and the cotton mill's 5 VP
    assert [p.vp for p in game.state.players] == [48, 44]
    assert game.outcome().winners == [0]


def test_most_vp_wins():
    """Rulebook: End of the game -- the player with the most VP wins, whatever the income and money."""
    game = last_turn({"vp": 61, "income_level": -5, "money": 0}, {"vp": 60, "income_level": 20, "money": 9})
    outcome = game.outcome()
    assert outcome.ranking == [[0], [1]]
    assert outcome.winners == [0]


def test_equal_vp_the_higher_income_level_wins():
    """Rulebook: End of the game -- in a tie, the higher income decides first."""
    game = last_turn({"vp": 50, "income_level": 5, "money": 19}, {"vp": 50, "income_level": 6, "money": 10})
    outcome = game.outcome()
    assert [p.vp for p in game.state.players] == [51, 51]
    assert outcome.ranking == [[1], [0]]
    assert outcome.scores[1]["income_level"] == 6


def test_the_income_level_counts_not_the_space():
    """Rulebook: End of the game; doubt D7 -- the income level: two spaces of one level are equal."""
    game = last_turn({"vp": 50, "income_space": 12, "money": 21}, {"vp": 50, "income_space": 11, "money": 25})
    assert game.board.income.level(12) == game.board.income.level(11)
    assert game.outcome().ranking == [[1], [0]]


def test_equal_vp_and_income_level_more_money_wins():
    """Rulebook: End of the game -- then the more money (the same full tens: 2 VP each)."""
    game = last_turn({"vp": 50, "income_level": 5, "money": 21}, {"vp": 50, "income_level": 5, "money": 20})
    assert [p.vp for p in game.state.players] == [52, 52]
    assert game.outcome().ranking == [[0], [1]]
    assert game.outcome().winners == [0]


def test_all_equal_the_win_is_shared():
    """Rulebook: End of the game -- still tied, the players share the win."""
    game = last_turn({"vp": 50, "income_level": 5, "money": 20}, {"vp": 50, "income_level": 5, "money": 20})
    outcome = game.outcome()
    assert outcome.ranking == [[0, 1]]
    assert outcome.winners == [0, 1]
    assert outcome.result().startswith("shared win")


def test_no_move_after_the_game_ends():
    """Rulebook: End of the game -- the game ends after the Rail era scoring."""
    game = last_turn({}, {})
    assert game.to_move is None
    with pytest.raises(GameOverError):
        game.play("pass card=manchester")
