"""``brass record``: enter a game played at a table, telling each card as it is drawn.

    brass record RULESET --players 2 --names Ada,Ben --out game.json
"""

from __future__ import annotations

from ..ruleset import load_ruleset
from .helpers import add_trust


def add_parser(commands):
    record = commands.add_parser("record", help="enter a game played at a table, telling each card as it is drawn")
    record.add_argument("ruleset")
    add_trust(record)
    record.add_argument("--players", type=int, required=True)
    record.add_argument("--names", default=None, help="comma-separated player names, in seat order")
    record.add_argument("--out", default="game.json", help="the record, saved after every move (default: game.json)")
    return record


def run(args) -> int:
    from ..recording import record_game

    ruleset = load_ruleset(args.ruleset, trust=args.trust)
    names = [n.strip() for n in args.names.split(",")] if args.names else [f"Player {i + 1}" for i in range(args.players)]
    if len(names) != args.players:
        raise ValueError(f"{len(names)} names given for {args.players} players")
    record_game(ruleset, names, args.out)
    return 0
