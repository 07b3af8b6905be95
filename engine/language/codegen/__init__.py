"""The rules as generated Python: the fast path beside the interpreter.

The interpreter (:mod:`brass.language.statements`) walks compiled rule code
node by node; it is the reference, and it explains every refusal. This package
translates the same rules into Python source, one function per action,
procedure, handler and definition, so that finding, counting and applying moves
costs what plain Python costs. The game uses it for everything but explaining
why a move is illegal, and falls back on the interpreter if generated code ever
meets what it does not expect. Tests compare the two on thousands of positions.

:func:`generate` returns :class:`GeneratedRules`, or raises :class:`Unsupported`
for rule code it does not translate (the ruleset then runs on the interpreter).
"""

from __future__ import annotations

import io
import itertools
import linecache
import textwrap
import tokenize
from dataclasses import dataclass, field

from ...errors import RuleRuntimeError
from ..effects import CUBES, LINKS, TILES
from ...model import graph
from .. import ast, consumption, keywords, limits
from ..branching import Branching
from ..attributes import get_attribute
from ..expressions import display
from ..vocabulary import Offer, Problem
from .expressions import STATIC_CLASSES, Code, Env, ExpressionGenerator, Unsupported
from .. import functions
from ..functions import connected_labels, kept_value, places
from ..decisions import unique_by_text
from .search import FAILED, UNSET, decider_of, multisets, offered, unique_by_identity
from .source import Cont, Ctx, Writer
from .analysis import guards
from .statements import StatementGenerator, anchors

_YOU = ast.Name(None, "you")
_RETURN_TRUE = Cont(emit=lambda w, ctx: w.line("return True"))

__all__ = ["generate", "GeneratedRules", "Unsupported"]


@dataclass
class GeneratedRules:
    """The functions generated for a ruleset's rules, and their source."""

    actions: dict = field(default_factory=dict)  # name -> fn(S)
    fast_actions: dict = field(default_factory=dict)  # name -> fn(S), optimised for finding every move
    applying_actions: dict = field(default_factory=dict)  # name -> fn(S), applying a move the game made
    procedures: dict = field(default_factory=dict)  # name -> (fn, decides)
    handlers: dict = field(default_factory=dict)  # event -> [fn(S, *args) -> bool]
    defines: dict = field(default_factory=dict)  # name -> fn(S, *params)
    clauses: dict = field(default_factory=dict)  # id of the interpreter's compiled clause -> fn(S, tile, target)
    consumers: dict = field(default_factory=dict)  # resource -> fn(S, amount, target, offer): consume, generated
    source: str = ""
    origins: list = field(default_factory=list)  # the rule text (Where) each line of the source comes from
    filename: str = ""  # the name the source is compiled under (in tracebacks and profiles)
    action_lists: dict = field(default_factory=dict)  # (actions left, only, cheapest first) -> (actions, names): run_frame's

    def rule_line(self, lineno: int):
        """Where in the rule files line ``lineno`` (1-based) of the source comes from, or None."""
        if 1 <= lineno <= len(self.origins):
            return self.origins[lineno - 1]
        return None

    def rule_line_of(self, error: BaseException):
        """The rule text the innermost generated line of an error's traceback comes from, or None."""
        found = None
        tb = error.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == self.filename:
                found = self.rule_line(tb.tb_lineno) or found
            tb = tb.tb_next
        return found

    def annotated(self) -> str:
        """The source for a person: a header that explains it, and before each run of
        lines the rule file and line they come from, as a comment."""
        out = [_HEADER.rstrip("\n")]
        last = None
        for text, origin in zip(self.source.splitlines(), self.origins):
            if origin is not None and origin != last:
                indent = text[: len(text) - len(text.lstrip())]
                rule = " ".join(origin.text.split()) if origin.text else ""
                out.append(f"{indent}# {origin.file}:{origin.line}" + (f"  {rule}" if rule else ""))
                last = origin
            out.append(text)
        return "\n".join(out) + "\n"


_HEADER = '''\
# The Python that brass generates from these rules (brass.language.codegen).
# The interpreter runs the same rules and is the oracle: tests hold the two to
# the same moves. A comment "# FILE:LINE  rule text" names the rule a run of
# lines comes from; a traceback through this code names it too (a note).
#
# Functions, by prefix:
#   A_action    an action, deciding as the interpreter does (replaying a move)
#   FA_action   the same, optimised to find every move (guards checked before
#               options are listed; a choice taken last is counted, not explored)
#   AA_action   the same, applying a move the game made itself (values given)
#   P_proc      a procedure (FP_/AP_: its optimised and applying variants, and
#               numbered copies specialised for the types of their arguments)
#   D_name      a definition; H_event an event handler
#   CONSUME_res, SUPPLIES_res  a resource rule: take units / can any unit be had
#   RC_res      a clause of a resource rule (where, otherwise, limit, price)
#   KEEP_n, TILED_n  a value fixed for the game / while the tiles stay as they are
# Names the functions share:
#   S       the search (brass.language.codegen.search.Search): choose, leaf, ...
#   K       what runs after a procedure that decides completes (a continuation)
#   ST, YOU, J, BOARD  the game state, the acting player, the journal (undo), the board
#   KW_word, F_name, G_Class_attr  keywords, functions and attributes of the language
#   PROBLEM, OFFER  what a keyword returns when it fails / offers a choice
#   CONST[i], KEPT[i], FIXED...  constants, kept values, option lists cached by
#               the board objects they depend on
#   WHOLE(x)    the result of arithmetic, checked: a whole number out of the
#               safe range is refused with the rule's error (brass.language.limits)
# Local names: v_ a rule variable, c_ a candidate option, o_ the options listed,
# g_ the options left by the guards, r a keyword's result, h a value computed at
# its first use, p_ a name carried into a nested function, k/round/body the rest
# of the rules as a function, a_ a lambda's parameter; the numbers keep names apart.
# A loop of the rules that runs as a function calling itself (for each, repeat) is
# called in "try: ... finally: f = None": a function that refers to itself is a
# cycle only the garbage collector would free, and a path found ends the loop
# with an exception, so the name is let go however the loop ends.
'''


def _canonical(src: str, fresh: set) -> str:
    """Source with its generated local names renumbered: equal values, one key.

    Only names the generator made (``fresh``) are renamed, token by token: never
    text inside a string, nor an attribute after a dot."""
    names: dict = {}
    out = []
    previous = None
    for token in tokenize.generate_tokens(io.StringIO(src).readline):
        text = token.string
        if token.type == tokenize.NAME and text in fresh and previous != ".":
            text = names.setdefault(text, f"c{len(names)}")
        if token.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER):
            out.append((token.type, text))
        previous = token.string
    return repr(out)


# The words that change tiles, each of which moves the state's tiles_version on.
_TILE_WRITERS = frozenset({"build_tile", "remove_tile", "set_flipped"})


def _tiles_tracked(vocabulary) -> bool:
    """Does every word that may change a tile move tiles_version on? (A ruleset's own
    word that writes tiles, or says nothing of what it writes, may not.)"""
    for words in (vocabulary.keywords, vocabulary.functions):
        for name, word in words.items():
            if TILES in word.writes and not (name in _TILE_WRITERS and word.fn is getattr(keywords, name, None)):
                return False
    return True


def generate(rules, board, name: str = "rules") -> GeneratedRules:
    """Generate and compile Python for compiled rules (raises Unsupported)."""
    try:
        return _Generator(rules, board, name).run()
    except RecursionError:  # rule code nested deeper than the generator (or Python's compiler) goes
        raise Unsupported("rule code nested too deeply to generate") from None


class _Generator:
    static_classes = STATIC_CLASSES

    def __init__(self, rules, board, name: str):
        decls = rules.declarations
        self.label = name
        self.rules = rules
        self.board = board
        self.settings = rules.settings
        self.resources = rules.resources
        self.vocabulary = rules.vocabulary
        self.defines = {n: d for (k, n), d in decls.items() if k == "definition"}
        self.procedures = {n: d for (k, n), d in decls.items() if k == "procedure"}
        self.actions = {n: d for (k, n), d in decls.items() if k == "action"}
        self.handler_decls = [d for (k, _), d in decls.items() if k == "handler"]
        self.resource_decls = [d for (k, _), d in decls.items() if k == "resource"]
        self.constants: list = []
        self._constant_at: dict = {}
        self._kept_values: list = []  # values fixed for the ruleset, computed at first use
        self._kept_at: dict = {}
        self._tiled: list = []  # values that change only with the tiles: (state, tiles_version, you, value)
        self._tiled_at: dict = {}
        self.tiles_tracked = _tiles_tracked(rules.vocabulary)
        self.namespace = {
            "CONST": self.constants,
            "BOARD": board,
            "LEVELS": board.income.level_by_space,
            "PROBLEM": Problem,
            "OFFER": Offer,
            "GET": get_attribute,
            "DISPLAY": display,
            "UNIQUE_ID": unique_by_identity,
            "UNIQUE_TEXT": unique_by_text,
            "MULTISETS": multisets,
            "DECIDER": decider_of,
            "OFFERED": offered,
            "FAILED": FAILED,
            "UNSET": UNSET,
            "KEPT": self._kept_values,
            "TILED": self._tiled,
            "KEEP": kept_value,
            "ALLOCATION": consumption.Allocation,
            "NEW_PLAN": consumption.new_plan,
            "TAKE": consumption.take,
            "GROUPED": consumption.grouped,
            "SETTLE": consumption.settle,
            "BUY": consumption.buy,
            "OFFER_OF": consumption.offer_of,
            "BY_DISTANCE": consumption.by_distance,
            "REACHABLE": graph.reachable,
            "PLACES": places,
            "CONNECTED_LABELS": connected_labels,
            "RULE_ERROR": RuleRuntimeError,
            "ADD": limits.add,
            "WHOLE": limits.whole,
            "SUB": limits.subtract,
            "MUL": limits.multiply,
            "ROUNDS": limits.rounds,
            "ENDLESS": limits.endless,
        }
        self._counter = itertools.count(1)
        self._fresh_names: set = set()  # every name fresh() made (see _canonical)
        self.types: dict = {}
        self._branching = Branching(self.vocabulary, lambda name: getattr(self.procedures.get(name), "body", None))
        self._anchors: set = set()
        self.x = ExpressionGenerator(self)
        self.s = StatementGenerator(self, self.x)
        self._writers: list[Writer] = []
        self._supplies: dict = {}  # resource -> (function, what its clauses read): can any unit be had?
        self._specialised: dict = {}  # (procedure, fast, argument types) -> function name
        self._pending: list = []
        self._shared_keys: dict = {}  # canonical code -> the key of what it computes (shared_key)

    # -- what the expression and statement generators ask
    def const(self, value) -> str:
        if value is None or isinstance(value, (bool, int)) or isinstance(value, str) and len(value) < 200:
            return repr(value)
        key = id(value)
        if key not in self._constant_at:
            self._constant_at[key] = len(self.constants)
            self.constants.append(value)
        return f"CONST[{self._constant_at[key]}]"

    def shared_key(self, lines: list) -> str:
        """A constant that names what lines of code compute: the same code (its own
        names aside), the same key."""
        text = _canonical(textwrap.dedent("\n".join(lines)), self._fresh_names)
        return self.const(self._shared_keys.setdefault(text, ("shared", len(self._shared_keys))))

    def kept(self, code: Code) -> Code:
        """Code for a value fixed for the ruleset: computed at its first use, then kept."""
        key = _canonical(code.src, self._fresh_names)
        if key not in self._kept_at:
            slot = len(self._kept_values)
            self._kept_values.append(UNSET)
            w = self._function(f"def KEEP_{slot}(S):")
            w.line(f"KEPT[{slot}] = value = KEEP({code.src})")
            w.line("return value")
            self._kept_at[key] = slot
        slot = self._kept_at[key]
        return Code(f"(KEPT[{slot}] if KEPT[{slot}] is not UNSET else KEEP_{slot}(S))", code.type, code.reads, code.names, True)

    def kept_while_tiles(self, code: Code) -> Code:
        """Code for a value that only the tiles on the board change (``trade_locations``:
        places with a trade icon or a port): computed once per arrangement of tiles
        of a game state (``tiles_version``, which every word that changes a tile
        moves on) and acting player, not at every use."""
        key = _canonical(code.src, self._fresh_names)
        if key not in self._tiled_at:
            slot = len(self._tiled)
            self._tiled.append((None, None, None, None))
            w = self._function(f"def TILED_{slot}(S):")
            w.line(f"value = KEEP({code.src})")
            w.line(f"TILED[{slot}] = (ST, ST.tiles_version, YOU, value)")
            w.line("return value")
            self._tiled_at[key] = slot
        slot = self._tiled_at[key]
        entry = f"TILED[{slot}]"
        # Words read the state and the acting player, nothing else of a run.
        src = f"({entry}[3] if {entry}[0] is S.state and {entry}[1] == S.state.tiles_version and {entry}[2] is S.you else TILED_{slot}(S))"
        return Code(src, code.type, code.reads, code.names)

    def bind(self, name: str, obj) -> str:
        """A global name in the generated module for a Python object."""
        candidate = name
        while candidate in self.namespace and self.namespace[candidate] is not obj:
            candidate = f"{name}_{next(self._counter)}"
        self.namespace[candidate] = obj
        return candidate

    def fresh(self, prefix: str) -> str:
        """A new local name: ``v_cost`` gives ``v12_cost``, ``k`` gives ``k12``.

        The number follows the kind's letters at once, and a name drawn from the
        rules (``v_cost`` for a parameter, ``P_play_card`` for a procedure) always
        has ``_`` there: no name in a rule file can give a generated name."""
        kind, sep, rest = prefix.partition("_")
        name = f"{kind}{next(self._counter)}{sep}{rest}"
        self._fresh_names.add(name)
        return name

    def note_type(self, python_name: str, kind) -> None:
        self.types[python_name] = kind

    def define_function(self, name: str) -> str:
        return f"D_{name}"

    def procedure_function(self, name: str, fast: bool = False, types: dict = None, apply: bool = False, hoist: bool = False) -> str:
        """The function for a procedure: the optimised variant in fast code (the applying
        one in code applying a move), and one written for the types of the arguments
        where they are known. ``hoist``: called where statements may be moved ahead of
        choices (see Ctx.hoist), so they may be in the procedure too."""
        decides = self.procedure_decides(name)
        variant = ("fast" if fast else "apply" if apply else "plain") if decides else "plain"
        if variant == "fast" and hoist:
            variant = "hoisting"
        params = self.procedures[name].params
        signature = tuple((types or {}).get(p) for p in params)
        base = {"fast": "FP", "hoisting": "FHP", "apply": "AP", "plain": "P"}[variant] + f"_{name}"
        if not any(signature) and variant != "hoisting":
            return base
        key = (name, variant, signature)
        if key not in self._specialised:
            self._specialised[key] = self.fresh(base)
            self._pending.append(key)
        return self._specialised[key]

    def handler_for(self, event: str):
        return next((d for d in self.handler_decls if d.name == event), None)

    def prerequisites(self, word, stmt, env) -> list:
        """What a keyword needs that is worth checking ahead: (code, regions in which
        it only grows truer). Money for pay; for consume, that some source of the
        resource could give a unit at all."""
        found = []
        if word.prune and word.needs is not None:
            need = self.precondition(word, stmt, env)
            if need is not None:
                args = [self.x.gen(a, env) for a in stmt.args] + [self.x.gen(v, env) for _, v in stmt.kwargs]
                rises = word.rises - frozenset().union(*(a.reads for a in args))
                found.append((need, rises))
        resource = self._consumed(word, stmt)
        if resource is not None and resource in self._supplies:
            amount = self.x.gen(stmt.args[1], env) if len(stmt.args) > 1 else None
            named = {k: self.x.gen(v, env) for k, v in stmt.kwargs}
            if amount is not None:
                target = named.get("target", Code("None"))
                offer = named.get("offer", Code("()"))
                function, reads, clause_reads = self._supplies[resource]
                src = f"(({amount.src}) <= 0 or {function}(S, {target.src}, {offer.src}))"
                codes = [amount, target, offer]
                rises = frozenset({CUBES}) - clause_reads - frozenset().union(*(c.reads for c in codes))
                found.append((Code(src, bool, reads.union(*(c.reads for c in codes)), frozenset().union(*(c.names for c in codes))), rises))
        return found

    def _consumed(self, word, stmt):
        """The resource a consume names, if it is this engine's consume of a declared one."""
        if word.fn is consumption.consume and stmt.args and isinstance(stmt.args[0], ast.Name) and stmt.args[0].id in self.resources:
            return stmt.args[0].id
        return None

    def precondition(self, word, stmt, env):
        """What a keyword needs to succeed (its ``needs`` template), as code here; or None."""
        if word.needs is None:
            return None
        import inspect

        params = list(inspect.signature(word.fn).parameters)[1:]
        given = {}
        for param, arg in zip(params, stmt.args):
            given[param] = self.x.gen(arg, env)
        for key, value in stmt.kwargs:
            given[key] = self.x.gen(value, env)
        if "player" in params and "player" not in given:
            given["player"] = env["you"] if "you" in env else self.x.gen(_YOU, env)
        try:
            src = "(" + word.needs.format(**{k: f"({v.src})" for k, v in given.items()}) + ")"
        except KeyError:
            return None
        reads, names = word.reads, frozenset()
        for code in given.values():
            reads |= code.reads
            names |= code.names
        return Code(src, bool, reads, names)

    def procedure_decides(self, name: str) -> bool:
        return self._branching.procedure_decides(name)

    def decides(self, stmts) -> bool:
        """Can this code branch (a decision, or a stop)? As the compiler decides it."""
        return self._branching.decides(stmts)

    def anchor_of(self, stmt: ast.Repeat):
        found = anchors(stmt, self.decides)
        for choose in found:
            self._anchors.add(id(choose))
        return found[0].name if found else None

    def is_anchor(self, stmt: ast.Choose) -> bool:
        return id(stmt) in self._anchors

    # -- writing the module
    def _function(self, header: str, origin=None) -> Writer:
        """A new top-level function: its writer, with the header and prologue written;
        ``origin``: the declaration it is written for (its Where)."""
        w = Writer(origin)
        self._writers.append(w)
        w.line(header)
        w.depth += 1
        w.line("ST = S.state; YOU = S.you; J = S.journal")
        return w

    def _params(self, params, types=()) -> tuple[str, Env]:
        names = ["v_" + p for p in params]
        types = tuple(types) + (None,) * (len(params) - len(types))
        env = Env({p: Code(n, t, frozenset(), frozenset({n})) for p, n, t in zip(params, names, types)})
        return ", ".join(names), env

    def _procedure(self, name: str, function: str, variant: str, types=()) -> None:
        decl = self.procedures[name]
        params, env = self._params(decl.params, types)
        extra = [params] if params else []
        if self.procedure_decides(name):
            w = self._function(f"def {function}({', '.join(['S', 'K'] + extra)}):", decl.where)
            ctx = Ctx("return", env, fast=variant in ("fast", "hoisting"), apply=variant == "apply", hoist=variant == "hoisting")
            self.s.block(decl.body, 0, w, ctx, Cont(call="K"))
        else:
            w = self._function(f"def {function}({', '.join(['S'] + extra)}):", decl.where)
            self.s.block(decl.body, 0, w, Ctx("return False", env), _RETURN_TRUE)

    def run(self) -> GeneratedRules:
        result = GeneratedRules()
        for decl in self.resource_decls:
            self._supplier(decl)
        for name, decl in self.defines.items():
            params, env = self._params(decl.params or ())
            w = self._function(f"def D_{name}({', '.join(['S'] + ([params] if params else []))}):", decl.where)
            w.line(f"return {self.x.gen(decl.value, env).src}")
        for name in self.procedures:
            self._procedure(name, f"P_{name}", "plain")
            if self.procedure_decides(name):
                self._procedure(name, f"FP_{name}", "fast")
                self._procedure(name, f"AP_{name}", "apply")
        for name, decl in self.actions.items():
            w = self._function(f"def A_{name}(S):", decl.where)
            self.s.block(decl.body, 0, w, Ctx("return", Env()), Cont(call="S.leaf"))
            w = self._function(f"def AA_{name}(S):", decl.where)
            self.s.block(decl.body, 0, w, Ctx("return", Env(), apply=True), Cont(call="S.leaf"))
            w = self._function(f"def FA_{name}(S):", decl.where)
            checked = self.s.checks(guards(self.s.analyzer, decl.body, 0, Env(), keep=lambda code: True), w, "return")
            # Statements are moved ahead of choices only where nothing can stop the move partway.
            hoist = not self.s.analyzer.block(decl.body, Env()).barrier
            self.s.block(decl.body, 0, w, Ctx("return", Env(), fast=True, top=True, hoist=hoist, checked=checked), Cont(call="S.leaf"))
        clause_names = self._resource_clauses()
        consumers = {decl.name: self._consumer(decl) for decl in self.resource_decls}
        handler_names = []
        for decl in self.handler_decls:
            types = self.vocabulary.event_types.get(decl.name, ())
            params, env = self._params(decl.params, types)
            function = self.fresh(f"H_{decl.name}")
            handler_names.append((decl.name, function))
            w = self._function(f"def {function}({', '.join(['S'] + ([params] if params else []))}):", decl.where)
            self.s.block(decl.body, 0, w, Ctx("return False", env), _RETURN_TRUE)
        while self._pending:
            name, variant, signature = self._pending.pop()
            self._procedure(name, self._specialised[name, variant, signature], variant, signature)
        source = "".join(w.text() for w in self._writers)
        origins = [origin for w in self._writers for origin in w.origins]
        filename = f"<generated rules: {self.label}>"
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        try:
            code = compile(source, filename, "exec")
        except SyntaxError as error:
            # Python's own limits (20 loops inside one another, 200 brackets): rule code
            # nested that deep is valid, and the interpreter runs it.
            raise Unsupported(f"the generated Python is beyond Python's limits: {error.msg}") from None
        exec(code, self.namespace)
        ns = self.namespace
        result.source = source
        result.origins = origins
        result.filename = filename
        result.defines = {name: ns[f"D_{name}"] for name in self.defines}
        result.procedures = {name: (ns[f"P_{name}"], self.procedure_decides(name)) for name in self.procedures}
        result.actions = {name: ns[f"A_{name}"] for name in self.actions}
        result.fast_actions = {name: ns[f"FA_{name}"] for name in self.actions}
        result.applying_actions = {name: ns[f"AA_{name}"] for name in self.actions}
        for event, function in handler_names:
            result.handlers.setdefault(event, []).append(ns[function])
        result.clauses = {key: ns[function] for key, function in clause_names.items()}
        result.consumers = {name: ns[function] for name, function in consumers.items()}
        return result

    def consumer_of(self, resource: str) -> str:
        """The generated ``consume`` of a resource (written in run())."""
        return f"CONSUME_{resource}"

    def _consumer(self, decl) -> str:
        """``consume`` for one resource rule, its tiers and clauses written out.

        The candidates are found here; taking them, buying and the options are the
        interpreter's own steps (brass.language.consumption), so the two agree
        by construction where it matters most, and tests compare the rest."""
        from ...model.state import BoardTile

        name = decl.name
        function = self.consumer_of(name)
        w = self._function(f"def {function}(S, amount, target=None, offer=()):", decl.where)
        label = self.const(name)
        tile = Code("tile_", BoardTile, frozenset(), frozenset({"tile_"}))
        target = Code("target_", None, frozenset(), frozenset({"target_"}))
        env = Env({"tile": tile, "target": target})
        no_tile = Env({"tile": Code("None", None), "target": target})
        w.line("target_ = target")
        nothing = self.const(consumption.Allocation(name, (), 0, 0, ()))  # nothing to take: one for all
        w.line(f"if amount <= 0: return {nothing}")
        w.line(f"plan = NEW_PLAN({label}, offer)")
        w.line("remaining = amount")
        w.line("refusal = None")
        for tier in decl.tiers:
            with w.block("if remaining:"):
                market = next((s for s in tier if s.kind == "market"), None)
                if market is not None:
                    self._buying(w, decl, market, no_tile, label)
                else:
                    self._candidates(w, tier, env, label)
        w.line(f"return OFFER_OF(S, {label}, SETTLE(S, {label}, plan, remaining, refusal, amount, False), amount, False)")
        return function

    def _supplier(self, decl) -> None:
        """SUPPLIES_<resource>(S, target, offer): could any source give one unit? A
        necessary condition of consuming any of it, where one can fail to be had."""
        from ...model.state import BoardTile

        name = decl.name
        label = self.const(name)
        tile = Code("tile_", BoardTile, frozenset(), frozenset({"tile_"}))
        target = Code("target_", None, frozenset(), frozenset({"target_"}))
        env = Env({"tile": tile, "target": target})
        no_tile = Env({"tile": Code("None", None), "target": target})
        function = f"SUPPLIES_{name}"
        w = self._function(f"def {function}(S, target=None, offer=()):", decl.where)
        w.line("target_ = target")
        reads = frozenset({CUBES})  # cubes on tiles and in the market: more of them, more supply
        clause_reads = frozenset()  # what the resource's own clauses read (no telling which way)
        always = False
        for tier in decl.tiers:
            market = next((s for s in tier if s.kind == "market"), None)
            if market is not None:
                clauses = {c.kind: c.value for c in market.clauses}
                tests = []
                if "where" in clauses:
                    where = self.x.gen(clauses["where"], no_tile)
                    clause_reads |= where.reads
                    tests.append(where.src)
                if decl.empty_price is None:
                    tests.append(f"ST.markets[{self.board.get('market', market.arg).id!r}] > 0")
                if not tests:
                    always = True
                w.line(f"if {' and '.join(tests) or 'True'}: return True")
                continue
            for source in tier:
                clauses = {c.kind: c.value for c in source.clauses}
                if source.kind == "tiles":
                    nearest = any(c.kind == "nearest_first" for c in source.clauses)
                    with w.block("for tile_ in filter(None, ST.slot_tiles):"):
                        w.line(f"if tile_.cubes.get({label}, 0) <= 0: continue")
                        if "where" in clauses:
                            where = self.x.gen(clauses["where"], env)
                            clause_reads |= where.reads
                            w.line(f"if not {where.src}: continue")
                        if nearest:
                            reads |= frozenset({LINKS})
                            w.line("if target_ is None or not REACHABLE(ST, PLACES(S, target_), tile_.slot.location.index): continue")
                        w.line("return True")
                elif source.kind == "offered":
                    w.line(f"if any(h.cubes.get({label}, 0) > 0 for h in offer): return True")
        w.line("return False")
        if not always:
            self._supplies[name] = (function, reads | clause_reads, clause_reads)

    def _buying(self, w: Writer, decl, source, env: Env, label: str) -> None:
        clauses = {c.kind: c.value for c in source.clauses}
        market = self.const(self.board.get("market", source.arg))
        price = self.x.gen(decl.empty_price, env).src if decl.empty_price is not None else "None"
        buying = f"refusal = BUY(S, {label}, {market}, remaining, {price}, plan)"
        if "where" in clauses:
            # Why not is the interpreter's to say, when a refusal is explained.
            w.line(f"if not {self.x.gen(clauses['where'], env).src}: refusal = True")
            with w.block("else:"):
                w.line(buying)
                w.line("if refusal is None: remaining = 0")
        else:
            w.line(buying)
            w.line("if refusal is None: remaining = 0")

    def _connected_to(self, where, env: Env) -> "Code | None":
        """X, when a tile source's clause is ``connected(tile, X)`` (either way
        round) and X does not depend on the tile: then the loop over tiles asks
        for X's components once instead of once a tile."""
        if not (isinstance(where, ast.Call) and where.func == "connected" and len(where.args) == 2 and not where.kwargs):
            return None
        word = self.vocabulary.functions.get("connected")
        if "connected" in self.defines or word is None or word.fn is not functions.connected:
            return None  # a ruleset's own meaning of the name
        tile = env["tile"].src
        for mine, other in (where.args, where.args[::-1]):
            if isinstance(mine, ast.Name) and mine.id == "tile":
                code = self.x.gen(other, env)
                if tile not in code.names:
                    return code
        return None

    def _candidates(self, w: Writer, tier, env: Env, label: str) -> None:
        w.line("entries = []")
        w.line("limit = None")
        for source in tier:
            clauses = {c.kind: c.value for c in source.clauses}
            if source.kind == "tiles":
                nearest = any(c.kind == "nearest_first" for c in source.clauses)
                if nearest:
                    w.line("found = []")
                to = self._connected_to(clauses.get("where"), env)
                if to is not None:
                    w.line("labels_ = None")
                with w.block("for tile_ in filter(None, ST.slot_tiles):"):
                    w.line(f"count = tile_.cubes.get({label}, 0)")
                    w.line("if count <= 0: continue")
                    if to is not None:
                        # connected(tile, X) with X fixed for the loop: X's components
                        # are found once, each tile's is a look-up.
                        w.line(f"if labels_ is None: components_, labels_ = CONNECTED_LABELS(S, {to.src})")
                        w.line("if components_[tile_.slot.location.index] not in labels_: continue")
                    elif "where" in clauses:
                        w.line(f"if not {self.x.gen(clauses['where'], env).src}: continue")
                    w.line(f"{'found' if nearest else 'entries'}.append(({'' if nearest else '0, '}tile_, count{'' if nearest else ', False'}))")
                if nearest:
                    # Distances are measured once the tiles are known (often one,
                    # whose distance does not matter when it is alone in its tier).
                    with w.block("if found:"):
                        w.line("if target_ is None: raise RULE_ERROR(\"'nearest first' needs a target=... to measure from\")")
                        w.line(f"entries.extend(BY_DISTANCE(ST, PLACES(S, target_), found, {len(tier) == 1}))")
            elif source.kind == "offered":
                if "limit" in clauses:
                    w.line(f"limit = {self.x.gen(clauses['limit'], Env({'tile': Code('None'), 'target': env['target']})).src}")
                w.line(f"entries.extend((0, h, h.cubes.get({label}, 0), True) for h in offer if h.cubes.get({label}, 0) > 0)")
        nearest = any(c.kind == "nearest_first" for s in tier for c in s.clauses)
        w.line(f"remaining = TAKE(plan, GROUPED(entries, {nearest}, limit), remaining)")

    def _resource_clauses(self) -> dict:
        """A function for each clause of the resource declarations that consumption evaluates."""
        from ...model.state import BoardTile

        names = {}
        for decl in self.resource_decls:
            rule = self.resources[decl.name]
            env = Env({"tile": Code("tile", BoardTile, frozenset(), frozenset({"tile"})), "target": Code("target", None, frozenset(), frozenset({"target"}))})
            pairs = []
            for tier, compiled_tier in zip(decl.tiers, rule.tiers):
                for source, compiled in zip(tier, compiled_tier):
                    for clause in source.clauses:
                        target = {"where": compiled.where, "otherwise": compiled.otherwise, "limit": compiled.limit}.get(clause.kind)
                        if target is not None:
                            pairs.append((target, clause.value))
            if decl.empty_price is not None and rule.empty_price is not None:
                pairs.append((rule.empty_price, decl.empty_price))
            for compiled, node in pairs:
                function = self.fresh("RC_" + decl.name)
                w = self._function(f"def {function}(S, tile=None, target=None):", node.where)
                w.line(f"return {self.x.gen(node, env).src}")
                names[id(compiled)] = function
        return names
