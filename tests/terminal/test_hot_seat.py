"""A hot seat without leaks: hands only on the terminal's private screen, and a
recap of the others' moves before each hand (issue 21, point 7)."""

from __future__ import annotations

import io
import re

import pytest

from brass import Game
from brass.terminal import Console
from brass.terminal.session import PlaySession

from tests.support.needs import need

from .conftest import Typed


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.fixture(params=["plain", "rich"])
def terminal(request):
    """What a hot seat writes to a terminal, through either display."""
    if request.param == "rich":
        need("rich", "python -m pip install -e '.[terminal]'")  # the plain display is tested everywhere
    screen = Terminal()
    return screen, Console(file=screen, width=200, plain=request.param == "plain")


def sitting(console, typed):
    game = Game("birmingham", ["Ada", "Ben"], seed=3)
    session = PlaySession(game, {}, console, read_line=Typed(typed))
    session.run()
    return game


def test_no_hand_is_left_outside_the_private_screen(terminal, capsys):
    screen, console = terminal
    game = sitting(console, ["", "moves pass", "1", "1", "", "moves pass", "1", "1", "", "quit", "n"])
    out = screen.getvalue()
    private = re.findall(re.escape(Console.PRIVATE) + r"(.*?)" + re.escape(Console.PUBLIC), out, re.S)
    public = re.sub(re.escape(Console.PRIVATE) + r".*?" + re.escape(Console.PUBLIC), "", out, flags=re.S)
    assert len(private) == 3  # Ada, Ben, Ada again
    assert out.endswith(Console.PUBLIC)  # the terminal is given back on its main screen
    assert all("your hand:" in screen_ for screen_ in private)
    assert "your hand:" not in public and "cards drawn" not in public and "cards out of hand" not in public
    assert len(game.history) == 2


def test_each_player_gets_a_recap_of_the_others_moves(terminal, capsys):
    screen, console = terminal
    game = sitting(console, ["", "moves pass", "1", "1", "", "moves pass", "1", "1", "", "quit", "n"])
    ada, ben = (played.move for played in game.history)
    public = re.sub(re.escape(Console.PRIVATE) + r".*?" + re.escape(Console.PUBLIC), "", screen.getvalue(), flags=re.S)
    public = re.sub(r"\x1b\[[0-9;]*m", "", public)  # colours and bold aside
    assert f"Before Ben's first turn:\nAda: {ada.full_notation()}\n" in public
    assert f"Since Ada's last turn:\nBen: {ben.full_notation()}\n" in public
    assert public.index("Before Ben's first turn:") < public.index("Ben to move: the other hands are hidden. Ben, press Enter to see your hand.")
    assert "Ada: " not in public.split("Since Ada's last turn:")[1]  # her own move is not recapped to her
