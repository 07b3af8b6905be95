"""Benchmark: what the research faces cost on top of the engine's own playouts.

    python benchmarks/faces.py              # print the figures
    python benchmarks/faces.py --write      # also rewrite benchmarks/FACES.md
    python benchmarks/faces.py --quick      # fewer rounds (a rough look)

Every game here is played with uniformly random *moves*, as ``Game.playout``
plays them: through a face, each decision is drawn in proportion to the moves it
leads to (``Table.uniform_action``), so the faces play the same kind of game as
the engine and the cost per engine move compares like with like. Chance is
played by the face's own chance nodes, the engine's from its seed.

* ``engine``: ``Game.playout`` (no Move objects, no notation): the yardstick;
* ``table``: the faces' shared core, decisions and chance one at a time;
* ``table + observation``: and the observation of the seat to decide, and its
  mask, at every decision, as a learner asks for them;
* ``OpenSpiel``: a ``pyspiel`` state: legal actions, chance outcomes, apply, and
  the observation of the player to move at every decision, by an observer
  (``open_spiel.python.observation.make_observation``: a numpy array, no copy)
  or by ``state.observation_tensor`` (a Python list of some 1,400 numbers);
* ``PettingZoo``: the AEC environment: ``last()`` (the observation and mask) and
  ``step`` for every decision, chance inside.

Every figure is CPU time per engine move (``time.process_time``); each round
plays one game of each kind, seeds shared, each game three times, the least
time kept (other work on a shared machine only ever adds to it); the ratio to
the engine is taken round by round, and the table gives the median and the
range over the rounds. Run it alone, under ``nice``, and read the spreads.
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

import numpy as np  # noqa: E402

from brass import Game, __version__, load_ruleset  # noqa: E402
from brass.research import space_of  # noqa: E402
from brass.research.observation import Encoder  # noqa: E402
from brass.research.table import CHANCE, Table  # noqa: E402

AIM = 2.0  # the aim: a face costs at most twice the engine's own playout


def engine_game(ruleset, players, seed):
    game = Game(ruleset, players, seed=seed)
    rng = random.Random(seed)
    started = time.process_time()
    moves = 0
    while not game.is_over():
        game.playout(rng, moves=1)
        moves += 1
    return time.process_time() - started, moves


def table_game(ruleset, players, seed, observe=False):
    space = space_of(ruleset)
    encoder = Encoder(space, players)
    rng = random.Random(seed)
    mask = np.zeros(len(space), np.int8)
    started = time.process_time()
    table = Table(space, players)
    while not table.is_terminal():
        if table.current_player == CHANCE:
            table.apply(table.random_outcome(rng))
            continue
        if observe:
            encoder.encode(table, table.current_player)
            mask[:] = 0
            mask[table.legal_actions()] = 1
        table.apply(table.uniform_action(rng))
    return time.process_time() - started, table.steps


def openspiel_game(ruleset, players, seed, copied=False):
    """``copied``: the observation by ``state.observation_tensor``, a list; else by an
    observer, whose tensor is a numpy array."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    import brass.openspiel  # noqa: F401

    game = pyspiel.load_game("brass_" + ruleset.name.replace("-", "_"), {"players": players})
    observer = make_observation(game)
    rng = random.Random(seed)
    started = time.process_time()
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.chance_outcomes()
            state.apply_action(state.table.random_outcome(rng))
            continue
        if copied:
            state.observation_tensor(state.current_player())
        else:
            observer.set_from(state, state.current_player())
        state.legal_actions()
        state.apply_action(state.table.uniform_action(rng))
    return time.process_time() - started, state.table.steps


def pettingzoo_game(ruleset, players, seed):
    import brass.pettingzoo

    env = brass.pettingzoo.raw_env(ruleset=ruleset.name, players=players)
    rng = random.Random(seed)
    started = time.process_time()
    env.reset(seed=seed)
    while env.agents:
        observation, reward, termination, truncation, info = env.last()
        env.step(None if termination else env.table.uniform_action(rng))
    return time.process_time() - started, env.table.steps


FACES = [
    ("table", lambda r, p, s: table_game(r, p, s)),
    ("table + observation", lambda r, p, s: table_game(r, p, s, observe=True)),
    ("OpenSpiel (observation by an observer)", openspiel_game),
    ("OpenSpiel (observation by state.observation_tensor)", lambda r, p, s: openspiel_game(r, p, s, copied=True)),
    ("PettingZoo (AEC, observation and mask)", pettingzoo_game),
]


def fastest(play, ruleset, players, seed, repeat):
    """The least CPU time of ``repeat`` plays of one game (time stolen by other work on
    the machine only ever adds), and its engine moves."""
    runs = [play(ruleset, players, seed) for _ in range(repeat)]
    return min(seconds for seconds, _ in runs), runs[0][1]


def measure(ruleset, players, rounds, repeat):
    per_move = {"engine": []}
    ratios = {name: [] for name, _ in FACES}
    moves = []
    for round_ in range(rounds):
        seed = 1000 + round_
        seconds, count = fastest(engine_game, ruleset, players, seed, repeat)
        engine = seconds / count
        per_move["engine"].append(engine)
        moves.append(count)
        for name, play in FACES:
            seconds, count = fastest(play, ruleset, players, seed, repeat)
            per_move.setdefault(name, []).append(seconds / count)
            ratios[name].append(seconds / count / engine)
    return per_move, ratios, moves


def micro(ruleset, players):
    """Microseconds of the pieces, at a mid-game decision."""
    space = space_of(ruleset)
    encoder = Encoder(space, players)
    rng = random.Random(5)
    table = Table(space, players)
    while table.steps < 30 or table.current_player == CHANCE:
        table.apply(table.random_outcome(rng) if table.current_player == CHANCE else table.uniform_action(rng))
    seat = table.current_player

    def timed(function, repeat=200):
        samples = []
        for _ in range(5):
            started = time.process_time()
            for _ in range(repeat):
                function()
            samples.append((time.process_time() - started) / repeat * 1e6)
        return statistics.median(samples)

    def cold():
        encoder._cache_key = None
        encoder.encode(table, seat)

    return {
        "observation, first for a position": timed(cold),
        "observation, again at the next decision of the move": timed(lambda: encoder.encode(table, seat)),
        "legal actions": timed(table.legal_actions),
        "copy of the table (OpenSpiel's clone)": timed(table.copy, 50),
        "resampled deal (ISMCTS)": timed(lambda: table.resample(seat, rng), 50),
    }


def spread(values, scale=1.0, digits=2):
    values = sorted(v * scale for v in values)
    return f"{statistics.median(values):.{digits}f} ({values[0]:.{digits}f}–{values[-1]:.{digits}f})"


def report(results, rounds, repeat) -> str:
    lines = [
        "# The research faces' speed",
        "",
        f"Measured {datetime.date.today().isoformat()} with `python benchmarks/faces.py`, engine {__version__}, "
        f"on {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}. CPU time per engine move, "
        f"uniformly random moves; median (and range) over {rounds} rounds, each a game of every kind on the same seed, "
        f"played {repeat} times, the least time kept. The machine was shared (load average {os.getloadavg()[0]:.1f} "
        "when it ended): read the ranges.",
        f"The aim (issue 23): each face at most **{AIM:.0f}×** the engine's own playout.",
        "",
    ]
    for (name, players), (per_move, ratios, moves, pieces) in results.items():
        lines += [f"## {name}, {players} players", "", f"Engine moves a game: {spread(moves, digits=0)}.", ""]
        lines += ["| how | ms a move | × the engine |", "| --- | --- | --- |"]
        lines.append(f"| engine (Game.playout) | {spread(per_move['engine'], 1e3)} | 1 |")
        for face, _ in FACES:
            lines.append(f"| {face} | {spread(per_move[face], 1e3)} | {spread(ratios[face])} |")
        lines += ["", "| piece, at a mid-game decision | µs |", "| --- | --- |"]
        lines += [f"| {what} | {value:.1f} |" if value < 10 else f"| {what} | {value:.0f} |" for what, value in pieces.items()]
        lines.append("")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite benchmarks/FACES.md")
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    args = parser.parse_args(argv)
    rounds, repeat = (2, 1) if args.quick else (7, 3)
    results = {}
    for name in ("birmingham", "lancashire"):
        ruleset = load_ruleset(name)
        for players in (2, 4):
            engine_game(ruleset, players, 1)  # warm: code generated, caches filled
            per_move, ratios, moves = measure(ruleset, players, rounds, repeat)
            results[(ruleset.title, players)] = (per_move, ratios, moves, micro(ruleset, players))
            print(f"{name} {players}: " + ", ".join(f"{face} {spread(r)}×" for face, r in ratios.items()), flush=True)
    text = report(results, rounds, repeat)
    print(text)
    if args.write:
        (HERE / "FACES.md").write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
