"""Checks made as rules load, beyond names: cycles, and what the game flow reads.

Two kinds of rule code would pass every name check and then fail in play:

* a definition that needs itself (``define a = b``, ``define b = a``) or a
  procedure that calls itself, directly or through others: each would run
  until Python's stack overflows. The rule language has no recursion (loops,
  ``for`` and aggregates do what it would), so every cycle is refused, with
  the place of each step.
* a definition the flow reads that cannot be what the flow needs:
  ``actions_this_turn`` giving a string, ``ranking`` that is not a list. Where
  the kind of a value is plain from the rule text (a literal, a comparison, a
  list, a word whose result type is declared), it is checked here; what only a
  game can tell is checked when the flow reads it (:mod:`brass.game`).

And one kind would pass and show wrong: a score heading (``score 3,
heading="links"``) that is not written in the rule, or spelt two ways, would
give the score breakdown a column nobody meant.
"""

from __future__ import annotations

import difflib
import inspect
import re
from typing import Optional

from ..errors import RuleFileError
from . import ast
from .limits import MAX_ACTIONS_PER_TURN, MAX_REPEAT, shown, too_many_rounds
from .types import ListOf

# ------------------------------------------------------------------- cycles


def cycles(references: dict, decls: dict) -> list[RuleFileError]:
    """Every cycle of uses among definitions, and of calls among procedures.

    ``references``: (kind, name) -> [((kind, name), Where of the use)], as the
    compiler recorded them; ``decls``: (kind, name) -> declaration, in the
    order the rule files give them (the first member of a cycle names it)."""
    errors = []
    reported: set = set()
    for key in decls:
        if key in reported or key not in references:
            continue
        path = _cycle_from(key, references)
        if path is None:
            continue
        reported.update(step for step, _ in path)
        errors.append(_cycle_error(key, path, decls[key]))
    return errors


def _cycle_from(start, references) -> Optional[list]:
    """The shortest path of uses from ``start`` back to itself, as [(member, Where of its use of the next)]."""
    came_from = {}
    frontier = [start]
    while frontier:
        following = []
        for key in frontier:
            for target, where in references.get(key, ()):
                if target == start:
                    path = [(key, where)]
                    while path[0][0] != start:
                        previous, used_at = came_from[path[0][0]]
                        path.insert(0, (previous, used_at))
                    return path
                if target not in came_from and target in references:
                    came_from[target] = (key, where)
                    following.append(target)
        frontier = following
    return None


def _cycle_error(key, path, decl) -> RuleFileError:
    kind, name = key
    verb = "uses" if kind == "definition" else "calls"
    members = [member for member, _ in path] + [key]
    steps = ", ".join(f"{member[1]} {verb} {following[1]} ({where})" for (member, where), following in zip(path, members[1:]))
    if kind == "definition":
        message = f"definition {name!r} depends on itself, so it can never be worked out: {steps}"
        hint = "A definition is worked out each time it is used. The rule language has no recursion: a list, a for or an aggregate (sum, any, ...) does what it would."
    else:
        message = f"procedure {name!r} calls itself, so it would never end: {steps}"
        hint = "The rule language has no recursion: a for or a repeat does what it would."
    return RuleFileError(message, decl.where, hint)


# ------------------------------------------------ what a definition costs

# The definitions one use of a definition may work out, counting each use inside it
# (a definition is worked out afresh at every use). The rulebooks' costliest takes a
# dozen; one that uses the one below it four times, thirteen deep, would take 67
# million, and hang the game the first time it is read.
MAX_DEFINITION_COST = 100_000


def definition_costs(references: dict, decls: dict) -> list[RuleFileError]:
    """Every definition whose one use would work out more than MAX_DEFINITION_COST
    definitions (``references`` and ``decls`` as for :func:`cycles`, which must have
    found none: a cycle has no cost)."""
    costs: dict = {}

    def cost(key) -> int:
        if key not in costs:
            costs[key] = 1  # (no cycle: this is never read before it is set below)
            costs[key] = min(1 + sum(cost(target) for target, _ in references.get(key, ()) if target[0] == "definition"), 10**18)
        return costs[key]

    errors = []
    for key, decl in decls.items():
        if key[0] != "definition" or cost(key) <= MAX_DEFINITION_COST:
            continue
        targets = [target for target, _ in references.get(key, ()) if target[0] == "definition"]
        if any(cost(target) > MAX_DEFINITION_COST for target in targets):
            continue  # it costs too much because one it uses does: that one is reported
        uses = [target[1] for target in targets]
        counted = ", ".join(f"{name} {uses.count(name)} time{'s' if uses.count(name) != 1 else ''}" for name in dict.fromkeys(uses))
        errors.append(
            RuleFileError(
                f"one use of definition {key[1]!r} would work out {cost(key):,} definitions ({counted}, each with what it uses); "
                f"a definition may cost at most {MAX_DEFINITION_COST:,}",
                decl.where,
                "Name a value once with let, or give it to the definition as a parameter, instead of using a definition several times in another.",
            )
        )
    return errors


# ------------------------------------------------- what the game flow reads

NUMBER, TRUTH, TEXT, LIST, NOTHING = "a whole number", "true or false", "text", "a list", "none"

# name -> (parameters it takes, what it must give, an example)
FLOW_VALUES = {
    "actions_this_turn": (0, NUMBER, "define actions_this_turn = 1 if first_round else 2"),
    "era_over": (0, TRUTH, "define era_over = len(deck) == 0 and all(len(p.hand) == 0 for p in players)"),
    "game_ends_after_era": (0, TRUTH, "define game_ends_after_era = era.is_last"),
    "ranking": (1, LIST, "define ranking(p) = [p.vp, p.income_level, p.money]"),
}


def flow_values(decls: dict, settings: dict, vocabulary) -> list[RuleFileError]:
    """What is wrong with the definitions the flow reads, as far as the rule text shows."""
    kinds = _Kinds(decls, settings, vocabulary)
    errors = []
    for name, (params, expected, example) in FLOW_VALUES.items():
        decl = decls.get(("definition", name))
        if decl is None:
            continue
        given = len(decl.params) if decl.params else 0
        if given != params:
            takes = "no parameter" if params == 0 else "one parameter, the player"
            errors.append(RuleFileError(f"{name!r} takes {takes}, not {given}", decl.where, f"Write it as: {example}"))
            continue
        local = set(decl.params or ())
        for leaf in _results(decl.value):
            errors.extend(_result_errors(name, leaf, kinds.of(leaf, local), kinds, local))
        if name == "game_ends_after_era" and isinstance(decl.value, ast.Const) and decl.value.value is False:
            message = "'game_ends_after_era' is always false, so the game would never end: after the last era there is no next era"
            errors.append(RuleFileError(message, decl.value.where, f"Leave it out (the game ends after the last era), or: {example}"))
    return errors


def _result_errors(name: str, leaf, kind: Optional[str], kinds, local: set) -> list[RuleFileError]:
    """What is wrong with one expression a flow definition may give."""
    _, expected, example = FLOW_VALUES[name]
    hint = f"For example: {example}"
    if kind is not None and kind != expected:
        return [RuleFileError(f"{name!r} must give {expected}, but this gives {kind}", leaf.where, hint)]
    if name == "ranking" and isinstance(leaf, ast.ListExpr):
        return _ranking_items(leaf, kinds, local, example)
    number = literal_number(leaf) if name == "actions_this_turn" else None
    if number is not None and not 1 <= number <= MAX_ACTIONS_PER_TURN:
        message = f"'actions_this_turn' gives {number} here; it must be a whole number from 1 to {MAX_ACTIONS_PER_TURN}"
        return [RuleFileError(message, leaf.where, hint)]
    return []


def _ranking_items(node: ast.ListExpr, kinds, local: set, example: str) -> list[RuleFileError]:
    """The items of a ranking list must be numbers: players are compared by them."""
    errors = []
    for item in node.items:
        kind = kinds.of(item, local)
        if kind is not None and kind not in (NUMBER, TRUTH):
            errors.append(RuleFileError(f"'ranking' must give a list of numbers, but this item is {kind}", item.where, f"For example: {example}"))
    return errors


def repeat_counts(stmt: ast.Repeat) -> list[RuleFileError]:
    """A repeat whose written count is beyond limits.MAX_REPEAT (a computed one is checked as it runs)."""
    errors = []
    for count in (stmt.low, stmt.high):
        if isinstance(count, ast.Const) and count.value.__class__ is not int:
            errors.append(RuleFileError(f"repeat needs a whole number of rounds, not {shown(count.value)}", count.where))
            continue
        number = literal_number(count) if count is not None else None
        if number is not None and number > MAX_REPEAT:
            errors.append(RuleFileError(too_many_rounds(number), count.where, "No game needs so many rounds; the limit keeps a mistake from hanging the game."))
    return errors


# ------------------------------------------------------------ score headings

HEADING = re.compile(r"[a-z]+( [a-z]+)*")


def heading(word, stmt: ast.Command) -> Optional[ast.Const]:
    """The heading a keyword's ``heading`` argument names (None if it has none), checked:
    given by name, a string written in the rule, in lower-case words."""
    params = list(inspect.signature(word.fn).parameters)[1:]
    if "heading" not in params:
        return None
    if len(stmt.args) > params.index("heading"):
        where = stmt.args[params.index("heading")].where
        raise RuleFileError(f"give the heading of '{stmt.name}' by name", where, f'Write it as heading="tiles": {word.usage()}')
    value = dict(stmt.kwargs).get("heading")
    if value is None:
        return None
    if not isinstance(value, ast.Const) or not isinstance(value.value, str):
        raise RuleFileError(
            f"the heading of '{stmt.name}' must be written in the rule as a string, like heading=\"tiles\"",
            value.where,
            "The score breakdown has a column for each heading the rule files use, so each one must be plain from the rule text.",
        )
    text = value.value
    if not HEADING.fullmatch(text):
        plain = " ".join(re.sub(r"[^a-z]+", " ", text.lower()).split())
        hint = f'Write it as heading="{plain}".' if plain else 'For example: heading="tiles".'
        raise RuleFileError(f"the score heading {text!r} is not lower-case words (letters, one space between words)", value.where, hint)
    return value


def heading_spellings(headings: dict) -> list[RuleFileError]:
    """Headings so alike that one is likely a misspelling of the other (``tiles``,
    ``tiels``; ``tile``, ``tiles``): each would have a column of its own.
    ``headings``: heading -> the Const of its first use, in the order the rules use them."""
    errors = []
    seen: list = []
    for text, node in headings.items():
        for earlier in seen:
            singular = text.rstrip("s") == earlier.rstrip("s")
            if singular or difflib.SequenceMatcher(None, text, earlier).ratio() >= 0.8:
                errors.append(RuleFileError(
                    f"the score heading {text!r} is spelt almost like {earlier!r} (used at {headings[earlier].where}): they would be two columns of the score breakdown",
                    node.where,
                    f"Spell a heading one way wherever it is used (heading=\"{earlier}\"); two different headings need names less alike.",
                ))
                break
        seen.append(text)
    return errors


def _results(node) -> list:
    """The expressions whose value an expression may give: the branches of an ``if``
    and the operands of ``and`` / ``or``, else the expression itself."""
    if isinstance(node, ast.Ternary):
        return _results(node.then) + _results(node.otherwise)
    if isinstance(node, ast.BoolOp):
        return [leaf for value in node.values for leaf in _results(value)]
    return [node]


def literal_number(node) -> Optional[int]:
    """The whole number an expression is as written (``3``, ``-1``), else None."""
    if isinstance(node, ast.Const) and node.value.__class__ is int:
        return node.value
    if isinstance(node, ast.Neg) and isinstance(node.value, ast.Const) and node.value.value.__class__ is int:
        return -node.value.value
    return None


def _kind_of_value(value) -> Optional[str]:
    if isinstance(value, bool):
        return TRUTH
    if isinstance(value, int):
        return NUMBER
    if isinstance(value, str):
        return TEXT
    if isinstance(value, (list, tuple)):
        return LIST
    if value is None:
        return NOTHING
    return None


def _kind_of_type(kind) -> Optional[str]:
    """The kind of a word's declared result type (``Word.returns``)."""
    if kind is bool:
        return TRUTH
    if kind is int:
        return NUMBER
    if kind is str:
        return TEXT
    if isinstance(kind, ListOf) or kind in (list, tuple):
        return LIST
    return None


class _Kinds:
    """The kind of value an expression gives, where the rule text makes it plain (else None)."""

    def __init__(self, decls: dict, settings: dict, vocabulary):
        self.decls = decls
        self.settings = settings
        self.vocabulary = vocabulary
        self._definitions: dict = {}

    def of(self, node, local: set) -> Optional[str]:
        method = getattr(self, "_" + type(node).__name__, None)
        return method(node, local) if method is not None else None

    def _Const(self, node, local):
        return _kind_of_value(node.value)

    def _Template(self, node, local):
        return TEXT

    def _ListExpr(self, node, local):
        return LIST

    _Comprehension = _Ordering = _ListExpr

    def _Compare(self, node, local):
        return TRUTH

    _Membership = _Not = _Compare

    def _Aggregate(self, node, local):
        return {"any": TRUTH, "all": TRUTH, "count": NUMBER, "sum": NUMBER}.get(node.func)

    def _Neg(self, node, local):
        return NUMBER if self.of(node.value, local) == NUMBER else None

    def _Ternary(self, node, local):
        then = self.of(node.then, local)
        return then if then == self.of(node.otherwise, local) else None

    def _BoolOp(self, node, local):
        found = {self.of(value, local) for value in node.values}
        return found.pop() if len(found) == 1 else None

    def _BinOp(self, node, local):
        left, right = self.of(node.left, local), self.of(node.right, local)
        if left == right == NUMBER:
            return NUMBER
        if node.op == "+" and left == right and left in (TEXT, LIST):
            return left
        if node.op == "*" and NUMBER in (left, right):
            other = right if left == NUMBER else left
            return other if other in (TEXT, LIST) else None
        return None

    def _Name(self, node, local):
        name = node.id
        if name in local:
            return None
        if name in self.settings:
            return _kind_of_value(self.settings[name])
        if ("definition", name) in self.decls:
            return self._definition(name)
        word = self.vocabulary.names.get(name)
        return _kind_of_type(word.returns) if word is not None else None

    def _Call(self, node, local):
        if ("definition", node.func) in self.decls:
            return self._definition(node.func)
        word = self.vocabulary.functions.get(node.func)
        return _kind_of_type(word.returns) if word is not None else None

    def _definition(self, name: str) -> Optional[str]:
        if name not in self._definitions:
            self._definitions[name] = None  # a cycle (refused elsewhere) has no kind
            decl = self.decls[("definition", name)]
            self._definitions[name] = self.of(decl.value, set(decl.params or ()))
        return self._definitions[name]
