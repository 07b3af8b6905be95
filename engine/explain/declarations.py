"""Whole declarations as steps: actions, procedures, handlers, resources, settings, definitions.

:class:`DeclarationExplainer` adds to the statement explainer what is
particular to each kind of declaration: the comment block above it, the
parameters it binds, the event line of a handler, the sources of a resource
in the order they are tried, and the one-line readings of a setting (with its
value) and of a definition.
"""

from __future__ import annotations

from typing import Optional

from ..language import ast
from .comments import trailing_comment
from .conditions import looks_boolean
from .statements import StatementExplainer
from .steps import Step
from .words import capitalised, first_sentence, is_adjective, lower_first, setting_literal, with_article, words_of

KINDS = ("action", "procedure", "resource", "handler", "definition", "setting")


class DeclarationExplainer(StatementExplainer):
    """One declaration: its statements, and the comments of its rule file."""

    def declaration(self, kind: str) -> list[Step]:
        self.kind = kind
        node = self.node
        # above a declaration, only the comments right against it are its own
        steps = self.comments.notes_above(node.where.line, in_body=False)
        if kind == "setting":
            return steps + [self.setting(node)]
        return steps + self._body(kind, node) + self.engine_notes()

    def _body(self, kind: str, node) -> list[Step]:
        if kind == "definition":
            return self.comments.trailing_note(node.where) + [self.definition(node)]
        if kind == "resource":
            return self.resource(node)
        if kind == "action":
            return self.block(node.body)
        players = players_among(node.params, node.body)
        for param in node.params:  # a procedure or a handler
            self.english.bind(param, "the player" if param in players and len(param) <= 2 else None)
        if kind == "procedure":
            return self.block(node.body)
        head, note = self.event(node)
        head.children = self.block(node.body)
        return [head, note]

    def setting(self, node: ast.Setting) -> Step:
        english = self.english
        settings = english.settings
        if node.name in settings:
            text = f"{node.name} = {setting_literal(settings[node.name])}"
            if not isinstance(node.value, (ast.Const, ast.ListExpr)):
                text += f" ({english.value(node.value)})"  # a computed value: say how
        else:
            text = f"{node.name} = {english.value(node.value)}"
        comment = trailing_comment(node.where.text or "")
        if comment:
            text += f" — {comment}"
        return Step(text)

    def definition(self, node: ast.Define) -> Step:
        """A term as the rules use it: "Touches network (a line): true when ..."."""
        head = capitalised(words_of(node.name))
        if node.params is not None:
            nouns = {p: (words_of(p) if len(p) > 2 else thing_read_by(p, node.value)) for p in node.params}
            head += " (" + ", ".join(with_article(nouns[p]) if nouns[p] else p for p in node.params) + ")"
            for param in node.params:
                self.english.bind(param, f"the {nouns[param]}" if nouns[param] and len(param) <= 2 else None)
        self.english.inlining.append(node.name)  # a term is said in full, not in terms of itself
        try:
            if isinstance(node.value, ast.Const) and isinstance(node.value.value, bool):
                return Step(f"{head}: {'always' if node.value.value else 'never'}.")
            if looks_boolean(node.value, self.english):
                claim = self.english.term_claim(node.name, negated=False) if node.params is None else None
                if claim is not None and claim != words_of(node.name):  # "The era is over when ..."
                    return Step(f"{capitalised(claim)} when {self.english.cond(node.value)}.")
                return Step(f"{head}: true when {self.english.cond(node.value)}.")
            return Step(f"{head}: {self.english.value(node.value)}.")
        finally:
            self.english.inlining.pop()

    def event(self, node: ast.Handler) -> tuple[Step, Step]:
        """A handler's head, "When the tile is emptied:", and a note for engine readers
        saying when the engine reports the event, as the vocabulary documents it."""
        events = getattr(self.english.vocabulary, "events", {}) or {}
        params = f"({', '.join(node.params)})" if node.params else ""
        doc = events.get(node.name, ((), ""))[1]
        if len(node.params) == 1 and is_adjective(node.name):
            head = f"When {self.english.local[node.params[0]]} is {words_of(node.name)}:"
        else:
            head = f"When {words_of(node.name)} happens:"
        note = f"The engine reports {node.name}{params}" + (f" when {lower_first(first_sentence(doc)).rstrip('.')}." if doc else ".")
        return Step(head), Step(note, "engine")

    # -- resources
    def resource(self, node: ast.Resource) -> list[Step]:
        """The sources of a resource, tier by tier: "First: ...", "Then: ...", "Also: ..."."""
        self.english.bind("tile")
        self.english.bind("target", "the place that needs it")
        steps = []
        has_market = False
        for tier_index, tier in enumerate(node.tiers):
            for source_index, source in enumerate(tier):
                steps.extend(self.comments.notes_around(source.where))
                label = "First" if tier_index == 0 and source_index == 0 else ("Then" if source_index == 0 else "Also")
                text, is_market = self.source(node.name, source)
                has_market = has_market or is_market
                steps.append(Step(f"{label}: {text}."))
        steps.extend(self._when_market_empty(node, has_market))
        return steps

    def _when_market_empty(self, node: ast.Resource, has_market: bool) -> list[Step]:
        if node.empty_price is not None:
            steps = self.comments.notes_around(node.empty_price.where)
            price = self.english.value(node.empty_price)
            return steps + [Step(f"When the market is empty: pay {'£' + price if price.isdigit() else price} each.")]
        if has_market:
            return [Step("When the market holds too little: no more can be bought there.")]
        return []

    def source(self, resource: str, source: ast.Source) -> tuple[str, bool]:
        """One source of a resource in words, and whether it is a market."""
        english = self.english
        where = [c.value for c in source.clauses if c.kind == "where"]
        limits = [c.value for c in source.clauses if c.kind == "limit"]
        nearest = any(c.kind == "nearest_first" for c in source.clauses)
        if len(where) == 1:
            conditions = english.cond(where[0])
        else:
            conditions = " and ".join(english.cond_operand(w) for w in where)
        text = self._source_place(resource, source, conditions, nearest)
        if limits and source.kind == "offered":
            text += ", at most " + " and at most ".join(english.value(v) for v in limits)
        # a message is what a player is told in play; the condition is the rule
        return text, source.kind == "market"

    def _source_place(self, resource: str, source: ast.Source, conditions: str, nearest: bool) -> str:
        """Where a source takes from, with its conditions: tiles, a market, or what is offered."""
        if source.kind == "tiles":
            text = f"tiles with {resource}"
            if conditions:
                text += f" where {conditions}"
            return text + (", the nearest first (equally near ones: your choice)" if nearest else " (your choice among them)")
        if source.kind == "market":
            text = f"{self._market(source.arg)} (cheapest cube first)"
            return text + (f", only if {conditions}" if conditions else "")
        if source.kind == "offered":
            return "what the action offers" + (f", where {conditions}" if conditions else "")
        # a source kind the engine may learn later
        text = f"{words_of(source.kind)}{' ' + source.arg if source.arg else ''}"
        return text + (f" where {conditions}" if conditions else "")

    def _market(self, ident: Optional[str]) -> str:
        board = getattr(self.ruleset, "board", None)
        thing = board.get("market", ident) if board is not None and ident else None
        if thing is not None and isinstance(getattr(thing, "name", None), str):
            return "the " + lower_first(thing.name)
        return f"the {ident} market"


# What each of the engine's objects is called, by its class's name.
OBJECT_NOUNS = {
    "PlayerState": "player", "Location": "location", "Slot": "space", "Line": "line", "BoardTile": "tile",
    "BoardLink": "link", "SpaceState": "space", "Industry": "industry", "Card": "card", "Token": "token",
    "Market": "market", "Era": "era",
}


def thing_read_by(name: str, expr) -> Optional[str]:
    """What a one-letter parameter stands for, from the attributes read of it: ``p``
    in ``[p.vp, p.income_level, p.money]`` is a player (only a player has all three);
    None when the attributes fit no object, or several."""
    from ..language.attributes import ATTRIBUTES

    read = set()
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Attribute) and isinstance(node.obj, ast.Name) and node.obj.id == name:
            read.add(node.name)
        if isinstance(node, ast.Node):
            stack.extend(v for v in vars(node).values() if isinstance(v, ast.Node))
            stack.extend(i for v in vars(node).values() if isinstance(v, tuple) for i in v if isinstance(i, ast.Node))
    fits = [cls.__name__ for cls, table in ATTRIBUTES.items() if read and read <= set(table)]
    return OBJECT_NOUNS.get(fits[0]) if len(fits) == 1 else None


def players_among(params, body) -> set:
    """The parameters the body treats as a player: given as a keyword's ``player``, or
    as who decides a choice (``by p``). A one-letter one reads "the player", not "p"."""
    found = set()
    stack = list(body)
    while stack:
        stmt = stack.pop()
        for key, value in getattr(stmt, "kwargs", ()) or ():
            if key == "player" and isinstance(value, ast.Name) and value.id in params:
                found.add(value.id)
        for clause in getattr(stmt, "clauses", ()) or ():
            if getattr(clause, "kind", "") == "by" and isinstance(clause.value, ast.Name) and clause.value.id in params:
                found.add(clause.value.id)
        for attr in ("body", "otherwise"):
            inner = getattr(stmt, attr, None)
            if isinstance(inner, tuple):
                stack.extend(inner)
        for branch in getattr(stmt, "branches", ()) or ():
            stack.extend(branch[1])
    return found
