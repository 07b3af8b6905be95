"""The ``brass`` command: play, simulate, replay, validate, list rulesets.

    brass play RULESET --players 3 --seats human,greedy,random --seed 7
    brass simulate RULESET --players 4 --games 20 --seed 1 [--json]
    brass arena RULESET --players 2 --bots hard,medium,greedy --games 20 --processes 2
    brass play RULESET --load game.json --seats human,hard
    brass replay game.json [--step] [--to N]
    brass analyse game.json [--seats 1,3] [--bot expert]
    brass train-judge RULESET [--players 4] [--games 100] [--rounds 2] [--seed 1]
    brass record RULESET --players 2 --names Ada,Ben --out game.json
    brass serve [--host 127.0.0.1] [--port 8000] [--data DIR]
    brass validate PATH-OR-NAME
    brass rulesets
    brass completion bash

One module per command, each with ``add_parser(commands)`` (adds the command's
parser to the subparsers, and returns it) and ``run(args)`` (does it, and returns
the exit status). A new command is a new module, and a line in :data:`COMMANDS`.
"""

from __future__ import annotations

import argparse
import sys
from typing import Optional

from .. import __version__
from ..errors import BrassError
from . import analyse, arena, balance, completion, new_variant, play, record, replay, rules, rulesets, serve, simulate, svg, train_judge, validate
from .simulate import Progress

COMMANDS = (play, simulate, balance, arena, analyse, train_judge, record, replay, svg, serve, validate, rulesets, rules, new_variant, completion)  # in --help's order

__all__ = ["COMMANDS", "Progress", "build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The ``brass`` command's parser: each command's, under it."""
    parser = argparse.ArgumentParser(prog="brass", description="Play and check Brass games and rulesets.")
    parser.add_argument("--version", action="version", version=f"brass {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        command.add_parser(commands).set_defaults(run=command.run)
    return parser


def main(argv: Optional[list[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except (BrassError, ValueError) as error:
        print(f"brass: {error}", file=sys.stderr)
        return 2

