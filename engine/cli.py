"""The ``brass`` command: play, simulate, replay, validate, list rulesets.

    brass play RULESET --players 3 --seats human,greedy,random --seed 7
    brass simulate RULESET --players 4 --games 20 --seed 1 [--json]
    brass arena RULESET --players 2 --bots hard,medium,greedy --games 20 --processes 2
    brass play RULESET --load game.json --seats human,hard
    brass replay game.json [--step] [--to N]
    brass record RULESET --players 2 --names Ada,Ben --out game.json
    brass serve [--host 127.0.0.1] [--port 8000] [--data DIR]
    brass validate PATH-OR-NAME
    brass rulesets
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Optional

from . import __version__
from .bots import BOTS, make_bot
from .bots.seating import play_out, seat_bots
from .errors import BrassError, MoveError, RecordError, SaveError, UndoError
from .game import Game
from .render import render_outcome
from .ruleset import check_with_variants, installed_rulesets, load_ruleset

HELP = """Commands:
  <move>          play a move in notation: an action and its choices, NAME=VALUE
  <number>        play the move with that number in the last list shown
  moves [TEXT]    list the legal moves (only those containing TEXT)
  board           show the table again
  network         the places your links and tiles reach, grouped
  undo            take back your last move of this turn
  hint            the hard bot's three best moves for you, with its estimate of each
  save FILE       save the game record (replay it with: brass replay FILE)
  help            this text
  quit            stop playing (asks to save first if there are unsaved moves)
A move is an action followed by its choices as name=value; choices with only one
possibility may be left out: the game fills them in, or says which are ambiguous."""


TRUST_HELP = "a ruleset folder's plugin (__init__.py) is Python code: run it (only for folders you trust)"


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="brass", description="Play and check Brass games and rulesets.")
    parser.add_argument("--version", action="version", version=f"brass {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    play = commands.add_parser("play", help="play a game in the terminal, humans and bots mixed")
    play.add_argument("ruleset")
    play.add_argument("--trust", action="store_true", help=TRUST_HELP)
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seats", default=None, help=f"comma-separated: human or a bot ({', '.join(BOTS)}, an installed brass.bots name, or module:Class); default human then greedy bots")
    play.add_argument("--names", default=None, help="comma-separated player names")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--load", default=None, metavar="FILE", help="continue a saved game (its players and seed; seats as given here)")

    simulate = commands.add_parser("simulate", help="bot-only games played to the end")
    simulate.add_argument("ruleset")
    simulate.add_argument("--trust", action="store_true", help=TRUST_HELP)
    simulate.add_argument("--players", type=int, default=2)
    simulate.add_argument("--games", type=int, default=1)
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--bot", default="random", help=f"one of {', '.join(BOTS)}, or a comma-separated list per seat")
    simulate.add_argument("--json", action="store_true", help="one JSON object per game")
    simulate.add_argument("--save", default=None, help="save each game's record as FILE-N.json")
    simulate.add_argument("--workers", type=int, default=None, help="play in this many worker processes (default: here, one after another)")
    simulate.add_argument("--cluster", default=None, metavar="auto|ray://HOST:PORT", help="play on a Ray cluster (the 'cluster' extra)")
    simulate.add_argument(
        "--progress", choices=("auto", "always", "never"), default="auto",
        help="a progress line on stderr for long runs (auto: when stderr is a terminal)",
    )

    from .lab.command import add_parser as add_balance

    add_balance(commands, TRUST_HELP)

    arena = commands.add_parser("arena", help="bots against bots, seats rotated: win rates and ratings")
    arena.add_argument("ruleset")
    arena.add_argument("--trust", action="store_true", help=TRUST_HELP)
    arena.add_argument("--players", type=int, default=2)
    arena.add_argument("--bots", default="hard,medium,greedy,random", help="comma-separated bots for a round robin: each pair, one against the other in every other seat")
    arena.add_argument("--lineup", action="append", default=None, help="one match's seats instead, e.g. hard,greedy,greedy,greedy (may be given more than once)")
    arena.add_argument("--games", type=int, default=10, help="games per match (seats rotated through them)")
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--processes", type=int, default=1, help="play games in this many worker processes")
    arena.add_argument("--quiet", action="store_true", help="no line per game")

    record = commands.add_parser("record", help="enter a game played at a table, telling each card as it is drawn")
    record.add_argument("ruleset")
    record.add_argument("--trust", action="store_true", help=TRUST_HELP)
    record.add_argument("--players", type=int, required=True)
    record.add_argument("--names", default=None, help="comma-separated player names, in seat order")
    record.add_argument("--out", default="game.json", help="the record, saved after every move (default: game.json)")

    replay = commands.add_parser("replay", help="replay a saved game record and show the final state")
    replay.add_argument("file")
    replay.add_argument("--step", action="store_true", help="one move at a time: Enter shows the next, q stops")
    replay.add_argument("--to", type=int, default=None, metavar="N", help="the position after move N")

    svg = commands.add_parser("svg", help="draw a saved game's board as SVG (on standard output)")
    svg.add_argument("file", help="a game record (brass play's save, brass simulate --save)")
    svg.add_argument("--move", type=int, default=None, help="the position after this many moves (default: the end)")
    svg.add_argument("--seat", type=int, default=None, help="draw what this seat (1, 2, ...) may see: its own hand too")

    serve = commands.add_parser("serve", help="play in a web browser: start a local server and print its address")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: this machine only)")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--data", default="brass-games", metavar="DIR", help="keep the games here, so a restart loses none (default: brass-games)")

    validate = commands.add_parser("validate", help="check a ruleset folder (or installed name)")
    validate.add_argument("path")
    validate.add_argument("--trust", action="store_true", help=TRUST_HELP)

    commands.add_parser("rulesets", help="list the installed rulesets")

    rules = commands.add_parser("rules", help="print a ruleset's rules, or one topic of them")
    rules.add_argument("ruleset")
    rules.add_argument("--trust", action="store_true", help=TRUST_HELP)
    rules.add_argument("topic", nargs="?", default=None, help="an action (build, sell...) or a part: board, tiles, cards, resources, flow...")

    scaffold = commands.add_parser("new-variant", help="make the folder of a new variant, ready to edit and install")
    scaffold.add_argument("name", help="the variant's name, e.g. my-variant")
    scaffold.add_argument("--base", required=True, help="the installed ruleset it changes (brass rulesets lists them)")
    scaffold.add_argument("--dir", default=".", help="where to make its folder (default: here)")

    args = parser.parse_args(argv)
    try:
        return {
            "play": _play,
            "simulate": _simulate,
            "balance": _balance,
            "arena": _arena,
            "replay": _replay,
            "record": _record,
            "svg": _svg,
            "serve": _serve,
            "validate": _validate,
            "rulesets": _rulesets,
            "rules": _rules,
            "new-variant": _new_variant,
        }[args.command](args)
    except BrassError as error:
        print(f"brass: {error}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"brass: {error}", file=sys.stderr)
        return 2


# ----------------------------------------------------------------------- serve
def _serve(args) -> int:
    try:
        from .web.app import serve
    except ImportError as error:
        raise ValueError(f"brass serve needs the web extra: pip install 'brass-rules[web]' ({error})") from error
    serve(args.host, args.port, args.data)
    return 0


# ------------------------------------------------------------------------ play
def _play(args) -> int:
    from .terminal import Console

    game, seats = _play_setup(args)
    bots = seat_bots(seats, game.seed)
    session = _PlaySession(game, bots, Console(), saved_to=args.load)
    ruleset = game.ruleset
    loaded = f"; {len(game.history)} moves loaded from {args.load}" if args.load else ""
    session.console.say(f"{ruleset.title} ({ruleset.name} {ruleset.version}), seed {game.seed}{loaded}. Type 'help' for commands.")
    return session.run()


def _play_setup(args) -> tuple:
    """The game (new, or loaded from a record) and who sits in each seat."""
    if args.load:
        if args.seed is not None or args.names:
            raise ValueError("--load continues a saved game: its seed and names come from the record")
        game = Game.load(args.load)
        if game.ruleset.name != args.ruleset:
            raise ValueError(f"{args.load} is a game of {game.ruleset.name}, not {args.ruleset}")
        names = None
    else:
        game, names = None, args.names.split(",") if args.names else None
    ruleset = game.ruleset if game is not None else load_ruleset(args.ruleset, trust=args.trust)
    seats = args.seats.split(",") if args.seats else None
    players = len(game.state.players) if game is not None else args.players or (len(seats) if seats else ruleset.players[0])
    if args.players and args.players != players:
        raise ValueError(f"{args.load} is a game of {players} players, not {args.players}")
    if seats is None:
        seats = ["human"] + ["greedy"] * (players - 1)
    if len(seats) != players:
        raise ValueError(f"{len(seats)} seats given for {players} players")
    if game is None:
        names = names or [f"{seat.capitalize()} {i + 1}" if seat != "human" else f"Player {i + 1}" for i, seat in enumerate(seats)]
        game = Game(ruleset, names, seed=args.seed)
    return game, seats


class _PlaySession:
    """One sitting at the terminal: humans type, bots move, the screen shows what changed.

    Hot seat (two or more humans): each human's hand is hidden from the others;
    the screen is cleared and the next human presses Enter before theirs shows.
    Moves are unsaved while a human has moved since the last save (bots' moves
    come back from the seed)."""

    def __init__(self, game: Game, bots: dict, console, saved_to: Optional[str] = None):
        self.game, self.bots, self.console = game, bots, console
        self.humans = [i for i in range(len(game.state.players)) if i not in bots]
        self.hot_seat = len(self.humans) >= 2
        self.saved_to = saved_to
        self.saved = self._moves()
        self.shown: list = []
        self.seen = None  # (player, moves) when the moves were last listed
        self.at_screen: Optional[int] = None  # the human whose hand may be on the screen

    def run(self) -> int:
        game = self.game
        while not game.is_over():
            try:
                if self._step() == "quit":
                    return 0
            except KeyboardInterrupt:
                self.console.say()
                if self._confirm_quit():
                    return 0
        self._finish()
        return 0

    # ---------------------------------------------------------- a step
    def _step(self) -> Optional[str]:
        game = self.game
        player = game.to_move
        if player in self.bots:
            self._bot_move(player)
            return None
        if self.at_screen != player:
            if not self._sit_down(player):
                return "quit"
            self.console.say()
            self.console.board(game, player)
            self._list(player)
        elif self.seen != (player, len(game.history)):
            self.console.say()
            self.console.status(game, player)
            self._list(player)
        line = self._ask(f"{game.state.players[player].name}> ")
        if line is None:
            return "quit" if self._confirm_quit() else None
        return self._command(player, line.strip())

    def _list(self, player: int) -> None:
        self.shown = _list_moves(self.game, "")
        self.seen = (player, len(self.game.history))

    def _viewer(self) -> Optional[int]:
        """Whose eyes the screen is for: the one human, or nobody's hand in a hot seat."""
        return self.humans[0] if len(self.humans) == 1 else None

    def _bot_move(self, player: int) -> None:
        game = self.game
        viewer = self._viewer()
        before = game.view(viewer)
        move = self.bots[player].choose(game)
        game.push(move)
        self.console.say(f"{game.state.players[player].name}: {move.full_notation()}")
        self._changes(before, viewer)

    def _changes(self, before: dict, viewer: Optional[int]) -> None:
        from .terminal import changes

        self.console.changes(changes(before, self.game.view(viewer), self.game))

    def _sit_down(self, player: int) -> bool:
        """In a hot seat: hide the last hand, and wait for the next player's Enter."""
        if self.hot_seat:
            if self.at_screen is not None:
                self.console.clear()
            name = self.game.state.players[player].name
            self.console.say(f"{name} to move: the other hands are hidden. {name}, press Enter to see your hand.", style="bold")
            if self._ask("") is None and self._confirm_quit():
                return False
        self.at_screen = player
        return True

    # ---------------------------------------------------------- commands
    def _command(self, player: int, line: str) -> Optional[str]:
        game, console = self.game, self.console
        if not line:
            return None
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if rest and word in game.rules.actions and word not in ("moves", "save"):
            # An action may share a command's name (a ruleset's "network" action and
            # the network view): with choices after it, it is the move.
            self._move(player, line)
            return None
        if word in ("quit", "exit"):
            return "quit" if self._confirm_quit() else None
        if word == "help":
            console.say(HELP)
        elif word == "board":
            console.board(game, player)
        elif word == "network":
            console.network(game, player)
            if word in game.rules.actions:
                console.say(f"(to play the {word} action, give its choices: {word} NAME=VALUE ...; 'moves {word}' lists them)")
        elif word == "moves":
            self.shown = _list_moves(game, rest, limit=None)
        elif word == "hint":
            _hint(game)
        elif word == "undo":
            self._undo(player)
        elif word == "save":
            self._save(rest)
        else:
            self._move(player, line)
        return None

    def _undo(self, player: int) -> None:
        before = self.game.view(player)
        try:
            move = self.game.undo()
        except UndoError as error:
            self.console.say(str(error))
            return
        self.console.say(f"took back: {move.full_notation()}")
        self._changes(before, player)
        self.seen = None

    def _move(self, player: int, text: str) -> None:
        game = self.game
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(self.shown):
                self.console.say(f"there is no move {number} in the last list")
                return
            text = self.shown[number - 1].notation()
        before = game.view(player)
        try:
            move = game.play(text)
        except MoveError as error:
            self.console.say(str(error))
            action = text.split()[0] if text.split() else ""
            if action in game.rules.actions:
                self.console.say(f"  (the rule: brass rules {game.ruleset.name} {action})")
            return
        self.console.say(f"played: {move.full_notation()}")
        self._changes(before, player)

    # ---------------------------------------------------------- saving
    def _moves(self) -> list:
        return [(played.move.player, played.move.notation()) for played in self.game.history]

    def _unsaved(self) -> bool:
        """True if a human has moved since the last save (or load)."""
        now, saved = self._moves(), self.saved
        common = 0
        while common < min(len(now), len(saved)) and now[common] == saved[common]:
            common += 1
        return any(player in self.humans for player, _ in now[common:])

    def _default_path(self) -> str:
        if self.saved_to:
            return self.saved_to
        from pathlib import Path

        stem = f"brass-{self.game.ruleset.name}-{self.game.seed}"
        path, number = Path(f"{stem}.json"), 1
        while path.exists():
            number += 1
            path = Path(f"{stem}-{number}.json")
        return str(path)

    def _save(self, path: str) -> None:
        if not path:
            self.console.say("save needs a file name")
            return
        try:
            self.game.save(path)
        except SaveError as error:
            self.console.say(f"not saved: {error}")  # the game goes on
            return
        self.saved, self.saved_to = self._moves(), path
        self.console.say(f"saved to {path}")

    def _confirm_quit(self) -> bool:
        """May the game end now? Asks "save first?" if there are unsaved moves."""
        if not self._unsaved():
            return True
        answer = self._ask("There are unsaved moves. Save first? (y: save, n: quit without saving, Enter: go on playing) ", interrupt=True)
        if answer is None:  # nobody can answer: keep the game rather than lose it
            self._save(self._default_path())
            return True
        answer = answer.strip().lower()
        if answer in ("y", "yes"):
            default = self._default_path()
            path = self._ask(f"save to [{default}]: ", interrupt=True)
            self._save((path or "").strip() or default)
            return True
        return answer in ("n", "no")

    def _ask(self, prompt: str, interrupt: bool = False) -> Optional[str]:
        """A line typed, or None when the input ends (and, if ``interrupt``, on Ctrl-C)."""
        try:
            return input(prompt)
        except EOFError:
            self.console.say()
            return None
        except KeyboardInterrupt:
            if not interrupt:
                raise
            self.console.say()
            return None

    def _finish(self) -> None:
        from .terminal import score_log

        game, console = self.game, self.console
        console.say()
        console.board(game)
        console.say(render_outcome(game))
        _, log = score_log(game.record(), game.ruleset)
        console.scores(game, log)
        if self._unsaved():
            path = self._ask("save the record? a file name (Enter: no): ", interrupt=True)
            if path and path.strip():
                self._save(path.strip())


def _hint(game: Game, seed: Optional[int] = None) -> None:
    """The hard bot's three best moves for the player to move, with its estimates."""
    advisor = make_bot("hard", seed if seed is not None else (game.seed, len(game.history), "hint"))
    print(f"the hard bot's advice for {game.state.players[game.to_move].name} (its estimate: points ahead of the best other player):")
    for number, (move, value) in enumerate(advisor.estimates(game, 3), 1):
        print(f"  {number}. {move.full_notation()}   ({value:+.1f})")  # the full form reads back too


def _list_moves(game: Game, text: str, limit: Optional[int] = 30) -> list:
    word = text.split()[0] if text.split() else ""
    frame = game.state.frame
    source = game.legal_moves.of(word) if word in game.rules.actions and frame is not None and frame.kind == "action" and not frame.partial else game.legal_moves
    moves = [m for m in source if text in m.notation()]
    ordered = game.ruleset.hook.brass_order_moves(game=game, moves=moves)
    if ordered is not None:
        moves = list(ordered)
    if limit is not None and len(moves) > limit:
        counts: dict = {}
        for move in moves:
            counts[move.frame] = counts.get(move.frame, 0) + 1
        summary = ", ".join(f"{name} {n}" for name, n in counts.items())
        print(f"{len(moves)} legal moves ({summary}). Type 'moves TEXT' to list some, e.g. 'moves {next(iter(counts))}'.")
        return moves
    for number, move in enumerate(moves, 1):
        print(f"  {number:>3}. {_shown(move)}")
    return moves


def _shown(move) -> str:
    """A move for a person: the short form to type, and the full form if it says more."""
    short, full = move.notation(), move.full_notation()
    return short if short == full else f"{short}   [{full}]"


# -------------------------------------------------------------------- simulate
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

    def move(self, game: Game) -> None:
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


def _simulate(args) -> int:
    ruleset = load_ruleset(args.ruleset, trust=args.trust)
    names = args.bot.split(",")
    if len(names) == 1:
        names = names * args.players
    if len(names) != args.players:
        raise ValueError(f"{len(names)} bots given for {args.players} players")
    started = time.perf_counter()
    total_moves = 0
    wins = [0.0] * args.players
    progress = Progress(args.games, args.progress)

    def report(number, seed, moves, scores, winners, record) -> None:
        nonlocal total_moves
        total_moves += moves
        for index in winners:
            wins[index] += 1 / len(winners)
        if args.save:
            from .records import write_private

            try:
                write_private(f"{args.save}-{number + 1}.json", json.dumps(record, indent=1) + "\n")
            except SaveError as error:
                print(f"brass: {error}", file=sys.stderr)  # the other games are still played
        if args.json:
            print(json.dumps({
                "game": number + 1,
                "seed": seed,
                "ruleset": ruleset.name,
                "moves": moves,
                "seats": [{"seat": i, "bot": names[i], **scores[i]} for i in range(args.players)],
                "winners": winners,
            }))
        else:
            figures = "  ".join(f"[{i + 1}] VP {s['vp']:>3} inc {s['income_level']:>3} £{s['money']:>3}" for i, s in enumerate(scores))
            print(f"game {number + 1:>3} seed {seed}: {figures}  winner {'+'.join(str(i + 1) for i in winners)}")

    if args.workers is not None or args.cluster:
        # The same games, the same lines, in the same order: played elsewhere (brass.lab).
        from .lab.backends import backend
        from .lab.driver import game_chunks, run_in_order
        from .lab.jobs import RulesetRef
        from .lab.work import GamesTask

        chosen = backend(args.workers, args.cluster)
        task = GamesTask(RulesetRef.of(args.ruleset, args.trust), tuple(names), args.seed, records=bool(args.save))
        size = max(1, min(20, args.games // (4 * (chosen.workers or 1))))
        for _, games in run_in_order(task, chosen, game_chunks(args.games, size)):
            for game in games:
                report(game["number"], game["seed"], game["moves"], game["scores"], game["winners"], game["record"])
    else:
        for number in range(args.games):
            seed = args.seed + number
            seats = [f"{bot} {i + 1}" for i, bot in enumerate(names)]
            game = Game(ruleset, seats, seed=seed)
            bots = seat_bots(names, seed)
            play_out(game, bots, progress.move)
            progress.close()  # the game's results are printed on a clean line
            progress.game_done(len(game.history))
            outcome = game.outcome()
            report(number, seed, len(game.history), outcome.scores, outcome.winners, game.record() if args.save else None)
    progress.close()
    elapsed = time.perf_counter() - started
    rate = args.games / elapsed if elapsed else float("inf")
    summary = f"{args.games} games, {total_moves} moves in {elapsed:.2f} s: {rate:.2f} games/s, {total_moves / elapsed:.0f} moves/s"
    if args.json:
        print(json.dumps({"summary": {"games": args.games, "moves": total_moves, "seconds": round(elapsed, 3), "games_per_second": round(rate, 3), "wins": wins}}))
    else:
        print(summary)
        print("wins by seat: " + ", ".join(f"{i + 1}: {w:g}" for i, w in enumerate(wins)))
    return 0


# ----------------------------------------------------------------------- arena
def _arena(args) -> int:
    from .bots import arena
    from .bots.registry import bot_class

    load_ruleset(args.ruleset, trust=args.trust)  # fails here, not in a worker
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


# --------------------------------------------------------------------- balance
def _balance(args) -> int:
    from .lab.command import run

    return run(args)


# ---------------------------------------------------------------------- replay
def _replay(args) -> int:
    from .records import read_record
    from .terminal import Console

    console = Console()
    try:
        record = read_record(args.file)
        start = Game.from_record({**record, "moves": []})  # every check of the record but its moves
        total = len(record["moves"])
        stop = total if args.to is None else args.to
        if not 0 <= stop <= total:
            raise RecordError(f"--to {stop}: the record has {total} moves (0 to {total})")
        game = Game.from_record({**record, "moves": record["moves"][:stop]}, start.ruleset) if stop else start
        if args.step:
            game = _replay_steps(console, game, record["moves"][stop:], stop)
    except RecordError as error:
        print(f"brass: {error}", file=sys.stderr)
        return 1
    ruleset = game.ruleset
    done = len(game.history)
    if done == total:
        console.say(f"Replayed {done} moves of {ruleset.title} ({ruleset.name} {ruleset.version}).")
    else:
        console.say(f"The position after move {done} of {total} of {ruleset.title} ({ruleset.name} {ruleset.version}).")
    console.board(game)
    if game.is_over():
        _replay_outcome(console, game)
    return 0


def _replay_steps(console, game: Game, moves: list, done: int) -> Game:
    """Play the moves one by one, each on Enter ('q' or the end of input stops)."""
    from .terminal import changes

    console.say(f"{len(moves)} moves to step through from move {done}: Enter shows the next, q stops.")
    for number, entry in enumerate(moves, done + 1):
        before = game.view(None)
        try:
            move = game.play(entry["move"])
        except BrassError as error:
            raise RecordError(f"move {number} ({entry['move']!r}) cannot be replayed: {error}") from error
        console.say(f"{number}. {game.state.players[move.player].name}: {move.full_notation()}")
        console.changes(changes(before, game.view(None), game))
        if number < done + len(moves):
            try:
                answer = input("")
            except (EOFError, KeyboardInterrupt):
                console.say()
                break
            if answer.strip().lower() in ("q", "quit"):
                break
    return game


def _replay_outcome(console, game: Game) -> None:
    from .terminal import score_log

    console.say(render_outcome(game))
    _, log = score_log(game.record(), game.ruleset)
    console.scores(game, log)


# ------------------------------------------------------------------------- svg
# (Restored by the terminal work after an edit of the replay section removed it
# by mistake; rebuilt to the contract of tests/test_svg.py: check it against
# the author's own version.)
def _svg(args) -> int:
    from .records import read_record
    from .svg import board_svg

    try:
        record = read_record(args.file)
        total = len(record["moves"])
        stop = total if args.move is None else args.move
        if not 0 <= stop <= total:
            print(f"brass: {args.file} has {total} moves; --move takes 0 to {total}", file=sys.stderr)
            return 1
        game = Game.from_record(dict(record, moves=record["moves"][:stop]))
    except RecordError as error:
        print(f"brass: {error}", file=sys.stderr)
        return 1
    viewer = None
    if args.seat is not None:
        if not 1 <= args.seat <= len(game.state.players):
            print(f"brass: --seat takes 1 to {len(game.state.players)}", file=sys.stderr)
            return 1
        viewer = args.seat - 1
    print(board_svg(game, viewer))
    return 0


# ---------------------------------------------------------------------- record
def _record(args) -> int:
    from .recording import record_game

    ruleset = load_ruleset(args.ruleset, trust=args.trust)
    names = [n.strip() for n in args.names.split(",")] if args.names else [f"Player {i + 1}" for i in range(args.players)]
    if len(names) != args.players:
        raise ValueError(f"{len(names)} names given for {args.players} players")
    record_game(ruleset, names, args.out)
    return 0


# -------------------------------------------------------------------- validate
def _validate(args) -> int:
    checked = check_with_variants(args.path, trust=args.trust)
    count = 0
    printed = set()
    for _name, path, ruleset, errors in checked:
        if ruleset is not None:
            print(_valid_line(path, ruleset))
        for error in errors:
            for problem in getattr(error, "problems", None) or [error]:
                if str(problem) not in printed:  # a broken base breaks its variants the same way
                    printed.add(str(problem))
                    print(problem)
                    count += 1
    if len(checked) > 1:  # a summary, like the count of problems: on stderr when there are problems
        names = [name for name, *_ in checked]
        print(f"checked {names[0]} and its variant{'s' if len(names) > 2 else ''} {', '.join(names[1:])}", file=sys.stderr if count else sys.stdout)
    if not count:
        return 0
    print(f"{args.path}: {count} problem{'s' if count != 1 else ''}", file=sys.stderr)
    return 1


def _valid_line(path: str, ruleset) -> str:
    rules = ruleset.rules
    line = (
        f"{path}: valid -- {ruleset.title} {ruleset.version}: {len(ruleset.board.locations)} locations, "
        f"{len(ruleset.board.lines)} lines, {len(ruleset.board.industries)} industries, "
        f"{len(rules.actions)} actions, {len(rules.procedures)} procedures"
    )
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # said here instead
        generated = ruleset.fast
    if generated is None:
        line += f"\n  note: runs on the interpreter, several times slower: the generated code declines these rules ({ruleset.fast_unsupported})"
    return line


def _rulesets(args) -> int:
    for name, entry in installed_rulesets().items():
        try:
            ruleset = load_ruleset(name)
            print(f"{name:<24} {ruleset.title} {ruleset.version} ({entry.value}); players {', '.join(map(str, ruleset.players))}")
        except BrassError as error:
            print(f"{name:<24} broken: {str(error).splitlines()[0]}")
    return 0


# ----------------------------------------------------------------------- rules
def _rules(args) -> int:
    from .rulesdoc import rules_document, to_text

    ruleset = load_ruleset(args.ruleset, trust=args.trust)
    document = rules_document(ruleset)
    if args.topic is None:
        print(to_text(document))
        return 0
    section = document.find(args.topic) or document.find(f"resource-{args.topic}") or document.find(f"tiles-{args.topic}")
    if section is None:
        topics = [k for k in document.keys() if k != "rules"]
        print(f"brass: {ruleset.name} has no topic {args.topic!r}; topics: {', '.join(topics)}", file=sys.stderr)
        return 2
    print(to_text(section))
    return 0


# ----------------------------------------------------------------- new variant
def _new_variant(args) -> int:
    from .scaffold import make_variant

    folder = make_variant(args.name, args.base, args.dir)
    print(f"made {folder}")
    print(f"next: edit {folder}/*/rules/*.brass, then: brass validate --trust {folder}/{folder.name.replace('-', '_')}")
    print(f"install it as a package with: python -m pip install -e {folder}   and play: brass play {args.name}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
