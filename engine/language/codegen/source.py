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


class Writer:
    """Lines of one generated function, each with the rule text it came from."""

    def __init__(self, origin=None):
        self.lines: list[str] = []
        self.origins: list = []  # the brass.errors.Where of each line (None: the engine's own)
        self.depth = 0
        self.origin = origin

    def line(self, text: str) -> None:
        self.lines.append("    " * self.depth + text)
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
