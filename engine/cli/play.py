"""``brass play``: a game in the terminal, humans and bots mixed.

    brass play RULESET --players 3 --seats human,greedy,random --seed 7
    brass play RULESET --load game.json --seats human,hard

The prompt's commands are the table :data:`PROMPT`, from which ``help`` (:data:`HELP`) is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from ..bots import BOTS, make_bot
from ..bots.seating import HUMAN, seat_bots
from ..errors import MoveError, SaveError, UndoError
from ..game import Game
from ..ruleset import load_ruleset
from .helpers import add_trust, show_changes, show_outcome


def add_parser(commands):
    play = commands.add_parser("play", help="play a game in the terminal, humans and bots mixed")
    play.add_argument("ruleset")
    add_trust(play)
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seats", default=None, help=f"comma-separated: human or a bot ({', '.join(BOTS)}, an installed brass.bots name, or module:Class); default human then greedy bots")
    play.add_argument("--names", default=None, help="comma-separated player names")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--load", default=None, metavar="FILE", help="continue a saved game (its players and seed; seats as given here)")
    return play


def run(args) -> int:
    from ..terminal import Console

    game, seats = setup(args)
    session = PlaySession(game, seat_bots(seats, game.seed), Console(), saved_to=args.load)
    ruleset = game.ruleset
    loaded = f"; {len(game.history)} moves loaded from {args.load}" if args.load else ""
    session.console.say(f"{ruleset.title} ({ruleset.name} {ruleset.version}), seed {game.seed}{loaded}. Type 'help' for commands.")
    return session.run()


def setup(args) -> tuple:
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
        seats = [HUMAN] + ["greedy"] * (players - 1)
    if len(seats) != players:
        raise ValueError(f"{len(seats)} seats given for {players} players")
    if game is None:
        names = names or [f"{seat.capitalize()} {i + 1}" if seat != HUMAN else f"Player {i + 1}" for i, seat in enumerate(seats)]
        game = Game(ruleset, names, seed=args.seed)
    return game, seats


class PlaySession:
    """One sitting at the terminal: humans type, bots move, the screen shows what changed.

    Hot seat (two or more humans): each human's hand is hidden from the others;
    the screen is cleared and the next human presses Enter before theirs shows.
    Moves are unsaved while a human has moved since the last save (bots' moves
    come back from the seed: :mod:`brass.bots.seating`)."""

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
        self.shown = list_moves(self.game, "")
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
        show_changes(self.console, before, game, viewer)

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
        """Do what a typed line says: a command of :data:`PROMPT`, else a move."""
        if not line:
            return None
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        command = COMMANDS.get(word)
        if command is None or (rest and word in self.game.rules.actions and not command.takes_text):
            # An action may share a command's name (a ruleset's "network" action and
            # the network view): with choices after it, it is the move.
            self._move(player, line)
            return None
        return command.do(self, player, rest)

    def help(self, player: int, rest: str) -> None:
        self.console.say(HELP)

    def board(self, player: int, rest: str) -> None:
        self.console.board(self.game, player)

    def network(self, player: int, rest: str) -> None:
        self.console.network(self.game, player)
        if "network" in self.game.rules.actions:
            self.console.say("(to play the network action, give its choices: network NAME=VALUE ...; 'moves network' lists them)")

    def moves(self, player: int, rest: str) -> None:
        self.shown = list_moves(self.game, rest, limit=None)

    def hint(self, player: int, rest: str) -> None:
        show_hint(self.game)

    def quit(self, player: int, rest: str) -> Optional[str]:
        return "quit" if self._confirm_quit() else None

    def undo(self, player: int, rest: str) -> None:
        before = self.game.view(player)
        try:
            move = self.game.undo()
        except UndoError as error:
            self.console.say(str(error))
            return
        self.console.say(f"took back: {move.full_notation()}")
        show_changes(self.console, before, self.game, player)
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
        show_changes(self.console, before, game, player)

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

    def save(self, player: int, path: str) -> None:
        self._save(path)

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
        game, console = self.game, self.console
        console.say()
        console.board(game)
        show_outcome(console, game)
        if self._unsaved():
            path = self._ask("save the record? a file name (Enter: no): ", interrupt=True)
            if path and path.strip():
                self._save(path.strip())


@dataclass(frozen=True)
class Command:
    """Something a player may type at the prompt, as ``help`` shows it."""

    usage: str  # "save FILE": the word, then what may follow it
    says: str
    do: Optional[Callable] = None  # PlaySession's method, given (player, the rest of the line); None: not a word to type
    also: tuple = ()  # other words for it

    @property
    def takes_text(self) -> bool:
        """Whether text after the word belongs to the command (``moves build``), not to a move of that name."""
        return " " in self.usage


PROMPT = (
    Command("<move>", "play a move in notation: an action and its choices, NAME=VALUE"),
    Command("<number>", "play the move with that number in the last list shown"),
    Command("moves [TEXT]", "list the legal moves (only those containing TEXT)", PlaySession.moves),
    Command("board", "show the table again", PlaySession.board),
    Command("network", "the places your links and tiles reach, grouped", PlaySession.network),
    Command("undo", "take back your last move of this turn", PlaySession.undo),
    Command("hint", "the hard bot's three best moves for you, with its estimate of each", PlaySession.hint),
    Command("save FILE", "save the game record (replay it with: brass replay FILE)", PlaySession.save),
    Command("help", "this text", PlaySession.help),
    Command("quit", "stop playing (asks to save first if there are unsaved moves)", PlaySession.quit, also=("exit",)),
)

COMMANDS = {word: command for command in PROMPT if command.do is not None for word in (command.usage.split()[0], *command.also)}

HELP = "\n".join([
    "Commands:",
    *(f"  {command.usage:<16}{command.says}" for command in PROMPT),
    "A move is an action followed by its choices as name=value; choices with only one",
    "possibility may be left out: the game fills them in, or says which are ambiguous.",
])


def show_hint(game: Game) -> None:
    """The hard bot's three best moves for the player to move, with its estimates."""
    advisor = make_bot("hard", (game.seed, len(game.history), "hint"))
    print(f"the hard bot's advice for {game.state.players[game.to_move].name} (its estimate: points ahead of the best other player):")
    for number, (move, value) in enumerate(advisor.estimates(game, 3), 1):
        print(f"  {number}. {move.full_notation()}   ({value:+.1f})")  # the full form reads back too


def list_moves(game: Game, text: str, limit: Optional[int] = 30) -> list:
    """Print the legal moves containing ``text`` (a count by action if more than ``limit``) and return them."""
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
