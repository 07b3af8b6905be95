"""The run-time side of the rule language: one execution of rule code.

Rule code runs as a backtracking search. Each decision point (``choose``,
``optionally``, the player's say in a ``repeat``, a choice a keyword offers,
such as where coal comes from) tries its options one by one; every change to
the state goes through the journal and is rolled back when a branch fails or
has been explored. One mechanism serves four uses:

* ``enumerate``: every complete, legal path (the legal moves);
* ``random``: the first legal path with options tried in random order (bots);
* ``parse``: the paths that fit a move written in notation, where omitted
  choices are filled in when only one option exists;
* ``replay``: one recorded path, decision by decision.

A path stops early, and counts as complete for the player who made it, when
the next decision belongs to another player or follows a ``reveal`` (a draw of
hidden information), so that a move never depends on what its player cannot see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ..errors import Where
from .limits import MAX_STEPS, too_much_work


@dataclass(frozen=True)
class Decision:
    """One decision on a path: what was decided, and how it is written."""

    key: str  # the name of the decision (a choose's variable, a resource, ...)
    text: str  # the chosen option as written in notation
    printed: bool  # part of the move's notation?
    kind: str  # choose | option | more | action
    player: int = -1

    def token(self) -> str:
        if self.kind == "action":
            return self.text
        if self.kind == "option":
            return self.key
        return f"{self.key}={self.text}"


@dataclass
class Failure:
    """Why a path failed, where the rule is, and what the rulebook says."""

    message: str
    where: Optional[Where]
    cite: Optional[str]
    depth: int  # decisions taken before the failure: deeper is more telling
    describe: Optional[str] = None  # what the action was, as its describe line says, when known
    authored: bool = True  # written by the rule's author (a require, a where), not a keyword's own words
    path: tuple = ()  # the decisions taken before it, to tell which failures share a path
    # On a path that took a choice's only option although something else was written for
    # it (see decisions._forced_past): why such a path fails says less than that refusal.
    speculative: bool = False

    def text(self, with_cite: bool = True) -> str:
        if with_cite and self.cite:
            return f"{self.message} ({self.cite})"
        return self.message


class Stop(Exception):
    """Raised inside rule code to abandon the current path (never escapes a run)."""


@dataclass
class Frame:
    """Variables of one block of rule code and the run it belongs to."""

    __slots__ = ("vars", "run")
    vars: dict
    run: "Run"


class RuleRun:
    """What keywords and functions are given, whichever engine runs the rules: the
    interpreter's :class:`Run` and generated code's
    :class:`~brass.language.codegen.search.Search` both are one.

    ``run.state`` is the game state, ``run.journal`` records changes, ``run.you``
    is the acting player (or ``None`` in a procedure no player acts in),
    ``run.board`` the static data, ``run.rules`` the compiled rules."""

    def __init__(self, game, mode: str, you, rng, mover):
        self.game = game
        self.rules = game.rules
        self.state = game.state
        self.board = game.state.board
        self.journal = game.state.journal
        self.you = you
        self.mode = mode
        self.rng = rng
        self.mover = mover  # index of the player whose move this is, if any
        self.steps = 0  # options tried and rounds run: at most limits.MAX_STEPS
        self.reveals = 0  # reveals of hidden information run so far


class Run(RuleRun):
    """State of one execution of rule code against a game, by the interpreter."""

    def __init__(self, game, mode: str, *, you=None, tokens=None, rng=None, mover=None, diagnose=False):
        super().__init__(game, mode, you, rng, mover)  # mode: enumerate | random | parse | replay
        self.tokens = list(tokens or ())  # (key, text) pairs still to match
        self.position = 0  # next token in strict order (replay, and the prefix)
        self.prefix = 0  # tokens before this are decisions of earlier moves, replayed strictly
        self.used = frozenset()  # in parse mode, the tokens after the prefix already matched
        self.in_order = True  # parse mode: tokens must come in the rules' order (else by name)
        # Parse mode, by name: may a choice written several times take its values in
        # any order (each decision branching over the written values that fit it)?
        self.values_any_order = False
        # Parse mode: written tokens left for a later choice by a choice with one option
        # (never written), each with why it did not fit there: said if nothing takes it.
        self.forced_past: dict = {}
        self.diagnose = diagnose  # keep going after a failed require, to list every reason
        self.explains = mode in ("parse", "replay")  # only these report why a path failed
        self.path: list[Decision] = []
        self.failures: list[Failure] = []
        self.reveals_before = 0  # how many of them earlier moves of this frame made
        self.stopped: Optional[tuple] = None  # why the path ended early
        self.describe: Optional[Any] = None  # the action's describe template and frame

    # -- tokens (parse and replay modes)
    def peek(self):
        """The next token in strict order, or in parse mode the first not yet matched."""
        if self.position < self.prefix or self.mode != "parse":
            if self.position < len(self.tokens):
                return self.tokens[self.position]
            return None
        for index in range(self.prefix, len(self.tokens)):
            if index not in self.used:
                return self.tokens[index]
        return None

    def find(self, key: str, bare: bool = False):
        """In parse mode: the first unmatched token named ``key`` (a bare word if ``bare``)."""
        for index in range(max(self.prefix, self.position), len(self.tokens)):
            if index in self.used:
                continue
            token_key, text = self.tokens[index]
            if token_key == key and (text is None) == bare:
                return index
            if self.in_order:
                return None  # only the next unmatched token may match
        return None

    def next_index(self) -> Optional[int]:
        """In parse mode: the index of the first token not yet matched (see peek)."""
        for index in range(max(self.prefix, self.position), len(self.tokens)):
            if index not in self.used:
                return index
        return None

    def written(self, key: str) -> list:
        """In parse mode: every unmatched token named ``key`` with a value (their indices)."""
        start = max(self.prefix, self.position)
        return [i for i in range(start, len(self.tokens)) if i not in self.used and self.tokens[i][0] == key and self.tokens[i][1] is not None]

    @property
    def exhausted(self) -> bool:
        if self.mode == "parse" and self.position >= self.prefix:
            return len(self.used) >= len(self.tokens) - self.prefix
        return self.position >= len(self.tokens)

    def step(self) -> None:
        """One more option tried or round run (limits.MAX_STEPS)."""
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise too_much_work()

    def take(self, decision: Decision, consumed: bool) -> tuple:
        """Record a decision on the path (journaled, so rollback forgets it)."""
        saved = self.position
        if consumed:
            self.position += 1
        self.journal.append(self.path, decision)
        return saved

    def untake(self, saved: int) -> None:
        self.position = saved

    @property
    def revealed(self) -> bool:
        """Has this move revealed hidden information (so it must end)?"""
        return self.reveals > self.reveals_before

    # -- failures
    def fail(self, message, where: Optional[Where] = None, cite: Optional[str] = None, authored: bool = True) -> None:
        """Record why a path failed; ``message`` may be a function of no arguments."""
        if not self.explains:
            return
        if callable(message):
            message = message()
        describe = None
        if self.describe is not None:
            template, frame = self.describe
            try:
                describe = template(frame)
            except Exception:
                describe = None
        path = tuple((d.key, d.text) for d in self.path)
        self.failures.append(Failure(message, where, cite, len(path), describe, authored, path, bool(self.forced_past)))

    def fail_again(self, failure: Failure) -> None:
        """Record an earlier failure again where the path now stands (it says why this path fails too)."""
        path = tuple((d.key, d.text) for d in self.path)
        self.failures.append(Failure(failure.message, failure.where, failure.cite, len(path), failure.describe, failure.authored, path))

    def best_failures(self) -> list[Failure]:
        """Every failure on the path that got furthest, in order, without repeats."""
        if not self.failures:
            return []
        failures = [f for f in self.failures if not f.speculative] or self.failures
        furthest = max(failures, key=lambda f: f.depth)
        candidates = [f for f in failures if furthest.path[: len(f.path)] == f.path]
        if any(f.authored for f in candidates):
            # The rule author's words come first: a keyword's complaint after a
            # failed require is usually its consequence.
            candidates = [f for f in candidates if f.authored]
        seen = set()
        result = []
        for failure in candidates:
            if failure.message not in seen:
                seen.add(failure.message)
                result.append(failure)
        return result

    # -- rule code that keywords run
    def clause(self, compiled, **names):
        """The value of a compiled clause (a resource's ``where``...) with these names bound."""
        return compiled(Frame(names, self))

    # -- events
    def fire(self, event: str, *args) -> bool:
        """Run the ruleset's handlers for an engine event; False if one failed."""
        for handler in self.rules.handlers.get(event, ()):
            if not handler.run(self, args):
                return False
        return True
