"""Errors, named for the person who must act on them.

One root, :class:`BrassError`. Rule authors get :class:`RulesetError` and its
subclasses (a rule file that does not parse or refers to unknown things, a data
file that fails its schema, a plugin that is broken). Players get
:class:`MoveError` and its three subclasses, split the way python-chess splits
them: the text is not a move at all, the move is illegal now, or the text fits
several legal moves.
"""

from __future__ import annotations

from dataclasses import dataclass


class BrassError(Exception):
    """Root of every error this package raises on purpose."""


# ----------------------------------------------------------------- rule authors


class RulesetError(BrassError):
    """Something in a ruleset must be fixed by its author."""


@dataclass(frozen=True)
class Where:
    """A place in a rule file: file, 1-based line and column, and the line itself."""

    file: str
    line: int
    column: int
    text: str = ""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"

    def caret(self) -> str:
        """The offending line with a caret under the column."""
        if not self.text:
            return ""
        pad = "".join(c if c == "\t" else " " for c in self.text[: self.column - 1])
        return f"    {self.text}\n    {pad}^"


class RuleFileError(RulesetError):
    """A rule file is wrong: bad syntax, or a name that means nothing."""

    def __init__(self, message: str, where: Where | None, hint: str = ""):
        self.message = message
        self.where = where
        self.hint = hint
        super().__init__(self.render())

    def __reduce__(self):
        return type(self), (self.message, self.where, self.hint)

    def render(self) -> str:
        if self.where is None:
            return self.message + (f"\n{self.hint}" if self.hint else "")
        text = f"{self.where}: {self.message}"
        caret = self.where.caret()
        if caret:
            text += "\n" + caret
        if self.hint:
            text += "\n" + self.hint
        return text


class DataError(RulesetError):
    """One or more data files fail their schema or refer to unknown things.

    ``problems`` holds every problem found, each a :class:`DataProblem`, so the
    author sees them all in one run.
    """

    def __init__(self, problems: list["DataProblem"]):
        self.problems = list(problems)
        lines = [str(p) for p in self.problems]
        noun = "problem" if len(lines) == 1 else "problems"
        super().__init__(f"{len(lines)} {noun} in the ruleset data:\n" + "\n".join(lines))

    def __reduce__(self):
        return type(self), (self.problems,)


@dataclass(frozen=True)
class DataProblem:
    file: str
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}: {self.path}" if self.path else self.file
        return f"{where}: {self.message}"


class RulesetErrors(RulesetError):
    """Every problem found while checking a whole ruleset."""

    def __init__(self, errors: list[RulesetError]):
        self.errors = list(errors)
        super().__init__("\n\n".join(str(e) for e in self.errors))

    def __reduce__(self):
        return type(self), (self.errors,)


class PluginError(RulesetError):
    """A ruleset's plugin module is broken or cannot be found."""


class RuleRuntimeError(RulesetError):
    """A rule did something impossible while running (a bug in the rule file)."""

    def __init__(self, message: str, where: Where | None = None):
        self.message = message
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)

    def __reduce__(self):
        return type(self), (self.message, self.where)


# ---------------------------------------------------------------------- players


class MoveError(BrassError, ValueError):
    """A move given by a player cannot be played."""


class InvalidMoveError(MoveError):
    """The text is not a move in the notation."""


class IllegalMoveError(MoveError):
    """The move is well formed but the rules forbid it now.

    ``reasons`` lists every reason found, in the rulebook's words.
    """

    def __init__(self, move_text: str, reasons: list[str], summary: str = ""):
        self.move_text = move_text
        self.reasons = list(reasons)
        self.summary = summary
        head = summary or f"illegal move {move_text!r}"
        if self.reasons:
            text = head + ": " + "; ".join(self.reasons)
        else:
            text = head
        super().__init__(text)

    def __reduce__(self):
        # Built from its parts, so that it crosses to and from worker processes (brass arena).
        return type(self), (self.move_text, self.reasons, self.summary)


class AmbiguousMoveError(MoveError):
    """The text fits several legal moves; ``candidates`` lists them."""

    def __init__(self, move_text: str, candidates: list[str]):
        self.move_text = move_text
        self.candidates = list(candidates)
        shown = ", ".join(self.candidates[:8])
        more = f" and {len(self.candidates) - 8} more" if len(self.candidates) > 8 else ""
        super().__init__(f"ambiguous move {move_text!r}: {_say_which(self.candidates)}it could be {shown}{more}")

    def __reduce__(self):
        return type(self), (self.move_text, self.candidates)


def _say_which(candidates: list[str]) -> str:
    """'say which card (a, b, c); ' for the first choice the candidate moves differ in."""
    moves = [dict(word.split("=", 1) for word in text.split()[1:] if "=" in word) for text in candidates]
    for key in dict.fromkeys(key for move in moves for key in move):
        values = list(dict.fromkeys(move.get(key, "") for move in moves))
        if len(values) > 1 and all(values):
            shown = ", ".join(values[:8]) + (f", ... ({len(values)} in all)" if len(values) > 8 else "")
            return f"say which {key} ({shown}); "
    return ""


class SetupError(BrassError):
    """A game cannot be set up as asked (player count, a given deck order...)."""


class GameOverError(MoveError):
    """A move was given after the game ended."""


class UndoError(BrassError):
    """Nothing can be undone: the last move was another player's, or a card was drawn since."""


class SlowRulesWarning(UserWarning):
    """Rules run on the interpreter where the generated code would run them: the
    generator declines them, or its code met what it did not expect. The game is
    right either way (the interpreter is the reference), only slower."""


class RecordError(BrassError):
    """A saved game record cannot be loaded or replayed; the message says why."""


class SaveError(BrassError):
    """A game could not be saved (a folder where the file should be, no such folder,
    a full disk); the message says which file and why. Nothing was written, and the
    game goes on."""
