"""The prompt as a shell has it: line editing, a history kept across sessions, Tab
completion of what may be typed now.

Built on the standard library's :mod:`readline`, which gives ``input()`` its line
editing (arrows, Ctrl-A/E, Ctrl-R search) and a history the moment it is imported,
with no dependency to install. Where Python has no readline (Windows), or the
input is not a terminal (a pipe, a test), lines are read as they come, unedited.

The history is kept in ``$BRASS_HISTORY``, else ``$XDG_STATE_HOME/brass/history``
(``~/.local/state/brass/history``); completion asks a function for the words that
may follow what is typed (:func:`play_words` for ``brass play``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Callable, Iterable, Optional

HISTORY_LINES = 2000


def history_path() -> Path:
    given = os.environ.get("BRASS_HISTORY")
    if given:
        return Path(given)
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(state) / "brass" / "history"


class LineReader:
    """``input()`` with editing, history and completion when it can have them.

    ``words(line_so_far)``: the words that may come next, for Tab."""

    def __init__(self, words: Optional[Callable[[str], Iterable[str]]] = None, stdin=None):
        self.words = words
        self.readline = _readline() if (stdin or sys.stdin).isatty() else None
        self._matches: list = []
        if self.readline is not None:
            self._start()

    @property
    def editing(self) -> bool:
        return self.readline is not None

    def __call__(self, prompt: str = "") -> str:
        return input(prompt)

    def question(self, prompt: str = "") -> str:
        """A line answering a question (save first? a file name): not kept in the history."""
        line = input(prompt)
        if self.readline is not None and line.strip():
            self.readline.remove_history_item(self.readline.get_current_history_length() - 1)
        return line

    def _start(self) -> None:
        readline = self.readline
        path = history_path()
        try:
            readline.read_history_file(str(path))
        except OSError:
            pass  # no history yet
        readline.set_history_length(HISTORY_LINES)
        readline.set_completer_delims(" \t\n")  # burton-on-trent, card=leek, a--b are one word
        readline.set_completer(self._complete)
        if "libedit" in (readline.__doc__ or ""):  # macOS's Python
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")

    def _complete(self, text: str, state: int) -> Optional[str]:
        """readline's completer: the ``state``-th word starting with ``text``."""
        if state == 0:
            line = self.readline.get_line_buffer()[: self.readline.get_endidx()]
            before = line[: len(line) - len(text)]
            try:
                found = list(self.words(before)) if self.words is not None else []
            except Exception:  # noqa: BLE001 -- Tab must never end the game
                found = []
            lowered = text.lower()
            self._matches = sorted({word for word in found if word.lower().startswith(lowered)})
        if state < len(self._matches):
            word = self._matches[state]
            return word if word.endswith("=") else word + " "
        return None

    def close(self) -> None:
        """Keep the history for the next session."""
        if self.readline is None:
            return
        path = history_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.readline.write_history_file(str(path))
        except OSError:
            pass  # a history is a convenience: not kept is no error
        self.readline.set_completer(None)


def _readline():
    try:
        import readline
    except ImportError:  # Windows: lines are read unedited
        return None
    return readline


# ------------------------------------------------------------- brass play
def play_words(get_game: Callable, commands: Iterable[str]) -> Callable[[str], list]:
    """What may be typed next at a move prompt (``get_game()``: the game now): a command
    or an action first, then the action's choices (``industry=``), and the legal
    values of each."""
    commands = list(commands)

    def words(before: str) -> list:
        game = get_game()
        if game.is_over():
            return commands
        said = before.split()
        if not said:
            actions = sorted({move.frame for move in game.legal_moves})
            return commands + actions
        action = said[0].lower()
        if action == "moves":
            return sorted({move.frame for move in game.legal_moves})
        if action not in game.rules.actions and (game.state.frame is None or action != game.state.frame.name):
            return []
        return choice_words(game, action)

    return words


def choice_words(game, action: str) -> list:
    """An action's choices as NAME= and as NAME=VALUE, and its values alone."""
    from ..game.wording import Matcher

    frame = game.state.frame
    only = action if frame is not None and frame.kind == "action" and not frame.partial and action in game.rules.actions else None
    moves = [move for move in (game.legal_moves.of(only) if only else game.legal_moves) if move.frame == action]
    matcher = Matcher(moves)
    found = set()
    for (key, text), option in matcher.options.items():
        if text == "yes":
            found.add(key)  # an optional step: its name
            continue
        found.add(f"{key}=")
        found.add(f"{key}={text}")
        found.add(text)
    return sorted(found)
