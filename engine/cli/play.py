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
from .helpers import RULESET_HELP, add_trust, command, ruleset_named


EXAMPLES = (
    "brass play birmingham --players 3 --seats human,greedy,random --seed 7",
    "brass play lancashire --players 2",
    "brass play birmingham --seats human,human",
    "brass play --load game.json --seats human,hard",
)


def add_parser(commands):
    play = command(commands, "play", "play a game in the terminal, humans and bots mixed",
                   "Play a game at the terminal. Type a move as you would say it: the action and what it does, "
                   "in the names 'moves' shows; 'moves' lists them, a number picks from a list, 'help' says the rest.", EXAMPLES)
    play.add_argument("ruleset", nargs="?", default=None, help=RULESET_HELP + "; with --load, the record names it")
    add_trust(play)
    play.add_argument("--players", type=int, default=None, help="how many play (default: as many as --seats gives, else the ruleset's fewest)")
    play.add_argument("--seats", default=None, help=f"comma-separated, a seat each: human or a bot ({', '.join(BOTS)}, an installed brass.bots name, or module:Class); two humans or more share the terminal (hot seat) (default: human, then greedy bots)")
    play.add_argument("--names", default=None, help="comma-separated player names (default: Player 1 for a human, Greedy 2 for a bot...)")
    play.add_argument("--seed", type=int, default=None, help="the seed of every shuffle: the same seed deals the same game (default: a new one, shown at the start)")
    play.add_argument("--load", default=None, metavar="FILE", help="go on with a saved game: its ruleset, players and seed come from it, the seats as given here (default: a new game)")
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
        if args.ruleset is not None and game.ruleset.name != args.ruleset:
            raise ValueError(f"{args.load} is a game of {game.ruleset.name}, not {args.ruleset}")
        names = None
    else:
        if args.ruleset is None:
            raise ValueError("which ruleset? brass play RULESET (brass rulesets lists them), or --load FILE to go on with a game")
        game, names = None, args.names.split(",") if args.names else None
    ruleset = game.ruleset if game is not None else ruleset_named(args.ruleset, trust=args.trust)
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
