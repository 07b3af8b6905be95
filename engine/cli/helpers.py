"""What several commands share: the ``--trust`` option and the end of a game on the screen."""

from __future__ import annotations

TRUST_HELP = "a ruleset folder's plugin (__init__.py) is Python code: run it (only for folders you trust)"


def add_trust(parser) -> None:
    parser.add_argument("--trust", action="store_true", help=TRUST_HELP)


def show_outcome(console, game) -> None:
    """The final standings and each player's score, era by era."""
    from ..render import render_outcome
    from ..terminal import score_log

    console.say(render_outcome(game))
    _, log = score_log(game.record(), game.ruleset)
    console.scores(game, log)


def show_changes(console, before: dict, game, viewer) -> None:
    """What the last move changed, seen by ``viewer`` (None: nobody's hand)."""
    from ..terminal import changes

    console.changes(changes(before, game.view(viewer), game))
