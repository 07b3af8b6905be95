"""Expressions over a collection: aggregates, comprehensions and orderings.

:class:`AggregateReadings` is mixed into :class:`~.expressions.English`. Each
of these expressions names a variable for the elements of a collection
(``t in tiles where t.flipped``); the variable is bound only while its
expression is read, so the same name can mean another thing elsewhere.
"""

from __future__ import annotations

from contextlib import contextmanager

from ..language import ast
from .words import attribute_words, without_the


class AggregateReadings:
    """count, sum, min, max, any, all, ``[... for ...]`` and ``sorted by``, in English."""

    def _v_Aggregate(self, e: ast.Aggregate) -> str:
        if e.func in ("any", "all"):
            return self.quantified(e, negated=False)
        with self._scoped(e.var):
            over = self._over(e.var, e.iterable, e.condition)
            element = e.element
            if e.func == "count":
                if isinstance(element, ast.Name) and element.id == e.var:
                    return f"the number of {over}"
                return f"the number of {over} for which {self.cond(element)}"
            text = self.grouped(element, self.value(element))
            if e.func == "sum":
                return f"the sum of {text} for each {over}"
            word = "smallest" if e.func == "min" else "largest"
            return f"the {word} {text} for any {over} (none if there is none)"

    def quantified(self, e: ast.Aggregate, negated: bool) -> str:
        """``any``/``all`` as a claim: "there is some x in L such that ..."."""
        with self._scoped(e.var):
            over = self._over(e.var, e.iterable, e.condition)
            element = e.element
            if isinstance(element, ast.Name) and element.id == e.var:
                if e.func == "any":
                    return f"there is no {over} that is true" if negated else f"there is some {over} that is true"
                return f"not every {over} is true" if negated else f"every {over} is true"
            claim = self.cond(element)
            if e.func == "any":
                return f"there is no {over} such that {claim}" if negated else f"there is some {over} such that {claim}"
            return f"not for every {over}: {claim}" if negated else f"for every {over}: {claim}"

    def _over(self, var: str, iterable, condition) -> str:
        """``v in L where C``, the range of a comprehension or an aggregate."""
        name = without_the(self.local[var])
        text = f"{name} in {self.grouped(iterable, self.value(iterable))}"
        if condition is not None:
            text += f" where {self.cond(condition)}"
        return text

    def _v_Comprehension(self, e: ast.Comprehension) -> str:
        with self._scoped(e.var):
            over = self._over(e.var, e.iterable, e.condition)
            if isinstance(e.element, ast.Name) and e.element.id == e.var:
                return f"the {over}"
            return f"{self.grouped(e.element, self.value(e.element))} for each {over}"

    def _v_Ordering(self, e: ast.Ordering) -> str:
        with self._scoped(e.var):
            keys = []
            for key in e.keys:
                if isinstance(key, ast.Attribute) and isinstance(key.obj, ast.Name) and key.obj.id == e.var:
                    keys.append(attribute_words(key.name))  # ``p.vp`` reads just "VP"
                else:
                    keys.append(self.value(key))
            iterable = self.grouped(e.iterable, self.value(e.iterable))
            by = ", then by ".join(keys)
            return f"{iterable} ordered by {by}, lowest first (ties keep their order)"

    @contextmanager
    def _scoped(self, var: str):
        """Bind ``var`` while an expression that names it is read, then restore what it meant."""
        saved = self.local.get(var)
        self.local[var] = self.variable(var)
        try:
            yield
        finally:
            if saved is None:
                self.local.pop(var, None)
            else:
                self.local[var] = saved
