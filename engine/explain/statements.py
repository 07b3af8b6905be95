"""Statements and blocks of rule code as steps.

:class:`StatementExplainer` turns each statement of a body into steps: one
English sentence each, the body of an ``if``, ``for``, ``repeat`` or
``optionally`` as the children of its head, and the rule file's comments
above (or at the end of) a statement as notes before it. Names a statement
binds (``let``, ``for``, ``choose``, a keyword's ``as``) are bound in its
:class:`~.expressions.English` as they are met, so later statements read them
as the rule code means them.

The sentences are a rulebook's, not a listing's: what must hold reads with
"must" (``require``, a ``choose``'s ``where``), consecutive conditions for one
case ("if the slot is not empty") are gathered under it, and a refusal's
message, which a player sees in play, is not repeated. What is there only for
the engine (a statement marked ``# engine``, an ``Engine:`` comment, the
settings a number comes from, how a move writes an optional step) becomes a
note for engine readers, kept apart from the rule text.
"""

from __future__ import annotations

import re

from ..language import ast
from ..language.compiler import FLOW_PROCEDURES
from .aggregates import element_noun
from .comments import SourceComments, engine_tag
from .expressions import English
from .keywords import KeywordSentence, said_by
from .steps import Step, settings_note
from .words import PARTICLES, as_sentence, capitalised, join_words, names_a_deed, with_article, without_the, words_of


class StatementExplainer:
    """The statements of one declaration, with the comments of its rule file."""

    def __init__(self, ruleset, node):
        self.ruleset = ruleset
        self.node = node
        self.english = English(ruleset)
        self.comments = SourceComments(ruleset, node.where.file)
        self.kind = ""  # the kind of declaration, set when it is explained
        self.left_out: list[str] = []  # sentences of statements marked "# engine"

    def block(self, statements: tuple) -> list[Step]:
        steps = []
        for stmt in statements:
            steps.extend(self.statement(stmt))
        return steps

    def statement(self, stmt) -> list[Step]:
        notes = self.comments.notes_around(stmt.where)
        method = getattr(self, "_s_" + type(stmt).__name__)
        steps = method(stmt)
        why = engine_tag(stmt.where)
        if why is None:
            return notes + steps
        return notes + self._left_out(steps, why)

    def _left_out(self, steps: list[Step], why: str) -> list[Step]:
        """A statement marked ``# engine``: out of the rule text, said in the notes."""
        said = "; ".join(f"“{s.text.rstrip('.')}”" for s in _flat(steps) if s.kind == "step")
        text = f"Not a rule of play, left out above: {said}" + (f" ({why})" if why else "") + "."
        return [Step(text, "engine")]

    def engine_notes(self) -> list[Step]:
        """The notes for engine readers that close a declaration: the settings its
        numbers come from."""
        used = self.english.settings_used
        return [settings_note(used)] if used else []

    # -- statements without blocks
    def _s_Cite(self, stmt) -> list[Step]:
        return []  # meta lines (cite, describe) are not steps

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
        again = stmt.name in self.english.local
        self.english.bind(stmt.name)
        self.english.let_names.add(stmt.name)
        return [Step(as_sentence(f"{self.english.local[stmt.name]} is {'now ' if again else ''}{value}"))]

    def _s_Require(self, stmt: ast.Require) -> list[Step]:
        english = self.english
        text = english.required(stmt.condition)
        for clause in stmt.clauses:
            if clause.kind not in ("otherwise",) and clause.value is not None:  # not allowed by the compiler today
                text += f" ({words_of(clause.kind)} {english.value(clause.value)})"
        return [Step(as_sentence(text))]

    def _s_CallProcedure(self, stmt: ast.CallProcedure) -> list[Step]:
        english = self.english
        see = f"(see {capitalised(words_of(stmt.name))})"
        name = words_of(stmt.name)
        given = self._arguments(stmt)
        if not names_a_deed(stmt.name):  # beer_bonus(merchant): "apply the merchant's beer bonus"
            if len(stmt.args) == 1 and not stmt.kwargs:
                return [Step(f"Apply {english.possessive(stmt.args[0], name)} {see}.")]
            return [Step(f"Apply the {name}{given} {see}.")]
        if len(stmt.args) == 1 and not stmt.kwargs:
            step = self._deed_with_one(name, english.value(stmt.args[0]), see)
            if step is not None:
                return [step]
        return [Step(f"{capitalised(name)}{given} {see}.")]

    def _arguments(self, stmt: ast.CallProcedure) -> str:
        """What a call passes, as a rulebook would say it: nothing for an argument that
        is what the parameter already says (the industry as the industry), "with no
        card" for none, "with X as the card" otherwise."""
        english = self.english
        decl = english.declarations.get(("procedure", stmt.name))
        params = tuple(decl.params) if decl is not None else ()
        given = []
        for position, arg in enumerate(stmt.args):
            param = english.variable(params[position]) if position < len(params) else ""
            given.append(self._argument(arg, param))
        for key, arg in stmt.kwargs:
            given.append(self._argument(arg, english.variable(key)))
        given = [g for g in given if g]
        return f", with {join_words(given, 'and')}" if given else ""

    def _argument(self, arg, param: str) -> str:
        text = self.english.value(arg)
        if not param or len(param) <= 2:  # "as p" says nothing either
            return text
        if text == param:
            return ""
        if isinstance(arg, ast.Const) and arg.value is None:
            return f"no {without_the(param)}"
        return f"{text} as {param}"

    @staticmethod
    def _deed_with_one(name: str, thing: str, see: str):
        """A call of a procedure named by what it does, with one argument: "play the
        card", "flip the port", "sell the mill abroad", "the player collects income"."""
        noun = thing[4:] if thing.startswith("the ") else ""
        verb, _, rest = name.partition(" ")
        if noun and name.endswith(" " + noun):  # play_card(card): "play the card"
            return Step(f"{capitalised(name[: -len(noun)])}the {noun} {see}.")
        if not rest:  # flip(port): "flip the port"
            return Step(f"{capitalised(name)} {thing} {see}.")
        if rest in PARTICLES:  # sell_abroad(mill): "sell the mill abroad"
            return Step(f"{capitalised(verb)} {thing} {rest} {see}.")
        if thing == "the player":  # collect_income(p): what one player does
            plain = f"{capitalised(name)} {see}."
            return Step(said_by(thing, plain), said_of=thing, plain=plain)
        return Step(f"{capitalised(name)} for {thing} {see}.")

    def _s_Command(self, stmt: ast.Command) -> list[Step]:
        sentence = KeywordSentence(self.english, stmt)
        step = sentence.step()
        if stmt.bind:
            self.english.bind(stmt.bind, self.english.bound_result(stmt.bind, stmt.name))
        return [step] + [Step(note, "engine") for note in sentence.notes]

    # -- choose
    def _s_Choose(self, stmt: ast.Choose) -> list[Step]:
        text, decider = self._choice_head(stmt)
        self.english.bind(stmt.name)  # the clauses speak of the chosen thing
        children = self._choice_clauses(stmt)
        if decider is None:
            return [Step(as_sentence(text), children=children)]
        return [Step(as_sentence(said_by(decider, text)), children=children)]

    def _choice_head(self, stmt: ast.Choose) -> tuple:
        """``Choose a card from your hand``, or ``Choose 2 cards: a or b`` from a written
        list; and who decides, when it is not the player whose turn it is."""
        english = self.english
        deciders = [c.value for c in stmt.clauses if c.kind == "by"]
        decider = english.value(deciders[0]) if deciders else None
        domain = english.choices(stmt.domain)
        what = with_article(words_of(stmt.name)) if stmt.count is None else f"{stmt.count} {words_of(stmt.name)}"
        listed = isinstance(stmt.domain, ast.ListExpr) or (isinstance(stmt.domain, ast.Name) and isinstance(english.settings.get(stmt.domain.id), list))
        if listed:
            return f"Choose {what}: {domain}", decider
        if domain == f"the {plural(stmt.name.split('_')[-1])}":
            return f"Choose {what}", decider  # "Choose an industry", not "... from the industries"
        return f"Choose {what} from {domain}", decider

    def _choice_clauses(self, stmt: ast.Choose) -> list[Step]:
        """The ``where`` clauses as requirements, those for one case gathered under it
        ("If the slot is not empty:"), with the comments between them. A clause's
        ``otherwise`` message is what a player is told in play: not repeated here."""
        items: list = []  # notes, and (case, requirement) pairs
        for clause in stmt.clauses:
            if clause.where.line != stmt.where.line:
                items.extend(self.comments.notes_around(clause.where))
            if clause.kind != "where":
                continue
            why = engine_tag(clause.where)
            if why is not None:
                items.extend(self._left_out([Step(as_sentence(self.english.required(clause.value)))], why))
                continue
            items.append(self._case_and_rest(clause.value))
        return self._gathered(items)

    def _case_and_rest(self, condition) -> tuple:
        case = self.english.case_of(condition) if isinstance(condition, ast.BoolOp) else None
        if case is None:
            return (None, condition)
        return case

    def _gathered(self, items: list) -> list[Step]:
        steps: list[Step] = []
        position = 0
        while position < len(items):
            item = items[position]
            if isinstance(item, Step):
                steps.append(item)
                position += 1
                continue
            case, rest = item
            run = [item]
            while case is not None and position + len(run) < len(items):
                following = items[position + len(run)]
                if isinstance(following, Step) or following[0] != case:
                    break
                run.append(following)
            position += len(run)
            if len(run) == 1:
                condition = rest if case is None else ast.BoolOp(rest.where, "or", (case, rest))
                steps.append(Step(as_sentence(self.english.required(condition))))
            else:
                inner = [Step(as_sentence(self.english.required(r))) for _case, r in run]
                steps.append(Step(f"If {self.english.negated(case)}:", children=inner))
        return steps

    # -- statements with blocks
    def _s_If(self, stmt: ast.If) -> list[Step]:
        steps = []
        for position, (condition, body) in enumerate(stmt.branches):
            if position > 0:
                steps.extend(self.comments.notes_around(condition.where))
            head = "If" if position == 0 else "Otherwise, if"
            steps.append(Step(f"{head} {self.english.cond(condition)}:", children=self.block(body)))
        if stmt.otherwise:
            # ``else:`` is not a node: find its line to place the comments above it
            else_line = self.comments.else_line(stmt.otherwise[0].where.line)
            if else_line:
                steps.extend(self.comments.notes_above(else_line))
            steps.append(Step("Otherwise:", children=self.block(stmt.otherwise)))
        return steps

    def _s_For(self, stmt: ast.For) -> list[Step]:
        english = self.english
        iterable = english.value(stmt.iterable)
        english.bind(stmt.var)
        noun = element_noun(stmt.iterable) if len(stmt.var) <= 2 else None
        if noun and f"the {noun}" not in english.local.values():
            english.local[stmt.var] = f"the {noun}"  # "for each p" reads "for each player"
        name = without_the(english.local[stmt.var])
        children = _said_plainly(self.block(stmt.body), english.local[stmt.var])
        if iterable in (f"the {name}s", f"{name}s"):
            return [Step(f"For each {name}:", children=children)]
        found = re.fullmatch(rf"the ((?:\w+ )*?){re.escape(plural(name))}( (?:on|in|of) .+)?", iterable)
        if found and " " not in name:  # "the links on the board": "for each link on the board"
            return [Step(f"For each {found.group(1)}{name}{found.group(2) or ''}:", children=children)]
        return [Step(f"For each {name} in {iterable}:", children=children)]

    def _s_Repeat(self, stmt: ast.Repeat) -> list[Step]:
        english = self.english
        if stmt.mode == "times":
            head = f"{capitalised(_times(stmt.low, english))}:"
        elif stmt.mode == "between":
            low, high = english.value(stmt.low), english.value(stmt.high)
            head = "Once or twice, as you choose:" if (low, high) == ("1", "2") else f"{low} to {high} times, as you choose:"
        elif stmt.mode == "at_least":
            head = f"{capitalised(_times(stmt.low, english))}, and again as often as you like:"
        else:
            head = f"As long as {english.cond(stmt.condition)}:"
        return [Step(head, children=self.block(stmt.body))]

    def _s_Optionally(self, stmt: ast.Optionally) -> list[Step]:
        note = Step(f"A move that takes the step below “If you like” writes {stmt.name}.", "engine")
        return [note, Step("If you like:", children=self.block(stmt.body))]


def _said_plainly(steps: list, who: str) -> list:
    """The body of "for each player": a sentence said of that player reads as said to
    them ("Draw 8 cards", not "The player draws 8 cards"): the loop says whose turn it is."""
    for step in steps:
        if step.said_of == who and step.plain:
            step.text = step.plain
    return steps


def _flat(steps: list):
    for step in steps:
        yield step
        yield from _flat(step.children)


def plural(noun: str) -> str:
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


def _times(expr, english: English) -> str:
    if isinstance(expr, ast.Const) and expr.value == 1:
        return "once"
    if isinstance(expr, ast.Const) and expr.value == 2:
        return "twice"
    return f"{english.value(expr)} times"
