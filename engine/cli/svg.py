"""``brass svg``: a saved game's board drawn as SVG, on standard output.

    brass svg game.json [--move N] [--seat S]
"""

from __future__ import annotations

import sys

from ..errors import RecordError
from ..game import Game
from .helpers import command


def add_parser(commands):
    svg = command(commands, "svg", "draw a saved game's board as SVG (on standard output)",
                  "Draw a saved game's board as an SVG picture, on standard output (or, inside brass play, with 'svg FILE').",
                  ("brass svg game.json > board.svg", "brass svg game.json --move 40 --seat 1 > board.svg"))
    svg.add_argument("file", help="a game record (brass play's save, brass simulate --save)")
    svg.add_argument("--move", type=int, default=None, help="the position after this many moves (default: the end)")
    svg.add_argument("--seat", type=int, default=None, help="draw what this seat (1, 2, ...) may see: its own hand too (default: no hand, as an onlooker sees it)")
    return svg


def run(args) -> int:
    from ..records import read_record
    from ..svg import board_svg

    try:
        record = read_record(args.file)
        total = len(record["moves"])
        stop = total if args.move is None else args.move
        if not 0 <= stop <= total:
            print(f"brass: {args.file} has {total} moves; --move takes 0 to {total}", file=sys.stderr)
            return 1
        game = Game.from_record(dict(record, moves=record["moves"][:stop]))
    except RecordError as error:
        print(f"brass: {error}", file=sys.stderr)
        return 1
    viewer = None
    if args.seat is not None:
        if not 1 <= args.seat <= len(game.state.players):
            print(f"brass: --seat takes 1 to {len(game.state.players)}", file=sys.stderr)
            return 1
        viewer = args.seat - 1
    print(board_svg(game, viewer))
    return 0
