"""Benchmarks: how fast rulesets load, moves are generated and games are played.

    python benchmarks/bench.py                  # print the figures
    python benchmarks/bench.py --write          # also rewrite benchmarks/RESULTS.md
    python benchmarks/bench.py --quick          # fewer repetitions

Bots: "random" picks uniformly among all legal moves (it lists them all each
turn); "quick" takes the first legal move found trying options in random order;
"greedy" scores every legal move one step ahead.

Figures are wall-clock seconds on the machine that runs it; RESULTS.md says
which machine that was. Compare figures from the same machine only.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from engine import Game, __version__, load_ruleset  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.ruleset import _Loader  # noqa: E402


AIM_MS = 50  # a random 4-player game, on one core


def timed(function, repeat: int) -> float:
    """The median of several runs, in seconds."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def midgame(ruleset: str, players: int, seed: int, moves: int) -> Game:
    game = Game(ruleset, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        game.push(game.random_move(rng))
    return game


def play(ruleset: str, players: int, seed: int, bot: str) -> int:
    game = Game(ruleset, players, seed=seed)
    bots = {i: make_bot(bot, seed * 10 + i) for i in range(players)}
    while not game.is_over():
        game.push(bots[game.to_move].choose(game))
    return len(game.history)


def bench_ruleset(name: str, quick: bool) -> tuple[list[tuple[str, str]], dict]:
    """The rows of figures, and the median seconds of a game by (bot, players)."""
    rows = []
    medians = {}
    repeat = 3 if quick else 5
    rows.append(("load and check the ruleset (cold)", f"{timed(lambda: _Loader().load(name), repeat) * 1000:.0f} ms"))
    load_ruleset(name)
    for players in (2, 3, 4):
        opening = Game(name, players, seed=1)
        count = opening.legal_moves.count()
        seconds = timed(lambda: opening.legal_moves.count(), repeat * 4)
        rows.append((f"legal moves at the opening, {players} players", f"{count} moves in {seconds * 1000:.1f} ms ({count / seconds:,.0f} moves/s)"))
    game = midgame(name, 3, 7, 45)
    count = game.legal_moves.count()
    seconds = timed(lambda: game.legal_moves.count(), repeat * 4)
    rows.append(("legal moves in a mid-game position, 3 players", f"{count} moves in {seconds * 1000:.1f} ms ({count / seconds:,.0f} moves/s)"))
    # Push + undo needs a move that does not end the turn (a new turn draws cards,
    # which cannot be undone): play on until a seat has two actions left.
    undoable = midgame(name, 3, 7, 45)
    rng = random.Random(7)
    while undoable.state.actions_left != 2 and not undoable.is_over():
        undoable.push(undoable.random_move(rng))
    move = next(iter(undoable.legal_moves))

    def push_undo():
        undoable.push(move)
        undoable.undo()

    rows.append(("push + undo of one action", f"{timed(push_undo, repeat * 20) * 1e6:.0f} µs"))
    rows.append(("copy of a mid-game position", f"{timed(game.copy, repeat * 20) * 1e6:.0f} µs"))
    # Whole games: the median time of one game, and moves (each a player's
    # decision) per second over all of them.
    games = 3 if quick else 8
    for bot, counts, n in (("random", (2, 3, 4), games), ("quick", (2, 3, 4), games), ("greedy", (2, 4), max(1, games // 4))):
        for players in counts:
            times, moves = [], 0
            for seed in range(1, n + 1):
                started = time.perf_counter()
                moves += play(name, players, seed, bot)
                times.append(time.perf_counter() - started)
            medians[bot, players] = statistics.median(times)
            figure = f"{medians[bot, players] * 1000:,.0f} ms a game (median of {n}); {moves / sum(times):,.0f} moves/s"
            rows.append((f"whole games, {bot} bots, {players} players", figure))
    return rows, medians


def aim(medians: dict) -> str:
    """The project's aim for a random 4-player game, against what was measured."""
    uniform, quick = medians["random", 4] * 1000, medians["quick", 4] * 1000
    verdict = "met" if min(uniform, quick) < AIM_MS else "not met yet"
    return (
        f"Aim: a random 4-player game in under {AIM_MS} ms on one core ({verdict}). "
        f"Measured: {uniform:,.0f} ms with uniformly random bots, which list every legal move "
        f"each turn, and {quick:,.0f} ms with quick random bots."
    )


def machine() -> str:
    return f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()} ({platform.python_implementation()}), {platform.system()}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rulesets", default="birmingham,lancashire", help="comma-separated (default: the two editions)")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--write", action="store_true", help="rewrite benchmarks/RESULTS.md")
    args = parser.parse_args()
    lines = [
        "# Benchmark figures",
        "",
        f"Measured {datetime.date.today().isoformat()} with `python benchmarks/bench.py{' --quick' if args.quick else ''}`,",
        f"engine {__version__}, on {machine()}. Medians of repeated runs; wall-clock time.",
        "",
    ]
    for name in args.rulesets.split(","):
        ruleset = load_ruleset(name)
        lines += [f"## {ruleset.title} ({name} {ruleset.version})", "", "| what | figure |", "| --- | --- |"]
        rows, medians = bench_ruleset(name, args.quick)
        for what, figure in rows:
            lines.append(f"| {what} | {figure} |")
            print(f"{name:<12} {what:<50} {figure}", flush=True)
        print(aim(medians))
        lines += ["", aim(medians), ""]
    if args.write:
        (HERE / "RESULTS.md").write_text("\n".join(lines), encoding="utf-8")
        print(f"wrote {HERE / 'RESULTS.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
