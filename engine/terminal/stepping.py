"""``brass replay FILE --step``: a record, a move at a time, forward and back.

It starts at the position before the first move (or after ``--to N``) and waits
at each; Enter shows the next move with what it changed, ``p`` takes one back,
a number goes to the position after that move, ``board`` shows the table, ``q``
stops, ``c`` shows the last move's changes again. Each position reached is kept (a copy of the game costs some 15 µs), so
going back is immediate and never replays the record.
"""

from __future__ import annotations

from typing import Callable, Optional

from ..errors import BrassError, RecordError
from .changes import changes

KEYS = "Enter or n: next move; p: previous; a number: the position after that move (0: the start); c: the last move's changes again; board: the table; q: stop"


class Stepper:
    """A record's positions, one after another, as a reader steps through them."""

    def __init__(self, game, moves: list, console, read_line: Optional[Callable[[str], str]] = None):
        self.positions = [game.copy()]  # positions[k]: the game after k moves
        self.moves = moves  # the record's entries ({"player", "move"})
        self.console = console
        self.read_line = read_line or (lambda prompt: input(prompt))
        self.at = 0

    @property
    def game(self):
        return self.positions[self.at]

    def run(self, start: int = 0):
        """Step from the position after ``start`` moves until the reader stops; the game there."""
        total = len(self.moves)
        self.go_to(start, quietly=True)
        self.console.say(f"{total} moves; at {self._where()}. {KEYS}.")
        while True:
            try:
                line = self.read_line(f"move {self.at}/{total}> ")
            except (EOFError, KeyboardInterrupt):
                self.console.say()
                break
            word = line.strip().lower()
            if word in ("q", "quit", "exit"):
                break
            if word in ("", "n", "next"):
                if self.at == total:
                    self.console.say(f"that was the last move ({total}); p goes back, q stops")
                else:
                    self.forward()
            elif word in ("p", "prev", "previous", "back"):
                self.back()
            elif word.isdigit():
                self.go_to(int(word))
            elif word in ("c", "changes"):
                self.show_move(self.at) if self.at else self.console.say("this is the start: no move has been made")
            elif word in ("b", "board"):
                self.console.board(self.game)
            elif word in ("?", "h", "help"):
                self.console.say(KEYS)
            else:
                self.console.say(f"'{line.strip()}' is not a key here: {KEYS}")
        return self.game

    def _where(self) -> str:
        return "the start, before the first move" if self.at == 0 else f"the position after move {self.at}"

    def _reach(self, number: int) -> None:
        """Keep the positions up to after move ``number``, replaying what is not kept yet."""
        while len(self.positions) <= number:
            game = self.positions[-1].copy()
            entry = self.moves[len(self.positions) - 1]
            try:
                game.play(entry["move"])
            except BrassError as error:
                raise RecordError(f"move {len(self.positions)} ({entry['move']!r}) cannot be replayed: {error}") from error
            self.positions.append(game)

    def forward(self) -> None:
        self._reach(self.at + 1)
        self.at += 1
        self.show_move(self.at)

    def show_move(self, number: int) -> None:
        """Move ``number``: who made it, in full, and what it changed."""
        before, after = self.positions[number - 1], self.positions[number]
        player = after.state.players[self.moves[number - 1]["player"]].name
        self.console.say(f"{number}. {player}: {_full(before, self.moves[number - 1]['move'])}")
        self.console.changes(changes(before.view(None), after.view(None), after))

    def back(self) -> None:
        if self.at == 0:
            self.console.say("this is the start: there is no move before it")
            return
        taken = self.moves[self.at - 1]["move"]
        before, after = self.positions[self.at], self.positions[self.at - 1]
        self.at -= 1
        self.console.say(f"back to {self._where()} (move {self.at + 1}, {taken}, taken back):")
        self.console.changes(changes(before.view(None), after.view(None), after))

    def go_to(self, number: int, quietly: bool = False) -> None:
        total = len(self.moves)
        if not 0 <= number <= total:
            self.console.say(f"there is no move {number}: the record has {total} (0 is the start)")
            return
        self._reach(number)
        self.at = number
        if not quietly:
            self.console.say(f"at {self._where()}:")
            self.console.board(self.game)


def _full(game, text: str) -> str:
    """A move of the record in its full form, read at the position it was made at."""
    try:
        return game.parse(text).full_notation()
    except BrassError:
        return text
