"""Expressions over a collection: aggregates, comprehensions and orderings.

:class:`AggregateReadings` is mixed into :class:`~.expressions.English`. Each
of these expressions names a variable for the elements of a collection
(``t in tiles where t.flipped``); the variable is bound only while its
expression is read, so the same name can mean another thing elsewhere.
"""

from __future__ import annotations

import re
from contextlib import contextmanager

from ..language import ast
from .conditions import runs_on
from .words import attribute_words, without_the, words_of


class AggregateReadings:
    """count, sum, min, max, any, all, ``[... for ...]`` and ``sorted by``, in English."""

    def _v_Aggregate(self, e: ast.Aggregate) -> str:
        if e.func in ("any", "all"):
            return self.quantified(e, negated=False)
        with self._scoped(e.var, e.iterable):
            over = self._over(e.var, e.iterable, e.condition)
            element = e.element
            if e.func == "count":
                if isinstance(element, ast.Name) and element.id == e.var:
                    return f"the number of {over}"
                return f"the number of {over} for which {self.cond(element)}"
            if e.func == "sum":
                total = self._total(e)
                if total is not None:
                    return total
            text = self.grouped(element, self.value(element))
            if e.func == "sum":
                return f"the sum of {text} for each {over}"
            word = "smallest" if e.func == "min" else "largest"
            return f"the {word} {text} for any {over} (none if there is none)"

    def quantified(self, e: ast.Aggregate, negated: bool) -> str:
        """``any``/``all`` as a claim, the way a rulebook says it: "no card in your
        hand has a pile", "there is a tile in the location whose owner is you"."""
        with self._scoped(e.var, e.iterable):
            over = self._over(e.var, e.iterable, e.condition)
            element = e.element
            if isinstance(element, ast.Name) and element.id == e.var:
                if e.func == "any":
                    return f"there is no {over} that is true" if negated else f"there is some {over} that is true"
                return f"not every {over} is true" if negated else f"every {over} is true"
            claim = self.cond(element)
            subject = self.local[e.var]
            name = without_the(subject).removeprefix("that ")
            rest = over[len(name) :] if over.startswith(name) else None
            if e.func == "any":
                head = "there is no" if negated else "there is a"
                clauses = self._relative_clauses(element, subject)
                if clauses is not None:
                    return f"{head} {over} {clauses}"  # "... that is yours and whose slot is not the slot"
                kind = re.fullmatch(rf"{re.escape(subject)} is an? (.+ ){re.escape(name)}", claim)
                if kind is not None and rest is not None and " where " not in rest:
                    return f"{head} {kind.group(1)}{name}{rest}"  # "there is no wild card in your hand"
                if claim.startswith(subject + "'s "):
                    return f"{head} {over} whose {claim[len(subject) + 3:]}"
                if claim.startswith(subject + " "):
                    return f"{head} {over} that {claim[len(subject) + 1:]}"
                return f"{head} {over} for which {claim}"
            if claim.startswith(subject + "'s ") and rest == "":  # "every player's hand is empty"
                text = f"every {name}'s {claim[len(subject) + 3:]}"
                return f"not {text}" if negated else text
            if claim.startswith(subject + " ") and not claim.startswith(subject + "'s "):
                text = f"every {over} {claim[len(subject) + 1:]}"
                return f"not {text}" if negated else text
            return f"not for every {over}, {claim}" if negated else f"for every {over}, {claim}"

    def _relative_clauses(self, element, subject: str):
        """The parts of ``a and b`` said of one element, as clauses about it: "that is
        yours and whose slot is not the slot"; None unless each part speaks of it."""
        if not (isinstance(element, ast.BoolOp) and element.op == "and"):
            return None
        clauses = []
        for part in element.values:
            claim = self.cond(part)
            if claim.startswith(subject + "'s "):
                clauses.append("whose " + claim[len(subject) + 3 :])
            elif claim.startswith(subject + " "):
                clauses.append("that " + claim[len(subject) + 1 :])
            else:
                return None
        return " and ".join(clauses)

    def _over(self, var: str, iterable, condition) -> str:
        """``v in L where C``, the range of a comprehension or an aggregate."""
        name = without_the(self.local[var]).removeprefix("that ")
        collection = self.grouped(iterable, self.value(iterable))
        text = name if collection in (f"the {name}s", f"{name}s") else f"{name} in {collection}"
        if condition is not None:
            text += f" where {self.cond(condition)}"
        return text

    def _total(self, e: ast.Aggregate):
        """``sum(t.vp for t in L if C)`` as a rulebook says it: "the total VP of your tiles
        that are flipped"; None unless the element is a field (or a one-parameter
        definition) of the element itself."""
        element = e.element
        if isinstance(element, ast.Attribute) and isinstance(element.obj, ast.Name) and element.obj.id == e.var:
            what = self.field_words(element.name)
        elif isinstance(element, ast.Call) and self._is_definition(element.func) and len(element.args) == 1 and not element.kwargs:
            arg = element.args[0]
            if not (isinstance(arg, ast.Name) and arg.id == e.var):
                return None
            what = words_of(element.func)
        else:
            return None
        return f"the total {what} of {self._those(e.var, e.iterable, e.condition)}"

    def _those(self, var: str, iterable, condition) -> str:
        """The elements of a collection that meet a condition: "the location's slots that
        are empty", "the industries for which ..." (brackets where the condition runs on)."""
        collection = self.grouped(iterable, self.value(iterable))
        if condition is None:
            return collection
        claim = self.cond(condition)
        relative = _relative_clause(claim, self.local[var])
        if relative is not None and not runs_on(iterable):
            return f"{collection} that {relative}"  # "the locations that have market access"
        name = without_the(self.local[var]).removeprefix("that ")
        if re.fullmatch(r"the \w+s", collection) or collection.endswith((f"{plural_of(name)}", f"{plural_of(name.split()[-1])}")) or f" {plural_of(name.split()[-1])} " in collection:
            return f"{collection} for which {claim}"  # "the industries for which ..."
        return f"the {plural_of(name)} in {collection} for which {claim}"

    def _v_Comprehension(self, e: ast.Comprehension) -> str:
        with self._scoped(e.var, e.iterable):
            over = self._over(e.var, e.iterable, e.condition)
            if isinstance(e.element, ast.Name) and e.element.id == e.var:
                if e.condition is not None:
                    return self._those(e.var, e.iterable, e.condition)
                return f"the {over}"
            return f"{self.grouped(e.element, self.value(e.element))} for each {over}"

    def _v_Ordering(self, e: ast.Ordering) -> str:
        with self._scoped(e.var, e.iterable):
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
    def _scoped(self, var: str, iterable=None):
        """Bind ``var`` while an expression that names it is read, then restore what it
        meant. A one-letter name reads as what the collection holds ("the card")."""
        saved = self.local.get(var)
        noun = element_noun(iterable) if len(var) <= 2 and iterable is not None else None
        taken = noun is not None and f"the {noun}" in self.local.values()  # "the industry" may mean another already
        self.local[var] = (f"that {noun}" if taken else f"the {noun}") if noun else self.variable(var)
        try:
            yield
        finally:
            if saved is None:
                self.local.pop(var, None)
            else:
                self.local[var] = saved


_PLURAL_VERBS = {"is": "are", "has": "have"}


def plural_of(noun: str) -> str:
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


def _relative_clause(claim: str, subject: str):
    """A claim about one element as a clause about several: "the place has market
    access" -> "have market access"; None unless the claim is that simple."""
    if not claim.startswith(subject + " "):
        return None
    verb, _, rest = claim[len(subject) + 1 :].partition(" ")
    if verb not in _PLURAL_VERBS or not rest or subject in rest or " and " in rest or " or " in rest or "," in rest:
        return None
    return f"{_PLURAL_VERBS[verb]} {rest}"


# What a collection holds, by the name of the field or value it is read from.
ELEMENT_NOUNS = {
    "hand": "card", "discard": "card", "cards": "card", "deck": "card",
    "tiles": "tile", "slot_tiles": "tile", "board_tiles": "tile", "board_links": "link", "slots": "space", "spaces": "space",
    "locations": "place", "network": "place", "lines": "line", "links": "link",
    "players": "player", "industries": "industry", "markets": "market", "tokens": "token",
}


def element_noun(iterable):
    """The noun for one element of a collection written in the rules (``you.hand``:
    "card"), or None when the collection says nothing of what it holds."""
    name = None
    if isinstance(iterable, ast.Attribute):
        name = iterable.name
    elif isinstance(iterable, ast.Name):
        name = iterable.id
    elif isinstance(iterable, ast.Call):
        name = iterable.func  # free_spaces(location, industry): "free space"
    if name is None:
        return None
    if name in ELEMENT_NOUNS:
        return ELEMENT_NOUNS[name]
    if name.endswith("ies"):
        return name[:-3] + "y"
    if name.endswith("s") and not name.endswith("ss"):
        return name[:-1].replace("_", " ")
    return None
