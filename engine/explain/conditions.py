"""Expressions read as conditions: "the slot is empty", "x is coal or iron".

:class:`ConditionReadings` is mixed into :class:`~.expressions.English` and
holds the readings of what is true or false: and/or, negation, comparisons,
membership, and attributes read as predicates ("you have a link"). The two
shape tests :func:`runs_on` (does a phrase need brackets?) and
:func:`looks_boolean` (is an expression surely a truth value?) live here too,
as both the value and the condition readings rely on them.
"""

from __future__ import annotations

import re

from ..language import ast
from .comparisons import ComparisonReadings
from .words import ADJECTIVES, COMPARISONS, OPPOSITE, ORDINALS, POSSESSIONS, is_adjective, join_words, possession, with_article, words_of


class ConditionReadings(ComparisonReadings):
    """Conditions in English; relies on the value readings of ``English``."""

    def cond(self, e) -> str:
        named = self.term_for(e)
        if named is not None:
            return self.term_claim(named, negated=False)
        if isinstance(e, ast.BoolOp):
            return self._conjunction(e)
        if isinstance(e, ast.Not):
            return self.negated(e.value)
        if isinstance(e, ast.Compare):
            return self._compare(e.left, e.ops, e.rights)
        if isinstance(e, ast.Membership):
            return self._membership(e, e.negated)
        if isinstance(e, ast.Attribute):
            return self._predicate(e, negated=False)
        if isinstance(e, ast.Aggregate) and e.func in ("any", "all"):
            return self.quantified(e, negated=False)
        if isinstance(e, ast.Ternary):
            return f"{self.cond_operand(e.then)} if {self.cond(e.condition)}, otherwise {self.cond(e.otherwise)}"
        if isinstance(e, ast.Name) and e.id in self.local:
            return f"{self.local[e.id]} holds (is true, not empty, not none)"
        if isinstance(e, ast.Const) and isinstance(e.value, bool):
            return "always" if e.value else "never"
        if isinstance(e, ast.Name) and self._is_definition(e.id):
            decl = self.declarations[("definition", e.id)]
            if decl.params is None and looks_boolean(decl.value, self):
                if names_a_time(e.id) or names_a_state(e.id):
                    return self.term_claim(e.id, negated=False)
                return self.inlined(decl, []) or self.term_claim(e.id, negated=False)
        method = getattr(self, "_v_" + type(e).__name__, None)
        if method is None:  # pragma: no cover - every node has a reading
            raise TypeError(f"cannot explain {type(e).__name__}")
        return method(e)

    def _conjunction(self, e: ast.BoolOp) -> str:
        word = " and " if e.op == "and" else " or "
        parts = shared_subject([self.cond_operand(v) for v in e.values])
        if len(parts) > 2 or any("," in p for p in parts):
            word = "," + word  # a serial comma keeps long lists readable
        return word.join(parts)

    def cond_operand(self, e) -> str:
        """A condition as one part of a larger one, bracketed if it would run on."""
        text = self.cond(e)
        if not re.search(r" and | or |,", text):
            return text  # nothing in it to run into its neighbours
        if runs_on(e) or (isinstance(e, ast.Not) and runs_on(e.value)) or self._runs_on_inlined(e, text):
            return f"({text})"
        return text

    def _runs_on_inlined(self, e, text: str) -> bool:
        """A definition read in place of its name whose condition would run on."""
        name = e.func if isinstance(e, ast.Call) else (e.id if isinstance(e, ast.Name) else None)
        decl = self.declarations.get(("definition", name)) if name is not None and name not in self.local else None
        if decl is None or not runs_on(decl.value):
            return False
        return text not in (self.definition_words(name), self.term_claim(name, negated=False), self.term_claim(name, negated=True))

    def term_for(self, e):
        """The name of a term (a definition without parameters) that is a condition
        whose whole body ``e`` is, if its name reads as a time ("first round"); None
        otherwise, or while that term itself is being read."""
        if not isinstance(e, (ast.BoolOp, ast.Compare, ast.Not, ast.Attribute, ast.Aggregate, ast.Membership)):
            return None
        for (kind, name), decl in self.declarations.items():
            if kind == "definition" and getattr(decl, "params", ()) is None and decl.value == e:
                if name not in self.inlining and names_a_time(name):
                    return name
        return None

    def term_claim(self, name: str, negated: bool) -> str:
        """A term that is a condition, by its name: "it is the first round", "the era is
        over", or else its name in words ("loans allowed")."""
        words = words_of(name).split()
        if names_a_time(name):
            phrase = " ".join(words)
            phrase = re.sub(r"\bof (?!the |a |an |your )(\w+)$", r"of the \1", phrase)  # "last round of the game"
            return f"it is {'not ' if negated else ''}the {phrase}"
        if len(words) >= 2 and (words[-1] in STATES or is_adjective(words[-1])) and words[0] not in ("is", "has"):
            head = " ".join(words[:-1])
            plural = head.endswith("s") and not head.endswith("ss")
            subject = head if plural else f"the {head}"
            be = "are" if plural else "is"
            return f"{subject} {be} {'not ' if negated else ''}{words[-1]}"
        return f"not {words_of(name)}" if negated else words_of(name)

    def negated(self, e) -> str:
        named = self.term_for(e)
        if named is not None:
            return self.term_claim(named, negated=True)
        if isinstance(e, ast.Not):
            return self.cond(e.value)
        if isinstance(e, ast.BoolOp):
            # "not (a or b)" reads "not a and not b" when each part has a plain negation
            parts = [self.negated(v) for v in e.values]
            if not any(p.startswith("not ") for p in parts):
                parts = shared_subject([f"({p})" if isinstance(v, ast.BoolOp) or runs_on(v) else p for p, v in zip(parts, e.values)])
                word = " and " if e.op == "or" else " or "
                return ("," + word if len(parts) > 2 or any("," in p for p in parts) else word).join(parts)
        if isinstance(e, ast.Attribute):
            return self._predicate(e, negated=True)
        if isinstance(e, ast.Membership):
            return self._membership(e, not e.negated)
        if isinstance(e, ast.Compare) and len(e.ops) == 1:
            return self._compare(e.left, (OPPOSITE[e.ops[0]],), e.rights)
        if isinstance(e, ast.Aggregate) and e.func in ("any", "all"):
            return self.quantified(e, negated=True)
        if isinstance(e, ast.Call) and e.func == "connected" and len(e.args) == 2 and self.is_builtin_function("connected"):
            return self._v_Call(e).replace(" is connected to ", " is not connected to ", 1)
        if isinstance(e, ast.Call) and not e.kwargs:
            inline = self._definition_inline(e.func, e.args, e.kwargs, negated=True)
            if inline is not None:
                return inline
        if isinstance(e, ast.Name) and e.id not in self.local:
            decl = self.declarations.get(("definition", e.id))
            if decl is not None and decl.params is None and looks_boolean(decl.value, self):
                inline = None if names_a_time(e.id) or names_a_state(e.id) else self.inlined(decl, [], negated=True)
                return inline if inline is not None else self.term_claim(e.id, negated=True)
            return f"not {self.value(e)}"
        return f"not ({self.cond(e)})"

    @staticmethod
    def _subject_is(subject: str) -> str:
        return "are" if subject == "you" else "is"

    def _predicate(self, e: ast.Attribute, negated: bool) -> str:
        """An attribute as a claim about its object: "the slot is empty"."""
        obj = e.obj
        is_you = isinstance(obj, ast.Name) and obj.id == "you" and "you" not in self.local
        subject = "you" if is_you else self.value(obj)
        claim = self._named_predicate(subject, e.name, negated)
        if claim is not None:
            return claim
        phrase = self._v_Attribute(e)
        if negated:
            return f"{phrase} is false, empty or none"
        return f"{phrase} is true (not empty, not none)"

    def _named_predicate(self, subject: str, attribute: str, negated: bool):
        """The claim an attribute makes by its name (``is_``, ``has_``, an adjective), or None."""
        be = self._subject_is(subject)
        have = "have" if subject == "you" else "has"
        if attribute == "on_board":
            if negated:
                return f"{subject} {have} no tile and no link on the board"
            return f"{subject} {have} a tile or a link on the board"
        if attribute == "pile" and self.pile_word() is not None:
            return f"{subject} {be} {'not ' if negated else ''}{with_article(self.pile_word())} card"
        if attribute == "is_last":
            return f"{subject} {be} {'not ' if negated else ''}the last"
        if attribute.startswith("is_"):
            return f"{subject} {be} {'not ' if negated else ''}{words_of(attribute[3:])}"
        if attribute.startswith("has_"):
            return f"{subject} {have} {'no ' if negated else ''}{words_of(attribute[4:])}"
        flag = attribute in self.yes_no_fields
        if attribute in ADJECTIVES or attribute.endswith(("able", "ible")) or (flag and is_adjective(attribute)):
            return f"{subject} {be} {'not ' if negated else ''}{words_of(attribute)}"
        if attribute in POSSESSIONS or flag:
            thing = possession(attribute)
            if negated:
                thing = "no " + re.sub(r"^an? ", "", thing)
            return f"{subject} {have} {thing}"
        return None

    def _compare(self, left, ops: tuple, rights: tuple) -> str:
        clauses = []
        for op, right in zip(ops, rights):  # ``a < b < c`` is two comparisons
            clauses.append(self._one_comparison(left, op, right))
            left = right
        return ", and ".join(clauses) if len(clauses) > 1 else clauses[0]

    def _one_comparison(self, left, op: str, right) -> str:
        # ``x.id == "coal"`` reads "x is coal".
        if op in ("==", "!=") and isinstance(right, ast.Const) and isinstance(right.value, str):
            if isinstance(left, ast.Attribute) and left.name == "id":
                left = left.obj
        # ``resource == tile.industry.id``: an id stands for its thing ("the resource is the
        # tile's industry"), unless ids are compared for their order
        if op in ("==", "!=") and isinstance(right, ast.Attribute) and right.name == "id" and not (isinstance(left, ast.Attribute) and left.name == "id"):
            right = right.obj
        if isinstance(right, ast.Const) and right.value is None and op in ("==", "!="):
            return self._none_comparison(left, op == "!=")
        for reading in (self._position_comparison, self._kind_comparison, self._era_comparison, self._count_comparison):
            text = reading(left, op, right)
            if text is not None:
                return text
        if op in ("==", "!=") and isinstance(left, ast.Attribute) and left.name == "owner" and self._is_you(right):
            return f"{self.value(left.obj)} is {'not ' if op == '!=' else ''}yours"  # "the slot's tile is yours"
        if op == "==" and isinstance(right, ast.Const) and right.value == 0 and isinstance(left, ast.Call) and not left.kwargs and len(left.args) == 1:
            none_left = self._none_left(left.func, left.args[0])
            if none_left is not None:
                return none_left
        left_text = self.grouped(left, self.value(left))
        right_text = self.grouped(right, self.value(right))
        verb = COMPARISONS.get(op, op)
        if left_text == "you":
            verb = verb.replace("is", "are", 1)
        return f"{left_text} {verb} {right_text}"

    def _membership(self, e: ast.Membership, negated: bool) -> str:
        container = e.container
        subject = e.item
        if isinstance(subject, ast.Attribute) and subject.name == "id":
            if not isinstance(container, ast.ListExpr) or (container.items and all(isinstance(i, ast.Const) and isinstance(i.value, str) for i in container.items)):
                subject = subject.obj  # ``x.id in ["coal", "iron"]`` reads "x is coal or iron", ``x.id in y.goods`` "x is in ..."
        item = self.grouped(subject, self.value(subject))
        be = self._subject_is(item)
        if isinstance(container, ast.ListExpr) and container.items:
            if isinstance(subject, ast.Attribute) and subject.name == "kind" and all(isinstance(i, ast.Const) and isinstance(i.value, str) for i in container.items):
                kinds = self._is_kind(subject.obj, [i.value for i in container.items], negated)
                if kinds is not None:
                    return kinds
            return self._one_of(item, be, [self.grouped(i, self.value(i)) for i in container.items], negated)
        where = self.grouped(container, self.value(container))
        if isinstance(container, ast.Attribute) and not (isinstance(container.obj, ast.Name) and container.obj.id == "you"):
            # what a thing shows or holds: "the card's industries include the industry"
            return f"{where} {'do not include' if negated else 'include'} {item}"
        if self.is_list_definition(container):
            return f"{item} {be} {'not ' if negated else ''}one of {where}"  # "the slot is one of the preferred spaces"
        return f"{item} {be} {'not ' if negated else ''}in {where}"

    def is_list_definition(self, e) -> bool:
        """A definition whose value is a list of things (``preferred_spaces(...)``,
        ``market_locations``): "one of" them, "connected to one of" them."""
        name = e.func if isinstance(e, ast.Call) else (e.id if isinstance(e, ast.Name) and e.id not in self.local else None)
        decl = self.declarations.get(("definition", name)) if name else None
        value = getattr(decl, "value", None)
        while isinstance(value, ast.BoolOp):
            value = value.values[0]
        return isinstance(value, (ast.Comprehension, ast.ListExpr))

    @staticmethod
    def _one_of(item: str, be: str, items: list, negated: bool) -> str:
        """Membership in a written list: "x is a or b", "x is neither a nor b"."""
        if not negated:
            return f"{item} {be} {join_words(items, 'or')}"
        if len(items) == 1:
            return f"{item} {be} not {items[0]}"
        if len(items) == 2:
            return f"{item} {be} neither {items[0]} nor {items[1]}"
        return f"{item} {be} none of {join_words(items, 'and')}"


_VERBS = ("is", "are", "has", "have", "exists", "does")


def shared_subject(parts: list, verbs: tuple = ()) -> list:
    """Parts of "a and b" that speak of the same thing say it once: "the lowest tile of
    the industry on your mat exists and is developable" (``verbs``: more words that may
    follow a subject, such as "must")."""
    verb = re.compile(rf" ({'|'.join(_VERBS + tuple(verbs))}) ")
    result = list(parts[:1])
    for previous, part in zip(parts, parts[1:]):
        mine, theirs = verb.search(part + " "), verb.search(previous + " ")
        subject = part[: mine.start()] if mine else None
        if subject and theirs and previous[: theirs.start()] == subject and subject not in ("there", "it", "you") and not subject.startswith("("):
            part = part[mine.start() + 1 :]
        result.append(part)
    return result


# The last word of a term's name that says what state its subject is in: "era over".
STATES = {"over", "open", "closed", "done", "full", "empty", "ready", "shut", "finished", "allowed"}


def names_a_state(name: str) -> bool:
    """A term whose name says what state something is in: "era over", "loans allowed".
    Such a term reads by its name ("the era is over"); its terms entry says when."""
    words = name.split("_")
    return len(words) >= 2 and words[-1] in STATES


def names_a_time(name: str) -> bool:
    """A term whose name is a moment of the game, by an ordinal: "first round",
    "last round of game". Such a term reads by its name: "it is the first round"."""
    first = name.split("_")[0]
    return "_" in name and (first in ORDINALS or first in ("last", "final"))


def runs_on(e) -> bool:
    """True if a phrase would run into the words after it without brackets."""
    if isinstance(e, (ast.BoolOp, ast.Ternary)):
        return True
    if isinstance(e, ast.BinOp) and e.op in ("//", "%"):
        return True
    if isinstance(e, ast.Aggregate):
        return e.condition is not None or e.func in ("any", "all")
    if isinstance(e, ast.Comprehension):
        return e.condition is not None
    return False


def looks_boolean(e, english) -> bool:
    """True if an expression is surely a truth value (it reads as a condition)."""
    if isinstance(e, (ast.Compare, ast.Membership, ast.Not)):
        return True
    if isinstance(e, ast.BoolOp):
        return all(looks_boolean(v, english) for v in e.values)
    if isinstance(e, ast.Aggregate):
        return e.func in ("any", "all")
    if isinstance(e, ast.Const):
        return isinstance(e.value, bool)
    if isinstance(e, ast.Call):
        return e.func == "connected" and english.is_builtin_function("connected")
    if isinstance(e, ast.Attribute):
        name = e.name
        return name in ADJECTIVES or name in english.yes_no_fields or name in ("on_board", "is_last") or name.startswith(("is_", "has_"))
    if isinstance(e, ast.Name):
        # a definition without parameters is boolean if its value is
        decl = english.declarations.get(("definition", e.id))
        if decl is not None and decl.params is None:
            return looks_boolean(decl.value, english)
        return isinstance(english.settings.get(e.id), bool)
    return False
