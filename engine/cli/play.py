"""``brass play``: a game in the terminal, humans and bots mixed.

    brass play RULESET --players 3 --seats human,greedy,random --seed 7
    brass play RULESET --load game.json --seats human,hard

The sitting itself (the prompt, its commands, numbered lists) is
:class:`brass.terminal.session.PlaySession`.
"""

from __future__ import annotations

from ..bots import BOTS
from ..bots.seating import HUMAN, seat_bots
from ..game import Game
from ..ruleset import load_ruleset
from .helpers import add_trust


def add_parser(commands):
    play = commands.add_parser("play", help="play a game in the terminal, humans and bots mixed")
    play.add_argument("ruleset")
    add_trust(play)
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seats", default=None, help=f"comma-separated: human or a bot ({', '.join(BOTS)}, an installed brass.bots name, or module:Class); default human then greedy bots")
    play.add_argument("--names", default=None, help="comma-separated player names")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--load", default=None, metavar="FILE", help="continue a saved game (its players and seed; seats as given here)")
    return play


def run(args) -> int:
    from ..terminal import Console
    from ..terminal.lineinput import LineReader, play_words
    from ..terminal.session import COMMANDS, PlaySession

    game, seats = setup(args)
    reader = LineReader(play_words(lambda: game, COMMANDS))
    session = PlaySession(game, seat_bots(seats, game.seed), Console(), saved_to=args.load, read_line=reader)
    ruleset = game.ruleset
    loaded = f"; {len(game.history)} moves loaded from {args.load}" if args.load else ""
    session.console.say(f"{ruleset.title} ({ruleset.name} {ruleset.version}), seed {game.seed}{loaded}. Type 'help' for commands.")
    try:
        return session.run()
    finally:
        reader.close()


def setup(args) -> tuple:
    """The game (new, or loaded from a record) and who sits in each seat."""
    if args.load:
        if args.seed is not None or args.names:
            raise ValueError("--load continues a saved game: its seed and names come from the record")
        game = Game.load(args.load)
        if game.ruleset.name != args.ruleset:
            raise ValueError(f"{args.load} is a game of {game.ruleset.name}, not {args.ruleset}")
        names = None
    else:
        game, names = None, args.names.split(",") if args.names else None
    ruleset = game.ruleset if game is not None else load_ruleset(args.ruleset, trust=args.trust)
    seats = args.seats.split(",") if args.seats else None
    players = len(game.state.players) if game is not None else args.players or (len(seats) if seats else ruleset.players[0])
    if args.players and args.players != players:
        raise ValueError(f"{args.load} is a game of {players} players, not {args.players}")
    if seats is None:
        seats = [HUMAN] + ["greedy"] * (players - 1)
    if len(seats) != players:
        raise ValueError(f"{len(seats)} seats given for {players} players")
    if game is None:
        names = names or [f"{seat.capitalize()} {i + 1}" if seat != HUMAN else f"Player {i + 1}" for i, seat in enumerate(seats)]
        game = Game(ruleset, names, seed=args.seed)
    return game, seats
