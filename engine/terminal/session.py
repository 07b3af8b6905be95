"""One sitting of ``brass play`` at the terminal: humans type, bots move, the
screen shows what changed.

What a player types is a command of :data:`PROMPT` (from which ``help`` is
written), a move, or a number. A number only ever picks from the numbered list
on the screen (the legal moves, a hint, the moves a line could mean), made at
this very position: any move or undo takes the list away, and a number with no
list, or past its end, is refused. A move that cannot be taken back is said so
before it is played: the last action of a turn on the prompt itself, anything
else (hidden information turned up, a move that ends the turn early) by a
question first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from ..errors import AmbiguousMoveError, MoveError, SaveError, UndoError
from .changes import changes
from .movelist import Entry, Listing, entries, filtered, summary


@dataclass
class Listed:
    """A numbered list on the screen: what each number picks (an :class:`Entry`: a move,
    or moves that differ only in the card spent), at the position (the game's
    ``moment``) it was listed at."""

    moment: object
    entries: list  # entry 1, 2, ...
    what: str  # "the legal moves", "the hint", ...


class PlaySession:
    """One sitting at the terminal: humans type, bots move, the screen shows what changed.

    Hot seat (two or more humans): what only the player to move may see (their hand,
    the cards they draw) is shown on a screen of its own (the terminal's alternate
    screen, which keeps no scrollback) and is gone when they stand up; the table
    keeps, for everyone, each move as the others see it. The next player gets a
    recap of the moves made since their last turn, then presses Enter to see their
    hand. Moves are unsaved while a human has moved since the last save (bots' moves
    come back from the seed: :mod:`brass.bots.seating`)."""

    def __init__(self, game, bots: dict, console, saved_to: Optional[str] = None, read_line: Optional[Callable[[str], str]] = None):
        self.game, self.bots, self.console = game, bots, console
        self.read_line = read_line or (lambda prompt: input(prompt))  # input looked up when called: tests replace it
        self.humans = [i for i in range(len(game.state.players)) if i not in bots]
        self.hot_seat = len(self.humans) >= 2
        self.saved_to = saved_to
        self.saved = self._moves()
        self.listed: Optional[Listed] = None  # the numbered list on the screen, if any
        self.seen = None  # (player, moves) when the turn's state was last shown
        self.at_screen: Optional[int] = None  # the human whose hand may be on the screen
        # Hot seat: each move as everyone sees it (moves made by then, the mover, lines),
        # and the moves made when each human last stood up.
        self.log: list = []
        self.last_seen: dict = {}

    def run(self) -> int:
        game = self.game
        try:
            while not game.is_over():
                try:
                    if self._step() == "quit":
                        return 0
                except KeyboardInterrupt:
                    self.console.say()
                    if self._confirm_quit():
                        return 0
        finally:
            self._stand_up()  # never leave a hand on the screen, nor the terminal on its private screen
        self._finish()
        return 0

    # ---------------------------------------------------------- a step
    def _step(self) -> Optional[str]:
        game = self.game
        player = game.to_move
        if self.hot_seat and self.at_screen not in (None, player):
            self._stand_up()
        if player in self.bots:
            self._bot_move(player)
            return None
        if self.at_screen != player:
            if not self._sit_down(player):
                return "quit"
            self.console.say()
            self.console.board(game, player)
            self._turn_state(player)
        elif self.seen != (player, len(game.history)):
            self.console.say()
            self.console.status(game, player)
            self._turn_state(player)
        line = self._ask(self._prompt(player))
        if line is None:
            return "quit" if self._confirm_quit() else None
        return self._command(player, line.strip())

    def _turn_state(self, player: int) -> None:
        """What a turn's prompt starts with: the moves (listed if few), and whether
        this is the turn's last action."""
        self.moves(player, "", limit=MOST_LISTED)
        if self._last_action():
            self.console.say(LAST_ACTION, style="bold")
        self.seen = (player, len(self.game.history))

    def _last_action(self) -> bool:
        """Is the player to move on the last action of their turn?"""
        state = self.game.state
        return state.frame is not None and state.frame.kind == "action" and state.actions_left == 1

    def _prompt(self, player: int) -> str:
        name = self.game.state.players[player].name
        return f"{name} (last action)> " if self._last_action() else f"{name}> "

    def _viewer(self) -> Optional[int]:
        """Whose eyes the screen is for: the one human, or nobody's hand in a hot seat."""
        return self.humans[0] if len(self.humans) == 1 else None

    def _bot_move(self, player: int) -> None:
        game = self.game
        viewer = self._viewer()
        before = game.view(viewer)
        public = game.view(None) if self.hot_seat else None
        move = self.bots[player].choose(game)
        own, scored = self._own(move, viewer), len(game.state.scored)
        game.push(move)
        self.listed = None
        self._log(move, public)
        if not self.hot_seat:  # in a hot seat, the next player's recap shows it
            self.console.say(f"{game.state.players[player].name}: {move.full_notation()}")
            self._changes(before, viewer, own=own, mover=player, scored=game.state.scored[scored:])

    def _log(self, move, public: Optional[dict]) -> None:
        """Keep a move as everyone sees it, for the hot seat's recaps."""
        if public is not None:
            game = self.game
            lines = [f"{game.state.players[move.player].name}: {move.full_notation()}"]
            lines += [f"  {line}" for line in changes(public, game.view(None), game, mover=move.player)]
            self.log.append((len(game.history), move.player, lines))

    def _sit_down(self, player: int) -> bool:
        """In a hot seat: a recap of what the others did, then the next player's Enter
        opens the screen only they may see."""
        if self.hot_seat:
            name = self.game.state.players[player].name
            since = self.last_seen.get(player)
            recap = [lines for number, mover, lines in self.log if mover != player and (since is None or number > since)]
            if recap:
                self.console.say(f"Since {name}'s last turn:" if since is not None else f"Before {name}'s first turn:", style="bold")
                for lines in recap:
                    self.console.lines(lines)
            self.console.say(f"{name} to move: the other hands are hidden. {name}, press Enter to see your hand.", style="bold")
            if self._ask("") is None and self._confirm_quit():
                return False
            self.console.private(True)
        self.at_screen = player
        return True

    def _stand_up(self) -> None:
        """In a hot seat: close the screen of the player who was seated; what they did
        is in the next player's recap, as everyone sees it."""
        player = self.at_screen
        if not self.hot_seat or player is None:
            return
        self.console.private(False)
        self.at_screen = None
        self.last_seen[player] = len(self.game.history)

    def _own(self, move, viewer: Optional[int]) -> dict:
        """The view after a move's own effects, before what follows it (a round's end)."""
        with self.game.explore(move):
            return self.game.view(viewer)

    def _changes(self, before: dict, viewer: Optional[int], **how) -> None:
        self.console.changes(changes(before, self.game.view(viewer), self.game, **how))

    # ---------------------------------------------------------- commands
    def _command(self, player: int, line: str) -> Optional[str]:
        """Do what a typed line says: a command of :data:`PROMPT`, a number, else a move."""
        if not line:
            return None
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if line.isdigit():
            self._pick(player, int(line))
            return None
        command = COMMANDS.get(word.lower())
        if command is None or (rest and word in self.game.rules.actions and not command.takes_text):
            # An action may share a command's name (a ruleset's "network" action and
            # the network view): with choices after it, it is the move.
            self._move(player, line)
            return None
        return command.do(self, player, rest)

    def help(self, player: int, rest: str) -> None:
        self.console.say(HELP)
        examples = [entry.does.lower().replace(",", "").replace("–", " ") for entry in entries(self.game, list(self.game.legal_moves))[:40:13]]
        if examples:
            self.console.say("For example, now: " + "; ".join(examples) + ".")

    def board(self, player: int, rest: str) -> None:
        self.console.board(self.game, player, full=rest.lower() in ("all", "full"))

    def svg(self, player: int, rest: str) -> None:
        """The table as a picture, as the player may see it: an SVG file, for a browser."""
        from ..errors import SaveError
        from ..records import write_private
        from ..svg import board_svg

        game = self.game
        path = rest or f"brass-{game.ruleset.name}-{game.seed}-move{len(game.history)}.svg"
        try:
            write_private(path, board_svg(game, player))  # it shows the player's hand: theirs alone
        except SaveError as error:
            self.console.say(f"not drawn: {error}")
            return
        self.console.say(f"the board is drawn in {path} (open it in a web browser)")

    def network(self, player: int, rest: str) -> None:
        self.console.network(self.game, player)
        if "network" in self.game.rules.actions:
            self.console.say("(to play the network action, give its choices: network NAME=VALUE ...; 'moves network' lists them)")

    def moves(self, player: int, rest: str, limit: Optional[int] = None) -> None:
        """The legal moves (those the words fit), grouped by action, each with its cost;
        a count by action instead if there are more than ``limit``."""
        game = self.game
        moves, unknown = filtered(game, rest)
        if not moves:
            self.listed = None
            close = f" ('{unknown}' names nothing in this game)" if unknown else ""
            self.console.say(f"no legal move fits '{rest}'{close}; 'moves' lists them all")
            return
        found = entries(game, moves)
        if limit is not None and len(found) > limit:
            self.listed = None
            self.console.say(summary(found))
            return
        self._number(found, "the legal moves" if not rest else f"the moves '{rest}' fits")

    def hint(self, player: int, rest: str) -> None:
        """The hard bot's three best moves, numbered (a number then plays one), each
        with its worth and the action its plan takes after it; then why the first."""
        from ..bots.advice import advise

        game = self.game
        advice = advise(game, player)
        self.console.say(f"the hard bot's advice for {game.state.players[player].name} (worth: the points it expects you to stand ahead of the others after your next turn):")
        found = [Entry([c.move], f"{c.move.full_notation()}   ({c.worth:+.1f})", f"then {c.then.full_notation()}" if c.then is not None else "")
                 for c in advice.candidates]
        self._number(found, "the hint", grouped=False)
        if advice.reason:
            self.console.say(f"why: {advice.reason}")

    def _number(self, found: list, what: str, grouped: bool = True) -> None:
        """Show a numbered list of entries; a number typed now picks one."""
        lines = Listing(found).lines(self.console.width) if grouped else [f"  {n:>3}. {e.does}" + (f"   [{e.costs}]" if e.costs else "") for n, e in enumerate(found, 1)]
        self.console.lines(lines)
        self.listed = Listed(self.game.moment, found, what) if found else None

    def _pick(self, player: int, number: int) -> None:
        """Play move ``number`` of the list on the screen, if there is one and it has it;
        an entry that may be paid with several cards asks which."""
        listed = self.listed
        if listed is None or listed.moment is not self.game.moment:
            self.console.say(f"there is no numbered list on the screen to pick {number} from: 'moves' lists the legal moves (or 'moves TEXT' some of them), 'hint' the hard bot's advice; then type a number from that list")
            return
        if not 1 <= number <= len(listed.entries):
            self.console.say(f"there is no move {number} in the last list ({listed.what}, numbered 1 to {len(listed.entries)})")
            return
        entry = listed.entries[number - 1]
        if len(entry.moves) == 1:
            self._play(player, entry.moves[0])
            return
        self._which_card(entry)

    def _which_card(self, entry) -> None:
        """The cards an entry may be paid with, numbered: the card is the last choice."""
        self.console.say(f"{entry.does} ({entry.costs}): which card? (nothing else changes with it)")
        self._number([Entry([move], f"card: {cards}", "") for cards, move in zip(entry.cards, entry.moves)], f"the cards for {entry.does}", grouped=False)

    def quit(self, player: int, rest: str) -> Optional[str]:
        return "quit" if self._confirm_quit() else None

    def undo(self, player: int, rest: str) -> None:
        before = self.game.view(player)
        try:
            move = self.game.undo()
        except UndoError as error:
            self.console.say(str(error))
            return
        self.listed = None
        self.log = [entry for entry in self.log if entry[0] <= len(self.game.history)]
        self.console.say(f"took back: {move.full_notation()}")
        self._changes(before, player, mover=player, taken_back=True)
        self.seen = None

    def _move(self, player: int, text: str) -> None:
        game = self.game
        try:
            move = game.parse(text)
        except AmbiguousMoveError as error:
            self._could_be(text, error)
            return
        except MoveError as error:
            self.console.say(str(error))
            action = text.split()[0].lower() if text.split() else ""
            if action in game.rules.actions:
                self.console.say(f"  (the rule: brass rules {game.ruleset.name} {action})")
            return
        self._play(player, move)

    def _play(self, player: int, move) -> None:
        """Play a legal move, saying first if it cannot be taken back (unless the prompt said so)."""
        game = self.game
        why = cannot_take_back(game, move, player)
        if why is not None and not (why == ENDS_TURN and self._last_action()):
            answer = self._ask(f"{move.full_notation()}: {why}, and it cannot be taken back. Play it? (y: play it, Enter: no) ", interrupt=True)
            if (answer or "").strip().lower() not in ("y", "yes"):
                self.console.say("not played")
                return
        before = game.view(player)
        public = game.view(None) if self.hot_seat else None
        own, scored = self._own(move, player), len(game.state.scored)
        game.push(move)
        self.listed = None
        self.console.say(f"played: {move.full_notation()}")
        self._changes(before, player, own=own, mover=player, scored=game.state.scored[scored:])
        self._log(move, public)

    def _could_be(self, text: str, error: AmbiguousMoveError) -> None:
        """A line that fits several moves: a numbered list of them to pick from (of the
        cards, if the card is all they differ in), or, if too many, what tells them apart."""
        found = error.candidates
        if len(found) > MOST_LISTED * 3:
            self.listed = None
            self.console.say(f"'{text}' fits {len(found)} moves: {str(error).split(': ', 1)[1].split('; it could be')[0]}")
            return
        legal = {move.notation(): move for move in self.game.legal_moves}
        moves = [legal[candidate] for candidate in found if candidate in legal]
        grouped = entries(self.game, moves)
        if len(grouped) == 1:
            self._which_card(grouped[0])
            return
        if len(grouped) > MOST_LISTED:
            self.listed = None
            self.console.say(f"'{text}' fits {len(found)} moves: {str(error).split(': ', 1)[1].split('; it could be')[0]}")
            return
        self.console.say(f"'{text}' fits {len(grouped)} moves; type the number of the one you mean:")
        self._number(grouped, f"the moves '{text}' fits")

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
        read = getattr(self.read_line, "question", self.read_line) if interrupt or not prompt else self.read_line
        try:
            return read(prompt)
        except EOFError:
            self.console.say()
            return None
        except KeyboardInterrupt:
            if not interrupt:
                raise
            self.console.say()
            return None

    def _finish(self) -> None:
        from ..cli.helpers import show_end

        game, console = self.game, self.console
        console.say()
        show_end(console, game)
        if self._unsaved():
            path = self._ask("save the record? a file name (Enter: no): ", interrupt=True)
            if path and path.strip():
                self._save(path.strip())


MOST_LISTED = 30  # a list longer than this is counted, not shown
LAST_ACTION = "This is the last action of your turn: once it is played, the turn passes on and it cannot be taken back."
ENDS_TURN = "it ends your turn"


def cannot_take_back(game, move, player: int) -> Optional[str]:
    """Why ``move`` could not be taken back once played (tried on a copy), or None if it could."""
    trial = game.copy()
    turn = (trial.state.era_index, trial.state.round, trial.state.turn_index)
    trial.push(move)
    if trial.can_undo(player):
        return None
    if trial.is_over():
        return "it ends the game"
    if trial.to_move != player or (trial.state.era_index, trial.state.round, trial.state.turn_index) != turn:
        return ENDS_TURN
    return "it turns up hidden information"


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
    Command("<move>", "play a move: the action and what it does, in the names 'moves' shows (or NAME=VALUE)"),
    Command("<number>", "play the move with that number in the numbered list on the screen"),
    Command("moves [TEXT]", "list the legal moves, with their costs (only those TEXT fits: an action, a place...)", PlaySession.moves),
    Command("board [all]", "show the table again (all: every space of the board too)", PlaySession.board),
    Command("svg [FILE]", "draw the table as a picture (an SVG file, for a web browser)", PlaySession.svg),
    Command("network", "the places your links and tiles reach, grouped", PlaySession.network),
    Command("undo", "take back your last move of this turn", PlaySession.undo),
    Command("hint", "the hard bot's three best moves for you, numbered, with the worth of each and why the first", PlaySession.hint),
    Command("save FILE", "save the game record (replay it with: brass replay FILE)", PlaySession.save),
    Command("help", "this text", PlaySession.help),
    Command("quit", "stop playing (asks to save first if there are unsaved moves)", PlaySession.quit, also=("exit",)),
)

COMMANDS = {word: command for command in PROMPT if command.do is not None for word in (command.usage.split()[0], *command.also)}

HELP = "\n".join([
    "Commands:",
    *(f"  {command.usage:<16}{command.says}" for command in PROMPT),
    "A move is an action followed by its choices; choices with only one possibility",
    "may be left out. Where a line could mean several moves, they are listed, numbered.",
])
