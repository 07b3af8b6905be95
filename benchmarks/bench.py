"""Benchmarks: how fast the rules run, against the fastest public engine we know of.

    python benchmarks/bench.py                  # print the figures
    python benchmarks/bench.py --write          # also rewrite benchmarks/RESULTS.md
    python benchmarks/bench.py --quick          # fewer games (a rough look)

Every figure is CPU time (``time.process_time``), the median of repeated runs,
on the machine that runs it. The peer (a TypeScript engine with its own
uniformly random agent) cannot run here; ``../shared/bench/peer_ms.py`` estimates
its CPU time per random Birmingham game on this machine, and is run in the same
process so that the ratio compares like with like (good to about 20%).

Bots: ``random`` draws uniformly among all legal moves (Game.uniform_random_move,
which counts the moves rather than listing them); ``playout`` is the same game
through Game.playout, which makes no Move objects; ``sampled playout`` is
Game.playout(uniform=False), which tries an action and each decision in random
order (not uniform, about three times faster); ``quick`` takes the first legal
move found trying options in random order (not uniform); ``greedy`` scores every
legal move one step ahead.

Lancashire has no peer; its random game is also given as a multiple of
Birmingham's, measured in the same run.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from brass import Game, __version__, load_ruleset  # noqa: E402
from brass.bots import make_bot  # noqa: E402
from brass.ruleset import _Loader  # noqa: E402

PEER = HERE.parent.parent / "shared" / "bench" / "peer_ms.py"
TARGET_RATIO = 0.40  # the aim: a random 4-player Birmingham game at 0.40 of the peer's time


def cpu(function) -> float:
    """CPU seconds one call takes."""
    started = time.process_time()
    function()
    return time.process_time() - started


def median_cpu(function, repeat: int) -> float:
    return statistics.median(cpu(function) for _ in range(repeat))


def peer_figures(path: Path) -> dict:
    """The peer's estimated CPU ms per random game by player count, or {} if unavailable."""
    if not path.exists():
        return {}
    output = subprocess.run([sys.executable, str(path), "--all"], capture_output=True, text=True, check=True).stdout
    return {int(p): float(ms) for p, ms in re.findall(r"(\d) players: ([\d.]+) ms", output)}


def random_game(ruleset: str, players: int, seed: int) -> tuple[float, int]:
    """CPU seconds and decisions of one uniformly random game."""
    game = Game(ruleset, players, seed=seed)
    bot = make_bot("random", seed)
    decisions = 0
    started = time.process_time()
    while not game.is_over():
        game.push(bot.choose(game))
        decisions += 1
    return time.process_time() - started, decisions


def bot_game(ruleset: str, players: int, seed: int, bot: str) -> float:
    game = Game(ruleset, players, seed=seed)
    bots = {i: make_bot(bot, seed * 10 + i) for i in range(players)}
    started = time.process_time()
    while not game.is_over():
        game.push(bots[game.to_move].choose(game))
    return time.process_time() - started


def playout_game(ruleset: str, players: int, seed: int, uniform: bool = True) -> float:
    game = Game(ruleset, players, seed=seed)
    return cpu(lambda: game.playout(random.Random(seed), uniform=uniform))


def positions(ruleset: str, players: int, seed: int, every: int = 3) -> list:
    """Copies of positions of a random game, every few moves."""
    game = Game(ruleset, players, seed=seed)
    rng = random.Random(seed)
    found = []
    while not game.is_over():
        if len(game.history) % every == 0:
            found.append(game.copy())
        game.push(game.uniform_random_move(rng))
    return found


def listing(ruleset: str, players: int) -> tuple[float, float]:
    """µs per legal move listed (Move objects made), and µs per count of them."""
    sample = positions(ruleset, players, seed=5)
    moves = sum(len(list(g.legal_moves)) for g in sample)
    listed = min(cpu(lambda: [list(g.legal_moves) for g in sample]) for _ in range(3))
    counted = min(cpu(lambda: [g.count_moves() for g in sample]) for _ in range(3))
    return listed / moves * 1e6, counted / len(sample) * 1e6


def push_undo(ruleset: str) -> float:
    game = Game(ruleset, 3, seed=7)
    rng = random.Random(7)
    for _ in range(45):
        game.push(game.uniform_random_move(rng))
    # A move that does not end the turn (a new turn draws cards, which cannot be undone).
    while game.state.actions_left != 2 and not game.is_over():
        game.push(game.uniform_random_move(rng))
    # Every legal first action of the turn, each pushed and undone: one move alone
    # (a pass, or a build paying from three sources) says little of the rest.
    moves = []
    for move in game.legal_moves:  # those that can be taken back (a reveal cannot), found on a copy
        probe = game.copy()
        probe.push(probe.parse(move.notation()))
        if probe.can_undo():
            moves.append(move)

    def both():
        for move in moves:
            game.push(move)
            game.undo()

    return median_cpu(both, 5) / len(moves) * 1e6


def copying(ruleset: str) -> tuple[float, float]:
    """µs per copy of a mid-game position, and the bytes a copy allocates.

    The position is one where an action is to be taken: a copy of a game waiting
    partway (a shortfall sale at a round's end) reruns what was decided so far."""
    game = next(g for g in positions(ruleset, 3, seed=7, every=15)[3:] if not g.state.frame.partial)
    seconds = median_cpu(lambda: [game.copy() for _ in range(200)], 5) / 200
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    copies = [game.copy() for _ in range(100)]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del copies
    return seconds * 1e6, (after - before) / 100


def greedy_decisions(ruleset: str, players: int, games: int) -> float:
    """Median CPU ms of one greedy decision."""
    times = []
    for seed in range(1, games + 1):
        game = Game(ruleset, players, seed=seed)
        bot = make_bot("greedy", seed)
        while not game.is_over():
            started = time.process_time()
            move = bot.choose(game)
            times.append(time.process_time() - started)
            game.push(move)
    return statistics.median(times) * 1000


def bench_ruleset(name: str, games: int, peer: dict, baseline: dict) -> list[tuple[str, str]]:
    """The rows for one ruleset; ``baseline`` gets (and gives) Birmingham's random game ms."""
    rows = []
    load = median_cpu(lambda: _Loader().load(name), 3)
    ruleset = load_ruleset(name)
    ruleset.__dict__.pop("fast", None)
    generate = cpu(lambda: ruleset.fast)
    rows.append(("load and check the ruleset (cold); generate its code", f"{load * 1000:.0f} ms; {generate * 1000:.0f} ms"))
    # Which engine the figures below are of: the generated code, or the interpreter and why.
    engine = "generated code" if ruleset.fast is not None else f"the interpreter (the generator declined: {ruleset.untranslatable})"
    rows.append(("engine the rules ran on", engine))
    for players in (2, 3, 4):
        results = [random_game(name, players, seed) for seed in range(1, games + 1)]
        game_ms = statistics.median(t for t, _ in results) * 1000
        decisions = statistics.median(d for _, d in results)
        figure = f"{game_ms:,.1f} ms a game, {game_ms / decisions:.2f} ms a decision ({decisions:.0f} decisions)"
        if name == "birmingham":
            baseline[players] = game_ms
            if players in peer:
                figure += f"; peer {peer[players]:.1f} ms: ratio **{game_ms / peer[players]:.2f}**"
        elif players in baseline:
            figure += f"; **{game_ms / baseline[players]:.2f}×** Birmingham's"
        rows.append((f"uniformly random game, {players} players", figure))
        for uniform, what in ((True, "playouts (Game.playout)"), (False, "sampled playouts (uniform=False)")):
            playout = statistics.median(playout_game(name, players, seed, uniform) for seed in range(1, games + 1)) * 1000
            rows.append((f"{what}, {players} players", f"{playout:,.1f} ms a game: {1000 / playout:.1f} games/s per core"))
    for players in (2, 4):
        quick = statistics.median(bot_game(name, players, seed, "quick") for seed in range(1, games + 1)) * 1000
        rows.append((f"quick bot game, {players} players", f"{quick:,.1f} ms a game"))
    per_move, per_count = listing(name, 4)
    rows.append(("listing legal moves (Move objects), 4 players", f"{per_move:.1f} µs a move listed; counting them: {per_count:.0f} µs a position"))
    rows.append(("push + undo of an action (the mean over a turn's legal moves)", f"{push_undo(name):.0f} µs"))
    copy_us, copy_bytes = copying(name)
    rows.append(("copy of a mid-game position", f"{copy_us:.0f} µs, {copy_bytes / 1024:.1f} KiB"))
    greedy_games = 1 if games <= 3 else 2
    rows.append(("greedy bot decision, 2 players", f"{greedy_decisions(name, 2, greedy_games):.1f} ms (median)"))
    rows.append(("greedy bot decision, 4 players", f"{greedy_decisions(name, 4, greedy_games):.1f} ms (median)"))
    return rows


def machine() -> str:
    return f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()} ({platform.python_implementation()}), {platform.system()}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rulesets", default="birmingham,lancashire", help="comma-separated (default: the two editions)")
    parser.add_argument("--games", type=int, default=9, help="games per measurement (default 9)")
    parser.add_argument("--quick", action="store_true", help="3 games per measurement")
    parser.add_argument("--peer", type=Path, default=PEER, help="the peer's estimator script")
    parser.add_argument("--write", action="store_true", help="rewrite benchmarks/RESULTS.md")
    args = parser.parse_args()
    games = 3 if args.quick else args.games
    peer = peer_figures(args.peer)
    lines = [
        "# Benchmark figures",
        "",
        f"Measured {datetime.date.today().isoformat()} with `python benchmarks/bench.py{' --quick' if args.quick else ''}`,",
        f"engine {__version__}, on {machine()}. CPU time; medians of {games} games per figure.",
        "",
    ]
    if peer:
        figures = ", ".join(f"{p} players {ms:.1f} ms" for p, ms in sorted(peer.items()))
        line = f"Peer (estimated by `{args.peer.name}` in the same run): a uniformly random Birmingham game takes {figures}."
    else:
        line = f"Peer: `{args.peer}` not found; no ratio."
    print(line)
    lines += [line, ""]
    baseline: dict = {}
    names = args.rulesets.split(",")
    names.sort(key=lambda n: n != "birmingham")  # the baseline first
    for name in names:
        ruleset = load_ruleset(name)
        lines += [f"## {ruleset.title} ({name} {ruleset.version})", "", "| what | figure |", "| --- | --- |"]
        for what, figure in bench_ruleset(name, games, peer, baseline):
            lines.append(f"| {what} | {figure} |")
            print(f"{name:<12} {what:<55} {figure}", flush=True)
        lines.append("")
    if args.write:
        (HERE / "RESULTS.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {HERE / 'RESULTS.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
