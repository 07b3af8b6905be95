"""Rule code in plain English, for the documentation and ``brass rules``.

:func:`explain_declaration` turns one declaration of a loaded ruleset (an
action, procedure, handler, resource, definition or setting) into a list of
:class:`Step`: one English sentence per statement, blocks nested as children,
and the rule file's own comments, which state the rule in prose, as notes
placed before the statements they stand above. :func:`explain_expression`
renders one expression.

The English is a little formal but faithful: every condition of the rule code
appears in it. Settings show their values (``canal_cost (3)``), strings appear
without quotes, the holes of a message show what they stand for in brackets
(``{location.name}`` reads ``[location]``), and a word the engine does not
know (a definition, a function a ruleset adds) keeps its name, with spaces for
underscores: ``preferred spaces(the location, the industry)``.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from .language import ast
from .language.compiler import FLOW_PROCEDURES
from .language.vocabulary import BUILTINS

__all__ = ["Step", "explain_declaration", "explain_expression", "render_steps"]


@dataclass
class Step:
    text: str  # one English sentence (or a comment's prose)
    kind: str = "step"  # "note" for the rule file's own comment prose, "step" for rendered code
    children: list = field(default_factory=list)  # nested steps (blocks of if/for/repeat/optionally)


KINDS = ("action", "procedure", "resource", "handler", "definition", "setting")


def explain_declaration(ruleset, kind: str, name: str) -> list[Step]:
    """The steps of one declaration of a loaded ruleset, in plain English.

    ``kind`` is one of action, procedure, resource, handler (by its event's
    name), definition or setting."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind of declaration {kind!r}; kinds: {', '.join(KINDS)}")
    declarations = ruleset.rules.declarations
    node = declarations.get((kind, name))
    if node is None:
        known = sorted(n for k, n in declarations if k == kind)
        raise KeyError(f"the ruleset {ruleset.name!r} declares no {kind} {name!r}; its {kind}s: {', '.join(known) or 'none'}")
    return _Explainer(ruleset, node).declaration(kind)


def explain_expression(expr, ruleset=None, condition: bool = False) -> str:
    """One expression in English: ``you.hand`` reads "your hand".

    ``expr`` is a syntax-tree node (or the text of an expression). With
    ``condition=True`` it reads as a condition (``slot.empty``: "the slot is
    empty") rather than as a value ("the slot's empty")."""
    if isinstance(expr, str):
        expr = _parse_expression(expr)
    english = _English(ruleset)
    return english.cond(expr) if condition else english.value(expr)


def render_steps(steps: list[Step], indent: str = "  ", bullet: str = "- ", level: int = 0) -> str:
    """Steps as indented plain text: one line each, notes marked with '#'."""
    lines = []
    for step in steps:
        mark = "# " if step.kind == "note" else bullet
        lines.append(f"{indent * level}{mark}{step.text}")
        if step.children:
            lines.append(render_steps(step.children, indent, bullet, level + 1))
    return "\n".join(line for line in lines if line)


def _parse_expression(text: str) -> ast.Expr:
    from .language.parser import parse_rules

    rule_file = parse_rules(f"define _expression = {text}\n", "<expression>")
    return rule_file.declarations[0].value


# ------------------------------------------------------------------ words


def _words(identifier: str) -> str:
    return identifier.replace("_", " ")


def _article(phrase: str) -> str:
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _lower_first(text: str) -> str:
    if len(text) > 1 and text[1:2].isupper():  # an abbreviation: keep it
        return text
    return text[:1].lower() + text[1:]


def _strip_the(phrase: str) -> str:
    return phrase[4:] if phrase.startswith("the ") else phrase


def _join(items: list, last: str) -> str:
    items = list(items)
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def _end(text: str) -> str:
    """A message as the end of a sentence, its first letter as written."""
    text = text.strip()
    return text if text.endswith((".", ":", "?", "!")) else text + "."


def _sentence(text: str) -> str:
    text = _capital(text.strip())
    return text if text.endswith((".", ":", "?", "!")) else text + "."


def _first_sentence(doc: str) -> str:
    text = " ".join(doc.split())
    match = re.search(r"(?<=[.!?])\s", text)
    return text[: match.start()] if match else text


# The engine's built-in names, as a rulebook would say them.
_NAMES = {
    "you": "you",
    "players": "the players",
    "player_count": "the number of players",
    "era": "the era",
    "eras": "the eras",
    "round": "the round",
    "locations": "the locations",
    "lines": "the lines",
    "industries": "the industries",
    "markets": "the markets",
    "board_tiles": "the industry tiles on the board",
    "board_links": "the links on the board",
    "spaces": "the token spaces",
    "deck": "the draw deck",
    "actions_taken": "the actions already taken this turn",
    "actions_left": "the actions left this turn",
}

# Attribute names read better as other words.
_ATTRIBUTE_WORDS = {
    "vp": "VP",
    "id": "id",
    "offered": "offered sources",
}

# Attributes that read as an adjective when used as a condition: "the slot is empty".
_ADJECTIVES = {"empty", "free", "flipped", "developable", "sold"}
# ... or as something the object has: "the card has a pile".
_POSSESSIONS = {
    "pile": "a pile",
    "token": "a token",
    "market_access": "market access",
    "trade_icon": "a trade icon",
    "link": "a link",
    "tile": "a tile",
}

_COMPARISONS = {
    "==": "is",
    "!=": "is not",
    "<": "is less than",
    "<=": "is at most",
    ">": "is more than",
    ">=": "is at least",
}
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_OPPOSITE = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
_ARITHMETIC = {"+": "plus", "-": "minus", "*": "times", "/": "divided by"}
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "//": 2, "%": 2}

# Participles a bound result is named by: ``build_tile ... as built`` reads "the tile built".
_BIND_NOUNS = {"build_tile": "tile", "place_link": "link", "reveal_token": "token", "consume": "consumption"}
_PARTICIPLE = re.compile(r"^[a-z]+(ed|en|wn|lt|ught|ne)$")


# ------------------------------------------------------------ expressions


class _English:
    """Expressions as English phrases: ``value`` for things, ``cond`` for conditions."""

    def __init__(self, ruleset=None):
        self.ruleset = ruleset
        rules = getattr(ruleset, "rules", None)
        self.settings = dict(getattr(rules, "settings", None) or {})
        self.declarations = dict(getattr(rules, "declarations", None) or {})
        self.vocabulary = getattr(rules, "vocabulary", None) or BUILTINS
        self.board = getattr(ruleset, "board", None)
        self.local: dict[str, str] = {}  # local names bound so far -> how they read

    # -- names
    def bind(self, name: str, phrase: Optional[str] = None) -> None:
        self.local[name] = phrase or self.variable(name)

    def variable(self, name: str) -> str:
        if len(name) <= 2:
            return name
        return "the " + _words(name)

    def bound_result(self, name: str, keyword: str) -> str:
        noun = _BIND_NOUNS.get(keyword, "result")
        if "_" not in name and _PARTICIPLE.match(name):
            return f"the {noun} {name}"
        return self.variable(name)

    def _is_definition(self, name: str) -> bool:
        return ("definition", name) in self.declarations

    def name(self, name: str) -> str:
        if name in self.local:
            return self.local[name]
        if name in self.settings:
            return f"{name} ({_setting_value(self.settings[name])})"
        if ("setting", name) in self.declarations:
            return name
        if ("resource", name) in self.declarations:
            return name
        if self._is_definition(name):
            return name
        if name in _NAMES and name in self.vocabulary.names:
            return _NAMES[name]
        if name in self.vocabulary.names:
            return "the " + _words(name)
        return self.variable(name)  # a local name of an expression shown on its own

    # -- values
    def value(self, e) -> str:
        method = getattr(self, "_v_" + type(e).__name__, None)
        if method is None:
            return self.cond(e)
        return method(e)

    def _v_Const(self, e: ast.Const) -> str:
        return _constant(e.value)

    def _v_Template(self, e: ast.Template) -> str:
        return self.template(e)

    def _v_Name(self, e: ast.Name) -> str:
        return self.name(e.id)

    def _v_Attribute(self, e: ast.Attribute) -> str:
        return self.possessive(e.obj, _ATTRIBUTE_WORDS.get(e.name, _words(e.name)))

    def possessive(self, obj, words: str) -> str:
        if isinstance(obj, ast.Name) and obj.id == "you" and "you" not in self.local:
            return f"your {words}"
        owner = self.value(obj)
        if self._simple_owner(owner):
            return f"{owner}'s {words}" if not owner.endswith("s'") else f"{owner} {words}"
        return f"the {words} of {self._grouped(obj, owner)}"

    @staticmethod
    def _simple_owner(phrase: str) -> bool:
        if "'" in phrase or " of " in phrase or "(" in phrase:
            return False
        return len(phrase.split()) <= 2

    def _v_Index(self, e: ast.Index) -> str:
        obj = self._grouped(e.obj, self.value(e.obj))
        key = e.key
        if isinstance(key, ast.BinOp) and key.op == "-" and isinstance(key.right, ast.Const) and key.right.value == 1:
            return f"the entry of {obj} at position {self.value(key.left)} (counting from 1)"
        if isinstance(key, ast.Const) and isinstance(key.value, int) and 0 <= key.value < len(_ORDINALS):
            return f"the {_ORDINALS[key.value]} of {obj}"
        if isinstance(key, ast.Const) and isinstance(key.value, int) and -len(_ORDINALS) <= key.value < 0:
            position = "last" if key.value == -1 else f"{_ORDINALS[-key.value - 1]} from last"
            return f"the {position} of {obj}"
        if isinstance(key, ast.Const) and isinstance(key.value, str):
            return f"the {key.value} of {obj}"
        return f"the entry of {obj} at position {self.value(key)} (counting from 0)"

    def _v_Call(self, e: ast.Call) -> str:
        func = e.func
        args = e.args
        builtin = self._builtin_function(func)
        if builtin and not e.kwargs:
            text = self._builtin_call(func, args)
            if text is not None:
                return text
        parts = [self.value(a) for a in args] + [f"{k}={self.value(v)}" for k, v in e.kwargs]
        return f"{_words(func)}({', '.join(parts)})"

    def _builtin_function(self, func: str) -> bool:
        if self._is_definition(func):
            return False
        word = self.vocabulary.functions.get(func)
        return word is not None and BUILTINS.functions.get(func) is not None and word.fn is BUILTINS.functions[func].fn

    def _builtin_call(self, func: str, args: tuple) -> Optional[str]:
        v = self.value
        n = len(args)
        if func == "connected" and n == 2:
            return f"{v(args[0])} is connected to {v(args[1])}"
        if func == "distance" and n == 2:
            return f"the fewest links between {v(args[0])} and {v(args[1])} (none if they are not connected)"
        if func == "lowest_tile" and n == 2:
            return f"the lowest tile of {v(args[1])} on {self._mat(args[0])}"
        if func == "tiles_left" and n == 2:
            return f"the number of tiles of {v(args[1])} left on {self._mat(args[0])}"
        if func in ("industry", "location", "market", "line_named") and n == 1:
            kind = "line" if func == "line_named" else func
            found = self._board_thing(kind, args[0])
            if found is not None:
                return found
            return f"the {kind} {v(args[0])}"
        if func == "cubes_on_board" and n == 1:
            return f"the number of cubes of {v(args[0])} on tiles and spaces on the board (markets not counted)"
        if func == "market_cubes" and n == 1:
            market = self._board_thing("market", args[0])
            return f"the number of cubes in {market or 'the market of ' + v(args[0])}"
        if func == "pile_size" and n == 1:
            return f"the number of cards left on {self._pile(args[0])}"
        if func == "pool" and n == 1:
            return self._pool(args[0])
        if func == "tokens_left" and n == 1:
            return f"the number of tokens still face down in {self._pool(args[0])}"
        if func == "counter" and n == 1:
            return self._counter(args[0])
        if func == "a" and n == 1:
            return f"a(n) {v(args[0])}"
        if func == "index_of" and n == 2:
            return f"the position of {v(args[1])} in {v(args[0])}, counting from 0"
        if func == "len" and n == 1:
            return self._count_of(args[0])
        if func in ("min", "max") and n >= 1:
            if n == 1:
                return f"the {'smallest' if func == 'min' else 'largest'} of {v(args[0])}"
            word = ("smaller" if func == "min" else "larger") if n == 2 else ("smallest" if func == "min" else "largest")
            return f"the {word} of " + _join([self._wrapped(a) for a in args], "and")
        if func == "abs" and n == 1:
            return f"{self._grouped(args[0], v(args[0]))} without its sign"
        return None

    def _mat(self, player) -> str:
        return self.possessive(player, "mat")

    def _count_of(self, collection) -> str:
        if isinstance(collection, ast.Attribute) and collection.name in ("hand", "discard"):
            where = "hand" if collection.name == "hand" else "discard pile"
            return f"the number of cards in {self.possessive(collection.obj, where)}"
        if isinstance(collection, ast.Name) and collection.id == "deck" and "deck" not in self.local:
            return "the number of cards in the draw deck"
        return f"the number of {self._grouped(collection, self.value(collection))}"

    def _board_thing(self, kind: str, arg) -> Optional[str]:
        if not isinstance(arg, ast.Const) or not isinstance(arg.value, str) or self.board is None:
            return None
        thing = self.board.get(kind, arg.value)
        name = getattr(thing, "name", None)
        if not isinstance(name, str):
            return None
        if kind == "market":
            return "the " + _lower_first(name)
        if kind == "industry":
            return f"the {_lower_first(name)} industry"
        return name

    def _pool(self, arg) -> str:
        if isinstance(arg, ast.Const) and isinstance(arg.value, str):
            pools = getattr(self.board, "pools", None) or {}
            found = pools.get(arg.value)
            if found is not None and isinstance(found.get("name"), str):
                return "the " + _lower_first(found["name"])
            return "the " + _words(arg.value)
        return f"the token pool {self.value(arg)}"

    def _pile(self, arg) -> str:
        if isinstance(arg, ast.Const) and isinstance(arg.value, str):
            piles = getattr(self.board, "piles", None) or {}
            found = piles.get(arg.value)
            if found:
                return f"the face-up pile of {found[0].name} cards"
            return f"the {arg.value} pile"
        return f"the pile {self.value(arg)}"

    def _counter(self, arg) -> str:
        if isinstance(arg, ast.Const) and isinstance(arg.value, str):
            return f"the {_words(arg.value)} counter"
        return f"the counter named {self.value(arg)}"

    def _v_Aggregate(self, e: ast.Aggregate) -> str:
        if e.func in ("any", "all"):
            return self._quantified(e, negated=False)
        with self._scoped(e.var):
            over = self._over(e.var, e.iterable, e.condition)
            element = e.element
            if e.func == "count":
                if isinstance(element, ast.Name) and element.id == e.var:
                    return f"the number of {over}"
                return f"the number of {over} for which {self.cond(element)}"
            text = self._grouped(element, self.value(element))
            if e.func == "sum":
                return f"the sum of {text} for each {over}"
            word = "smallest" if e.func == "min" else "largest"
            return f"the {word} {text} for any {over} (none if there is none)"

    def _quantified(self, e: ast.Aggregate, negated: bool) -> str:
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
        name = self.local[var]
        name = _strip_the(name)
        text = f"{name} in {self._grouped(iterable, self.value(iterable))}"
        if condition is not None:
            text += f" where {self.cond(condition)}"
        return text

    def _v_Comprehension(self, e: ast.Comprehension) -> str:
        with self._scoped(e.var):
            over = self._over(e.var, e.iterable, e.condition)
            if isinstance(e.element, ast.Name) and e.element.id == e.var:
                return f"the {over}"
            return f"{self._grouped(e.element, self.value(e.element))} for each {over}"

    def _v_Ordering(self, e: ast.Ordering) -> str:
        with self._scoped(e.var):
            keys = []
            for key in e.keys:
                if isinstance(key, ast.Attribute) and isinstance(key.obj, ast.Name) and key.obj.id == e.var:
                    keys.append(_ATTRIBUTE_WORDS.get(key.name, _words(key.name)))
                else:
                    keys.append(self.value(key))
            iterable = self._grouped(e.iterable, self.value(e.iterable))
            by = ", then by ".join(keys)
            return f"{iterable} ordered by {by}, lowest first (ties keep their order)"

    def _v_ListExpr(self, e: ast.ListExpr) -> str:
        if not e.items:
            return "an empty list"
        return "the list (" + "; ".join(self.value(i) for i in e.items) + ")"

    def choices(self, e) -> str:
        """A list to choose from or to test membership in: "a, b or c"."""
        if isinstance(e, ast.ListExpr) and e.items:
            return _join([self._grouped(i, self.value(i)) for i in e.items], "or")
        return self.value(e)

    def _v_Ternary(self, e: ast.Ternary) -> str:
        then = self._grouped(e.then, self.value(e.then))
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
        return f"{left} {_ARITHMETIC.get(e.op, e.op)} {right}"

    def _operand(self, operand, op: str, right: bool) -> str:
        text = self.value(operand)
        if isinstance(operand, ast.BinOp):
            if right or operand.op in ("//", "%") or _PRECEDENCE.get(operand.op, 0) < _PRECEDENCE.get(op, 0):
                return f"({text})"
            return text
        return self._grouped(operand, text)

    def _v_Neg(self, e: ast.Neg) -> str:
        return f"minus {self._grouped(e.value, self.value(e.value))}"

    def _v_BoolOp(self, e: ast.BoolOp) -> str:
        if all(_looks_boolean(v, self) for v in e.values):
            return self.cond(e)
        # ``a or b`` as a value: the first that is not empty (or false, or none).
        parts = [self._grouped(v, self.value(v)) for v in e.values]
        if e.op == "or":
            return parts[0] + "".join(f", or if that is empty (or none), {p}" for p in parts[1:])
        return parts[0] + "".join(f", and if that is not empty (or none), {p}" for p in parts[1:])

    def _grouped(self, e, text: str) -> str:
        """Brackets around a phrase that would run into its neighbours."""
        if _runs_on(e):
            return f"({text})"
        return text

    def _wrapped(self, e) -> str:
        """A value in brackets if it is more than a few words (a list item, an argument)."""
        text = self.value(e)
        if _runs_on(e) or isinstance(e, ast.BinOp):
            return f"({text})"
        return text

    # -- conditions
    def cond(self, e) -> str:
        if isinstance(e, ast.BoolOp):
            word = " and " if e.op == "and" else " or "
            parts = [self._cond_operand(v) for v in e.values]
            if len(parts) > 2 or any("," in p for p in parts):
                word = "," + word
            return word.join(parts)
        if isinstance(e, ast.Not):
            return self.negated(e.value)
        if isinstance(e, ast.Compare):
            return self._compare(e.left, e.ops, e.rights)
        if isinstance(e, ast.Membership):
            return self._membership(e, e.negated)
        if isinstance(e, ast.Attribute):
            return self._predicate(e, negated=False)
        if isinstance(e, ast.Aggregate) and e.func in ("any", "all"):
            return self._quantified(e, negated=False)
        if isinstance(e, ast.Ternary):
            return f"{self._cond_operand(e.then)} if {self.cond(e.condition)}, otherwise {self.cond(e.otherwise)}"
        if isinstance(e, ast.Name) and e.id in self.local:
            return f"{self.local[e.id]} holds (is true, not empty, not none)"
        if isinstance(e, ast.Const) and isinstance(e.value, bool):
            return "always" if e.value else "never"
        method = getattr(self, "_v_" + type(e).__name__, None)
        if method is None:  # pragma: no cover - every node has a reading
            raise TypeError(f"cannot explain {type(e).__name__}")
        return method(e)

    def _cond_operand(self, e) -> str:
        text = self.cond(e)
        if _runs_on(e) or (isinstance(e, ast.Not) and _runs_on(e.value)):
            return f"({text})"
        return text

    def negated(self, e) -> str:
        if isinstance(e, ast.Not):
            return self.cond(e.value)
        if isinstance(e, ast.Attribute):
            return self._predicate(e, negated=True)
        if isinstance(e, ast.Membership):
            return self._membership(e, not e.negated)
        if isinstance(e, ast.Compare) and len(e.ops) == 1:
            return self._compare(e.left, (_OPPOSITE[e.ops[0]],), e.rights)
        if isinstance(e, ast.Aggregate) and e.func in ("any", "all"):
            return self._quantified(e, negated=True)
        if isinstance(e, ast.Call) and e.func == "connected" and len(e.args) == 2 and self._builtin_function("connected"):
            return f"{self.value(e.args[0])} is not connected to {self.value(e.args[1])}"
        if isinstance(e, ast.Name) and e.id not in self.local:
            return f"not {self.value(e)}"
        return f"not ({self.cond(e)})"

    def _subject_is(self, subject: str) -> str:
        return "are" if subject == "you" else "is"

    def _predicate(self, e: ast.Attribute, negated: bool) -> str:
        attribute = e.name
        obj = e.obj
        is_you = isinstance(obj, ast.Name) and obj.id == "you" and "you" not in self.local
        subject = "you" if is_you else self.value(obj)
        be = self._subject_is(subject)
        have = "have" if subject == "you" else "has"
        if attribute == "on_board":
            if negated:
                return f"{subject} {have} no tile and no link on the board"
            return f"{subject} {have} a tile or a link on the board"
        if attribute == "is_last":
            return f"{subject} {be} {'not ' if negated else ''}the last"
        if attribute.startswith("is_"):
            return f"{subject} {be} {'not ' if negated else ''}{_words(attribute[3:])}"
        if attribute.startswith("has_"):
            return f"{subject} {have} {'no ' if negated else ''}{_words(attribute[4:])}"
        if attribute in _ADJECTIVES or attribute.endswith(("able", "ible")):
            return f"{subject} {be} {'not ' if negated else ''}{_words(attribute)}"
        if attribute in _POSSESSIONS:
            thing = _POSSESSIONS[attribute]
            if negated:
                thing = "no " + re.sub(r"^an? ", "", thing)
            return f"{subject} {have} {thing}"
        phrase = self._v_Attribute(e)
        if negated:
            return f"{phrase} is false, empty or none"
        return f"{phrase} is true (not empty, not none)"

    def _compare(self, left, ops: tuple, rights: tuple) -> str:
        clauses = []
        for op, right in zip(ops, rights):
            clauses.append(self._one_comparison(left, op, right))
            left = right
        return ", and ".join(clauses) if len(clauses) > 1 else clauses[0]

    def _one_comparison(self, left, op: str, right) -> str:
        # ``x.id == "coal"`` reads "x is coal".
        if op in ("==", "!=") and isinstance(right, ast.Const) and isinstance(right.value, str):
            if isinstance(left, ast.Attribute) and left.name == "id":
                left = left.obj
        if isinstance(right, ast.Const) and right.value is None and op in ("==", "!="):
            text = self._grouped(left, self.value(left))
            return f"{text} {self._subject_is(text)} {'' if op == '==' else 'not '}none"
        left_text = self._grouped(left, self.value(left))
        right_text = self._grouped(right, self.value(right))
        verb = _COMPARISONS.get(op, op)
        if left_text == "you":
            verb = verb.replace("is", "are", 1)
        return f"{left_text} {verb} {right_text}"

    def _membership(self, e: ast.Membership, negated: bool) -> str:
        container = e.container
        subject = e.item
        if isinstance(subject, ast.Attribute) and subject.name == "id" and isinstance(container, ast.ListExpr):
            if container.items and all(isinstance(i, ast.Const) and isinstance(i.value, str) for i in container.items):
                subject = subject.obj  # ``x.id in ["coal", "iron"]`` reads "x is coal or iron"
        item = self._grouped(subject, self.value(subject))
        be = self._subject_is(item)
        if isinstance(container, ast.ListExpr) and container.items:
            items = [self._grouped(i, self.value(i)) for i in container.items]
            if not negated:
                return f"{item} {be} {_join(items, 'or')}"
            if len(items) == 1:
                return f"{item} {be} not {items[0]}"
            if len(items) == 2:
                return f"{item} {be} neither {items[0]} nor {items[1]}"
            return f"{item} {be} none of {_join(items, 'and')}"
        where = self._grouped(container, self.value(container))
        return f"{item} {be} {'not ' if negated else ''}in {where}"

    # -- messages
    def template(self, t: ast.Template) -> str:
        """A message with its holes in brackets: ``{location.name}`` reads "[location]"."""
        parts = []
        for part in t.parts:
            parts.append(part if isinstance(part, str) else self.hole(part))
        return "".join(parts)

    def hole(self, e) -> str:
        if isinstance(e, ast.Const):
            return _constant(e.value)
        if isinstance(e, ast.Name) and e.id in self.settings and e.id not in self.local:
            return _setting_value(self.settings[e.id])
        if isinstance(e, ast.Call) and e.func == "a" and len(e.args) == 1 and self._builtin_function("a"):
            return f"[{_article(self._hole_words(e.args[0]))}]"
        return f"[{self._hole_words(e)}]"

    def _hole_words(self, e) -> str:
        """What a hole stands for, without its article: "location", "level of the tile"."""
        if isinstance(e, ast.Attribute) and e.name in ("name", "id"):
            e = e.obj
        if isinstance(e, ast.Attribute):
            if isinstance(e.obj, ast.Name) and e.obj.id == "you" and "you" not in self.local:
                return self.possessive(e.obj, _ATTRIBUTE_WORDS.get(e.name, _words(e.name)))
            return f"{_ATTRIBUTE_WORDS.get(e.name, _words(e.name))} of {self.value(e.obj)}"
        return _strip_the(self.value(e))

    # -- scopes
    def _scoped(self, var: str):
        english = self

        class _Scope:
            def __enter__(self_inner):
                self_inner.saved = english.local.get(var)
                english.local[var] = english.variable(var)

            def __exit__(self_inner, *exc):
                if self_inner.saved is None:
                    english.local.pop(var, None)
                else:
                    english.local[var] = self_inner.saved

        return _Scope()


def _constant(value) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "none"
    return str(value)


def _setting_value(value) -> str:
    if isinstance(value, (list, tuple)):
        return _join([_setting_value(v) for v in value], "or")
    return _constant(value)


def _setting_literal(value) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_setting_literal(v) for v in value) + "]"
    if isinstance(value, str):
        return f'"{value}"'
    return _constant(value)


def _runs_on(e) -> bool:
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


def _looks_boolean(e, english: _English) -> bool:
    """True if an expression is surely a truth value (it reads as a condition)."""
    if isinstance(e, (ast.Compare, ast.Membership, ast.Not)):
        return True
    if isinstance(e, ast.BoolOp):
        return all(_looks_boolean(v, english) for v in e.values)
    if isinstance(e, ast.Aggregate):
        return e.func in ("any", "all")
    if isinstance(e, ast.Const):
        return isinstance(e.value, bool)
    if isinstance(e, ast.Call):
        return e.func == "connected" and english._builtin_function("connected")
    if isinstance(e, ast.Attribute):
        name = e.name
        return name in _ADJECTIVES or name in ("on_board", "is_last") or name.startswith(("is_", "has_"))
    if isinstance(e, ast.Name):
        decl = english.declarations.get(("definition", e.id))
        if decl is not None and decl.params is None:
            return _looks_boolean(decl.value, english)
        return isinstance(english.settings.get(e.id), bool)
    return False


# ------------------------------------------------------------ statements


class _Explainer:
    """One declaration: its statements, and the comments of its rule file."""

    def __init__(self, ruleset, node):
        self.ruleset = ruleset
        self.node = node
        self.english = _English(ruleset)
        self.lines = _source_lines(ruleset, node.where.file)
        self.used_comment_lines: set = set()
        self.kind = ""

    # -- comments
    def notes_above(self, line: int, in_body: bool = True) -> list[Step]:
        """The comment lines just above a line of the rule file, as notes.

        In a body, blank lines between the comments and the statement are
        allowed; above a declaration they are not (a section's header comment
        is not the declaration's)."""
        if not self.lines or line < 2:
            return []
        found = []
        index = line - 2
        while index >= 0:
            text = self.lines[index].strip()
            if text.startswith("#"):
                found.append((index + 1, text))
            elif not text and in_body:
                found.append((index + 1, ""))
            elif in_body and re.match(r'(cite|describe)\s+"', text):
                pass  # meta lines are not rendered; comments above them still are
            else:
                break
            index -= 1
        found.reverse()
        return self._paragraphs(found)

    def trailing_note(self, where) -> list[Step]:
        if where is None or not where.text or where.line in self.used_comment_lines:
            return []
        comment = _trailing_comment(where.text)
        if not comment:
            return []
        self.used_comment_lines.add(where.line)
        return [Step(comment, "note")]

    def _paragraphs(self, numbered: list) -> list[Step]:
        notes = []
        current: list[str] = []

        def flush():
            if current:
                notes.append(Step(" ".join(current), "note"))
                current.clear()

        for number, text in numbered:
            if number in self.used_comment_lines:
                continue
            if not text:
                flush()
                continue
            self.used_comment_lines.add(number)
            body = text.lstrip("#").strip()
            if not body or re.search(r"-{4,}|={4,}", body):
                flush()
                continue
            current.append(body)
        flush()
        return notes

    # -- declarations
    def declaration(self, kind: str) -> list[Step]:
        self.kind = kind
        node = self.node
        steps = self.notes_above(node.where.line, in_body=False)
        if kind == "setting":
            return steps + [self.setting(node)]
        if kind == "definition":
            return steps + self.trailing_note(node.where) + [self.definition(node)]
        if kind == "resource":
            return steps + self.resource(node)
        if kind == "action":
            return steps + self.block(node.body)
        if kind == "procedure":
            for param in node.params:
                self.english.bind(param)
            return steps + self.block(node.body)
        # a handler
        for param in node.params:
            self.english.bind(param)
        return steps + [self.event(node)] + self.block(node.body)

    def setting(self, node: ast.Setting) -> Step:
        settings = self.english.settings
        if node.name in settings:
            text = f"{node.name} = {_setting_literal(settings[node.name])}"
            if not isinstance(node.value, (ast.Const, ast.ListExpr)):
                text += f" ({self.english.value(node.value)})"
        else:
            text = f"{node.name} = {self.english.value(node.value)}"
        comment = _trailing_comment(node.where.text or "")
        if comment:
            text += f" — {comment}"
        return Step(text)

    def definition(self, node: ast.Define) -> Step:
        head = node.name
        if node.params is not None:
            head += "(" + ", ".join(node.params) + ")"
            for param in node.params:
                self.english.bind(param)
        if isinstance(node.value, ast.Const) and isinstance(node.value.value, bool):
            return Step(f"{head} is {_constant(node.value.value)}.")
        if _looks_boolean(node.value, self.english):
            return Step(f"{head} is true when {self.english.cond(node.value)}.")
        return Step(f"{head} is {self.english.value(node.value)}.")

    def event(self, node: ast.Handler) -> Step:
        events = getattr(self.english.vocabulary, "events", {}) or {}
        params = f"({', '.join(node.params)})" if node.params else ""
        doc = events.get(node.name, ((), ""))[1]
        text = f"When {node.name}{params} happens"
        text += f": {_lower_first(_first_sentence(doc))}" if doc else "."
        return Step(_sentence(text))

    def resource(self, node: ast.Resource) -> list[Step]:
        english = self.english
        english.bind("tile")
        english.bind("target")
        steps = []
        has_market = False
        for tier_index, tier in enumerate(node.tiers):
            for source_index, source in enumerate(tier):
                steps.extend(self.notes_above(source.where.line))
                steps.extend(self.trailing_note(source.where))
                label = "First" if tier_index == 0 and source_index == 0 else ("Then" if source_index == 0 else "Also")
                text, is_market = self.source(node.name, source)
                has_market = has_market or is_market
                steps.append(Step(f"{label}: {text}."))
        if node.empty_price is not None:
            steps.extend(self.notes_above(node.empty_price.where.line))
            steps.extend(self.trailing_note(node.empty_price.where))
            steps.append(Step(f"When the market is empty: pay {english.value(node.empty_price)} each."))
        elif has_market:
            steps.append(Step("When the market holds too little: no more can be bought there."))
        return steps

    def source(self, resource: str, source: ast.Source) -> tuple[str, bool]:
        english = self.english
        where = [c.value for c in source.clauses if c.kind == "where"]
        messages = [c.value for c in source.clauses if c.kind == "otherwise"]
        limits = [c.value for c in source.clauses if c.kind == "limit"]
        nearest = any(c.kind == "nearest_first" for c in source.clauses)
        if len(where) == 1:
            conditions = english.cond(where[0])
        else:
            conditions = " and ".join(english._cond_operand(w) for w in where)
        if source.kind == "tiles":
            text = f"tiles with {resource}"
            if conditions:
                text += f" where {conditions}"
            text += ", the nearest first (equally near ones: your choice)" if nearest else " (your choice among them)"
        elif source.kind == "market":
            market = self._market(source.arg)
            text = f"{market} (cheapest cube first)"
            if conditions:
                text += f", only where {conditions}"
        elif source.kind == "offered":
            text = "what the action offers"
            if conditions:
                text += f", where {conditions}"
        else:  # a source kind the engine may learn later
            text = f"{_words(source.kind)}{' ' + source.arg if source.arg else ''}"
            if conditions:
                text += f" where {conditions}"
        if limits and source.kind == "offered":
            text += ", at most " + " and at most ".join(english.value(v) for v in limits)
        for message in messages:
            text += f" — otherwise: {english.template(message)}"
        return text, source.kind == "market"

    def _market(self, ident: Optional[str]) -> str:
        board = getattr(self.ruleset, "board", None)
        thing = board.get("market", ident) if board is not None and ident else None
        if thing is not None and isinstance(getattr(thing, "name", None), str):
            return "the " + _lower_first(thing.name)
        return f"the {ident} market"

    # -- blocks and statements
    def block(self, statements: tuple) -> list[Step]:
        steps = []
        for stmt in statements:
            steps.extend(self.statement(stmt))
        return steps

    def statement(self, stmt) -> list[Step]:
        notes = self.notes_above(stmt.where.line) + self.trailing_note(stmt.where)
        method = getattr(self, "_s_" + type(stmt).__name__)
        return notes + method(stmt)

    def _s_Cite(self, stmt) -> list[Step]:
        return []

    def _s_Describe(self, stmt) -> list[Step]:
        return []

    def _s_Uses(self, stmt: ast.Uses) -> list[Step]:
        n = stmt.actions
        return [Step("It takes 1 action." if n == 1 else f"It takes {n} actions.")]

    def _s_Stop(self, stmt) -> list[Step]:
        if self.kind == "procedure" and self.node.name in FLOW_PROCEDURES:
            return [Step("This part of the game ends here: nothing after this is done.")]
        if self.kind == "handler":
            return [Step("Stop here: nothing after this is done.")]
        return [Step("The action ends here.")]

    def _s_Let(self, stmt: ast.Let) -> list[Step]:
        value = self.english.value(stmt.value)
        self.english.bind(stmt.name)
        return [Step(_sentence(f"Let {self.english.local[stmt.name]} be {value}"))]

    def _s_Require(self, stmt: ast.Require) -> list[Step]:
        english = self.english
        text = f"Require: {english.cond(stmt.condition)}."
        for clause in stmt.clauses:
            if clause.kind == "otherwise":
                text += f" Refused if not so: {_end(english.template(clause.value))}"
            elif clause.value is not None:  # not allowed by the compiler today
                text += f" ({_words(clause.kind)} {english.value(clause.value)})"
        return [Step(text)]

    def _s_Choose(self, stmt: ast.Choose) -> list[Step]:
        english = self.english
        domain = english.choices(stmt.domain)
        if stmt.count is None:
            what = _article(_words(stmt.name))
        else:
            what = f"{stmt.count} {_words(stmt.name)}"
        if isinstance(stmt.domain, ast.ListExpr):
            text = f"Choose {what}: {domain}"
        else:
            text = f"Choose {what} from {domain}"
        children: list[Step] = []
        english.bind(stmt.name)
        clauses = list(stmt.clauses)
        position = 0
        while position < len(clauses):
            clause = clauses[position]
            if clause.where.line != stmt.where.line:
                children.extend(self.notes_above(clause.where.line))
                children.extend(self.trailing_note(clause.where))
            if clause.kind == "by":
                text += f" ({english.value(clause.value)} decides)"
            elif clause.kind == "where":
                condition = english.cond(clause.value)
                following = clauses[position + 1] if position + 1 < len(clauses) else None
                if following is not None and following.kind == "otherwise":
                    if following.where.line != clause.where.line:
                        children.extend(self.notes_above(following.where.line))
                        children.extend(self.trailing_note(following.where))
                    message = english.template(following.value)
                    children.append(Step(f"Not allowed when: {message} (it must be that {condition})."))
                    position += 1
                else:
                    children.append(Step(_sentence(f"Only where {condition}")))
            elif clause.kind == "otherwise":
                children.append(Step(f"If nothing can be chosen: {_end(english.template(clause.value))}"))
            elif clause.value is not None:  # not allowed by the compiler today
                children.append(Step(_sentence(f"{_capital(_words(clause.kind))}: {english.value(clause.value)}")))
            position += 1
        return [Step(_sentence(text), children=children)]

    def _s_CallProcedure(self, stmt: ast.CallProcedure) -> list[Step]:
        english = self.english
        decl = self.english.declarations.get(("procedure", stmt.name))
        params = tuple(decl.params) if decl is not None else ()
        given = []
        for position, arg in enumerate(stmt.args):
            text = english.value(arg)
            if position < len(params):
                param = english.variable(params[position])
                if text != param:
                    text = f"{text} as {param}"
            given.append(text)
        for key, arg in stmt.kwargs:
            given.append(f"{english.value(arg)} as {english.variable(key)}")
        with_ = f", with {_join(given, 'and')}" if given else ""
        return [Step(f"Then {_words(stmt.name)}{with_} (see {stmt.name}).")]

    def _s_If(self, stmt: ast.If) -> list[Step]:
        english = self.english
        steps = []
        for position, (condition, body) in enumerate(stmt.branches):
            if position > 0:
                steps.extend(self.notes_above(condition.where.line))
                steps.extend(self.trailing_note(condition.where))
            head = "If" if position == 0 else "Otherwise, if"
            steps.append(Step(f"{head} {english.cond(condition)}:", children=self.block(body)))
        if stmt.otherwise:
            else_line = self._else_line(stmt.otherwise[0].where.line)
            if else_line:
                steps.extend(self.notes_above(else_line))
            steps.append(Step("Otherwise:", children=self.block(stmt.otherwise)))
        return steps

    def _else_line(self, first_line: int) -> Optional[int]:
        """The line of ``else:`` above the first statement of an else block."""
        if not self.lines:
            return None
        index = first_line - 2
        while index >= 0:
            text = self.lines[index].strip()
            if re.match(r"else\s*:", text):
                return index + 1
            if text and not text.startswith("#"):
                return None
            index -= 1
        return None

    def _s_For(self, stmt: ast.For) -> list[Step]:
        english = self.english
        iterable = english.value(stmt.iterable)
        english.bind(stmt.var)
        return [Step(f"For each {_strip_the(english.local[stmt.var])} in {iterable}:", children=self.block(stmt.body))]

    def _s_Repeat(self, stmt: ast.Repeat) -> list[Step]:
        english = self.english
        if stmt.mode == "times":
            head = f"Do this {_times(stmt.low, english)}:"
        elif stmt.mode == "between":
            head = f"Do this {english.value(stmt.low)} to {english.value(stmt.high)} times (you choose how many):"
        elif stmt.mode == "at_least":
            head = f"Do this at least {_times(stmt.low, english)}, and again as often as you like:"
        else:
            head = f"As long as {english.cond(stmt.condition)}:"
        return [Step(head, children=self.block(stmt.body))]

    def _s_Optionally(self, stmt: ast.Optionally) -> list[Step]:
        return [Step(f"If you like ({_words(stmt.name)}):", children=self.block(stmt.body))]

    def _s_Command(self, stmt: ast.Command) -> list[Step]:
        text = _Keyword(self, stmt).text()
        if stmt.bind:
            self.english.bind(stmt.bind, self.english.bound_result(stmt.bind, stmt.name))
        return [Step(text)]


def _times(expr, english: _English) -> str:
    if isinstance(expr, ast.Const) and expr.value == 1:
        return "once"
    if isinstance(expr, ast.Const) and expr.value == 2:
        return "twice"
    return f"{english.value(expr)} times"


# --------------------------------------------------------------- keywords


class _Keyword:
    """One keyword statement in English, from a table of the engine's keywords."""

    def __init__(self, explainer: _Explainer, stmt: ast.Command):
        self.explainer = explainer
        self.english = explainer.english
        self.stmt = stmt
        self.word = self.english.vocabulary.keywords.get(stmt.name)
        self.args: dict = {}
        self.used: set = set()
        self.params: list = []
        if self.word is not None:
            try:
                signature = inspect.signature(self.word.fn)
                run, *self.params = list(signature.parameters)  # the first is the run
                bound = signature.bind_partial(None, *stmt.args, **dict(stmt.kwargs))
                self.args = {k: v for k, v in bound.arguments.items() if k != run}
            except (TypeError, ValueError):
                self.args = {}
        if not self.args and (stmt.args or stmt.kwargs):
            names = self.params or [f"argument {i + 1}" for i in range(len(stmt.args))]
            self.args = dict(zip(names, stmt.args))
            self.args.update(dict(stmt.kwargs))

    # -- arguments
    def raw(self, name: str):
        self.used.add(name)
        return self.args.get(name)

    def __getitem__(self, name: str) -> str:
        return self.render(self.raw(name))

    def render(self, expr) -> str:
        """An argument in English (a keyword's ``*args`` or ``**kwargs`` too)."""
        if expr is None:
            return "none"
        if isinstance(expr, tuple):
            return _join([self.render(e) for e in expr], "and")
        if isinstance(expr, dict):
            return ", ".join(f"{_words(k)} = {self.render(v)}" for k, v in expr.items())
        return self.english.value(expr)

    def simple(self, name: str) -> bool:
        """A number or a setting: it reads well in "pay 3", "draw 8 cards"."""
        expr = self.args.get(name)
        if isinstance(expr, ast.Const):
            return True
        return isinstance(expr, ast.Name) and expr.id in self.english.settings and expr.id not in self.english.local

    def amount(self, name: str, unit: str) -> str:
        """``3 VP`` or ``as many VP as the tile's VP``."""
        if self.simple(name):
            return f"{self[name]} {unit}"
        return f"as many {unit} as {self[name]}"

    def identifier(self, name: str) -> str:
        expr = self.raw(name)
        if isinstance(expr, ast.Const) and isinstance(expr.value, str):
            return _words(expr.value)
        return self.english.value(expr)

    # -- the sentence
    def text(self) -> str:
        builtin = BUILTINS.keywords.get(self.stmt.name)
        own = self.word is not None and builtin is not None and self.word.fn is builtin.fn
        render = _KEYWORDS.get(self.stmt.name) if own else None
        if render is None:
            return self.fallback()
        sentence = render(self)
        player = None
        if "player" in self.args and self.args["player"] is not None:
            player = self["player"]
        extra = [k for k in self.args if k not in self.used]
        if extra:
            sentence = sentence.rstrip(".") + " (" + ", ".join(f"{_words(k)} = {self.render(self.args[k])}" for k in extra) + ")."
        sentence = _sentence(sentence)
        if player is not None:
            sentence = f"For {player}: {_lower_first(sentence)}"
        return sentence

    def fallback(self) -> str:
        doc = _first_sentence(self.word.doc) if self.word is not None and self.word.doc else ""
        given = ", ".join(f"{_words(k)} = {self.render(v)}" for k, v in self.args.items())
        name = self.stmt.name
        if doc:
            text = doc.rstrip(".")
            text += f" ({name}: {given})" if given else f" ({name})"
        else:
            text = _capital(_words(name)) + (f": {given}" if given else "")
        return _sentence(text)


def _consume(k: _Keyword) -> str:
    resource_expr = k.raw("resource")
    if isinstance(resource_expr, ast.Name) and ("resource", resource_expr.id) in k.english.declarations:
        resource = resource_expr.id
    else:
        resource = k["resource"]
    simple = k.simple("amount")
    text = f"Consume {k['amount']} {resource}" if simple else f"Consume {resource}"
    if k.raw("target") is not None:
        text += f" for {k['target']}"
    if not simple:
        text += f", as many as {k['amount']}"
    if k.raw("offer") is not None:
        text += f", with {k['offer']} offered as a source too"
    return text + f" (see {_capital(resource)})."


def _take_card(k: _Keyword) -> str:
    expr = k.raw("pile")
    return f"Take the top card of {k.english._pile(expr)} into your hand."


_KEYWORDS = {
    # money
    "pay": lambda k: f"Pay {k['amount']} (spent this round).",
    "gain": lambda k: f"Take {k['amount']} from the bank.",
    "lose": lambda k: f"Pay {k['amount']} to the bank (not spending: it does not count for turn order; money may go below zero).",
    "return_spending": lambda k: "The money spent this round, on the character tiles, goes to the bank.",
    # income and points
    "advance_income": lambda k: f"Advance the income marker {k.amount('spaces', 'spaces')}.",
    "lower_income": lambda k: f"Move the income marker down {k.amount('levels', 'levels')}, onto the highest space of the new level.",
    "set_income_space": lambda k: f"Put the income marker on space {k['space']}.",
    "score": lambda k: f"Score {k.amount('points', 'victory points')}.",
    "lose_points": lambda k: f"Lose {k.amount('points', 'victory points')} (never below zero).",
    # cards
    "discard": lambda k: f"Put {k['card']} from your hand face up on your discard pile.",
    "return_card": lambda k: f"Put {k['card']} from your hand back on its own face-up pile.",
    "take_card": _take_card,
    "draw": lambda k: (
        f"Draw {k['count']} cards from the draw deck (fewer if it runs out)."
        if k.simple("count")
        else f"From the draw deck, draw as many cards as {k['count']} (fewer if it runs out)."
    ),
    "bury_card": lambda k: "Put the top card of the draw deck face down on your discard pile (nobody may look at it until the discards are gathered).",
    "new_deck": lambda k: (
        f"Make the draw deck from every card used with as many players as {k['for_players']}."
        if k.raw("for_players") is not None
        else "Make the draw deck from every card used with this many players."
    ),
    "gather_discards": lambda k: "Put every player's discard pile on the bottom of the draw deck.",
    "shuffle_deck": lambda k: "Shuffle the draw deck.",
    "fill_piles": lambda k: "Fill every face-up pile (the wild cards) to its full count.",
    # tokens and markets
    "deal_tokens": lambda k: (
        f"Shuffle {k.english._pool(k.raw('pool'))} used with this many players and deal one face up to every "
        "space used with this many players, in board order."
    ),
    "shuffle_tokens": lambda k: (
        f"Gather every token of {k.english._pool(k.raw('pool'))} used with "
        + (f"as many players as {k['for_players']}" if k.raw("for_players") is not None else "this many players")
        + " (drawn ones too) and shuffle them into a face-down pile."
    ),
    "reveal_token": lambda k: f"Turn up the top token of {k.english._pool(k.raw('pool'))} (what was hidden is now known: this cannot be taken back).",
    "fill_market": lambda k: f"Fill {k['market']} to its starting number of cubes, from the general supply.",
    "add_cubes": lambda k: (
        f"Put {k['count']} {k.identifier('resource')} from the general supply on {k['holder']}."
        if k.simple("count")
        else f"Put {k.identifier('resource')} from the general supply on {k['holder']}, as many as {k['count']}."
    ),
    "sell_to_market": lambda k: (
        f"Sell as many cubes as fit from {k['tile']} to {k['market']}, the most expensive empty space first; "
        "the tile's owner is paid each space's price."
    ),
    "consume": _consume,
    # tiles and links
    "build_tile": lambda k: f"Build the lowest tile of {k['industry']} from your mat on {k['slot']}.",
    "remove_tile": lambda k: f"Remove {k['tile']} from the board and from the game (cubes on it go to the general supply).",
    "develop": lambda k: f"Take the lowest tile of {k['industry']} off your mat and out of the game (develop).",
    "set_flipped": lambda k: f"Turn {k['tile']} to its flipped side.",
    "place_link": lambda k: f"Place one of your link tiles, of the era's kind, on {k['line']}.",
    "remove_link": lambda k: f"Remove {k['link']} from the board.",
    # turn order and counters
    "set_turn_order": lambda k: f"Set the turn order: {k['players']}.",
    "shuffle_turn_order": lambda k: "Put the players in a random order on the turn order track.",
    "set_counter": lambda k: f"Set {k.english._counter(k.raw('name'))} to {k['value']}.",
    "add_to_counter": lambda k: f"Add {k['delta']} to {k.english._counter(k.raw('name'))}.",
}


# --------------------------------------------------------------- sources


def _source_lines(ruleset, file: str) -> Optional[list]:
    """The lines of a rule file named ``layer/relative/path`` (None if not found)."""
    for layer in sorted(getattr(ruleset, "layers", None) or (), key=lambda l: -len(l.name)):
        prefix = f"{layer.name}/"
        if file.startswith(prefix):
            path = Path(layer.folder) / file[len(prefix) :]
            try:
                return path.read_text(encoding="utf-8").splitlines()
            except OSError:
                return None
    return None


_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def _trailing_comment(line: str) -> Optional[str]:
    """The comment at the end of a line of code, if any."""
    blanked = _STRING.sub(lambda m: " " * len(m.group(0)), line)
    position = blanked.find("#")
    if position < 0 or not blanked[:position].strip():
        return None
    comment = line[position + 1 :].strip()
    return comment or None
