"""Expressions as Python source, with their type and the state they read.

Each rule expression becomes one Python expression. Names were resolved when
the rules were compiled (:mod:`engine.language.compiler` has already refused
unknown ones), so here a name is a local variable, a setting's value, a
definition (inlined), a resource, or a word of the vocabulary. Where the type of
an object is known, an attribute is read directly (``tile.type.level``), else
through the same look-up the interpreter uses.

Rule text never becomes code: names are mangled, values go into a table of
constants, and only the generator's own templates are written out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import Where
from ...model.state import BoardTile
from ...model.static import Card, Era, Industry, Line, Location, Market, Slot, Space, TileType, Token
from .. import ast
from ..attributes import ATTRIBUTES, INFO, reads_of_attribute
from ..effects import EVERYTHING, NOTHING
from ..expressions import AGGREGATES
from ..types import ListOf, item_type

# Board objects: fixed for the game, so anything computed only from them can be kept.
STATIC_CLASSES = (Location, Slot, Space, Line, Industry, TileType, Card, Token, Market, Era)
_STATIC_VALUES = STATIC_CLASSES + (int, str, bool)
_FIELDS = {cls: "{0}.fields" for cls in STATIC_CLASSES} | {BoardTile: "{0}.type.fields"}
_INLINE_DEPTH = 12  # definitions inlined within definitions, at most (deeper: called)


class Unsupported(Exception):
    """Rule code the generator does not translate; the interpreter runs it instead."""


@dataclass(frozen=True)
class Code:
    """A Python expression and what the generator knows of it."""

    src: str
    type: Any = None
    reads: frozenset = NOTHING  # state regions its value depends on
    names: frozenset = frozenset()  # rule variables it uses

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


def _combine(src: str, kind, *parts: Code, reads=NOTHING) -> Code:
    return Code(src, kind, _union(parts, "reads") | reads, _union(parts, "names"))


_COMPARE = {"==", "!=", "<", "<=", ">", ">="}
_ARITHMETIC = {"+", "-", "*", "//", "%"}


class ExpressionGenerator:
    """Translates expression nodes; ``context`` is the ruleset's generator."""

    def __init__(self, context):
        self.context = context
        self._depth = 0

    def gen(self, node: ast.Expr, env: Env) -> Code:
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:  # pragma: no cover - every node kind is handled
            raise Unsupported(f"expression {type(node).__name__}")
        return method(node, env)

    # -- leaves
    def _Const(self, node, env):
        return Code(self.context.const(node.value), type(node.value) if node.value is not None else None)

    def _Template(self, node, env):
        parts = [self.context.const(p) if isinstance(p, str) else self.gen(p, env) for p in node.parts]
        if all(isinstance(p, str) for p in parts):
            return Code(self.context.const("".join(node.parts)), str)
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
            return Code(context.const(value), type(value) if isinstance(value, (int, str, bool)) else None)
        if name in context.defines:
            return self.define_call(name, [], node.where)
        if name in context.resources:
            return Code(context.const(context.resources[name]))
        word = context.vocabulary.names.get(name)
        if word is None:  # pragma: no cover - the compiler refused it already
            raise Unsupported(f"unknown name {name!r}")
        if word.inline is not None:
            return Code(word.inline, word.returns, word.reads)
        return Code(f"{context.bind('N_' + name, word.fn)}(S)", word.returns, word.reads)

    def _Attribute(self, node, env):
        obj = self.gen(node.obj, env)
        name = node.name
        kind = obj.type
        info = INFO.get((kind, name)) if isinstance(kind, type) else None
        if info is not None:
            if info.inline is not None:
                return _combine(info.inline.format(f"({obj.src})"), info.returns, obj, reads=info.reads)
            getter = self.context.bind(f"G_{kind.__name__}_{name}", info.getter)
            return _combine(f"{getter}({obj.src}, S)", info.returns, obj, reads=info.reads)
        if kind in _FIELDS and name not in ATTRIBUTES.get(kind, ()):
            # A field of the ruleset's data: fixed for the object.
            return _combine(f"{_FIELDS[kind].format(f'({obj.src})')}[{name!r}]", None, obj)
        return _combine(f"GET({obj.src}, {name!r}, S)", None, obj, reads=reads_of_attribute(name))

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
            return _combine(src, word.returns, *every, reads=word.reads)
        fn = context.bind("F_" + node.func, word.fn)
        written = ", ".join(["S"] + [a.src for a in args] + [f"{k}={v.src}" for k, v in kwargs])
        return _combine(f"{fn}({written})", word.returns, *every, reads=word.reads)

    # -- definitions: inlined (their parameters bound to the arguments' code)
    def define_call(self, name: str, args: list, where: Where) -> Code:
        decl = self.context.defines[name]
        params = decl.params or ()
        if self._depth >= _INLINE_DEPTH:
            # Deep or recursive: call the generated function for the definition.
            fn = self.context.define_function(name)
            written = ", ".join(["S"] + [a.src for a in args])
            return _combine(f"{fn}({written})", None, *args, reads=EVERYTHING)
        bound = {param: Code(f"({arg.src})", arg.type, arg.reads, arg.names) for param, arg in zip(params, args)}
        self._depth += 1
        try:
            if all(_trivial(a.src) for a in args):
                return self.gen(decl.value, Env(bound))
            # An argument worth evaluating once: bound by a lambda, as a call would.
            names = {p: self.context.fresh("a_" + p) for p in params}
            inner = Env({p: Code(names[p], a.type, NOTHING, frozenset()) for p, a in zip(params, args)})
            body = self.gen(decl.value, inner)
            lambda_ = f"(lambda {', '.join(names[p] for p in params)}: {body.src})"
            return _combine(f"{lambda_}({', '.join(a.src for a in args)})", body.type, body, *args)
        finally:
            self._depth -= 1

    # -- collections
    def _bound(self, var: str, iterable: Code, env: Env):
        python = self.context.fresh("c_" + var)
        return python, env.child(**{var: Code(python, item_type(iterable.type), NOTHING, frozenset())})

    def _Aggregate(self, node, env):
        if node.func not in AGGREGATES:  # pragma: no cover - the compiler refused it already
            raise Unsupported(f"aggregate {node.func}")
        iterable = self.gen(node.iterable, env)
        var, inner = self._bound(node.var, iterable, env)
        element = self.gen(node.element, inner)
        condition = self.gen(node.condition, inner) if node.condition is not None else None
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
        return _combine(src, int if func in ("count", "sum") else (bool if func in ("any", "all") else None), *parts)

    def _Ordering(self, node, env):
        iterable = self.gen(node.iterable, env)
        var, inner = self._bound(node.var, iterable, env)
        keys = [self.gen(k, inner) for k in node.keys]
        key_tuple = "(" + "".join(k.src + ", " for k in keys) + ")"
        src = f"sorted({iterable.src}, key=lambda {var}: {key_tuple})"
        return _combine(src, ListOf(item_type(iterable.type)), iterable, *keys)

    def _ListExpr(self, node, env):
        items = [self.gen(i, env) for i in node.items]
        return _combine("[" + ", ".join(i.src for i in items) + "]", ListOf(items[0].type if items else None), *items)

    def _Comprehension(self, node, env):
        iterable = self.gen(node.iterable, env)
        var, inner = self._bound(node.var, iterable, env)
        element = self.gen(node.element, inner)
        condition = self.gen(node.condition, inner) if node.condition is not None else None
        guard = f" if {condition.src}" if condition is not None else ""
        unique = isinstance(iterable.type, ListOf) and iterable.type.unique and element.src == var
        parts = [p for p in (iterable, element, condition) if p is not None]
        src = f"[{element.src} for {var} in {iterable.src}{guard}]"
        return _combine(src, ListOf(element.type, unique=unique), *parts)

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
        return _combine(f"({left.src} {node.op} {right.src})", kind, left, right)

    def _Neg(self, node, env):
        value = self.gen(node.value, env)
        return _combine(f"(-{value.src})", value.type if value.type is int else None, value)


def _trivial(src: str) -> bool:
    """Cheap and pure enough to evaluate twice: a name, a number, a plain attribute chain."""
    text = src.replace("(", "").replace(")", "")
    return text.replace(".", "").replace("_", "").isalnum() or text.startswith("'") and "'" not in text[1:-1]
