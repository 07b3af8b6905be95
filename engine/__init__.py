"""A declarative rules engine for the Brass board games.

The engine knows eras, rounds, turns, tiles, links, cards and markets; the
rules of each edition live in its ruleset, written in the Brass rule language.

Start with :class:`Game`, which takes an installed ruleset's name; the
README shows a game played from Python.
"""

import pluggy

from .version import __version__

hookimpl = pluggy.HookimplMarker("brass")

from .errors import (  # noqa: E402
    AmbiguousMoveError,
    BrassError,
    DataError,
    IllegalMoveError,
    InvalidMoveError,
    MoveError,
    PluginError,
    RuleFileError,
    RulesetError,
    SetupError,
    UndoError,
)
from .game import Game, LegalMoves, Move, Outcome  # noqa: E402
from .ruleset import Ruleset, installed_rulesets, load_ruleset  # noqa: E402
from .validation import check_ruleset  # noqa: E402

__all__ = [
    "__version__",
    "hookimpl",
    "Game",
    "LegalMoves",
    "Move",
    "Outcome",
    "Ruleset",
    "load_ruleset",
    "check_ruleset",
    "installed_rulesets",
    "BrassError",
    "RulesetError",
    "RuleFileError",
    "DataError",
    "PluginError",
    "MoveError",
    "InvalidMoveError",
    "IllegalMoveError",
    "AmbiguousMoveError",
    "UndoError",
    "SetupError",
]
