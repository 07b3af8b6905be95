"""Conditions read as requirements: "the location must be a town".

:class:`RequirementReadings` is mixed into :class:`~.expressions.English`. A
``require`` and the ``where`` clauses of a ``choose`` state what must hold;
a rulebook says that with "must", and states an exception as "if ..." or
"unless ...", not as a chain of "or":

- ``card.kind != "industry" or industry in card.industries`` reads "if the card
  is an industry card, the card's industries must include the industry": a
  first part that only sorts the cases (a kind, a state, a value or none)
  is the case the rest applies to;
- ``a or b`` otherwise reads "a must hold, unless b";
- ``a and b`` reads "a must hold, and b must hold" (one subject said once).

A definition that is a condition is read in full here too, its arguments in
place of its parameters.
"""

from __future__ import annotations

import re
from typing import Optional

from ..language import ast
from .conditions import looks_boolean, names_a_state, names_a_time, shared_subject
from .words import ADJECTIVES, IRREGULAR_PARTICIPLES, PARTICIPLE, join_words

# The first verb of a claim, not one inside a relative clause ("the tiles that are
# flipped have ..."): "is" or "are" becomes "must be", "has" "must have", ...
_VERB = re.compile(r"(?<!\bthat)(?<!\bwhich)(?<!\bwho) (is not|are not|is|are|has|have|does not|do not|exists|exist|includes|include) ")
_MODAL = {
    "is not": "must not be",
    "are not": "must not be",
    "is": "must be",
    "are": "must be",
    "has": "must have",
    "have": "must have",
    "does not": "must not",
    "do not": "must not",
    "exists": "must exist",
    "exist": "must exist",
    "includes": "must include",
    "include": "must include",
}


def must(claim: str) -> str:
    """A claim as a requirement: "the slot is empty" -> "the slot must be empty"."""
    for lead in ("there is ", "there are ", "it is "):
        if claim.startswith(lead):
            return f"{lead.split()[0]} must be {claim[len(lead):]}"
    found = _VERB.search(claim + " ")
    if found is None or claim.startswith("("):
        return f"it must be that {claim}"
    rest = claim[found.end() :] if found.end() <= len(claim) else ""
    return f"{claim[: found.start()]} {_MODAL[found.group(1)]}{' ' + rest if rest else ''}"


def _it(case: str, requirement: str) -> str:
    """A requirement about what its case is about says "it": "if the card is an industry
    card, its industries must include the industry"."""
    found = re.match(r"(the [a-z]+) (is|has) ", case)
    if found is None:
        return requirement
    subject = found.group(1)
    if requirement.startswith(subject + "'s "):
        return "its " + requirement[len(subject) + 3 :]
    if requirement.startswith(subject + " "):
        return "it " + requirement[len(subject) + 1 :]
    return requirement


class RequirementReadings:
    """Requirements in English; relies on the condition readings of ``English``."""

    def required(self, e) -> str:
        """What must hold, with "must": "the slot must be empty"."""
        if isinstance(e, ast.BoolOp) and e.op == "and":
            return ", and ".join(shared_subject([self.required(v) for v in e.values], verbs=("must",)))
        if isinstance(e, ast.BoolOp) and e.op == "or":
            cases = []
            while isinstance(e, ast.BoolOp) and self.case_of(e) is not None:
                guard, e = self.case_of(e)  # "if A and B, C": one case within another
                cases.append(self.negated(guard))
            if cases:
                return f"if {join_words(cases, 'and')}, {_it(cases[0], self.required(e))}"
            first, *others = e.values
            unless = self.cond(others[0]) if len(others) == 1 else join_words([self.cond_operand(v) for v in others], "or")
            return f"{self.required(first)}, unless {unless}"
        if isinstance(e, ast.Not) and isinstance(e.value, ast.BoolOp) and e.value.op == "or":
            # not (a or b): neither may hold
            return self.required(ast.BoolOp(e.where, "and", tuple(ast.Not(v.where, v) for v in e.value.values)))
        inline = self._required_definition(e)
        if inline is not None:
            return inline
        participle = self._participle(e)
        if participle is not None:
            return participle
        return must(self.cond(e))

    def case_of(self, e: ast.BoolOp) -> Optional[tuple]:
        """``a or rest`` where ``a`` only sorts the cases: (a, rest); None otherwise."""
        if e.op != "or" or len(e.values) < 2 or not self.sorts_cases(e.values[0]):
            return None
        rest = e.values[1] if len(e.values) == 2 else ast.BoolOp(e.where, "or", e.values[1:])
        return e.values[0], rest

    def sorts_cases(self, e) -> bool:
        """A condition that names a case rather than a demand: a kind or a value
        (``card.kind != "industry"``, ``route != "port"``), none (``previous == none``),
        a list of values, or a yes/no state (``slot.empty``)."""
        if isinstance(e, ast.Compare) and len(e.ops) == 1 and e.ops[0] in ("==", "!="):
            right = e.rights[0]
            return isinstance(right, ast.Const) and (right.value is None or isinstance(right.value, str))
        if isinstance(e, ast.Membership) and isinstance(e.container, ast.ListExpr) and e.container.items:
            return all(isinstance(i, ast.Const) and isinstance(i.value, str) for i in e.container.items)
        if isinstance(e, ast.Not):
            e = e.value
        return isinstance(e, ast.Attribute) and looks_boolean(e, self)

    def _required_definition(self, e) -> Optional[str]:
        """A definition that is a condition, read in full as a requirement."""
        if isinstance(e, ast.Call) and not e.kwargs:
            name, args = e.func, e.args
        elif isinstance(e, ast.Name) and e.id not in self.local:
            name, args = e.id, ()
        else:
            return None
        decl = self.declarations.get(("definition", name))
        if decl is None or len(decl.params or ()) != len(args) or not looks_boolean(decl.value, self):
            return None
        if decl.params is None and (names_a_time(name) or names_a_state(name)):
            return must(self.term_claim(name, negated=False))  # "loans must be allowed": its terms entry says when
        if name in self.inlining or len(self.inlining) >= 3 or len(self.cond(e).split()) > 40:
            return None  # read by its name, as a claim
        readings = [self.value(a.obj if isinstance(a, ast.Attribute) and a.name == "id" else a) for a in args]
        saved = dict(self.local)
        self.inlining.append(name)
        try:
            for param, reading in zip(decl.params or (), readings):
                self.local[param] = reading
            return self.required(decl.value)
        finally:
            self.inlining.pop()
            self.local = saved

    def _participle(self, e) -> Optional[str]:
        """A yes/no field named by a participle must not read as an order: "the tile's
        industry must be one that is sold", not "must be sold"."""
        negated = isinstance(e, ast.Not)
        attribute = e.value if negated else e
        if not isinstance(attribute, ast.Attribute) or attribute.name in ADJECTIVES or attribute.name not in self.yes_no_fields:
            return None
        last = attribute.name.split("_")[-1]
        if not (last in IRREGULAR_PARTICIPLES or PARTICIPLE.match(last)):
            return None
        subject = self.value(attribute.obj)
        return f"{subject} must be one that is {'not ' if negated else ''}{attribute.name.replace('_', ' ')}"
