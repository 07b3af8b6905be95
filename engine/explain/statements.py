"""Statements and blocks of rule code as steps.

:class:`StatementExplainer` turns each statement of a body into steps: one
English sentence each, the body of an ``if``, ``for``, ``repeat`` or
``optionally`` as the children of its head, and the rule file's comments
above (or at the end of) a statement as notes before it. Names a statement
binds (``let``, ``for``, ``choose``, a keyword's ``as``) are bound in its
:class:`~.expressions.English` as they are met, so later statements read them
as the rule code means them.
"""

from __future__ import annotations

import re

from ..language import ast
from ..language.compiler import FLOW_PROCEDURES
from .comments import SourceComments
from .expressions import English
from .keywords import KeywordSentence
from .aggregates import element_noun
from .steps import Step
from .words import PARTICLES, as_sentence, names_a_deed, as_sentence_end, capitalised, join_words, with_article, without_the, words_of


class StatementExplainer:
    """The statements of one declaration, with the comments of its rule file."""

    def __init__(self, ruleset, node):
        self.ruleset = ruleset
        self.node = node
        self.english = English(ruleset)
        self.comments = SourceComments(ruleset, node.where.file)
        self.kind = ""  # the kind of declaration, set when it is explained

    def block(self, statements: tuple) -> list[Step]:
        steps = []
        for stmt in statements:
            steps.extend(self.statement(stmt))
        return steps

    def statement(self, stmt) -> list[Step]:
        notes = self.comments.notes_around(stmt.where)
        method = getattr(self, "_s_" + type(stmt).__name__)
        return notes + method(stmt)

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
        self.english.bind(stmt.name)
        return [Step(as_sentence(f"Let {self.english.local[stmt.name]} be {value}"))]

    def _s_Require(self, stmt: ast.Require) -> list[Step]:
        english = self.english
        text = f"Require: {english.cond(stmt.condition)}."
        for clause in stmt.clauses:
            if clause.kind == "otherwise":
                text += f" Refused if not so: {as_sentence_end(english.template(clause.value))}"
            elif clause.value is not None:  # not allowed by the compiler today
                text += f" ({words_of(clause.kind)} {english.value(clause.value)})"
        return [Step(text)]

    def _s_CallProcedure(self, stmt: ast.CallProcedure) -> list[Step]:
        english = self.english
        decl = english.declarations.get(("procedure", stmt.name))
        params = tuple(decl.params) if decl is not None else ()
        given = []
        for position, arg in enumerate(stmt.args):
            text = english.value(arg)
            if position < len(params) and len(params[position]) > 2:  # "as p" says nothing either
                param = english.variable(params[position])
                if text != param:  # "the tile as the tile" says nothing
                    text = f"{text} as {param}"
            given.append(text)
        for key, arg in stmt.kwargs:
            given.append(f"{english.value(arg)} as {english.variable(key)}")
        see = f"(see {capitalised(words_of(stmt.name))})"
        name = words_of(stmt.name)
        if not names_a_deed(stmt.name):  # beer_bonus(merchant): "apply the merchant's beer bonus"
            if len(stmt.args) == 1 and not stmt.kwargs:
                return [Step(f"Then apply {english.possessive(stmt.args[0], name)} {see}.")]
            with_ = f", with {join_words(given, 'and')}" if given else ""
            return [Step(f"Then apply the {name}{with_} {see}.")]
        if len(stmt.args) == 1 and not stmt.kwargs:
            sentence = self._deed_with_one(name, english.value(stmt.args[0]), see)
            if sentence is not None:
                return [Step(sentence)]
        with_ = f", with {join_words(given, 'and')}" if given else ""
        return [Step(f"Then {name}{with_} {see}.")]

    @staticmethod
    def _deed_with_one(name: str, thing: str, see: str):
        """A call of a procedure named by what it does, with one argument: "play the
        card", "flip the port", "sell the mill abroad", "for the player: collect income"."""
        noun = thing[4:] if thing.startswith("the ") else ""
        verb, _, rest = name.partition(" ")
        if noun and name.endswith(" " + noun):  # play_card(card): "play the card"
            return f"Then {name[: -len(noun)]}the {noun} {see}."
        if not rest:  # flip(port): "flip the port"
            return f"Then {name} {thing} {see}."
        if rest in PARTICLES:  # sell_abroad(mill): "sell the mill abroad"
            return f"Then {verb} {thing} {rest} {see}."
        if thing == "the player":  # collect_income(p): what one player does
            return f"For the player: {name} {see}."
        return f"Then {name} for {thing} {see}."

    def _s_Command(self, stmt: ast.Command) -> list[Step]:
        text = KeywordSentence(self.english, stmt).text()
        if stmt.bind:
            self.english.bind(stmt.bind, self.english.bound_result(stmt.bind, stmt.name))
        return [Step(text)]

    # -- choose
    def _s_Choose(self, stmt: ast.Choose) -> list[Step]:
        text = self._choice_head(stmt)
        self.english.bind(stmt.name)  # the clauses speak of the chosen thing
        deciders, children = self._choice_clauses(stmt)
        return [Step(as_sentence(text + deciders), children=children)]

    def _choice_head(self, stmt: ast.Choose) -> str:
        """``Choose a card from your hand``, or ``Choose 2 cards: a or b`` from a written list."""
        domain = self.english.choices(stmt.domain)
        if stmt.count is None:
            what = with_article(words_of(stmt.name))
        else:
            what = f"{stmt.count} {words_of(stmt.name)}"
        if isinstance(stmt.domain, ast.ListExpr):
            return f"Choose {what}: {domain}"
        if domain == f"the {plural(stmt.name.split('_')[-1])}":
            return f"Choose {what}"  # "Choose an industry", not "... from the industries"
        return f"Choose {what} from {domain}"

    def _choice_clauses(self, stmt: ast.Choose) -> tuple[str, list[Step]]:
        """Who decides (added to the head), and the clauses as child steps.

        A ``where`` followed by its ``otherwise`` reads as one step: the
        message is why a choice is refused, the condition what it must meet."""
        english = self.english
        deciders = ""
        children: list[Step] = []
        clauses = list(stmt.clauses)
        position = 0
        while position < len(clauses):
            clause = clauses[position]
            if clause.where.line != stmt.where.line:
                children.extend(self.comments.notes_around(clause.where))
            following = clauses[position + 1] if position + 1 < len(clauses) else None
            if clause.kind == "by":
                deciders += f" ({english.value(clause.value)} decides)"
            elif clause.kind == "where" and following is not None and following.kind == "otherwise":
                children.extend(self._refusal(clause, following))
                position += 1  # the otherwise is read with its where
            else:
                children.extend(self._choice_clause(clause))
            position += 1
        return deciders, children

    def _refusal(self, where: ast.Clause, otherwise: ast.Clause) -> list[Step]:
        """A ``where`` with its own ``otherwise`` message."""
        condition = self.english.cond(where.value)
        steps = []
        if otherwise.where.line != where.where.line:
            steps.extend(self.comments.notes_around(otherwise.where))
        message = self.english.template(otherwise.value)
        steps.append(Step(f"Not allowed when: {message} (it must be that {condition})."))
        return steps

    def _choice_clause(self, clause: ast.Clause) -> list[Step]:
        """A clause of ``choose`` on its own: a condition, what happens if nothing fits, ..."""
        english = self.english
        if clause.kind == "where":
            return [Step(as_sentence(f"Only where {english.cond(clause.value)}"))]
        if clause.kind == "otherwise":
            return [Step(f"If nothing can be chosen: {as_sentence_end(english.template(clause.value))}")]
        if clause.value is not None:  # not allowed by the compiler today
            return [Step(as_sentence(f"{capitalised(words_of(clause.kind))}: {english.value(clause.value)}"))]
        return []

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
        children = _without_prefix(self.block(stmt.body), f"For {english.local[stmt.var]}: ")
        if iterable in (f"the {name}s", f"{name}s"):
            return [Step(f"For each {name}:", children=children)]
        found = re.fullmatch(rf"the ((?:\w+ )*?){re.escape(plural(name))}( (?:on|in|of) .+)?", iterable)
        if found and " " not in name:  # "the links on the board": "for each link on the board"
            return [Step(f"For each {found.group(1)}{name}{found.group(2) or ''}:", children=children)]
        return [Step(f"For each {name} in {iterable}:", children=children)]

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
        return [Step(f"If you like ({words_of(stmt.name)}):", children=self.block(stmt.body))]


def _without_prefix(steps: list, prefix: str) -> list:
    """The body of "for each player" without "For the player: " before each step: the
    loop already says whose turn each step is."""
    for step in steps:
        if step.kind != "note" and step.text.startswith(prefix):
            step.text = capitalised(step.text[len(prefix) :])
    return steps


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
