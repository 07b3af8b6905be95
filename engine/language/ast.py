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
