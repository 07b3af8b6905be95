"""Writing Python source: indented lines, and continuations.

Generated rule code is written in continuation-passing style: a decision is a
``for`` loop over its options, and everything after it in the rules is the
loop's body. Where the rest must run from several places (after each branch
of an ``if``, or once per round of a ``repeat``), it becomes a nested function,
called where the interpreter would have gone on.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Callable, Optional

from .expressions import Env


WIDTH = 100  # generated lines longer than this are broken inside their brackets

_OPENING = {"(": ")", "[": "]", "{": "}"}
_BREAK_BEFORE = frozenset({"and", "or", "for", "if", "else"})


def wrapped(text: str, width: int = WIDTH) -> list[str]:
    """A line of generated code as lines of at most ``width`` where it can be
    broken: inside its outermost long bracket, after each comma at its top level
    or, if none, before each ``and``, ``or``, ``for``, ``if`` and ``else``; each
    part one level further in, and broken again if still too long. Python reads
    the lines as the one line (a line inside brackets goes on)."""
    if len(text) <= width or text.lstrip().startswith("#"):
        return [text]
    tokens = _tokens(text)
    if tokens is None:
        return [text]
    return _wrap(text, tokens, 0, len(text), width)


def _wrap(text: str, tokens: list, begin: int, end: int, width: int) -> list[str]:
    """text[begin:end] (whose tokens are ``tokens``) broken as :func:`wrapped` says."""
    piece = text[begin:end].strip()
    if len(piece) <= width:
        return [piece]
    span = _longest_bracket(tokens)
    if span is None:
        return [piece]
    start, close = span
    open_at, close_at = tokens[start][1], tokens[close][1]
    inner = tokens[start + 1 : close]
    cuts = _cuts(inner, open_at + 1)
    if not cuts and close_at - open_at < width // 2:
        return [piece]
    lines = [text[begin : open_at + 1].strip()]
    bounds = [open_at + 1] + cuts + [close_at]
    for low, high in zip(bounds, bounds[1:]):
        if text[low:high].strip():
            part = [t for t in inner if low <= t[1] < high]
            lines.extend("    " + line for line in _wrap(text, part, low, high, width - 4))
    lines.append(text[close_at:end].strip())
    return lines


def _tokens(text: str):
    """(string, offset, depth) of each token of a line; None if it is not one line of Python."""
    import io
    import tokenize

    found, depth = [], 0
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER, tokenize.COMMENT):
                continue
            if token.start[0] != 1:
                return None
            if token.string in (")", "]", "}"):
                depth -= 1
            found.append((token.string, token.start[1], depth))
            if token.string in _OPENING:
                depth += 1
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    return found


def _longest_bracket(tokens):
    """The positions (in ``tokens``) of the opening and closing token of the longest
    bracket at the top level of the tokens."""
    if not tokens:
        return None
    top = min(depth for _, _, depth in tokens)
    best, length, opened = None, 0, None
    for i, (string, offset, depth) in enumerate(tokens):
        if depth != top:
            continue
        if string in _OPENING:
            opened = i
        elif opened is not None and string == _OPENING[tokens[opened][0]]:
            if offset - tokens[opened][1] > length:
                best, length = (opened, i), offset - tokens[opened][1]
            opened = None
    return best


def _cuts(inner: list, begin: int) -> list[int]:
    """Where to cut a bracket's contents: after its top-level commas, else before its
    top-level ``and``, ``or``, ``for``, ``if`` and ``else``."""
    if not inner:
        return []
    top = inner[0][2]
    commas = [offset + 1 for string, offset, depth in inner if depth == top and string == ","]
    if commas:
        return commas
    return [offset for string, offset, depth in inner if depth == top and string in _BREAK_BEFORE and offset > begin]


class Writer:
    """Lines of one generated function, each with the rule text it came from."""

    def __init__(self, origin=None):
        self.lines: list[str] = []
        self.origins: list = []  # the brass.errors.Where of each line (None: the engine's own)
        self.depth = 0
        self.origin = origin

    def line(self, text: str) -> None:
        for part in wrapped(text, WIDTH - 4 * self.depth):
            self.lines.append("    " * self.depth + part)
            self.origins.append(self.origin)

    @contextmanager
    def at(self, where):
        """Lines written inside come from this place in the rules (None: where they were)."""
        before = self.origin
        if where is not None:
            self.origin = where
        try:
            yield
        finally:
            self.origin = before

    def take(self, start: int) -> list:
        """Remove the lines from ``start`` on: (line, origin) pairs, to write again with ``put``."""
        taken = list(zip(self.lines[start:], self.origins[start:]))
        del self.lines[start:], self.origins[start:]
        return taken

    def put(self, taken: list, indent: int = 0) -> None:
        for text, origin in taken:
            self.lines.append("    " * indent + text)
            self.origins.append(origin)

    @contextmanager
    def block(self, header: str):
        self.line(header)
        self.depth += 1
        start = len(self.lines)
        yield
        if len(self.lines) == start:
            self.line("pass")
        self.depth -= 1

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


@dataclass(frozen=True)
class Ctx:
    """Where code is being written: how a failed path ends here, and the names in scope."""

    fail: str  # "continue" inside an option loop, "return" in a function, ...
    env: Env
    loops: int = 0  # loops open in the current Python function (Python allows 20)
    fast: bool = False  # the optimised variant (guards, deferred choices), for finding moves
    top: bool = False  # in the statements of an action's own body (where a choice may be deferred)
    last: Optional[str] = None  # when this holds, what follows the block is the end of the action
    apply: bool = False  # the variant that applies a move the game itself made (no options listed)
    hoist: bool = False  # no reveal and no other player's decision can stop the action partway
    checked: frozenset = frozenset()  # guards (Check.origin) checked already, nothing written since

    def with_env(self, env: Env) -> "Ctx":
        return replace(self, env=env)

    def in_loop(self) -> "Ctx":
        return replace(self, fail="continue", loops=self.loops + 1)

    def in_function(self, fail: str = "return", called_here: bool = False) -> "Ctx":
        """In a new Python function; ``called_here``: called once, where it is defined
        (so what was checked before still holds in it)."""
        return replace(self, fail=fail, loops=0, checked=self.checked if called_here else frozenset())

    def nested(self) -> "Ctx":
        """In a block inside a statement (an if's branch, a loop's body)."""
        return replace(self, top=False, last=None)


@dataclass(frozen=True)
class Cont:
    """What runs once the code written so far completes a path.

    Either a callable already named in the source (``call``: "S.leaf", "K",
    "k_3"), or code to write in place (``emit(writer, ctx)``)."""

    call: Optional[str] = None
    emit: Optional[Callable[[Writer, Ctx], None]] = None

    def write(self, w: Writer, ctx: Ctx) -> None:
        if self.call is not None:
            w.line(f"{self.call}()")
        else:
            self.emit(w, ctx)
