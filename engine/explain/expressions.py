"""Expressions of the rule language as English phrases.

:class:`English` reads one expression either as a value (``value``: "your
hand", "the slot's empty") or as a condition (``cond``: "the slot is
empty"). It knows the ruleset's settings, declarations and vocabulary, so a
setting shows its value, a built-in name reads as a rulebook would say it,
and the local names bound so far (parameters, ``let``, ``for``) keep their
readings. The readings of conditions, built-in calls and aggregates come from
the mixins in :mod:`.conditions`, :mod:`.calls` and :mod:`.aggregates`.
"""

from __future__ import annotations

from typing import Optional

from ..language import ast
from ..language.vocabulary import BUILTINS
from .aggregates import AggregateReadings
from .calls import CallReadings
from .conditions import ConditionReadings, looks_boolean, runs_on
from .requirements import RequirementReadings
from .words import (
    ARITHMETIC,
    BIND_NOUNS,
    BUILTIN_NAMES,
    ORDINALS,
    PARTICIPLE,
    PRECEDENCE,
    PREPOSITIONS,
    attribute_words,
    constant_words,
    join_words,
    setting_words,
    with_article,
    without_the,
    words_of,
)


def _yes_no_fields(ruleset) -> frozenset:
    """The yes/no fields a ruleset adds to its data (``extend:`` with ``type: boolean``)."""
    extend = (getattr(ruleset, "manifest", None) or {}).get("extend") or {}
    return frozenset(name for fields in extend.values() if isinstance(fields, dict) for name, spec in fields.items() if isinstance(spec, dict) and spec.get("type") == "boolean")


def _headings(ruleset) -> dict:
    """The column headings the manifest's ``show.headings`` gives fields, base first."""
    headings: dict = {}
    for layer in getattr(ruleset, "layers", None) or ():
        show = (getattr(layer, "manifest", None) or {}).get("show") or {}
        if isinstance(show.get("headings"), dict):
            headings.update(show["headings"])
    return headings


MAX_INLINED_VALUE_WORDS = 12  # a definition's value read in place of its name, if no longer


class English(RequirementReadings, ConditionReadings, CallReadings, AggregateReadings):
    """Expressions as English phrases: ``value`` for things, ``cond`` for conditions."""

    def __init__(self, ruleset=None):
        self.ruleset = ruleset
        rules = getattr(ruleset, "rules", None)
        self.settings = dict(getattr(rules, "settings", None) or {})
        self.declarations = dict(getattr(rules, "declarations", None) or {})
        self.vocabulary = getattr(rules, "vocabulary", None) or BUILTINS
        self.board = getattr(ruleset, "board", None)
        self.local: dict[str, str] = {}  # local names bound so far -> how they read
        self.let_names: set = set()  # the local names a ``let`` gave ("there is such a tile")
        self.settings_used: dict = {}  # settings read so far, by name: the notes for engine readers list them
        self.inlining: list[str] = []  # definitions being read in place of their calls
        self.yes_no_fields = _yes_no_fields(ruleset)
        self.headings = _headings(ruleset)

    # -- names
    def bind(self, name: str, phrase: Optional[str] = None) -> None:
        self.local[name] = phrase or self.variable(name)

    def variable(self, name: str) -> str:
        if len(name) <= 2:
            return name
        return "the " + words_of(name)

    def bound_result(self, name: str, keyword: str) -> str:
        """How the result a keyword binds reads: ``as built`` reads "the tile built"."""
        noun = BIND_NOUNS.get(keyword, "result")
        if "_" not in name and PARTICIPLE.match(name):
            return f"the {noun} {name}"
        return self.variable(name)

    def _is_definition(self, name: str) -> bool:
        return ("definition", name) in self.declarations

    def definition_words(self, name: str) -> str:
        """A definition by its name in words ("market locations"): the chapter's terms
        say what each one is."""
        decl = self.declarations.get(("definition", name))
        words = words_of(name)
        if decl is not None and getattr(decl, "params", None) is None and not looks_boolean(decl.value, self):
            if name not in self.inlining and len(self.inlining) < 3:
                self.inlining.append(name)  # a short value reads in place of its name
                try:
                    text = self.value(decl.value)
                finally:
                    self.inlining.pop()
                if len(text.split()) <= MAX_INLINED_VALUE_WORDS:
                    return text
            return "the " + words
        if decl is not None and getattr(decl, "params", None) is None:
            return self.term_claim(name, negated=False)  # a condition: "the era is over"
        return words

    def name(self, name: str) -> str:
        if name in self.local:
            return self.local[name]
        if name in self.settings:
            # the value is the rule; its setting's name is for engine readers (see settings_used)
            self.settings_used[name] = self.settings[name]
            return setting_words(self.settings[name])
        if ("setting", name) in self.declarations or ("resource", name) in self.declarations:
            return name
        if self._is_definition(name):
            return self.definition_words(name)
        if name in BUILTIN_NAMES and name in self.vocabulary.names:
            return BUILTIN_NAMES[name]
        if name in self.vocabulary.names:
            return "the " + words_of(name)
        return self.variable(name)  # a local name of an expression shown on its own

    # -- values
    def value(self, e) -> str:
        method = getattr(self, "_v_" + type(e).__name__, None)
        if method is None:
            return self.cond(e)
        return method(e)

    def _v_Const(self, e: ast.Const) -> str:
        if isinstance(e.value, str):
            return words_of(e.value)  # an id in the rules: "wild_industry" reads "wild industry"
        return constant_words(e.value)

    def _v_Template(self, e: ast.Template) -> str:
        return self.template(e)

    def _v_Name(self, e: ast.Name) -> str:
        return self.name(e.id)

    def _v_Attribute(self, e: ast.Attribute) -> str:
        return self.possessive(e.obj, self.field_words(e.name))

    def field_words(self, name: str) -> str:
        """A field's name as a noun: its words ("link icons"), or, for a name that ends
        in a preposition and so is no noun (``closed_at``), the heading the ruleset's
        manifest gives its column (``show.headings``)."""
        if name.rsplit("_", 1)[-1] in PREPOSITIONS and isinstance(self.headings.get(name), str):
            return self.headings[name]
        return attribute_words(name)

    def possessive(self, obj, words: str) -> str:
        """``words`` belonging to ``obj``: "your hand", "the slot's tile", "the tile of (...)"."""
        if isinstance(obj, ast.Name) and obj.id == "you" and "you" not in self.local:
            return f"your {words}"
        owner = self.value(obj)
        if self._simple_owner(owner):
            return f"{owner}'s {words}" if not owner.endswith("s'") else f"{owner} {words}"
        return f"the {words} of {self.grouped(obj, owner)}"

    @staticmethod
    def _simple_owner(phrase: str) -> bool:
        if "'" in phrase or " of " in phrase or "(" in phrase:
            return False
        return len(phrase.split()) <= 2

    def _v_Index(self, e: ast.Index) -> str:
        obj = self.grouped(e.obj, self.value(e.obj))
        key = e.key
        if isinstance(key, ast.BinOp) and key.op == "-" and isinstance(key.right, ast.Const) and key.right.value == 1:
            return f"the entry of {obj} at the position {self.value(key.left)} gives (counting from 1)"
        if isinstance(key, ast.Const) and isinstance(key.value, int) and 0 <= key.value < len(ORDINALS):
            return f"the {ORDINALS[key.value]} of {obj}"
        if isinstance(key, ast.Const) and isinstance(key.value, int) and -len(ORDINALS) <= key.value < 0:
            position = "last" if key.value == -1 else f"{ORDINALS[-key.value - 1]} from last"
            return f"the {position} of {obj}"
        if isinstance(key, ast.Const) and isinstance(key.value, str):
            return f"the {key.value} of {obj}"
        return f"the entry of {obj} at position {self.value(key)} (counting from 0)"

    def _v_ListExpr(self, e: ast.ListExpr) -> str:
        if not e.items:
            return "an empty list"
        if len(e.items) == 1:
            return f"just {self.value(e.items[0])}"
        first = e.items[0]
        mine = [i for i in e.items if isinstance(i, ast.Attribute) and isinstance(first, ast.Attribute) and i.obj == first.obj]
        if len(mine) > 1 and e.items[: len(mine)] == tuple(mine):
            # [p.vp, p.money]: "the player's VP and money, in that order"
            rest = [self.wrapped(i) for i in e.items[len(mine) :]]
            fields = [self.field_words(i.name) for i in mine]
            if rest:
                return join_words([self.possessive(first.obj, ", ".join(fields))] + rest, "and") + ", in that order"
            return self.possessive(first.obj, join_words(fields, "and")) + ", in that order"
        return join_words([self.wrapped(i) for i in e.items], "and") + ", in that order"

    def choices(self, e) -> str:
        """A list to choose from or to test membership in: "a, b or c"."""
        if isinstance(e, ast.ListExpr) and e.items:
            return join_words([self.grouped(i, self.value(i)) for i in e.items], "or")
        return self.value(e)

    def _v_Ternary(self, e: ast.Ternary) -> str:
        then = self.grouped(e.then, self.value(e.then))
        otherwise = self.value(e.otherwise)
        return f"{then} if {self.cond(e.condition)}, otherwise {otherwise}"

    def _v_BinOp(self, e: ast.BinOp) -> str:
        left = self._operand(e.left, e.op, right=False)
        right = self._operand(e.right, e.op, right=True)
        if e.op == "//":
            if isinstance(e.right, ast.Const) and e.right.value == 2:
                return f"half (rounded down) of {left}"
            return f"{left} divided by {right}, rounded down"
        if e.op == "%":
            return f"the remainder of {left} divided by {right}"
        return f"{left} {ARITHMETIC.get(e.op, e.op)} {right}"

    def _operand(self, operand, op: str, right: bool) -> str:
        """An operand of arithmetic, bracketed where English loses the order of operations."""
        text = self.value(operand)
        if isinstance(operand, ast.BinOp):
            if right or operand.op in ("//", "%") or PRECEDENCE.get(operand.op, 0) < PRECEDENCE.get(op, 0):
                return f"({text})"
            return text
        return self.grouped(operand, text)

    def _v_Neg(self, e: ast.Neg) -> str:
        value = e.value
        if isinstance(value, ast.Call) and value.func == "index_of" and len(value.args) == 2 and self.is_builtin_function("index_of"):
            # -index_of(players, p): the higher, the earlier p comes
            return f"how early {self.value(value.args[1])} comes in {self.value(value.args[0])}"
        return f"minus {self.grouped(value, self.value(value))}"

    def _v_BoolOp(self, e: ast.BoolOp) -> str:
        if all(looks_boolean(v, self) for v in e.values):
            return self.cond(e)
        # ``a or b`` as a value: the first that is not empty (or false, or none).
        parts = [self.value(v) for v in e.values]  # "A; if there are none, B" needs no brackets
        if e.op == "or":
            return parts[0] + "".join(f"; if there are none, {p}" for p in parts[1:])
        return parts[0] + "".join(f"; if that holds any, {p}" for p in parts[1:])

    def grouped(self, e, text: str) -> str:
        """Brackets around a phrase that would run into its neighbours."""
        if runs_on(e):
            return f"({text})"
        return text

    def wrapped(self, e) -> str:
        """A value in brackets if it is more than a few words (a list item, an argument)."""
        text = self.value(e)
        if runs_on(e) or isinstance(e, ast.BinOp):
            return f"({text})"
        return text

    # -- messages
    def template(self, t: ast.Template) -> str:
        """A message with its holes in brackets: ``{location.name}`` reads "[location]"."""
        parts = []
        for part in t.parts:
            parts.append(part if isinstance(part, str) else self.hole(part))
        return "".join(parts)

    def hole(self, e) -> str:
        if isinstance(e, ast.Const):
            return constant_words(e.value)
        if isinstance(e, ast.Name) and e.id in self.settings and e.id not in self.local:
            return setting_words(self.settings[e.id])  # a setting's value is known: show it
        if isinstance(e, ast.Call) and e.func == "a" and len(e.args) == 1 and self.is_builtin_function("a"):
            return f"[{with_article(self._hole_words(e.args[0]))}]"
        return f"[{self._hole_words(e)}]"

    def _hole_words(self, e) -> str:
        """What a hole stands for, without its article: "location", "level of the tile"."""
        if isinstance(e, ast.Attribute) and e.name in ("name", "id"):
            e = e.obj
        if isinstance(e, ast.Attribute):
            if isinstance(e.obj, ast.Name) and e.obj.id == "you" and "you" not in self.local:
                return self.possessive(e.obj, attribute_words(e.name))
            return f"{attribute_words(e.name)} of {self.value(e.obj)}"
        return without_the(self.value(e))
