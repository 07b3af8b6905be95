"""``brass replay``: a saved game record replayed, to its end or to a move, or step by step.

    brass replay game.json [--step] [--to N]
"""

from __future__ import annotations

import sys

from ..errors import BrassError, RecordError
from ..game import Game
from .helpers import show_changes, show_outcome


def add_parser(commands):
    replay = commands.add_parser("replay", help="replay a saved game record and show the final state")
    replay.add_argument("file")
    replay.add_argument("--step", action="store_true", help="one move at a time: Enter shows the next, q stops")
    replay.add_argument("--to", type=int, default=None, metavar="N", help="the position after move N")
    return replay


def run(args) -> int:
    from ..records import read_record
    from ..terminal import Console

    console = Console()
    try:
        record = read_record(args.file)
        start = Game.from_record({**record, "moves": []})  # every check of the record but its moves
        total = len(record["moves"])
        stop = total if args.to is None else args.to
        if not 0 <= stop <= total:
            raise RecordError(f"--to {stop}: the record has {total} moves (0 to {total})")
        game = Game.from_record({**record, "moves": record["moves"][:stop]}, start.ruleset) if stop else start
        if args.step:
            game = _steps(console, game, record["moves"][stop:], stop)
    except RecordError as error:
        print(f"brass: {error}", file=sys.stderr)
        return 1
    ruleset = game.ruleset
    done = len(game.history)
    if done == total:
        console.say(f"Replayed {done} moves of {ruleset.title} ({ruleset.name} {ruleset.version}).")
    else:
        console.say(f"The position after move {done} of {total} of {ruleset.title} ({ruleset.name} {ruleset.version}).")
    console.board(game)
    if game.is_over():
        show_outcome(console, game)
    return 0


def _steps(console, game: Game, moves: list, done: int) -> Game:
    """Play the moves one by one, each on Enter ('q' or the end of input stops)."""
    console.say(f"{len(moves)} moves to step through from move {done}: Enter shows the next, q stops.")
    for number, entry in enumerate(moves, done + 1):
        before = game.view(None)
        try:
            move = game.play(entry["move"])
        except BrassError as error:
            raise RecordError(f"move {number} ({entry['move']!r}) cannot be replayed: {error}") from error
        console.say(f"{number}. {game.state.players[move.player].name}: {move.full_notation()}")
        show_changes(console, before, game, None)
        if number < done + len(moves):
            try:
                answer = input("")
            except (EOFError, KeyboardInterrupt):
                console.say()
                break
            if answer.strip().lower() in ("q", "quit"):
                break
    return game
