"""engine/bots/, engine/render.py, engine/view.py."""

import json

import pytest

from brass import Game
from brass.bots import BOTS, default_evaluation, make_bot
from brass.render import render, render_outcome


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_chooses_a_legal_move(name):
    game = Game("birmingham", 3, seed=2)
    bot = make_bot(name, 1)
    for _ in range(4):
        move = bot.choose(game)
        assert move.notation() in [m.notation() for m in game.legal_moves]
        game.push(move)


def test_an_unknown_bot():
    with pytest.raises(ValueError) as error:
        make_bot("clever", 1)
    assert str(error.value) == "unknown bot 'clever'; bots: random, quick, greedy, easy, medium, planner, hard, expert (or module:Class)"


def test_the_evaluation_counts_points():
    game = Game("birmingham", 2, seed=1)
    before = default_evaluation(game, 0)
    game.state.players[0].vp += 10
    assert default_evaluation(game, 0) == pytest.approx(before + 10)


def test_the_table_shows_the_viewers_hand_only():
    game = Game("lancashire", 2, seed=1)
    mover = game.to_move
    text = render(game, viewer=mover)
    assert "your hand:" in text and text.count("your hand:") == 1
    assert "Distant cotton market: marker on position 1" in text
    assert render_outcome(game) == "The game is not over."
    json.dumps(game.view(mover))
