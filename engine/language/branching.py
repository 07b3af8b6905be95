"""Can this code branch? A static fact about rule code, asked by the compiler and
by the code generator alike (so a new kind of statement is taught here once).

Code branches where a player decides (``choose``, ``optionally``, a repeat the
player may stop, a choice keyword, a procedure that does any of these) and where
a ``stop`` may end the move: the interpreter then runs it as a search, and the
generator writes it as loops over options rather than straight-line code.
"""

from __future__ import annotations

from typing import Callable, Optional

from . import ast


class Branching:
    """Answers for one ruleset; ``body_of(name)`` is a procedure's statements (None if unknown)."""

    def __init__(self, vocabulary, body_of: Callable[[str], Optional[tuple]]):
        self.vocabulary = vocabulary
        self.body_of = body_of
        self._procedures: dict = {}

    def decides(self, stmts) -> bool:
        """Can these statements branch?"""
        for stmt in stmts:
            if isinstance(stmt, (ast.Choose, ast.Optionally, ast.Stop)):
                return True  # (a stop is not a decision, but it branches the same way)
            if isinstance(stmt, ast.Repeat):
                if stmt.mode in ("between", "at_least") or self.decides(stmt.body):
                    return True
            elif isinstance(stmt, ast.Command):
                word = self.vocabulary.keywords.get(stmt.name)
                if word is not None and word.kind == "choice":
                    return True
            elif isinstance(stmt, ast.If):
                if any(self.decides(body) for _, body in stmt.branches) or self.decides(stmt.otherwise):
                    return True
            elif isinstance(stmt, ast.For):
                if self.decides(stmt.body):
                    return True
            elif isinstance(stmt, ast.CallProcedure):
                if self.procedure_decides(stmt.name):
                    return True
        return False

    def procedure_decides(self, name: str) -> bool:
        """Can a call of this procedure branch?"""
        if name not in self._procedures:
            self._procedures[name] = False  # a procedure that calls itself: decided by the rest of it
            body = self.body_of(name)
            self._procedures[name] = body is not None and self.decides(body)
        return self._procedures[name]
