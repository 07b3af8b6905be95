"""``brass replay``: a saved game record replayed, to its end or to a move, or step by step.

    brass replay game.json [--step] [--to N]

Stepping, forward and back, is :mod:`brass.terminal.stepping`.
"""

from __future__ import annotations

import sys

from ..errors import RecordError
from ..game import Game
from .helpers import command, show_end


def add_parser(commands):
    replay = command(commands, "replay", "replay a saved game record and show the final state",
                     "Replay a saved game: its end (with the score breakdown), the position after a move, or move by move, forward and back.",
                     ("brass replay game.json", "brass replay game.json --step", "brass replay game.json --to 40", "brass replay game.json --step --to 40"))
    replay.add_argument("file", help="a game record (brass play's save, brass simulate --save, brass record --out)")
    replay.add_argument("--step", action="store_true", help="one move at a time from the start (or from --to N), forward and back: Enter the next, p the previous, a number jumps, q stops")
    replay.add_argument("--to", type=int, default=None, metavar="N", help="the position after move N (0: the start); with --step, where stepping starts (default: the end; with --step, the start)")
    return replay


def run(args) -> int:
    from ..records import read_record
    from ..terminal import Console

    console = Console()
    try:
        record = read_record(args.file)
        start = Game.from_record({**record, "moves": []})  # every check of the record but its moves
        total = len(record["moves"])
        stop = (0 if args.step else total) if args.to is None else args.to
        if not 0 <= stop <= total:
            raise RecordError(f"--to {stop}: the record has {total} moves (0 to {total})")
        if args.step:
            from ..terminal.stepping import Stepper

            stepper = Stepper(start, record["moves"], console)
            game, done = stepper.run(stop), stepper.at
            if done == total:  # the score breakdown replays the record: a stepped copy keeps no moves
                game = Game.from_record(record, start.ruleset)
        else:
            game = Game.from_record({**record, "moves": record["moves"][:stop]}, start.ruleset) if stop else start
            done = stop
    except RecordError as error:
        print(f"brass: {error}", file=sys.stderr)
        return 1
    ruleset = game.ruleset
    if done == total:
        console.say(f"Replayed {done} moves of {ruleset.title} ({ruleset.name} {ruleset.version}).")
    else:
        console.say(f"The position after move {done} of {total} of {ruleset.title} ({ruleset.name} {ruleset.version}).")
    if game.is_over():
        show_end(console, game)
    else:
        console.board(game)
    return 0
