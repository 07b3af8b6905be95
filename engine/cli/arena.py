"""``brass arena``: bots against bots, seats rotated: win rates and ratings.

    brass arena RULESET --players 2 --bots hard,medium,greedy --games 20 --processes 2
"""

from __future__ import annotations

import time

from .helpers import RULESET_HELP, add_trust, command, ruleset_named


EXAMPLES = (
    "brass arena birmingham --players 2 --bots hard,medium,greedy --games 20 --processes 2",
    "brass arena lancashire --lineup hard,greedy,greedy --games 12",
)


def add_parser(commands):
    arena = command(commands, "arena", "bots against bots, seats rotated: win rates and ratings",
                    "Play bots against each other with the seats rotated, and rate them (win rates, Elo).", EXAMPLES)
    arena.add_argument("ruleset", help=RULESET_HELP)
    add_trust(arena)
    arena.add_argument("--players", type=int, default=2, help="players in each game")
    arena.add_argument("--bots", default="hard,medium,greedy,random", help="comma-separated bots for a round robin: each pair, one against the other in every other seat")
    arena.add_argument("--lineup", action="append", default=None, help="one match's seats instead, e.g. hard,greedy,greedy,greedy; may be given more than once (default: the round robin of --bots)")
    arena.add_argument("--games", type=int, default=10, help="games per match (seats rotated through them)")
    arena.add_argument("--seed", type=int, default=1, help="the first game's seed")
    arena.add_argument("--processes", type=int, default=1, help="play games in this many worker processes")
    arena.add_argument("--quiet", action="store_true", help="no line per game")
    return arena


def run(args) -> int:
    from ..bots import arena
    from ..bots.registry import bot_class

    ruleset_named(args.ruleset, trust=args.trust)  # fails here, not in a worker
    if args.lineup:
        matches = [arena.parse_lineup(text, args.players) for text in args.lineup]
    else:
        bots = [name.strip() for name in args.bots.split(",") if name.strip()]
        if len(bots) < 2:
            raise ValueError("a round robin needs at least two bots")
        matches = arena.lineups(bots, args.players)
    for lineup in matches:
        for name in lineup:
            bot_class(name)  # an unknown bot fails before any game
    started = time.perf_counter()
    print(f"arena: {args.ruleset}, {args.players} players, {args.games} games per match, seeds from {args.seed}, {args.processes} process{'es' if args.processes != 1 else ''}")

    def show(result):
        if not args.quiet:
            seats = ", ".join(f"{bot} {s['vp']} VP inc {s['income_level']}" for bot, s in zip(result.lineup, result.scores))
            print(f"  seed {result.seed}: {seats}; winner {' + '.join(result.lineup[i] for i in result.winners)}", flush=True)

    results = arena.run(args.ruleset, matches, args.games, seed=args.seed, processes=args.processes, trust=args.trust, on_result=show)
    print(arena.report(results, matches))
    print(f"{len(results)} games in {time.perf_counter() - started:.1f} s")
    return 0
