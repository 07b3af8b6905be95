"""Expressions: compiled from the syntax tree into Python closures.

Each closure takes a :class:`~brass.language.runtime.Frame`. Names are resolved
when the rules are loaded (a local variable, a setting, a definition, a
resource, or a name of the vocabulary), so a misspelt name is an error at load
time, with file, line and column, not a surprise in the middle of a game.
"""

from __future__ import annotations

import difflib
import operator
from typing import Callable

from ..errors import RuleFileError, RuleRuntimeError, Where
from . import ast, limits
from .attributes import ATTRIBUTES, DIRECT, get_attribute
from .runtime import Frame

Compiled = Callable[[Frame], object]

_COMPARE = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
# Sums, differences and products are checked (limits.whole): only they can make
# values grow without end; a quotient or remainder is no bigger than its operands.
_ARITHMETIC = {
    "+": limits.add,
    "-": limits.subtract,
    "*": limits.multiply,
    "//": operator.floordiv,
    "%": operator.mod,
}
AGGREGATES = ("any", "all", "count", "sum", "min", "max")


class Scope:
    """Names bound by ``let``, ``choose``, ``for`` and parameters, block by block."""

    def __init__(self, names=(), parent: "Scope | None" = None):
        self.names = set(names)
        self.parent = parent

    def child(self, names=()) -> "Scope":
        return Scope(names, self)

    def bind(self, name: str) -> None:
        self.names.add(name)

    def __contains__(self, name: str) -> bool:
        scope = self
        while scope is not None:
            if name in scope.names:
                return True
            scope = scope.parent
        return False

    def all_names(self) -> set:
        names = set()
        scope = self
        while scope is not None:
            names |= scope.names
            scope = scope.parent
        return names


def located(error: Exception, where: Where) -> RuleRuntimeError:
    message = error.args[0] if isinstance(error, RuleRuntimeError) and error.where is None else str(error)
    if isinstance(error, RuleRuntimeError) and error.where is not None:
        return error
    if not isinstance(error, RuleRuntimeError):
        message = f"{type(error).__name__}: {error}"
    return RuleRuntimeError(message, where)


def suggest(name: str, candidates) -> str:
    close = difflib.get_close_matches(name, sorted(candidates), n=3, cutoff=0.6)
    if not close:
        return ""
    return "Did you mean " + " or ".join(repr(c) for c in close) + "?"


def display(value) -> str:
    """A value as a message shows it: names for things, plain numbers."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, (int, str)):
        return str(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(display(v) for v in value)
    describe = getattr(value, "display", None)
    if describe is not None:
        return describe()
    name = getattr(value, "name", None)
    if isinstance(name, str):
        return name
    return str(getattr(value, "id", value))


class ExpressionCompiler:
    """Turns expression nodes into closures; knows which names exist."""

    def __init__(self, resolve_global: Callable[[str, Where], Compiled], functions: Callable[[str], object], global_names: Callable[[], set], attributes=None):
        self._resolve_global = resolve_global
        self._function = functions
        self._global_names = global_names
        self._attributes = attributes  # every attribute name anything has, or None: not checked

    def compile(self, node: ast.Expr, scope: Scope) -> Compiled:
        method = getattr(self, "_" + type(node).__name__)
        return method(node, scope)

    def template(self, node: ast.Template, scope: Scope) -> Callable[[Frame], str]:
        parts = []
        for part in node.parts:
            if isinstance(part, str):
                parts.append(part)
            else:
                parts.append(self.compile(part, scope))
        if all(isinstance(p, str) for p in parts):
            text = "".join(parts)
            return lambda frame: text

        def render(frame: Frame) -> str:
            return "".join(p if isinstance(p, str) else display(p(frame)) for p in parts)

        return render

    # -- leaves
    def _Const(self, node, scope):
        value = node.value
        return lambda frame: value

    def _Template(self, node, scope):
        return self.template(node, scope)

    def _Name(self, node, scope):
        name = node.id
        if name in scope:

            def local(frame):
                try:
                    return frame.vars[name]
                except KeyError:
                    raise RuleRuntimeError(f"{name!r} has no value here", node.where) from None

            return local
        return self._resolve_global(name, node.where, scope)

    def _Attribute(self, node, scope):
        obj_f = self.compile(node.obj, scope)
        name = node.name
        known = self._attributes() if self._attributes is not None else None
        if known is not None and name not in known:
            raise RuleFileError(
                f"nothing in this ruleset has an attribute {name!r}",
                node.where,
                suggest(name, known) or "Attributes are the engine's (see the language reference) or the data's fields.",
            )
        where = node.where
        tables = ATTRIBUTES
        directs = DIRECT
        # The last class seen here and how to read the attribute from it: most
        # sites see one class. A plain attribute is read by attrgetter, in C.
        cache = [None, None, None]

        def attribute(frame):
            obj = obj_f(frame)
            cls = obj.__class__
            if cls is cache[0]:
                direct = cache[2]
                if direct is not None:
                    return direct(obj)
                return cache[1](obj, frame.run)
            table = tables.get(cls)
            if table is not None:
                getter = table.get(name)
                if getter is not None:
                    cache[0], cache[1], cache[2] = cls, getter, directs.get(cls, {}).get(name)
                    return getter(obj, frame.run)
            try:
                return get_attribute(obj, name, frame.run)
            except RuleRuntimeError as error:
                raise RuleRuntimeError(error.args[0], where) from None

        return attribute

    def _Index(self, node, scope):
        obj_f = self.compile(node.obj, scope)
        key_f = self.compile(node.key, scope)
        where = node.where

        def index(frame):
            obj = obj_f(frame)
            key = key_f(frame)
            try:
                return obj[key]
            except (KeyError, IndexError, TypeError) as error:
                raise RuleRuntimeError(f"cannot take [{display(key)}] of {display(obj)}: {error}", where) from None

        return index

    def _Call(self, node, scope):
        target = self._function(node.func, node.where)
        if target is None:
            raise RuleFileError(
                f"unknown function {node.func!r}",
                node.where,
                suggest(node.func, self._global_names()) or "Functions are the vocabulary's, or defined with 'define NAME(...) = ...'.",
            )
        args = [self.compile(a, scope) for a in node.args]
        kwargs = [(k, self.compile(v, scope)) for k, v in node.kwargs]
        problem = target.check_call(len(args), tuple(k for k, _ in kwargs))
        if problem:
            raise RuleFileError(f"{node.func}(...) is called wrongly: {problem}", node.where, f"Use: {target.usage()}")
        call = target.caller()
        where = node.where

        def call_function(frame):
            try:
                return call(frame.run, [a(frame) for a in args], {k: v(frame) for k, v in kwargs})
            except RuleRuntimeError as error:
                raise error if error.where else RuleRuntimeError(error.args[0], where) from None
            except (TypeError, ValueError, AttributeError, KeyError, IndexError, ZeroDivisionError) as error:
                raise located(error, where) from None

        return call_function

    def _Aggregate(self, node, scope):
        if node.func not in AGGREGATES:
            raise RuleFileError(
                f"{node.func}(... for ... in ...) is not an aggregate",
                node.where,
                "Aggregates are any, all, count, sum, min and max.",
            )
        iterable = self.compile(node.iterable, scope)
        inner = scope.child([node.var])
        element = self.compile(node.element, inner)
        condition = self.compile(node.condition, inner) if node.condition is not None else None
        var = node.var
        func = node.func

        def values(frame):
            saved = frame.vars.get(var, _UNSET)
            try:
                for item in iterable(frame):
                    frame.vars[var] = item
                    if condition is None or condition(frame):
                        yield element(frame)
            finally:
                if saved is _UNSET:
                    frame.vars.pop(var, None)
                else:
                    frame.vars[var] = saved

        if func == "any":
            return lambda frame: any(values(frame))
        if func == "all":
            return lambda frame: all(values(frame))
        if func == "count":
            return lambda frame: sum(1 for v in values(frame) if v)
        if func == "sum":
            return lambda frame: sum(values(frame))
        if func == "min":
            return lambda frame: min(values(frame), default=None)
        return lambda frame: max(values(frame), default=None)

    def _Ordering(self, node, scope):
        iterable = self.compile(node.iterable, scope)
        inner = scope.child([node.var])
        keys = [self.compile(k, inner) for k in node.keys]
        var = node.var

        def ordering(frame):
            saved = frame.vars.get(var, _UNSET)
            items = list(iterable(frame))
            decorated = []
            for position, item in enumerate(items):
                frame.vars[var] = item
                decorated.append((tuple(k(frame) for k in keys), position, item))
            if saved is _UNSET:
                frame.vars.pop(var, None)
            else:
                frame.vars[var] = saved
            decorated.sort(key=lambda entry: (entry[0], entry[1]))
            return [item for _, _, item in decorated]

        return ordering

    def _ListExpr(self, node, scope):
        items = [self.compile(i, scope) for i in node.items]
        return lambda frame: [item(frame) for item in items]

    def _Comprehension(self, node, scope):
        iterable = self.compile(node.iterable, scope)
        inner = scope.child([node.var])
        element = self.compile(node.element, inner)
        condition = self.compile(node.condition, inner) if node.condition is not None else None
        var = node.var

        def comprehension(frame):
            saved = frame.vars.get(var, _UNSET)
            result = []
            for item in iterable(frame):
                frame.vars[var] = item
                if condition is None or condition(frame):
                    result.append(element(frame))
            if saved is _UNSET:
                frame.vars.pop(var, None)
            else:
                frame.vars[var] = saved
            return result

        return comprehension

    def _Ternary(self, node, scope):
        condition = self.compile(node.condition, scope)
        then = self.compile(node.then, scope)
        otherwise = self.compile(node.otherwise, scope)
        return lambda frame: then(frame) if condition(frame) else otherwise(frame)

    def _BoolOp(self, node, scope):
        values = [self.compile(v, scope) for v in node.values]
        if node.op == "and":

            def both(frame):
                result = True
                for value in values:
                    result = value(frame)
                    if not result:
                        return result
                return result

            return both

        def either(frame):
            result = False
            for value in values:
                result = value(frame)
                if result:
                    return result
            return result

        return either

    def _Not(self, node, scope):
        value = self.compile(node.value, scope)
        return lambda frame: not value(frame)

    def _Compare(self, node, scope):
        left = self.compile(node.left, scope)
        pairs = [(_COMPARE[op], self.compile(r, scope)) for op, r in zip(node.ops, node.rights)]
        where = node.where
        if len(pairs) == 1:
            op, right = pairs[0]

            def compare_one(frame):
                try:
                    return op(left(frame), right(frame))
                except TypeError as error:
                    raise located(error, where) from None

            return compare_one

        def compare(frame):
            a = left(frame)
            for op, right in pairs:
                b = right(frame)
                try:
                    if not op(a, b):
                        return False
                except TypeError as error:
                    raise located(error, where) from None
                a = b
            return True

        return compare

    def _Membership(self, node, scope):
        item = self.compile(node.item, scope)
        container = self.compile(node.container, scope)
        where = node.where
        negated = node.negated

        def membership(frame):
            try:
                found = item(frame) in container(frame)
            except TypeError as error:
                raise located(error, where) from None
            return not found if negated else found

        return membership

    def _BinOp(self, node, scope):
        if node.op == "/":
            raise RuleFileError(
                "'/' is not allowed: Brass rounds down",
                node.where,
                "Write '//' for division rounded down, as the rulebook's halves are.",
            )
        op = _ARITHMETIC[node.op]
        left = self.compile(node.left, scope)
        right = self.compile(node.right, scope)
        where = node.where

        def arithmetic(frame):
            try:
                return op(left(frame), right(frame))
            except RuleRuntimeError as error:  # a limit: said here, where the arithmetic is
                raise error if error.where else RuleRuntimeError(error.args[0], where) from None
            except (TypeError, ZeroDivisionError) as error:
                raise located(error, where) from None

        return arithmetic

    def _Neg(self, node, scope):
        value = self.compile(node.value, scope)
        return lambda frame: -value(frame)


_UNSET = object()
