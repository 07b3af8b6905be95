"""engine/notation.py: reading and writing moves."""

import pytest

from engine.errors import InvalidMoveError
from engine.language.runtime import Decision
from engine.notation import parse_move, write_move


def test_a_move_splits_into_its_frame_and_tokens():
    assert parse_move("network card=leek line=a--b second_link x=y.0+z:1*2") == (
        "network",
        [("card", "leek"), ("line", "a--b"), ("second_link", None), ("x", "y.0+z:1*2")],
    )


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the move is empty: write an action's name and its choices, e.g. 'loan card=stafford'"),
        ("9build", "'9build' is not an action name: a move starts with one, e.g. 'build'"),
        ("build card=", "'card=': '' is not a value (use identifiers such as dudley.0 or stone.0+market)"),
        ("build 3=x", "'3=x': '3' is not a decision name"),
        ("build ?", "'?' is neither NAME=VALUE nor a bare NAME"),
    ],
)
def test_text_that_is_not_a_move(text, message):
    with pytest.raises(InvalidMoveError) as error:
        parse_move(text)
    assert str(error.value) == message


def test_only_printed_decisions_are_written():
    decisions = [
        Decision("action", "network", True, "action"),
        Decision("card", "leek", True, "choose"),
        Decision("coal", "dudley.0", False, "offer"),
        Decision("second_link", "yes", True, "option"),
        Decision("more:x", "no", False, "more"),
    ]
    assert write_move("network", decisions) == "network card=leek second_link"
