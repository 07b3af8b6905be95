"""What several commands share: the ``--trust`` option and the end of a game on the screen."""

from __future__ import annotations

TRUST_HELP = "a ruleset folder's plugin (__init__.py) is Python code: run it (only for folders you trust)"


def add_trust(parser) -> None:
    parser.add_argument("--trust", action="store_true", help=TRUST_HELP)


def show_end(console, game) -> None:
    """A finished game: the table (with the last era's links, which the rules may have
    taken off as the game ended), the final standings, each player's score by era."""
    from ..render import render_outcome
    from ..terminal import score_log

    _, log = score_log(game.record(), game.ruleset)
    console.board(game, links=log.last_links)
    console.say(render_outcome(game))
    console.scores(game, log)
