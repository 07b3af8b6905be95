"""Rule code in plain English, for the documentation and ``brass rules``.

:func:`explain_declaration` turns one declaration of a loaded ruleset (an
action, procedure, handler, resource, definition or setting) into a list of
:class:`Step`: one English sentence per statement, blocks nested as children,
and the rule file's own comments, which state the rule in prose, as notes
placed before the statements they stand above. :func:`explain_expression`
renders one expression.

The English is a rulebook's and faithful: every condition of the rule code
appears in it, what must hold with "must" ("the location must be a town
location"), a case with "if" and an exception with "unless". Settings show
their values (``canal_cost`` reads "3", money "£3"; the notes for engine
readers name the settings), strings appear without quotes. What is there only
for the engine (an ``Engine:`` comment, a statement marked ``# engine``, how a
move writes an optional step) is a step of its own kind, ``engine``, which the
rules chapters set apart from the rule text. A definition that is a condition
reads in full where it is used, its arguments in place of its parameters
(``touches_network(line)``: "there is a place in the line's locations that is
in your network or ..."), and so does a short value; any other keeps its name
in words (``preferred spaces (the location, the industry)``), which the rules
chapter's terms explain. A function a ruleset adds keeps its name likewise.

The package's modules, from the smallest pieces up: :mod:`.words` (phrases
and word tables), :mod:`.expressions` with :mod:`.conditions`,
:mod:`.comparisons`, :mod:`.requirements` ("must"), :mod:`.calls` and
:mod:`.aggregates` (expressions), :mod:`.keywords` (keyword statements),
:mod:`.comments` (the rule file's comments), :mod:`.statements` (statements
and blocks), :mod:`.declarations` (whole declarations) and :mod:`.steps`
(the :class:`Step` and its plain-text rendering).
"""

from __future__ import annotations

from ..language import ast
from .declarations import KINDS, DeclarationExplainer
from .expressions import English
from .steps import Step, render_steps

__all__ = ["Step", "explain_declaration", "explain_expression", "render_steps"]


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
    return DeclarationExplainer(ruleset, node).declaration(kind)


def explain_expression(expr, ruleset=None, condition: bool = False) -> str:
    """One expression in English: ``you.hand`` reads "your hand".

    ``expr`` is a syntax-tree node (or the text of an expression). With
    ``condition=True`` it reads as a condition (``slot.empty``: "the slot is
    empty") rather than as a value ("the slot's empty")."""
    if isinstance(expr, str):
        expr = _parse_expression(expr)
    english = English(ruleset)
    return english.cond(expr) if condition else english.value(expr)


def _parse_expression(text: str) -> ast.Expr:
    # the parser is imported only when an expression is given as text
    from ..language.parser import parse_rules

    rule_file = parse_rules(f"define _expression = {text}\n", "<expression>")
    return rule_file.declarations[0].value
