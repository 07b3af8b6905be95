"""The typed syntax tree of the rule language.

Every node is a frozen dataclass that remembers where it came from
(:class:`brass.errors.Where`), so any later error can point at the rule text.
The tree is produced by :mod:`brass.language.parser` and turned into
executable form by :mod:`brass.language.compiler`; nothing evaluates it raw.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from ..errors import Where


@dataclass(frozen=True)
class Node:
    where: Where = field(compare=False, repr=False)


# ------------------------------------------------------------------ expressions


class Expr(Node):
    pass


@dataclass(frozen=True)
class Const(Expr):
    value: Any


@dataclass(frozen=True)
class Template(Expr):
    """A string with ``{expression}`` holes, used for messages."""

    parts: tuple  # str or Expr, alternating as written


@dataclass(frozen=True)
class Name(Expr):
    id: str


@dataclass(frozen=True)
class Attribute(Expr):
    obj: Expr
    name: str


@dataclass(frozen=True)
class Index(Expr):
    obj: Expr
    key: Expr


@dataclass(frozen=True)
class Call(Expr):
    func: str
    args: tuple
    kwargs: tuple  # of (name, Expr)


@dataclass(frozen=True)
class Aggregate(Expr):
    """``any(x.flipped for x in tiles if ...)`` and its kin."""

    func: str
    element: Expr
    var: str
    iterable: Expr
    condition: Optional[Expr]


@dataclass(frozen=True)
class Ordering(Expr):
    """``order(p in players by p.spent)``: a stable sort, ascending."""

    var: str
    iterable: Expr
    keys: tuple


@dataclass(frozen=True)
class ListExpr(Expr):
    items: tuple


@dataclass(frozen=True)
class Comprehension(Expr):
    element: Expr
    var: str
    iterable: Expr
    condition: Optional[Expr]


@dataclass(frozen=True)
class Ternary(Expr):
    condition: Expr
    then: Expr
    otherwise: Expr


@dataclass(frozen=True)
class BoolOp(Expr):
    op: str  # "and" | "or"
    values: tuple


@dataclass(frozen=True)
class Not(Expr):
    value: Expr


@dataclass(frozen=True)
class Compare(Expr):
    left: Expr
    ops: tuple  # of str
    rights: tuple


@dataclass(frozen=True)
class Membership(Expr):
    item: Expr
    container: Expr
    negated: bool


@dataclass(frozen=True)
class BinOp(Expr):
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Neg(Expr):
    value: Expr


# ------------------------------------------------------------------- statements


class Stmt(Node):
    pass


@dataclass(frozen=True)
class Clause(Node):
    kind: str  # where | by | otherwise | limit | nearest_first
    value: Any  # Expr, Template, or None


@dataclass(frozen=True)
class Choose(Stmt):
    name: str
    count: Optional[int]
    domain: Expr
    clauses: tuple


@dataclass(frozen=True)
class Require(Stmt):
    condition: Expr
    clauses: tuple


@dataclass(frozen=True)
class Let(Stmt):
    name: str
    value: Expr


@dataclass(frozen=True)
class Cite(Stmt):
    text: str


@dataclass(frozen=True)
class Describe(Stmt):
    template: Template


@dataclass(frozen=True)
class Uses(Stmt):
    actions: int


@dataclass(frozen=True)
class Stop(Stmt):
    """The action (or procedure) ends here, successfully."""


@dataclass(frozen=True)
class CallProcedure(Stmt):
    name: str
    args: tuple
    kwargs: tuple


@dataclass(frozen=True)
class Command(Stmt):
    name: str
    args: tuple
    kwargs: tuple
    bind: Optional[str]


@dataclass(frozen=True)
class If(Stmt):
    branches: tuple  # of (Expr, tuple[Stmt])
    otherwise: tuple  # of Stmt (empty when absent)


@dataclass(frozen=True)
class For(Stmt):
    var: str
    iterable: Expr
    body: tuple


@dataclass(frozen=True)
class Repeat(Stmt):
    mode: str  # times | between | at_least | while
    low: Optional[Expr]
    high: Optional[Expr]
    condition: Optional[Expr]
    body: tuple


@dataclass(frozen=True)
class Optionally(Stmt):
    name: str
    body: tuple


# ----------------------------------------------------------------- declarations


class Decl(Node):
    name: str


@dataclass(frozen=True)
class Setting(Decl):
    name: str
    value: Expr


@dataclass(frozen=True)
class Define(Decl):
    name: str
    params: Optional[tuple]  # None: a value, () or more: a function
    value: Expr


@dataclass(frozen=True)
class Source(Node):
    kind: str  # tiles | market | offered
    arg: Optional[str]
    clauses: tuple


@dataclass(frozen=True)
class Resource(Decl):
    name: str
    tiers: tuple  # of tuple[Source]
    empty_price: Optional[Expr]
    cites: tuple


@dataclass(frozen=True)
class Action(Decl):
    name: str
    title: Optional[str]
    body: tuple


@dataclass(frozen=True)
class Procedure(Decl):
    name: str
    params: tuple
    body: tuple


@dataclass(frozen=True)
class Handler(Decl):
    name: str  # the event
    params: tuple
    body: tuple


@dataclass(frozen=True)
class RuleFile:
    path: str
    declarations: tuple


# ------------------------------------------------------------------ walking blocks


def statements_in(body, unwrap=None):
    """Every statement in a block, nested blocks included, in order. ``unwrap(node)``
    gives the statement a node stands for, where a walker keeps statements wrapped."""
    for node in body if isinstance(body, (list, tuple)) else (body,):
        if unwrap is not None:
            node = unwrap(node)
        if isinstance(node, (list, tuple)):
            yield from statements_in(node, unwrap)
        elif isinstance(node, Stmt):
            yield node
            for name in node.__dataclass_fields__:
                value = getattr(node, name)
                if isinstance(value, (list, tuple)):
                    yield from statements_in(value, unwrap)


def bound_names(body, unwrap=None) -> list:
    """The names a block sets anywhere in it, in order, once each: by ``let``,
    ``choose``, a keyword's ``as`` and a ``for``'s variable.

    The language gives a rule's variables the scope of the whole action or
    procedure, as the interpreter's one dictionary of them does: a name set inside
    an ``if``, ``for``, ``repeat`` or ``optionally`` that was set before it holds
    its new value after it (a name first set inside one is known only there)."""
    names = []
    for stmt in statements_in(body, unwrap):
        if isinstance(stmt, (Let, Choose)):
            names.append(stmt.name)
        elif isinstance(stmt, Command) and stmt.bind:
            names.append(stmt.bind)
        elif isinstance(stmt, For):
            names.append(stmt.var)
    return list(dict.fromkeys(names))
