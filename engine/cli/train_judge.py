"""``brass train-judge``: fit the planning bots' judge to self-play, and ship it with the ruleset.

    brass train-judge RULESET [--players 4] [--games 40] [--rounds 2] [--seed 1] [--out FILE] [--resume]

Bots play seeded games against themselves; a judge is fitted to how they went
(:mod:`brass.bots.training`), and each round the judge in play and judges part
and all of the way to the new fit play the same games: the one that scores the
most VP a seat is kept. The judge kept is written to the ruleset's
``data/judge.yaml`` (or ``--out``) with the engine version and the ruleset's
digest it fits; fits for other player counts already there are kept if they
are still fresh. The same arguments give the same file.
"""

from __future__ import annotations

import time
from pathlib import Path

from ..ruleset import load_ruleset
from .helpers import RULESET_HELP, add_trust, command


def add_parser(commands):
    train = command(commands, "train-judge", "fit the planning bots' judge to self-play and write it with the ruleset",
                    "Fit the planning bots' judge to seeded self-play: each round, the judge in play and judges part and all of the "
                    "way to a new fit play the same games, and the one that scores the most VP a seat is kept. It is written to the "
                    "ruleset's data/judge.yaml (or --out) with the engine version and the ruleset's digest it fits; the same "
                    "arguments give the same file.",
                    ("brass train-judge birmingham --players 4", "brass train-judge lancashire --players 2,3,4 --games 60 --seed 7",
                     "brass train-judge birmingham --players 2 --games 4 --rounds 0 --out judge.yaml",
                     "brass train-judge birmingham --players 4 --seed 2 --resume"))
    train.add_argument("ruleset", help=RULESET_HELP)
    add_trust(train)
    train.add_argument("--players", default=None, help="the player counts to fit, comma-separated (default: every count the ruleset allows)")
    train.add_argument("--games", type=int, default=40, help="self-play games a judge plays in each round (the same seeds for every judge of a round)")
    train.add_argument("--rounds", type=int, default=2, help="rounds of choice after the first fit: each plays the judge in play and judges towards the last fit")
    train.add_argument("--seed", type=int, default=1, help="the games' seeds come from it (see brass.bots.training.game_seeds)")
    train.add_argument("--bot", default="planner", help="the bot that plays the games")
    train.add_argument("--out", default=None, help="write here instead (default: the ruleset's data/judge.yaml)")
    train.add_argument("--resume", action="store_true",
                       help="start from the fresh judge already in the file for each player count (a new --seed plays new games), "
                            "not from the written heuristic; the file records the fit it started from")
    return train


def run(args) -> int:
    from ..bots.judge import judge_path, read_judge
    from ..bots.registry import bot_class
    from ..bots.training import Training, judge_file, numpy_for_fitting

    try:
        numpy_for_fitting()  # before any game is played
    except ImportError as error:
        raise ValueError(f"brass train-judge: {error}") from None
    ruleset = load_ruleset(args.ruleset, trust=args.trust)
    bot_class(args.bot)  # an unknown bot fails before any game
    counts = _counts(args.players, ruleset)
    if args.games < 2 or args.rounds < 0:
        raise ValueError("--games must be at least 2 (the last are kept out to measure the fit) and --rounds at least 0")
    out = Path(args.out) if args.out else judge_path(ruleset)
    previous = read_judge(out) if out.exists() else None
    fits = {}
    for players in counts:
        started = time.perf_counter()
        print(f"train-judge: {ruleset.name}, {players} players, {args.games} games a judge in each of {args.rounds + 1} rounds, {args.bot}, seed {args.seed}", flush=True)
        start = None
        if args.resume:
            if previous is None or previous.stale(ruleset) is not None or players not in previous.fits:
                why = "there is none" if previous is None else previous.stale(ruleset) or f"it holds no fit for {players} players"
                raise ValueError(f"brass train-judge --resume: no fresh judge for {players} players to start from in {out} ({why}); fit one first without --resume")
            start = previous.fits[players]
        training = Training(ruleset.name, players, games=args.games, rounds=args.rounds, seed=args.seed, bot=args.bot, trust=args.trust,
                            say=lambda line: print(line, flush=True), start=start)
        fits[players] = training.run()
        print(f"  {players} players fitted in {time.perf_counter() - started:.0f} s", flush=True)
    judge_file(ruleset, fits, previous).write(out)
    print(f"wrote {out}")
    return 0


def _counts(text, ruleset) -> list:
    allowed = list(ruleset.players)
    if text is None:
        return allowed
    counts = []
    for part in str(text).split(","):
        part = part.strip()
        if not part.isdigit() or int(part) not in allowed:
            raise ValueError(f"--players {text!r}: {ruleset.name} is for {', '.join(map(str, allowed))} players")
        counts.append(int(part))
    return counts
