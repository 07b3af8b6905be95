"""Compile parsed rule files into the rules a game runs.

Declarations come in layers: a ruleset's files, then each variant's on top. A
later layer replaces a declaration of the same kind and name (that is how a
variant changes a rule); two declarations of one name in the same layer are an
error. Every name, keyword, function and procedure is checked here, so a rule
file either loads completely or says exactly where it is wrong.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Callable, Optional

from ..errors import RuleFileError, RulesetErrors, Where
from . import ast, checks
from .branching import Branching
from . import statements as st
from .expressions import ExpressionCompiler, Scope, suggest
from .limits import MAX_ACTIONS_PER_TURN
from .runtime import Frame
from .vocabulary import Vocabulary

# Procedures and definitions the engine's game flow calls by name.
FLOW_PROCEDURES = ("setup", "start_of_era", "end_of_turn", "end_of_round", "end_of_era", "end_of_game")
REQUIRED_PROCEDURES = ("setup", "end_of_turn", "end_of_round", "end_of_era")
FLOW_DEFINES = {
    "actions_this_turn": "how many actions the player to move takes this turn",
    "era_over": "true at the end of a round when the era ends",
    "ranking": "the list of values players are ranked by at the end, highest first",
}
# Asked by the flow if declared: game_ends_after_era (default: after the last era).
# Asked by the bots if declared: every definition whose name begins with bot_.
ASKED_BY_NAME = set(FLOW_PROCEDURES) | set(FLOW_DEFINES) | {"game_ends_after_era"}


@dataclass
class ActionRule:
    name: str
    title: str
    body: tuple
    uses: int
    describe: Optional[Callable]
    cite: Optional[str]
    where: Where
    node: ast.Action


@dataclass
class ProcedureRule:
    name: str
    params: tuple
    body: tuple
    simple: bool
    cite: Optional[str]
    where: Where
    node: ast.Procedure


@dataclass
class HandlerRule:
    event: str
    params: tuple
    body: tuple
    where: Where
    node: ast.Handler

    def run(self, run, args) -> bool:
        return st.run_simple(self.body, Frame(dict(zip(self.params, args)), run))


@dataclass
class DefineRule:
    name: str
    params: Optional[tuple]
    value: Callable
    where: Where
    node: ast.Define

    def check_call(self, positional: int, keywords: tuple) -> Optional[str]:
        if self.params is None:
            return f"{self.name} is a value, not a function"
        if keywords:
            return "definitions take positional arguments only"
        if positional != len(self.params):
            return f"it takes {len(self.params)} argument(s), not {positional}"
        return None

    def usage(self) -> str:
        return f"{self.name}({', '.join(self.params or ())})"

    def caller(self) -> Callable:
        params = self.params
        value = self.value

        def call(run, args, kwargs):
            return value(Frame(dict(zip(params, args)), run))

        return call


@dataclass
class SourceRule:
    kind: str  # tiles | market | offered
    market: Optional[str]
    where: Optional[Callable]
    otherwise: Optional[Callable]
    limit: Optional[Callable]
    nearest_first: bool
    node: ast.Source


@dataclass
class ResourceRule:
    """Where a resource comes from, tier by tier, and its price when a market is empty."""

    name: str
    tiers: tuple  # of tuple[SourceRule]
    empty_price: Optional[Callable]
    cites: tuple
    where: Where

    @property
    def id(self) -> str:
        return self.name

    def display(self) -> str:
        return self.name


@dataclass
class CompiledRules:
    settings: dict = field(default_factory=dict)
    defines: dict = field(default_factory=dict)
    resources: dict = field(default_factory=dict)
    actions: dict = field(default_factory=dict)
    procedures: dict = field(default_factory=dict)
    handlers: dict = field(default_factory=dict)  # event -> [HandlerRule]
    vocabulary: Vocabulary = None
    declarations: dict = field(default_factory=dict)  # (kind, name) -> ast node, for documentation
    added: set = field(default_factory=set)  # (kind, name) a variant declares and no layer below it does
    # The score headings the rules use (``score 3, heading="links"``), in the order
    # of their first use: the columns of the score breakdown.
    score_headings: tuple = ()

    def define_value(self, name: str, run, *args):
        """A definition's value, its parameters given ``args`` in order."""
        rule = self.defines[name]
        return rule.value(Frame(dict(zip(rule.params or (), args)), run))


_KINDS = {
    ast.Setting: "setting",
    ast.Define: "definition",
    ast.Resource: "resource",
    ast.Action: "action",
    ast.Procedure: "procedure",
    ast.Handler: "handler",
}


def compile_rules(layers: list[list[ast.RuleFile]], vocabulary: Vocabulary, board) -> CompiledRules:
    """Compile rule files, layer over layer; raise RulesetErrors with every error found."""
    return _Compiler(vocabulary, board).compile(layers)


class _Compiler:
    def __init__(self, vocabulary: Vocabulary, board):
        self.vocabulary = vocabulary
        self.board = board
        self.rules = CompiledRules(vocabulary=vocabulary)
        self.errors: list[RuleFileError] = []
        self.decls: dict = {}
        self.expressions = ExpressionCompiler(self._resolve_name, self._function, self._global_names, self._known_attributes if board is not None else None)
        self._attribute_names = None
        self._branching = Branching(vocabulary, lambda name: getattr(self.decls.get(("procedure", name)), "body", None))
        # Who uses whom, for the cycle check: (kind, name) -> [((kind, name), Where)],
        # recorded as the bodies of definitions and procedures are compiled.
        self.references: dict = {}
        self._compiling = None  # the (kind, name) whose body is being compiled
        self.used: set = set()  # every name a rule refers to
        self.lower: set = set()  # (kind, name) declared below the top layer
        self.added: dict = {}  # (kind, name) -> the declaration a variant adds (no layer below has it)
        self.headings: dict = {}  # score heading -> the Const of its first use

    # -- declarations and layers
    def compile(self, layers):
        for number, layer in enumerate(layers):
            below = set(self.decls)
            self.lower |= below
            seen = {}
            for rule_file in layer:
                for decl in rule_file.declarations:
                    key = (_KINDS[type(decl)], decl.name)
                    if key in seen:
                        first = seen[key]
                        self.errors.append(
                            RuleFileError(
                                f"{key[0]} {decl.name!r} is declared twice",
                                decl.where,
                                f"The first is at {first.where}. A variant replaces a rule by declaring it in its own files.",
                            )
                        )
                        continue
                    seen[key] = decl
                    self.decls[key] = decl
                    if number > 0 and key not in below:
                        self.added[key] = decl
        self.rules.declarations = dict(self.decls)
        self.rules.added = set(self.added)
        self._check_name_clashes()
        for kind, method in (
            ("setting", self._setting),
            ("definition", self._define_header),
            ("resource", self._resource),
            ("procedure", self._procedure_header),
        ):
            for (k, name), decl in self.decls.items():
                if k == kind:
                    self._safely(method, decl)
        for (k, name), decl in self.decls.items():
            if k == "definition":
                self._safely(self._define_body, decl)
        for (k, name), decl in self.decls.items():
            if k == "procedure":
                self._safely(self._procedure_body, decl)
            elif k == "action":
                self._safely(self._action, decl)
            elif k == "handler":
                self._safely(self._handler, decl)
        self._check_flow()
        self.rules.score_headings = tuple(self.headings)
        self.errors.extend(checks.heading_spellings(self.headings))
        found_cycles = checks.cycles(self.references, self.decls)
        self.errors.extend(found_cycles)
        if not found_cycles:
            self.errors.extend(checks.definition_costs(self.references, self.decls))
        self.errors.extend(checks.flow_values(self.decls, self.rules.settings, self.vocabulary))
        if not self.errors:  # a body that failed to compile may be what uses a name
            self.errors.extend(self._changes_nothing())
        if self.errors:
            raise RulesetErrors(self.errors)
        return self.rules

    def _changes_nothing(self) -> list:
        """A variant's declaration that neither replaces one of the base's nor is used,
        and whose name is close to one the base declares: a misspelt change, which
        would validate and change nothing."""
        errors = []
        for (kind, name), decl in self.added.items():
            if kind == "handler" or name in ASKED_BY_NAME or name.startswith("bot_"):
                continue
            if kind != "action" and name in self.used:
                continue
            close = difflib.get_close_matches(name, sorted(n for k, n in self.lower if k == kind), n=1, cutoff=0.8)
            if not close:
                continue
            article = "an" if kind[0] in "aeiou" else "a"
            if kind == "action":
                message = f"action {name!r} replaces nothing: the base ruleset has no action of that name, so it would be a new action beside {close[0]!r}"
                hint = f"Did you mean {close[0]!r}? A variant changes an action by declaring it again under the same name; a new action needs a name unlike the base's."
            else:
                message = f"{kind} {name!r} changes nothing: the base ruleset has no {kind} of that name, and no rule uses it"
                hint = f"Did you mean {close[0]!r}? A variant changes {article} {kind} by declaring it again under the same name."
            errors.append(RuleFileError(message, decl.where, hint))
        return errors

    def _safely(self, method, decl):
        try:
            method(decl)
        except RuleFileError as error:
            self.errors.append(error)

    def _check_name_clashes(self):
        values = {name for (kind, name) in self.decls if kind in ("setting", "definition", "resource")}
        for (kind, name), decl in self.decls.items():
            if kind in ("setting", "definition", "resource") and name in self.vocabulary.names:
                self.errors.append(RuleFileError(f"{name!r} is already a name of the language", decl.where, "Choose another name."))
        counted = {}
        for (kind, name), decl in self.decls.items():
            if kind in ("setting", "definition", "resource"):
                if name in counted:
                    self.errors.append(
                        RuleFileError(f"{name!r} is both a {counted[name]} and a {kind}", decl.where, "Give them different names.")
                    )
                counted[name] = kind
        del values

    def _check_flow(self):
        for name in REQUIRED_PROCEDURES:
            if name not in self.rules.procedures and ("procedure", name) not in self.decls:
                self.errors.append(
                    RuleFileError(
                        f"the rule files declare no procedure {name!r}, which the game flow runs",
                        None,
                        f"Declare 'procedure {name}:' in a rule file.",
                    )
                )
        for name, meaning in FLOW_DEFINES.items():
            if ("definition", name) not in self.decls:
                self.errors.append(
                    RuleFileError(
                        f"the rule files declare no definition {name!r} ({meaning})",
                        None,
                        f"Declare 'define {name} = ...' in a rule file.",
                    )
                )
        if not self.rules.actions and not any(k == "action" for k, _ in self.decls):
            self.errors.append(RuleFileError("the rule files declare no action", None, "Declare at least one: 'action pass:' ..."))

    # -- names
    def _global_names(self) -> set:
        names = {name for (kind, name) in self.decls if kind in ("setting", "definition", "resource")}
        return names | set(self.vocabulary.names) | set(self.vocabulary.functions)

    def _resolve_name(self, name: str, where: Where, scope: Scope):
        self.used.add(name)
        if name in self.rules.settings:
            value = self.rules.settings[name]
            return lambda frame: value
        if ("definition", name) in self.decls:
            decl = self.decls[("definition", name)]
            if decl.params is not None:
                raise RuleFileError(f"{name!r} is a function; call it as {name}(...)", where)
            self._refer(("definition", name), where)

            def value(frame, name=name):
                return self.rules.defines[name].value(Frame({}, frame.run))

            return value
        if ("resource", name) in self.decls:
            return lambda frame: self.rules.resources[name]
        word = self.vocabulary.names.get(name)
        if word is not None:
            fn = word.fn
            return lambda frame: fn(frame.run)
        if ("setting", name) in self.decls:
            raise RuleFileError(f"setting {name!r} is used before its value is known", where, "Settings may only use settings declared above them.")
        candidates = self._global_names() | scope.all_names()
        raise RuleFileError(f"unknown name {name!r}", where, suggest(name, candidates))

    def _function(self, name: str, where: Optional[Where] = None):
        self.used.add(name)
        if ("definition", name) in self.decls:
            self._refer(("definition", name), where)
            return _LazyDefine(self, name)
        return self.vocabulary.functions.get(name)

    def _refer(self, target: tuple, where: Optional[Where]) -> None:
        """Note that the body being compiled uses ``target`` (a definition or procedure) at ``where``."""
        if self._compiling is not None and self._compiling[0] == target[0]:
            self.references.setdefault(self._compiling, []).append((target, where))

    def _body_of(self, key: tuple, compile_body: Callable) -> None:
        """Compile a definition's or procedure's body, noting what it uses."""
        self._compiling = key
        self.references.setdefault(key, [])
        try:
            compile_body()
        finally:
            self._compiling = None

    def _known_attributes(self) -> set:
        """Every attribute name some object may have: the engine's, the vocabulary's, the data's."""
        if self._attribute_names is None:
            from .attributes import ATTRIBUTES

            names = set(self.vocabulary.attributes)
            for table in ATTRIBUTES.values():
                names |= set(table)
            board = self.board
            sources = [loc.fields for loc in board.locations] + [line.fields for line in board.lines]
            sources += [ind.fields for ind in board.industries] + [t.fields for t in board.tile_types]
            sources += [c.fields for c in board.cards] + [card.fields for card, _ in board.piles.values()]
            sources += [t.fields for tokens in board.tokens.values() for t in tokens] + list(board.pools.values())
            sources += [m.fields for m in board.markets] + [e.fields for e in board.eras]
            stack = list(sources)
            while stack:
                item = stack.pop()
                if isinstance(item, dict):
                    names |= {str(k) for k in item}
                    stack.extend(item.values())
                elif isinstance(item, list):
                    stack.extend(item)
            self._attribute_names = names
        return self._attribute_names

    # -- settings and definitions
    def _setting(self, decl: ast.Setting):
        compiled = self.expressions.compile(decl.value, Scope())
        try:
            self.rules.settings[decl.name] = compiled(Frame({}, None))
        except Exception as error:  # a setting may only use constants and earlier settings
            raise RuleFileError(f"setting {decl.name!r} must be a constant: {error}", decl.where) from None

    def _define_header(self, decl: ast.Define):
        self.rules.defines[decl.name] = DefineRule(decl.name, decl.params, None, decl.where, decl)

    def _define_body(self, decl: ast.Define):
        scope = Scope(decl.params or ())
        rule = self.rules.defines[decl.name]

        def compile_body():
            rule.value = self.expressions.compile(decl.value, scope)

        self._body_of(("definition", decl.name), compile_body)

    # -- resources
    def _resource(self, decl: ast.Resource):
        tiers = []
        for tier in decl.tiers:
            sources = []
            for source in tier:
                sources.append(self._source(decl, source))
            tiers.append(tuple(sources))
        if not tiers:
            raise RuleFileError(f"resource {decl.name!r} has no source", decl.where, "Add a line such as 'take tiles'.")
        empty = self.expressions.compile(decl.empty_price, Scope()) if decl.empty_price is not None else None
        self.rules.resources[decl.name] = ResourceRule(decl.name, tuple(tiers), empty, decl.cites, decl.where)

    def _source(self, decl, source: ast.Source) -> SourceRule:
        if source.kind not in ("tiles", "market", "offered"):
            raise RuleFileError(
                f"unknown source {source.kind!r}",
                source.where,
                "A resource comes from 'tiles', 'market NAME' or 'offered' (what the action offers).",
            )
        market = None
        if source.kind == "market":
            if source.arg is None:
                raise RuleFileError("which market? write 'market NAME'", source.where)
            known = [m.id for m in self.board.markets] if self.board is not None else [source.arg]
            if source.arg not in known:
                raise RuleFileError(f"unknown market {source.arg!r}", source.where, suggest(source.arg, known) or f"Markets: {', '.join(known)}.")
            market = source.arg
        elif source.arg is not None:
            raise RuleFileError(f"'{source.kind}' takes no name", source.where)
        scope = Scope(["tile", "target"] if source.kind == "tiles" else ["target"])
        where = otherwise = limit = None
        nearest = False
        for clause in source.clauses:
            if clause.kind == "where":
                where = self.expressions.compile(clause.value, scope)
            elif clause.kind == "otherwise":
                otherwise = self.expressions.template(clause.value, scope)
            elif clause.kind == "limit":
                limit = self.expressions.compile(clause.value, scope)
            elif clause.kind == "nearest_first":
                if source.kind != "tiles":
                    raise RuleFileError("'nearest first' applies to tiles only", clause.where)
                nearest = True
            else:
                raise RuleFileError(f"'{clause.kind}' is not allowed on a source", clause.where)
        return SourceRule(source.kind, market, where, otherwise, limit, nearest, source)

    # -- procedures, actions, handlers
    def _procedure_header(self, decl: ast.Procedure):
        self.rules.procedures[decl.name] = ProcedureRule(decl.name, decl.params, (), not self._has_decisions(decl.body), None, decl.where, decl)

    def _procedure_body(self, decl: ast.Procedure):
        rule = self.rules.procedures[decl.name]

        def compile_body():
            rule.body, rule.cite = self._block(decl.body, Scope(decl.params), None, context=f"procedure {decl.name}")

        self._body_of(("procedure", decl.name), compile_body)

    def _action(self, decl: ast.Action):
        uses = 1
        describe = None
        cite = None
        for stmt in decl.body:
            if isinstance(stmt, ast.Uses):
                uses = stmt.actions
                if not 1 <= uses <= MAX_ACTIONS_PER_TURN:
                    # 'uses 0' would let a turn go on for ever; more than a turn can give is never offered.
                    raise RuleFileError(f"an action uses from 1 to {MAX_ACTIONS_PER_TURN} of the turn's actions, not {uses}", stmt.where)
            elif isinstance(stmt, ast.Cite) and cite is None:
                cite = stmt.text
        scope = Scope()
        body, _ = self._block(decl.body, scope, None, context=f"action {decl.name}")
        for stmt in decl.body:
            if isinstance(stmt, ast.Describe):
                describe = self.expressions.template(stmt.template, self._describe_scope(decl.body))
        title = decl.title or decl.name.replace("_", " ").capitalize()
        self.rules.actions[decl.name] = ActionRule(decl.name, title, body, uses, describe, cite, decl.where, decl)

    def _describe_scope(self, body) -> Scope:
        """Every name bound anywhere in the action: a description may use any of them."""
        return Scope(set(ast.bound_names(body)))

    def _handler(self, decl: ast.Handler):
        events = self.vocabulary.events
        if decl.name not in events:
            raise RuleFileError(f"unknown event {decl.name!r}", decl.where, suggest(decl.name, events) or f"Events: {', '.join(sorted(events))}.")
        params, _ = events[decl.name]
        if len(decl.params) != len(params):
            raise RuleFileError(f"event {decl.name!r} passes {len(params)} value(s): {', '.join(params)}", decl.where)
        if self._has_decisions(decl.body):
            raise RuleFileError(
                f"the handler for {decl.name!r} contains a decision",
                decl.where,
                "Handlers run in the middle of other rules and must not ask players anything.",
            )
        body, _ = self._block(decl.body, Scope(decl.params), None, context=f"on {decl.name}")
        self.rules.handlers[decl.name] = [HandlerRule(decl.name, decl.params, body, decl.where, decl)]

    # -- decisions, statically
    def _has_decisions(self, stmts) -> bool:
        return self._branching.decides(stmts)

    def _procedure_decides(self, name: str) -> bool:
        return self._branching.procedure_decides(name)

    # -- blocks
    def _block(self, stmts, scope: Scope, cite: Optional[str], context: str):
        instrs = []
        first_cite = None
        for stmt in stmts:
            if isinstance(stmt, ast.Cite):
                cite = stmt.text
                first_cite = first_cite or cite
                continue
            if isinstance(stmt, (ast.Describe, ast.Uses)):
                if not context.startswith("action"):
                    raise RuleFileError(f"'{type(stmt).__name__.lower()}' belongs in an action", stmt.where)
                continue
            instrs.append(self._statement(stmt, scope, cite, context))
        return tuple(instrs), first_cite

    def _statement(self, stmt, scope: Scope, cite, context):
        compile_ = self.expressions.compile
        where = stmt.where
        if isinstance(stmt, ast.Let):
            value = compile_(stmt.value, scope)
            scope.bind(stmt.name)
            return st.Let(stmt.name, value, where, cite)
        if isinstance(stmt, ast.Require):
            condition = compile_(stmt.condition, scope)
            message = None
            for clause in stmt.clauses:
                if clause.kind == "otherwise":
                    message = self.expressions.template(clause.value, scope)
                else:
                    raise RuleFileError(f"'{_clause_word(clause.kind)}' is not allowed on require", clause.where, 'A require takes one clause: else "message".')
            return st.Require(condition, message, where, cite)
        if isinstance(stmt, ast.Choose):
            return self._choose(stmt, scope, cite, anchor=False)
        if isinstance(stmt, ast.Command):
            return self._command(stmt, scope, cite)
        if isinstance(stmt, ast.CallProcedure):
            if ("procedure", stmt.name) not in self.decls:
                procedures = [n for k, n in self.decls if k == "procedure"]
                raise RuleFileError(f"unknown procedure {stmt.name!r}", where, suggest(stmt.name, procedures))
            decl = self.decls[("procedure", stmt.name)]
            self.used.add(stmt.name)
            self._refer(("procedure", stmt.name), where)
            if len(stmt.args) + len(stmt.kwargs) != len(decl.params) or any(k not in decl.params for k, _ in stmt.kwargs):
                raise RuleFileError(f"procedure {stmt.name!r} takes ({', '.join(decl.params)})", where)
            args = [compile_(a, scope) for a in stmt.args]
            kwargs = [(k, compile_(v, scope)) for k, v in stmt.kwargs]
            name = stmt.name
            return st.CallProcedure(lambda: self.rules.procedures[name], args, kwargs, where, cite, not self._procedure_decides(name))
        if isinstance(stmt, ast.If):
            branches = []
            for condition, body in stmt.branches:
                branches.append((compile_(condition, scope), self._block(body, scope.child(), cite, context)[0]))
            otherwise = self._block(stmt.otherwise, scope.child(), cite, context)[0]
            simple = not self._has_decisions([stmt])
            return st.If(tuple(branches), otherwise, where, cite, simple)
        if isinstance(stmt, ast.For):
            iterable = compile_(stmt.iterable, scope)
            body = self._block(stmt.body, scope.child([stmt.var]), cite, context)[0]
            return st.For(stmt.var, iterable, body, where, cite, not self._has_decisions(stmt.body))
        if isinstance(stmt, ast.Repeat):
            return self._repeat(stmt, scope, cite, context)
        if isinstance(stmt, ast.Optionally):
            body = self._block(stmt.body, scope.child(), cite, context)[0]
            return st.Optionally(stmt.name, body, where, cite)
        if isinstance(stmt, ast.Stop):
            return st.Stop(where, cite)
        raise RuleFileError(f"unexpected statement {type(stmt).__name__}", where)  # pragma: no cover

    def _choose(self, stmt: ast.Choose, scope: Scope, cite, anchor: bool):
        domain = self.expressions.compile(stmt.domain, scope)
        inner = scope.child([stmt.name])
        filters = []
        empty = None
        by = None
        for clause in stmt.clauses:
            if clause.kind == "where":
                filters.append([self.expressions.compile(clause.value, inner), None])
            elif clause.kind == "otherwise":
                message = self.expressions.template(clause.value, inner)
                if filters and filters[-1][1] is None:
                    filters[-1][1] = message
                elif empty is None:
                    empty = self.expressions.template(clause.value, scope)
                else:
                    raise RuleFileError("this 'else' follows no 'where'", clause.where, "Each 'where' may have one 'else' message, placed right after it.")
            elif clause.kind == "by":
                by = self.expressions.compile(clause.value, scope)
            else:
                raise RuleFileError(f"'{_clause_word(clause.kind)}' is not allowed on choose", clause.where)
        scope.bind(stmt.name)
        return st.Choose(stmt.name, stmt.count, domain, [tuple(f) for f in filters], empty, by, anchor, stmt.where, cite)

    def _command(self, stmt: ast.Command, scope: Scope, cite):
        word = self.vocabulary.keywords.get(stmt.name)
        if word is None:
            hint = suggest(stmt.name, self.vocabulary.keywords)
            if ("procedure", stmt.name) in self.decls:
                hint = f"{stmt.name!r} is a procedure: write 'call {stmt.name}(...)'."
            raise RuleFileError(f"unknown keyword {stmt.name!r}", stmt.where, hint)
        problem = word.check_call(len(stmt.args), tuple(k for k, _ in stmt.kwargs))
        if problem:
            raise RuleFileError(f"'{stmt.name}' is used wrongly: {problem}", stmt.where, f"Use: {word.usage()}")
        heading = checks.heading(word, stmt)
        if heading is not None:
            self.headings.setdefault(heading.value, heading)
        args = [self.expressions.compile(a, scope) for a in stmt.args]
        kwargs = [(k, self.expressions.compile(v, scope)) for k, v in stmt.kwargs]
        if stmt.bind:
            scope.bind(stmt.bind)
        cls = st.Choice if word.kind == "choice" else st.Effect
        return cls(word, args, kwargs, stmt.bind, stmt.where, cite)

    def _repeat(self, stmt: ast.Repeat, scope: Scope, cite, context):
        for error in checks.repeat_counts(stmt):
            raise error
        compile_ = self.expressions.compile
        low = compile_(stmt.low, scope) if stmt.low is not None else None
        high = compile_(stmt.high, scope) if stmt.high is not None else None
        condition = compile_(stmt.condition, scope) if stmt.condition is not None else None
        inner = scope.child()
        anchor_key = None
        player_decides = stmt.mode in ("between", "at_least")
        instrs = []
        cite_here = cite
        for position, body_stmt in enumerate(stmt.body):
            if isinstance(body_stmt, ast.Cite):
                cite_here = body_stmt.text
                continue
            if player_decides and anchor_key is None:
                if isinstance(body_stmt, ast.Choose):
                    anchor_key = body_stmt.name
                    instrs.append(self._choose(body_stmt, inner, cite_here, anchor=True))
                    continue
                if self._has_decisions([body_stmt]):
                    raise RuleFileError(
                        "a repeat that the player may stop must begin with a choose",
                        body_stmt.where,
                        "Put the choose that starts each round before any other decision.",
                    )
            instrs.append(self._statement(body_stmt, inner, cite_here, context))
        if player_decides and anchor_key is None:
            raise RuleFileError(
                "a repeat that the player may stop must begin with a choose",
                stmt.where,
                "Its first decision is how a move shows each further round (e.g. 'tile=...').",
            )
        simple = not player_decides and not self._has_decisions(stmt.body)
        return st.Repeat(stmt.mode, low, high, condition, tuple(instrs), anchor_key, stmt.where, cite, simple)


def _clause_word(kind: str) -> str:
    return {"otherwise": "else", "nearest_first": "nearest first"}.get(kind, kind)


class _LazyDefine:
    """A definition referred to before its body is compiled."""

    def __init__(self, compiler: _Compiler, name: str):
        self.compiler = compiler
        self.name = name

    def _rule(self) -> DefineRule:
        return self.compiler.rules.defines[self.name]

    def check_call(self, positional, keywords):
        return self._rule().check_call(positional, keywords)

    def usage(self):
        return self._rule().usage()

    def caller(self):
        rule = self._rule()

        def call(run, args, kwargs):
            return rule.value(Frame(dict(zip(rule.params, args)), run))

        return call
