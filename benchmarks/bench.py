"""Benchmarks: how fast rulesets load, moves are generated and games are played.

    python benchmarks/bench.py                  # print the figures
    python benchmarks/bench.py --write          # also rewrite benchmarks/RESULTS.md
    python benchmarks/bench.py --quick          # fewer repetitions

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


def bench_ruleset(name: str, quick: bool) -> list[tuple[str, str]]:
    rows = []
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
    move = next(iter(game.legal_moves))

    def push_undo():
        game.push(move)
        game.undo()

    if game.state.actions_left == 2:
        rows.append(("push + undo of one action", f"{timed(push_undo, repeat * 20) * 1e6:.0f} µs"))
    rows.append(("copy of a mid-game position", f"{timed(game.copy, repeat * 20) * 1e6:.0f} µs"))
    games = 3 if quick else 8
    for bot in ("quick", "random", "greedy"):
        for players in (2, 4):
            n = games if bot != "greedy" else max(1, games // 4)
            started = time.perf_counter()
            moves = sum(play(name, players, seed, bot) for seed in range(1, n + 1))
            elapsed = time.perf_counter() - started
            rows.append((f"whole games, {bot} bots, {players} players", f"{n / elapsed:.2f} games/s ({moves / elapsed:,.0f} moves/s, {elapsed / n:.2f} s a game)"))
    return rows


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
        for what, figure in bench_ruleset(name, args.quick):
            lines.append(f"| {what} | {figure} |")
            print(f"{name:<12} {what:<50} {figure}", flush=True)
        lines.append("")
    if args.write:
        (HERE / "RESULTS.md").write_text("\n".join(lines), encoding="utf-8")
        print(f"wrote {HERE / 'RESULTS.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
