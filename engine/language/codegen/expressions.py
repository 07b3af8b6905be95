"""Expressions as Python source, with their type and the state they read.

Each rule expression becomes one Python expression. Names were resolved when
the rules were compiled (:mod:`brass.language.compiler` has already refused
unknown ones), so here a name is a local variable, a setting's value, a
definition (inlined), a resource, or a word of the vocabulary. Where the type of
an object is known, an attribute is read directly (``tile.type.level``), else
through the same look-up the interpreter uses.

Rule text never becomes code: names are mangled, values go into a table of
constants, and only the generator's own templates are written out.
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass, field, fields, replace
from typing import Any

from ...errors import Where
from ...model.state import BoardTile
from ...model.static import Card, Era, Industry, Line, Location, Market, Slot, Space, TileType, Token
from .. import ast
from ..attributes import ATTRIBUTES, INFO, reads_of_attribute
from ..effects import EVERYTHING, NOTHING, TILES
from ..expressions import AGGREGATES
from ..limits import MAX_WHOLE
from ..types import ListOf, item_type

# Board objects: fixed for the game, so anything computed only from them can be kept.
STATIC_CLASSES = (Location, Slot, Space, Line, Industry, TileType, Card, Token, Market, Era)
_STATIC_VALUES = STATIC_CLASSES + (int, str, bool)
_FIELDS = {cls: "{0}.fields" for cls in STATIC_CLASSES} | {BoardTile: "{0}.type.fields"}
_INLINE_DEPTH = 12  # definitions inlined within definitions, at most (deeper: called)
# The most source one inlined definition may become (the rulebooks' longest is about
# 500 characters); a longer one is called. Without it a definition that uses the one
# below it four times, thirteen deep, would be written out 4**13 times.
_INLINE_CHARS = 4000


class Unsupported(Exception):
    """Rule code the generator does not translate; the interpreter runs it instead."""


@dataclass(frozen=True)
class Code:
    """A Python expression and what the generator knows of it."""

    src: str
    type: Any = None
    reads: frozenset = NOTHING  # state regions its value depends on
    names: frozenset = frozenset()  # Python names of the variables it uses
    const: bool = False  # its value depends on the ruleset alone (fixed for every game)

    def static(self) -> bool:
        """Its value depends only on its variables, which are board objects (or plain values)."""
        return not self.reads


def is_static_type(kind) -> bool:
    return isinstance(kind, type) and issubclass(kind, _STATIC_VALUES)


@dataclass
class Env:
    """Rule variables in scope: name -> Code that reads it."""

    names: dict = field(default_factory=dict)

    def child(self, **bound) -> "Env":
        names = dict(self.names)
        names.update(bound)
        return Env(names)

    def __contains__(self, name) -> bool:
        return name in self.names

    def __getitem__(self, name) -> Code:
        return self.names[name]


def _union(codes, attr):
    result = frozenset()
    for code in codes:
        result |= getattr(code, attr)
    return result


def _combine(src: str, kind, *parts: Code, reads=NOTHING, const=True) -> Code:
    """A code made of parts: it reads what they read; it is constant if they all are."""
    return Code(src, kind, _union(parts, "reads") | reads, _union(parts, "names"), const and all(p.const for p in parts))


_CALL = re.compile(r"[A-Za-z_]\w*\(")


_COMPARE = {"==", "!=", "<", "<=", ">", ">="}
_ARITHMETIC = {"+", "-", "*", "//", "%"}
_CHECKED = {"+": "ADD", "-": "SUB", "*": "MUL"}  # bound in the generated module to brass.language.limits
_FOLD = {"+": operator.add, "-": operator.sub, "*": operator.mul}
_NUMBER = re.compile(r"-?[0-9]+")


_TILES_ONLY = frozenset({TILES})


class ExpressionGenerator:
    """Translates expression nodes; ``context`` is the ruleset's generator.

    Two things are done on the way. An expression that costs a call and whose
    value is fixed for the ruleset (``[l for l in locations if l.market_access]``)
    is computed once and kept. And while a choice's filters are written
    (:meth:`hoisting`), a costly part that does not depend on the candidate
    (``you.network``) is computed once before the loop over the candidates."""

    def __init__(self, context):
        self.context = context
        self._depth = 0
        self._hoist = None  # (candidate names, [(name, source)]) while hoisting
        self._enclosing: list = []  # names bound by the comprehensions being written
        self._iterables = 0  # writing a comprehension's iterable (Python allows no := there)
        self._lookups: dict = {}  # id of an any() over a location's tiles -> the set that answers it
        self._too_long: set = set()  # definitions too long to inline (_INLINE_CHARS): called

    def gen(self, node: ast.Expr, env: Env) -> Code:
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:  # pragma: no cover - every node kind is handled
            raise Unsupported(f"expression {type(node).__name__}")
        code = method(node, env)
        if isinstance(node, ast.Name) or not (_CALL.search(code.src) or " for " in code.src):
            return code  # a variable's code is dealt with where it is made; cheap code is left
        if code.const and not code.names:
            return self.context.kept(code)
        if code.reads == _TILES_ONLY and not code.names and self.context.tiles_tracked:
            return self.context.kept_while_tiles(code)
        if self._hoist is not None and not self._iterables:
            variant, sink = self._hoist
            bound = variant.union(*self._enclosing)
            if not (code.names & bound):
                name = next((n for n, source in sink if source == code.src), None)
                if name is None:
                    name = self.context.fresh("h")
                    sink.append((name, code.src))
                # Computed where first needed, then kept for the other candidates.
                return replace(code, src=f"({name} if {name} is not UNSET else ({name} := {code.src}))")
        return code

    def hoisting(self, candidate: str):
        """Start hoisting from filters over ``candidate``; returns the list of the
        hoisted parts (name, source): each name must be set to UNSET before the filters."""
        sink: list = []
        self._hoist = (frozenset({candidate}), sink)
        return sink

    def stop_hoisting(self) -> None:
        self._hoist = None

    # -- leaves
    def _Const(self, node, env):
        return Code(self.context.const(node.value), type(node.value) if node.value is not None else None, const=True)

    def _Template(self, node, env):
        parts = [self.context.const(p) if isinstance(p, str) else self.gen(p, env) for p in node.parts]
        if all(isinstance(p, str) for p in parts):
            return Code(self.context.const("".join(node.parts)), str, const=True)
        codes = [p for p in parts if isinstance(p, Code)]
        items = ", ".join(p if isinstance(p, str) else f"DISPLAY({p.src})" for p in parts)
        return _combine(f"''.join(({items},))", str, *codes)

    def _Name(self, node, env):
        name = node.id
        if name in env:
            return env[name]
        context = self.context
        if name in context.settings:
            value = context.settings[name]
            return Code(context.const(value), type(value) if isinstance(value, (int, str, bool)) else None, const=True)
        if name in context.defines:
            return self.define_call(name, [], node.where)
        if name in context.resources:
            return Code(context.const(context.resources[name]), const=True)
        word = context.vocabulary.names.get(name)
        if word is None:  # pragma: no cover - the compiler refused it already
            raise Unsupported(f"unknown name {name!r}")
        if word.inline is not None:
            return Code(word.inline, word.returns, word.reads, const=word.constant)
        return Code(f"{context.bind('N_' + name, word.fn)}(S)", word.returns, word.reads, const=word.constant)

    def _Attribute(self, node, env):
        obj = self.gen(node.obj, env)
        name = node.name
        kind = obj.type
        info = INFO.get((kind, name)) if isinstance(kind, type) else None
        if info is not None:
            fixed = not info.reads and kind in STATIC_CLASSES  # a board object's own attribute
            if info.inline is not None:
                return _combine(info.inline.format(f"({obj.src})"), info.returns, obj, reads=info.reads, const=fixed)
            getter = self.context.bind(f"G_{kind.__name__}_{name}", info.getter)
            return _combine(f"{getter}({obj.src}, S)", info.returns, obj, reads=info.reads, const=fixed)
        if kind in _FIELDS and name not in ATTRIBUTES.get(kind, ()):
            # A field of the ruleset's data: fixed for the object.
            return _combine(f"{_FIELDS[kind].format(f'({obj.src})')}[{name!r}]", None, obj, const=kind in STATIC_CLASSES)
        return _combine(f"GET({obj.src}, {name!r}, S)", None, obj, reads=reads_of_attribute(name), const=False)

    def _Index(self, node, env):
        obj = self.gen(node.obj, env)
        key = self.gen(node.key, env)
        return _combine(f"({obj.src})[{key.src}]", item_type(obj.type), obj, key)

    def _Call(self, node, env):
        context = self.context
        if node.func in context.defines:
            return self.define_call(node.func, [self.gen(a, env) for a in node.args], node.where)
        word = context.vocabulary.functions.get(node.func)
        if word is None:  # pragma: no cover - the compiler refused it already
            raise Unsupported(f"unknown function {node.func!r}")
        args = [self.gen(a, env) for a in node.args]
        kwargs = [(k, self.gen(v, env)) for k, v in node.kwargs]
        every = args + [v for _, v in kwargs]
        if word.inline is not None and not kwargs:
            if "{*}" in word.inline:
                src = word.inline.replace("{*}", ", ".join(a.src for a in args))
            else:
                src = word.inline.format(*[f"({a.src})" for a in args])
            return _combine(src, word.returns, *every, reads=word.reads, const=word.constant)
        fn = context.bind("F_" + node.func, word.fn)
        written = ", ".join(["S"] + [a.src for a in args] + [f"{k}={v.src}" for k, v in kwargs])
        return _combine(f"{fn}({written})", word.returns, *every, reads=word.reads, const=word.constant)

    # -- definitions: inlined (their parameters bound to the arguments' code)
    def define_call(self, name: str, args: list, where: Where) -> Code:
        decl = self.context.defines[name]
        params = decl.params or ()
        if self._depth >= _INLINE_DEPTH or name in self._too_long:
            return self._called(name, args)  # deep, recursive or long: the generated function
        code = self._inlined(name, decl, params, args)
        if len(code.src) > _INLINE_CHARS:
            self._too_long.add(name)  # every later use calls it; this one too
            return self._called(name, args)
        return code

    def _called(self, name: str, args: list) -> Code:
        fn = self.context.define_function(name)
        written = ", ".join(["S"] + [a.src for a in args])
        return _combine(f"{fn}({written})", None, *args, reads=EVERYTHING, const=False)

    def _inlined(self, name: str, decl, params, args: list) -> Code:
        bound = {param: Code(f"({arg.src})", arg.type, arg.reads, arg.names, arg.const) for param, arg in zip(params, args)}
        self._depth += 1
        try:
            if all(_trivial(a.src) for a in args):
                code = self.gen(decl.value, Env(bound))
                # The arguments are written where it is used, whether or not the body reads
                # them: what they name must be bound there (the analyses see them used).
                return replace(code, names=code.names | _union(args, "names"))
            # An argument worth evaluating once: bound by a lambda, as a call would.
            names = {p: self.context.fresh("a_" + p) for p in params}
            inner = Env({p: Code(names[p], a.type, NOTHING, frozenset({names[p]}), a.const) for p, a in zip(params, args)})
            self._enclosing.append(frozenset(names.values()))
            try:
                body = self.gen(decl.value, inner)
            finally:
                self._enclosing.pop()
            lambda_ = f"(lambda {', '.join(names[p] for p in params)}: {body.src})"
            code = _combine(f"{lambda_}({', '.join(a.src for a in args)})", body.type, body, *args)
            return replace(code, names=code.names - frozenset(names.values()))
        finally:
            self._depth -= 1

    # -- collections
    def _iterable(self, node, env: Env) -> Code:
        self._iterables += 1
        try:
            return self.gen(node, env)
        finally:
            self._iterables -= 1

    def _bound(self, var: str, iterable: Code, env: Env):
        python = self.context.fresh("c_" + var)
        return python, env.child(**{var: Code(python, item_type(iterable.type), NOTHING, frozenset({python}), iterable.const)})

    def _inside(self, var: str, nodes, env: Env) -> list:
        """Write the parts of a comprehension over ``var``: they may use it, nothing outside may."""
        self._enclosing.append(frozenset({var}))
        try:
            return [self.gen(n, env) if n is not None else None for n in nodes]
        finally:
            self._enclosing.pop()

    def _Aggregate(self, node, env):
        if node.func not in AGGREGATES:  # pragma: no cover - the compiler refused it already
            raise Unsupported(f"aggregate {node.func}")
        lookup = self._lookups.get(id(node))
        if lookup is not None:  # any of a location's tiles, found once for all locations (_decorrelate)
            location = self.gen(node.iterable.obj, env)
            return _combine(f"(({location.src}).index in {lookup})", bool, location, Code(lookup, None, _TILES_ONLY, frozenset({lookup})))
        iterable = self._iterable(node.iterable, env)
        var, inner = self._bound(node.var, iterable, env)
        element, condition = self._inside(var, (node.element, node.condition), inner)
        guard = f" if {condition.src}" if condition is not None else ""
        loop = f"for {var} in {iterable.src}{guard}"
        parts = [p for p in (iterable, element, condition) if p is not None]
        func = node.func
        if func == "count":
            src = f"sum(1 {loop} if {element.src})"
        elif func in ("min", "max"):
            src = f"{func}(({element.src} {loop}), default=None)"
        else:
            src = f"{func}({element.src} {loop})"
        return _without(_combine(src, int if func in ("count", "sum") else (bool if func in ("any", "all") else None), *parts), var)

    def _Ordering(self, node, env):
        iterable = self._iterable(node.iterable, env)
        var, inner = self._bound(node.var, iterable, env)
        keys = self._inside(var, node.keys, inner)
        key_tuple = "(" + "".join(k.src + ", " for k in keys) + ")"
        src = f"sorted({iterable.src}, key=lambda {var}: {key_tuple})"
        return _without(_combine(src, ListOf(item_type(iterable.type)), iterable, *keys), var)

    def _ListExpr(self, node, env):
        items = [self.gen(i, env) for i in node.items]
        return _combine("[" + ", ".join(i.src for i in items) + "]", ListOf(items[0].type if items else None), *items)

    def _Comprehension(self, node, env):
        iterable = self._iterable(node.iterable, env)
        var, inner = self._bound(node.var, iterable, env)
        sets = self._decorrelate(node, iterable, env)
        element, condition = self._inside(var, (node.element, node.condition), inner)
        guard = f" if {condition.src}" if condition is not None else ""
        unique = isinstance(iterable.type, ListOf) and iterable.type.unique and element.src == var
        parts = [p for p in (iterable, element, condition) if p is not None] + [code for _, code in sets]
        once = "".join(f"for {name} in ({code.src},) " for name, code in sets)  # computed once, before the candidates
        src = f"[{element.src} {once}for {var} in {iterable.src}{guard}]"
        code = _without(_combine(src, ListOf(element.type, unique=unique), *parts), var)
        return replace(code, names=code.names - {name for name, _ in sets})

    def _decorrelate(self, node, iterable: Code, env: Env) -> list:
        """``[l for l in locations if ... any(t.industry.id == "port" for t in l.tiles)]``
        looks at every location's tiles; the same test over the tiles on the board,
        once, gives the locations that pass it: the candidates are then looked up.
        For each such ``any`` (testing nothing of the location but its tiles), the
        set's name and code; the any is then written as a look-up (see _Aggregate)."""
        if node.condition is None or item_type(iterable.type) is not Location:
            return []
        sets = []
        for found in _tile_tests(node.condition, node.var):
            tile = self.context.fresh("c_" + found.var)
            tile_env = env.child(**{found.var: Code(tile, BoardTile, NOTHING, frozenset({tile}))})
            self._iterables += 1  # it stands in a comprehension's iterable: no := inside
            try:
                tests = [self.gen(n, tile_env) for n in (found.condition, found.element) if n is not None]
            finally:
                self._iterables -= 1
            test = " and ".join(f"({t.src})" for t in tests)
            src = f"{{{tile}.slot.location.index for {tile} in ST.slot_tiles if {tile} is not None and {test}}}"
            name = self.context.fresh("s_tiles")
            sets.append((name, _without(_combine(src, None, *tests, reads=_TILES_ONLY), tile)))
            self._lookups[id(found)] = name
        return sets

    # -- operators
    def _Ternary(self, node, env):
        condition, then, otherwise = self.gen(node.condition, env), self.gen(node.then, env), self.gen(node.otherwise, env)
        kind = then.type if then.type == otherwise.type else None
        return _combine(f"({then.src} if {condition.src} else {otherwise.src})", kind, condition, then, otherwise)

    def _BoolOp(self, node, env):
        values = [self.gen(v, env) for v in node.values]
        kind = values[0].type if all(v.type == values[0].type for v in values) else None
        return _combine("(" + f" {node.op} ".join(v.src for v in values) + ")", kind, *values)

    def _Not(self, node, env):
        value = self.gen(node.value, env)
        return _combine(f"(not {value.src})", bool, value)

    def _Compare(self, node, env):
        left = self.gen(node.left, env)
        rights = [self.gen(r, env) for r in node.rights]
        if any(op not in _COMPARE for op in node.ops):  # pragma: no cover
            raise Unsupported("comparison")
        src = left.src + "".join(f" {op} {r.src}" for op, r in zip(node.ops, rights))
        return _combine(f"({src})", bool, left, *rights)

    def _Membership(self, node, env):
        item = self.gen(node.item, env)
        container = self.gen(node.container, env)
        op = "not in" if node.negated else "in"
        return _combine(f"({item.src} {op} {container.src})", bool, item, container)

    def _BinOp(self, node, env):
        if node.op not in _ARITHMETIC:  # the compiler refuses '/'
            raise Unsupported(f"operator {node.op}")
        left, right = self.gen(node.left, env), self.gen(node.right, env)
        kind = int if left.type is int and right.type is int else None
        checked = _CHECKED.get(node.op)
        if checked is None:  # a quotient or remainder is no bigger than its operands
            return _combine(f"({left.src} {node.op} {right.src})", kind, left, right)
        # The interpreter's check of the result's size (limits.py): worked out now for
        # two numbers as written, else by the interpreter's own function.
        if _NUMBER.fullmatch(left.src) and _NUMBER.fullmatch(right.src):
            value = _FOLD[node.op](int(left.src), int(right.src))
            if -MAX_WHOLE <= value <= MAX_WHOLE:
                return Code(repr(value), int, const=True)
        elif kind is int:  # two whole numbers: the result's size checked by one short call
            return _combine(f"WHOLE({left.src} {node.op} {right.src})", int, left, right)
        return _combine(f"{checked}({left.src}, {right.src})", kind, left, right)

    def _Neg(self, node, env):
        value = self.gen(node.value, env)
        return _combine(f"(-{value.src})", value.type if value.type is int else None, value)


def _tile_tests(condition, var: str) -> list:
    """The ``any(... for t in VAR.tiles ...)`` in a condition whose test uses nothing of
    VAR but its tiles (so it is a test of single tiles)."""
    found = []

    def walk(node):
        if isinstance(node, ast.Aggregate) and node.func == "any" and node.iterable == ast.Attribute(None, ast.Name(None, var), "tiles"):
            if node.var != var and not _mentions(node.element, var) and not _mentions(node.condition, var):
                found.append(node)
                return
        if isinstance(node, (ast.Aggregate, ast.Comprehension)) and node.var == var:
            return  # the name means something else in there
        for child in _children(node):
            walk(child)

    walk(condition)
    return found


def _mentions(node, var: str) -> bool:
    if node is None:
        return False
    if isinstance(node, ast.Name):
        return node.id == var
    return any(_mentions(child, var) for child in _children(node))


def _children(node) -> list:
    """The expression nodes directly inside a node."""
    result = []
    for f in fields(node):
        if f.name == "where":
            continue
        value = getattr(node, f.name)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, tuple):
                result.extend(x for x in item if isinstance(x, ast.Expr))
            elif isinstance(item, ast.Expr):
                result.append(item)
    return result


def _without(code: Code, var: str) -> Code:
    """A comprehension's own variable is not among the names it uses."""
    return replace(code, names=code.names - {var})


def _trivial(src: str) -> bool:
    """Cheap and pure enough to evaluate twice: a name, a number, a plain attribute chain."""
    text = src.replace("(", "").replace(")", "")
    return text.replace(".", "").replace("_", "").isalnum() or text.startswith("'") and "'" not in text[1:-1]
