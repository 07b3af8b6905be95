"""What several commands share: the ``--trust`` option and the end of a game on the screen."""

from __future__ import annotations

import argparse
import difflib
import textwrap
from pathlib import Path

TRUST_HELP = "a ruleset folder's plugin (__init__.py) is Python code: run it (only for folders you trust)"
RULESET_HELP = "an installed ruleset (brass rulesets lists them), or a ruleset folder"


def add_trust(parser) -> None:
    parser.add_argument("--trust", action="store_true", help=TRUST_HELP)


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Each option's default at the end of its help, unless the help says it already."""

    def _get_help_string(self, action):
        text = action.help or ""
        if not action.option_strings or action.nargs == 0 or "default" in text or action.default in (None, argparse.SUPPRESS):
            return text
        return f"{text} (default: %(default)s)"


def command(commands, name: str, help: str, description: str, examples: tuple):
    """A command's parser: its one-line help, a description, and examples (which the
    tests parse, so they stay right)."""
    parser = commands.add_parser(name, help=help, description=textwrap.fill(description, 78), formatter_class=HelpFormatter,
                                 epilog="examples:\n" + "\n".join(f"  {example}" for example in examples))
    parser.examples = examples
    return parser


def ruleset_named(name: str, trust: bool = False):
    """The ruleset an installed name or a folder names; a name that is neither is refused
    with the closest installed names."""
    from ..ruleset import installed_rulesets, load_ruleset

    if not Path(name).exists():
        installed = sorted(installed_rulesets())
        if name not in installed:
            close = difflib.get_close_matches(name, installed, n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise ValueError(f"no ruleset named {name!r} is installed{hint}; installed: {', '.join(installed) or 'none'}; give a name or a ruleset folder")
    return load_ruleset(name, trust=trust)


def show_end(console, game) -> None:
    """A finished game: the table (with the last era's links, which the rules may have
    taken off as the game ended), the final standings, each player's score by era."""
    from ..render import render_outcome
    from ..terminal import score_log

    _, log = score_log(game.record(), game.ruleset)
    console.board(game, links=log.last_links)
    console.say(render_outcome(game))
    console.scores(game, log)
