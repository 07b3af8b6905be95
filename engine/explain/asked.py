"""When rule code asks for a choice: the conditions around the statement that asks.

A move written with a choice its action does not ask for now (a second link in
the Canal era) is refused; this says *why* it is not asked, in the rules' words:
"second_link is chosen only when it is not the Canal era".
"""

from __future__ import annotations

from typing import Optional

from ..language import ast


def guards(body, key: str, declarations: dict, seen: frozenset = frozenset()) -> Optional[list]:
    """The conditions (each a syntax-tree expression) under which the first statement of
    ``body`` that asks for ``key`` (a ``choose`` or ``optionally`` of that name) runs;
    [] if always, None if nothing in the code asks for it. Calls are followed into
    the procedures they call (``declarations``: the compiled rules' syntax trees by
    (kind, name))."""
    for stmt in body:
        if isinstance(stmt, (ast.Choose, ast.Optionally)) and stmt.name == key:
            return []
        if isinstance(stmt, ast.Optionally):
            found = guards(stmt.body, key, declarations, seen)
            if found is not None:
                return found
        elif isinstance(stmt, ast.If):
            earlier = []  # an elif runs only when the tests before it failed
            for test, branch in stmt.branches:
                found = guards(branch, key, declarations, seen)
                if found is not None:
                    return earlier + [test] + found
                earlier.append(ast.Not(test.where, test))
            found = guards(stmt.otherwise, key, declarations, seen)
            if found is not None:
                return earlier + found
        elif isinstance(stmt, (ast.For, ast.Repeat)):
            found = guards(stmt.body, key, declarations, seen)
            if found is not None:
                return found
        elif isinstance(stmt, ast.CallProcedure) and ("procedure", stmt.name) in declarations and stmt.name not in seen:
            found = guards(declarations["procedure", stmt.name].body, key, declarations, seen | {stmt.name})
            if found is not None:
                return found
    return None


def only_when(declaration, key: str, declarations: dict, ruleset=None) -> Optional[str]:
    """'chosen only when ...' for a choice its declaration asks for under conditions;
    None if it always asks for it, or never."""
    from . import explain_expression

    found = guards(declaration.body, key, declarations)
    if not found:
        return None
    return " and ".join(explain_expression(test, ruleset, condition=True) for test in found)
