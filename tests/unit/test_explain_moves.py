"""engine/explain/moves.py: a move in words, from the rules' describe lines and the data's names."""

from __future__ import annotations

import random

import pytest

from brass import Game
from brass.bots import make_bot
from brass.explain.moves import Sources, move_words, value_of


def played(ruleset, players, seed, moves):
    game = Game(ruleset, players, seed=seed)
    bots = [make_bot("greedy", i) for i in range(players)]
    for _ in range(moves):
        if game.is_over():
            break
        yield game, bots[game.to_move].choose(game)
        game.push(bots[game.to_move].choose(game))


@pytest.mark.parametrize("ruleset, players", [("birmingham", 3), ("lancashire", 3)])
def test_a_written_move_reads_as_the_listed_one(ruleset, players):
    """A move the game listed carries its values; one read back from its text names the
    same things the same way: the log (written moves) says what the choices said."""
    rng = random.Random(1)
    said = 0
    for game, chosen in played(ruleset, players, seed=4, moves=60):
        for move in [chosen] + rng.sample(list(game.legal_moves), 2):
            listed = move_words(game, move).sentence()
            written = move_words(game, game.parse(move.full_notation())).sentence()
            assert listed == written
            assert "=" not in listed and "--" not in listed, listed
            said += 1
    assert said > 100


def test_the_describe_line_is_filled_in_and_the_rest_named_from_the_data():
    game = Game("birmingham", 2, seed=1)
    words = move_words(game, game.parse("network card=dudley line=birmingham--walsall"))
    assert words.title == "Network" and words.summary == "build a canal link" and words.card == "Dudley"
    assert words.sentence() == "Build a canal link: Birmingham – Walsall (card: Dudley)"
    build = next(m for m in game.legal_moves if m.frame == "build" and "coal=" not in m.full_notation())
    sentence = move_words(game, build).sentence()
    assert sentence.startswith("Build a ") and " in " in sentence and "space " in sentence


def test_where_a_resource_comes_from_is_read_back():
    game = Game("birmingham", 2, seed=1)
    sources = value_of(game, "coal", "dudley.0*2+market")
    assert isinstance(sources, Sources)
    slot = game.board.get("slot", "dudley.0")
    assert sources.parts() == [(slot, 2), (None, 1)]  # an empty space is named as the space
    assert value_of(game, "coal", "none").parts() == []
