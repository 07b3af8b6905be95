"""engine/notation.py: reading and writing moves."""

import pytest

from brass.errors import InvalidMoveError
from brass.language.runtime import Decision
from brass.game.notation import parse_move, write_move


def test_a_move_splits_into_its_frame_and_tokens():
    assert parse_move("network card=leek line=a--b second_link x=y.0+z:1*2") == (
        "network",
        [("card", "leek"), ("line", "a--b"), ("second_link", None), ("x", "y.0+z:1*2")],
    )


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the move is empty: write an action's name and its choices, as the list of moves shows them"),
        ("9build", "'9build' is not an action name: a move starts with one, e.g. 'build'"),
        ("build card=", "'card=': '' is not a value (write an identifier as the moves list shows it, or a shown name in quotes)"),
        ('build card="Coal mine', "'build card=\"Coal mine': a quote is not closed; write a name with spaces as card=\"Coal mine\""),
        ("build 3=x", "'3=x': '3' is not a decision name"),
        ("build ?", "'?' is neither NAME=VALUE nor a bare NAME"),
    ],
)
def test_text_that_is_not_a_move(text, message):
    with pytest.raises(InvalidMoveError) as error:
        parse_move(text)
    assert str(error.value) == message


def test_a_quoted_value_keeps_its_spaces():
    assert parse_move('build card="Coal mine" location=dudley') == ("build", [("card", "Coal mine"), ("location", "dudley")])


def test_only_printed_decisions_are_written():
    decisions = [
        Decision("action", "network", True, "action"),
        Decision("card", "leek", True, "choose"),
        Decision("coal", "dudley.0", False, "offer"),
        Decision("second_link", "yes", True, "option"),
        Decision("more:x", "no", False, "more"),
    ]
    assert write_move("network", decisions) == "network card=leek second_link"

    # The full form names every choice and every source; a step not taken stays out.
    assert write_move("network", decisions, full=True) == "network card=leek coal=dudley.0 second_link"


# ------------------------------------------------------------ spellings people use
def birmingham_game():
    from brass import Game

    game = Game("birmingham", 2, seed=1)
    game.set_position({"turn_order": [0, 1], "players": [{"hand": ["coal", "brewery", "stafford"]}, {}]})
    return game


@pytest.mark.parametrize(
    "written, meant",
    [
        ("network card=brewery line=redditch--gloucester", "network card=brewery line=gloucester--redditch"),
        ("build card=brewery location=uttoxeter slot=1", "build card=brewery location=uttoxeter slot=uttoxeter.1"),
        ('build card="Coal mine" location=dudley', "build card=coal location=dudley"),
        ("build card=coal-mine location=Dudley", "build card=coal location=dudley"),
        ("build card=Stafford industry=Brewery", "build card=stafford industry=brewery"),
        # A choice's name by its start, or in other case; a value alone when one choice has it.
        ("build card=brewery loc=uttoxeter slot=1", "build card=brewery location=uttoxeter slot=uttoxeter.1"),
        ("build Card=coal LOCATION=dudley", "build card=coal location=dudley"),
        ("build card=brewery uttoxeter slot=1", "build card=brewery location=uttoxeter slot=uttoxeter.1"),
        # A town that is also a card in hand, named alone, is the place.
        ("build card=brewery stafford", "build card=brewery location=stafford"),
    ],
)
def test_a_choice_is_understood_as_people_write_it(written, meant):
    assert birmingham_game().parse(written).notation() == meant


@pytest.mark.parametrize(
    "written, message",
    [
        ("xyzzy 42 !!", "'xyzzy' is not an action; the actions are: build, network, develop, sell, loan, scout, pass"),
        ("biuld card=coal", "'biuld' is not an action (did you mean build?); the actions are: build, network, develop, sell, loan, scout, pass"),
        (
            "build card=brewery location=stafrod",
            "cannot build: 'stafrod' is not a possible choice for location (did you mean stafford?); the possible ones are: "
            "derby, stone, uttoxeter, stafford, burton-on-trent, walsall, coalbrookdale, nuneaton, farm-brewery-north, farm-brewery-south "
            "(p.8-9: The Build action)",
        ),
        (
            "network card=brewery line=birmingham--coventry line=birmingham--dudley",
            "cannot build a canal link: 'line=birmingham--dudley' is one line too many: this move takes one here",
        ),
        (
            "build card=brewery lcation=stafford",
            "'lcation' is not a choice of a build now (did you mean location?); its choices are: card, industry, location, slot, iron",
        ),
        (
            "build card=brewery location=stafford industry=brewry",
            "cannot build: 'brewry' is not a possible choice for industry (did you mean brewery?); the possible ones are: brewery (p.8-9: The Build action)",
        ),
        (
            # The rules' own reason suggests nothing here (the path the search got
            # furthest on has no such location): every build's locations are matched.
            "build location=uttoxetr",
            "'uttoxetr' names nothing in this game (did you mean location=uttoxeter?); the possible ones for location in a build now are: "
            "belper, leek, stone, burton-on-trent, cannock, tamworth, wolverhampton, coalbrookdale, dudley, kidderminster, coventry, nuneaton, ... and 7 more",
        ),
        (
            "build card=brewery stafrod",
            "'stafrod' names nothing in this game (did you mean location=stafford?); the choices of a build now are: card, industry, location, slot, iron",
        ),
        (
            "loan",
            "ambiguous move 'loan': say which card (coal, brewery, stafford); it could be loan card=coal, loan card=brewery, loan card=stafford",
        ),
    ],
)
def test_a_misspelt_move_says_what_was_meant(written, message):
    from brass.errors import MoveError

    with pytest.raises(MoveError) as error:
        birmingham_game().parse(written)
    assert str(error.value) == message


def test_a_long_list_of_choices_says_how_many_more():
    from brass.errors import MoveError

    with pytest.raises(MoveError) as error:
        birmingham_game().parse("network card=brewery line=nowhere--else")
    assert str(error.value).endswith(", ... and 19 more (p.10: The Network action)")


def test_every_move_reads_back_from_its_full_form():
    import random

    from brass import Game

    for ruleset in ("birmingham", "lancashire"):
        game = Game(ruleset, 3, seed=3)
        rng = random.Random(3)
        while not game.is_over() and len(game.history) < 120:
            move = game.random_move(rng)
            assert game.parse(move.full_notation()).notation() == move.notation()
            game.push(move)
