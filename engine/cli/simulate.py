"""``brass simulate``: bot-only games played to the end, here or on worker processes.

    brass simulate RULESET --players 4 --games 20 --seed 1 [--json] [--workers N | --cluster auto]

Every game is played by the lab's :class:`~brass.lab.work.GamesTask` on a backend
(:mod:`brass.lab.backends`), one game per chunk when played here, so each game's
line is printed as it ends and :class:`Progress` follows it move by move.
"""

from __future__ import annotations

import json
import sys
import time

from ..bots import BOTS
from ..errors import SaveError
from .helpers import RULESET_HELP, add_trust, command, ruleset_named


EXAMPLES = (
    "brass simulate birmingham --players 3 --games 1 --seed 1 --bot greedy",
    "brass simulate lancashire --players 4 --games 20 --seed 1 --json",
    "brass simulate birmingham --games 100 --bot hard,greedy --workers 2 --save games/bh",
)


def add_parser(commands):
    simulate = command(commands, "simulate", "bot-only games played to the end",
                       "Play whole games between bots and print each result (and a summary); save the records to replay them.", EXAMPLES)
    simulate.add_argument("ruleset", help=RULESET_HELP)
    add_trust(simulate)
    simulate.add_argument("--players", type=int, default=2, help="players in each game")
    simulate.add_argument("--games", type=int, default=1, help="games to play, seeded --seed, --seed+1, ...")
    simulate.add_argument("--seed", type=int, default=1, help="the first game's seed")
    simulate.add_argument("--bot", default="random", help=f"the bot in every seat, one of {', '.join(BOTS)}, or a comma-separated list, one per seat")
    simulate.add_argument("--json", action="store_true", help="one JSON object per game, then a summary")
    simulate.add_argument("--save", default=None, metavar="FILE", help="save each game's record as FILE-N.json (default: not saved)")
    simulate.add_argument("--workers", type=int, default=None, help="play in this many worker processes (default: here, one after another)")
    simulate.add_argument("--cluster", default=None, metavar="auto|ray://HOST:PORT", help="play on a Ray cluster, the 'cluster' extra (default: not on a cluster)")
    simulate.add_argument(
        "--progress", choices=("auto", "always", "never"), default="auto",
        help="a progress line on stderr for long runs (auto: when stderr is a terminal)",
    )
    return simulate


class Progress:
    """Where a long simulation stands, on stderr: games done, moves, time left.

    On a terminal one line is rewritten in place, at most twice a second and only
    once the run has taken a second; elsewhere (``always`` into a log) a line is
    written after each game and every ten seconds within one."""

    def __init__(self, total: int, mode: str, stream=None):
        self.stream = stream if stream is not None else sys.stderr
        self.terminal = self.stream.isatty()
        self.enabled = mode == "always" or (mode == "auto" and self.terminal)
        self.total = total
        self.started = time.perf_counter()
        self.shown = 0.0
        self.games = 0
        self.moves = 0  # in the games finished

    def move(self, game) -> None:
        if self.enabled and self._due(0.5 if self.terminal else 10.0):
            self._show(len(game.history))

    def game_done(self, moves: int) -> None:
        self.games += 1
        self.moves += moves
        if self.enabled and not self.terminal:  # on a terminal, the next game's moves show it
            self._show(0)

    def _due(self, interval: float) -> bool:
        now = time.perf_counter()
        return now - self.started >= 1.0 and now - self.shown >= interval

    def _show(self, moves_now: int) -> None:
        self.shown = time.perf_counter()
        elapsed = self.shown - self.started
        text = f"{self.games}/{self.total} games, {self.moves + moves_now} moves, {elapsed:.0f} s"
        if moves_now:
            text += f"; game {self.games + 1} at move {moves_now}"
        if 0 < self.games < self.total:
            text += f"; about {elapsed / self.games * (self.total - self.games):.0f} s left"
        if self.terminal:
            self.stream.write("\r" + text.ljust(78)[:78])
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.terminal and self.shown:
            self.stream.write("\r" + " " * 78 + "\r")  # the line goes; the results stay
            self.stream.flush()


def run(args) -> int:
    from ..bots.registry import bot_class
    from ..lab.backends import Serial, backend
    from ..lab.driver import game_chunks, run_in_order
    from ..lab.jobs import RulesetRef
    from ..lab.work import GamesTask

    ruleset = ruleset_named(args.ruleset, trust=args.trust)  # a broken ruleset fails here, not in a worker
    names = args.bot.split(",")
    if len(names) == 1:
        names = names * args.players
    if len(names) != args.players:
        raise ValueError(f"{len(names)} bots given for {args.players} players")
    for name in names:
        bot_class(name)  # an unknown bot fails before any game
    started = time.perf_counter()
    progress = Progress(args.games, args.progress)
    chosen = backend(args.workers, args.cluster) if args.workers is not None or args.cluster else Serial()
    here = isinstance(chosen, Serial)
    # Here, a game a chunk, each shown as it is played; elsewhere, chunks big enough
    # to be worth sending, enough of them to share out.
    size = 1 if here else max(1, min(20, args.games // (4 * (chosen.workers or 1))))
    task = GamesTask(RulesetRef.of(args.ruleset, args.trust), tuple(names), args.seed, records=bool(args.save), on_move=progress.move if here else None)
    results = Results(ruleset.name, names, args)
    for _, games in run_in_order(task, chosen, game_chunks(args.games, size)):
        for game in games:
            progress.close()  # the game's results are printed on a clean line
            progress.game_done(game["moves"])
            results.add(game)
    progress.close()
    results.summary(time.perf_counter() - started)
    return 0


class Results:
    """Each game's line (or JSON object) as it comes, its record saved, then the summary."""

    def __init__(self, ruleset: str, names: list, args):
        self.ruleset, self.names, self.args = ruleset, names, args
        self.moves = 0
        self.wins = [0.0] * len(names)

    def add(self, game: dict) -> None:
        args, number, seed, scores, winners = self.args, game["number"], game["seed"], game["scores"], game["winners"]
        self.moves += game["moves"]
        for index in winners:
            self.wins[index] += 1 / len(winners)
        if args.save:
            from ..records import write_private

            try:
                write_private(f"{args.save}-{number + 1}.json", json.dumps(game["record"], indent=1) + "\n")
            except SaveError as error:
                print(f"brass: {error}", file=sys.stderr)  # the other games are still played
        if args.json:
            print(json.dumps({
                "game": number + 1,
                "seed": seed,
                "ruleset": self.ruleset,
                "moves": game["moves"],
                "seats": [{"seat": i, "bot": self.names[i], **scores[i]} for i in range(len(self.names))],
                "winners": winners,
            }))
        else:
            figures = "  ".join(f"[{i + 1}] VP {s['vp']:>3} inc {s['income_level']:>3} £{s['money']:>3}" for i, s in enumerate(scores))
            print(f"game {number + 1:>3} seed {seed}: {figures}  winner {'+'.join(str(i + 1) for i in winners)}")

    def summary(self, elapsed: float) -> None:
        games = self.args.games
        rate = games / elapsed if elapsed else float("inf")
        if self.args.json:
            print(json.dumps({"summary": {"games": games, "moves": self.moves, "seconds": round(elapsed, 3), "games_per_second": round(rate, 3), "wins": self.wins}}))
        else:
            print(f"{games} games, {self.moves} moves in {elapsed:.2f} s: {rate:.2f} games/s, {self.moves / elapsed:.0f} moves/s")
            print("wins by seat: " + ", ".join(f"{i + 1}: {w:g}" for i, w in enumerate(self.wins)))
