"""``brass balance``: what a change does to the game, answered in one command.

    brass balance my-variant --against birmingham --players 4 --bots hard --games 2000
    brass balance birmingham --players 2 --bots greedy --games 400 --until-settled
    brass balance ./my-variant --against birmingham --ladder random,greedy,medium,hard

Plays the ruleset (and with ``--against`` its base, on the same seeds, seats
rotated) on every core, or on a Ray cluster with ``--cluster``, and prints the
report; ``--json`` writes every figure, ``--html FILE`` a page with charts. The
representative game (of median length) is saved with its final board in
``--out``.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from .games import SHARE
from .jobs import Job, JobError, RulesetRef, group_seed
from .stats import FirstPlayerTest, wilson


def add_parser(commands, trust_help: str) -> None:
    balance = commands.add_parser(
        "balance",
        help="is my variant balanced? win rates, VP, length, strategies, against a base on the same seeds",
        description=__doc__.split("\n\n")[0],
    )
    balance.add_argument("ruleset", help="an installed ruleset's name, or a ruleset folder")
    balance.add_argument("--against", default=None, help="a base ruleset to compare with, on the same seeds (paired)")
    balance.add_argument("--trust", action="store_true", help=trust_help)
    balance.add_argument("--players", type=int, default=None, help="players (default: the ruleset's fewest)")
    balance.add_argument("--bots", default="greedy", help="the bot in every seat, or a comma-separated list, one per seat (default: greedy)")
    balance.add_argument("--games", type=int, default=200, help="games of the ruleset measured (default 200; the base plays as many)")
    balance.add_argument("--seed", type=int, default=1, help="the job's seed: every game's seed is a hash of it and the game's index")
    balance.add_argument("--workers", type=int, default=None, help="worker processes (default: every core; 1 plays here)")
    balance.add_argument("--cluster", default=None, metavar="auto|ray://HOST:PORT", help="play on a Ray cluster (the 'cluster' extra)")
    balance.add_argument("--ladder", default=None, metavar="LEVELS", help="also play these bots against each other, e.g. random,greedy,medium,hard")
    balance.add_argument("--ladder-games", type=int, default=40, help="games per pair of ladder levels (default 40)")
    balance.add_argument("--until-settled", action="store_true", help="stop once a sequential test settles whether the first player is favoured")
    balance.add_argument("--delta", type=float, default=0.05, help="with --until-settled: the gap in win rate that matters (default 0.05)")
    balance.add_argument("--chunk", type=int, default=None, help="seed groups per chunk of work (default: chosen from the job)")
    balance.add_argument("--json", action="store_true", help="the whole report as one JSON object on standard output")
    balance.add_argument("--html", default=None, metavar="FILE", help="also write the report as a page with charts, readable offline")
    balance.add_argument("--out", default=None, metavar="DIR", help="where the representative game is saved (default: balance-RULESET-SEED)")
    balance.add_argument("--progress", choices=("auto", "always", "never"), default="auto", help="a progress line on stderr (auto: when it is a terminal)")


def make_job(args) -> tuple:
    """(job, ruleset, base) from the command's options, every mistake refused with what would be right."""
    from ..bots.registry import BOTS, bot_class, installed_bots

    ruleset_ref = RulesetRef.of(args.ruleset, args.trust)
    ruleset = ruleset_ref.load()
    base_ref = RulesetRef.of(args.against, args.trust) if args.against else None
    base = base_ref.load() if base_ref is not None else None
    players = args.players or min(ruleset.players)
    for rules in [ruleset] + ([base] if base is not None else []):
        if players not in rules.players:
            raise JobError(f"{rules.name} is for {', '.join(map(str, rules.players))} players, not {players}")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise JobError(f"--bots gives {len(bots)} bots for {players} players: give one for every seat, or one for each seat")
    ladder = tuple(b.strip() for b in args.ladder.split(",") if b.strip()) if args.ladder else ()
    if ladder and len(ladder) < 2:
        raise JobError("--ladder needs two levels or more, e.g. random,greedy,hard")
    for bot in bots + list(ladder):
        try:
            bot_class(bot, imports=False)
        except ValueError:
            known = ", ".join(dict.fromkeys([*BOTS, *installed_bots()]))
            raise JobError(f"unknown bot {bot!r}; bots: {known}") from None
    if args.games <= 0:
        raise JobError("--games must be at least 1")
    if args.ladder_games <= 0 and ladder:
        raise JobError("--ladder-games must be at least 1")
    per_group = len(dict.fromkeys(tuple(bots[i:] + bots[:i]) for i in range(players)))
    ladder_rounds = 0
    job = Job(ruleset_ref, players, tuple(bots), math.ceil(args.games / per_group), args.seed, base_ref, ladder, 0)
    if ladder:
        ladder_rounds = len(job.ladder_lineups(job.ladder_pairs()[0]))
        job = Job(ruleset_ref, players, tuple(bots), job.groups, args.seed, base_ref, ladder, math.ceil(args.ladder_games / ladder_rounds))
    return job, ruleset, base


def run(args) -> int:
    from .backends import backend
    from .driver import run_job
    from .report import figures, text

    job, ruleset, base = make_job(args)
    chosen = backend(args.workers, args.cluster)
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    total_games = job.groups * len(job.lineups)
    settle = FirstPlayerTest(job.players, args.delta) if args.until_settled else None

    def progress(tally, seconds):
        if not show:
            return
        side = tally.sides[0]
        low, high = wilson(side.wins_by_turn[0] / SHARE, side.games)
        rate = side.wins_by_turn[0] / SHARE / side.games if side.games else 0
        done = min(1.0, side.games / total_games) if total_games else 1.0
        bar = "#" * round(20 * done) + "." * (20 - round(20 * done))
        print(f"\rbalance [{bar}] {side.games}/{total_games} games; first player {rate:.1%} [{low:.1%}, {high:.1%}]; {side.games / seconds if seconds else 0:.1f} games/s   ", end="", file=sys.stderr, flush=True)

    result = run_job(job, chosen, args.chunk, settle, progress)
    if show:
        print(file=sys.stderr)
    report = figures(result, ruleset, base)
    report["representative"] = save_representative(job, ruleset, result, args.out)
    if args.html:
        from ..records import write_private
        from .page import page

        write_private(args.html, page(report))
        report["html"] = args.html
    if args.json:
        print(json.dumps(report, indent=1, default=str))
    else:
        print(text(report))
        game = report["representative"]
        print(f"\nA game of median length ({game['moves']} moves): {game['record']} (brass replay {game['record']}), its final board {game['board']}")
        if args.html:
            print(f"The report with charts: {args.html}")
    return 0


def save_representative(job: Job, ruleset, result, out) -> dict:
    """Play again the game of the ruleset measured whose length is the median's (the
    first such by index), and save its record and final board."""
    from ..svg import board_svg
    from .games import replay
    from .stats import quantile

    side = result.tally.sides[0]
    median = quantile(side.moves, 0.5)
    moves = min(side.shortest_of, key=lambda m: (abs(m - median), m))
    _, group, turn = side.shortest_of[moves]
    lineup = job.lineups[turn]
    seed = group_seed(job.seed, group)
    game = replay(ruleset, lineup, seed)
    folder = Path(out or f"balance-{ruleset.name}-{job.seed}")
    folder.mkdir(parents=True, exist_ok=True)
    record, board = folder / "median-game.json", folder / "median-game.svg"
    game.save(record)
    from ..records import write_private

    write_private(board, board_svg(game, title=f"{ruleset.title}: the game of median length ({len(game.history)} moves)"))
    return {"moves": len(game.history), "group": group, "lineup": list(lineup), "seed": seed, "record": str(record), "board": str(board)}

