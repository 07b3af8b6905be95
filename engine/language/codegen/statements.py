"""Statements as Python source, in continuation-passing style.

The generated code does what :mod:`brass.language.statements` does, step for
step: a simple statement runs and ends the path if it fails; a decision loops
over its options through the run (:mod:`brass.language.codegen.search`),
which records it on the path and rolls the state back after each option; the
rest of the rules after a decision is the body of its loop. A complete path
calls its continuation, finally ``S.leaf()``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .. import ast
from ..limits import MAX_REPEAT
from ..consumption import consume
from ..effects import EVERYTHING, NOTHING
from .analysis import Analyzer, Sunk, carried_names, deferral, guards, hoisting, settled, sinking, statements_in
from ..types import ListOf
from .expressions import Code, Env, Unsupported, is_static_type
from .source import Cont, Ctx, Writer

_META = (ast.Cite, ast.Describe, ast.Uses)
_NUMBER = re.compile(r"-?[0-9]+")
_REPEAT_CAP = 60  # as the interpreter: an open-ended repeat offers at most this many more rounds
_LOOPS_PER_FUNCTION = 14  # Python allows 20 nested blocks in one function
NOTHING_AFTER = Cont(emit=lambda w, ctx: None)


class StatementGenerator:
    def __init__(self, context, expressions):
        self.context = context
        self.x = expressions
        self.analyzer = Analyzer(context, expressions)

    # -- blocks
    def block(self, stmts: tuple, i: int, w: Writer, ctx: Ctx, k: Cont) -> None:
        """Write stmts[i:] followed by the continuation k."""
        while i < len(stmts) and isinstance(stmts[i], _META):
            i += 1
        if i == len(stmts):
            k.write(w, ctx)
            return
        stmt = stmts[i]
        if ctx.loops >= _LOOPS_PER_FUNCTION and self.context.decides((stmt,)):
            w.line(f"{self.function_for(stmts, i, w, ctx, k, called_here=True)}()")
            return
        if ctx.hoist and isinstance(stmt, ast.Choose):
            moved = hoisting(self.analyzer, stmts, i, ctx.env)
            if moved is not None:
                first = tuple(stmts[j] for j in moved)
                kept = tuple(s for j, s in enumerate(stmts[i:], i) if j not in moved)
                self.block(stmts[:i] + first + kept, i, w, ctx, k)
                return
        if ctx.fast and ctx.top and isinstance(stmt, ast.Choose):
            found = deferral(self.analyzer, stmts, i, ctx.env)
            if found is not None:
                with w.at(stmt.where):
                    self._deferred(found, stmts, i, w, ctx, k)
                return
        if ctx.fast and isinstance(stmt, ast.Choose):
            found = sinking(self.analyzer, stmts, i, ctx.env)
            if found is not None:
                group, others = found
                at = self.context.fresh("at")
                w.line(f"{at} = len(S.path)")
                self.block(others + (Sunk(stmt, at),) + group, 0, w, ctx, k)
                return
        with w.at(getattr(stmt.choose if isinstance(stmt, Sunk) else stmt, "where", None)):
            getattr(self, "_" + type(stmt).__name__)(stmt, stmts, i, w, ctx, k)

    def function_for(self, stmts, i, w: Writer, ctx: Ctx, k: Cont, called_here: bool = False) -> str:
        """The name of a function that runs stmts[i:] then k (defined here if needed)."""
        rest = [s for s in stmts[i:] if not isinstance(s, _META)]
        if not rest and k.call is not None:
            return k.call
        name = self.context.fresh("k")
        with w.block(f"def {name}():"):
            self.block(stmts, i, w, ctx.in_function(called_here=called_here), k)
        return name

    def _next(self, stmts, i, w, ctx, k, env=None):
        if ctx.checked and self.analyzer.stmt(stmts[i], ctx.env)[0].writes:
            ctx = replace(ctx, checked=frozenset())  # what was checked may no longer hold
        self.block(stmts, i + 1, w, ctx if env is None else ctx.with_env(env), k)

    @staticmethod
    def _bind(env: Env, name: str, python: str, kind) -> Env:
        return env.child(**{name: Code(python, kind, NOTHING, frozenset({python}))})

    # -- simple statements
    def _Let(self, stmt, stmts, i, w, ctx, k):
        value = self.x.gen(stmt.value, ctx.env)
        name = self.context.fresh("v_" + stmt.name)
        w.line(f"{name} = {value.src}")
        self.context.note_type(name, value.type)
        self._next(stmts, i, w, ctx, k, self._bind(ctx.env, stmt.name, name, value.type))

    def _Require(self, stmt, stmts, i, w, ctx, k):
        condition = self.x.gen(stmt.condition, ctx.env)
        if (id(stmt.condition), condition.names) not in ctx.checked:
            w.line(f"if not {condition.src}: {ctx.fail}")
        self._next(stmts, i, w, ctx, k)

    def _Stop(self, stmt, stmts, i, w, ctx, k):
        # The frame's code is complete here: nothing after it runs.
        w.line("S.leaf(None)")
        w.line(ctx.fail)

    def _call_source(self, word, stmt, env) -> str:
        args = [self.x.gen(a, env).src for a in stmt.args]
        kwargs = [f"{key}={self.x.gen(value, env).src}" for key, value in stmt.kwargs]
        if word.fn is consume and stmt.args and isinstance(stmt.args[0], ast.Name) and stmt.args[0].id in self.context.resources:
            # The resource is known here: its consumption is generated code too.
            consumer = self.context.consumer_of(stmt.args[0].id)
            return f"{consumer}({', '.join(['S'] + args[1:] + kwargs)})"
        fn = self.context.bind("KW_" + word.name, word.fn)
        return f"{fn}({', '.join(['S'] + args + kwargs)})"

    def _Command(self, stmt, stmts, i, w, ctx, k):
        word = self.context.vocabulary.keywords[stmt.name]
        call = self._call_source(word, stmt, ctx.env)
        env = ctx.env
        result = self.context.fresh("r")
        if word.kind == "choice":
            decider = "S.decider"
            after = env
            if stmt.bind:
                after = self._bind(env, stmt.bind, self.context.fresh("r"), word.returns)
            found, last = self._settled_rest(stmts, i, ctx, k, after) if word.sure_options and not word.reveals else (None, None)
            if found is not None and all(self.analyzer.handler_settles(e) for e in word.fires):
                # Counting moves: each option offered is a move; the rest need not run.
                w.line(f"{result} = {call}")
                call = result
                self.bindings(found.assumed, w)
                with w.block(" and ".join(["if S.counting"] + ([last] if last else []) + [a.code.src for a in found.assumed]) + ":"):
                    self.checks(found.checks, w, ctx.fail)
                    w.line(f"if {result}.__class__ is OFFER: S.counted_offer({result}, {decider})")
                    w.line(f"elif not isinstance({result}, PROBLEM): S.leaf()")
                    w.line(ctx.fail)
                result = self.context.fresh("r")
            with w.block(f"for {result} in OFFERED(S, {call}, {decider}):"):
                inner = ctx.in_loop()
                if word.reveals:
                    w.line("J.set(S, 'reveals', S.reveals + 1)")
                if stmt.bind:
                    env = self._bind(env, stmt.bind, result, word.returns)
                self._next(stmts, i, w, inner, k, env)
            return
        w.line(f"{result} = {call}")
        w.line(f"if isinstance({result}, PROBLEM): {ctx.fail}")
        if word.reveals:
            w.line("J.set(S, 'reveals', S.reveals + 1)")
        if stmt.bind:
            env = self._bind(env, stmt.bind, result, word.returns)
        self._next(stmts, i, w, ctx, k, env)

    # -- decisions
    def options(self, stmt: ast.Choose, env: Env, w: Writer, guarded=None) -> tuple[str, object]:
        """Write the list of a choose's options; return the list's name and the options' type.

        ``guarded(env)``, given the environment with the candidate bound, returns
        the guards to check too; they prune options only once the list's length,
        which decides whether the choice is written in the notation, is known."""
        domain = self.x.gen(stmt.domain, env)
        kind = domain.type
        item = kind.item if hasattr(kind, "item") else None
        if stmt.count is not None:
            raw = f"MULTISETS({domain.src}, {stmt.count})"
            item = ListOf(item)  # a tuple of the domain's items
        elif getattr(kind, "unique", False):
            raw = domain.src
        elif item is not None and item in self.context.static_classes:
            raw = f"UNIQUE_ID({domain.src})"
        else:
            raw = f"UNIQUE_TEXT({domain.src})"
        if ":=" in raw:
            # Python allows no := anywhere in a comprehension's iterable: the options
            # are listed first (a bounds check, a kept value inside the domain).
            listed = self.context.fresh("d_" + stmt.name)
            w.line(f"{listed} = {raw}")
            raw = listed
        candidate = self.context.fresh("c_" + stmt.name)
        inner = self._bind(env, stmt.name, candidate, item)
        extra = guarded(inner, candidate) if guarded is not None else []
        filters = [c.value for c in stmt.clauses if c.kind == "where"]
        if not domain.const or stmt.count is not None:
            fixed, keys = [], ()
        else:
            fixed, keys = self._fixed_filters(filters, env, stmt.name, candidate, item)
        if fixed:
            # The filters that read only board objects pick the same options every
            # time for the same values of what they read: kept, for each of them.
            kept = self.context.bind(self.context.fresh("FIXED"), {})
            key = self.context.fresh("key")
            w.line(f"{key} = ({''.join(k + ', ' for k in keys)})")
            raw_kept = self.context.fresh("pre")
            w.line(f"{raw_kept} = {kept}.get({key})")
            tests_fixed = " and ".join(self.x.gen(f, self._fixed_env(env, stmt.name, candidate, item)).src for f in fixed)
            w.line(f"if {raw_kept} is None: {raw_kept} = {kept}[{key}] = [{candidate} for {candidate} in {raw} if {tests_fixed}]")
            raw = raw_kept
            filters = [f for f in filters if f not in fixed]
        # What the filters compute that does not depend on the candidate is computed
        # where first needed, then kept for the other candidates.
        hoisted = self.x.hoisting(candidate)
        try:
            tests = [self.x.gen(f, inner).src for f in filters]
        finally:
            self.x.stop_hoisting()
        for name, _ in hoisted:
            w.line(f"{name} = UNSET")
        if fixed and not tests:
            options = raw  # the kept list itself (nothing changes it)
        else:
            options = self.context.fresh("o_" + stmt.name)
            condition = f" if {' and '.join(tests)}" if tests else ""
            w.line(f"{options} = [{candidate} for {candidate} in {raw}{condition}]")
        if extra:
            pruned = self.context.fresh("g_" + stmt.name)
            w.line(f"{pruned} = []")
            with w.block(f"for {candidate} in {options}:"):
                self.checks(extra, w, "continue")
                w.line(f"{pruned}.append({candidate})")
            return (options, pruned), item
        return (options, options), item

    def early_guards(self, stmts, i: int, w: Writer, ctx: Ctx) -> Ctx:
        """In the optimised variant: what the code from stmts[i] on must meet, checked
        now; the context that knows them checked."""
        if not ctx.fast:
            return ctx
        checked = self.checks(guards(self.analyzer, stmts, i, ctx.env, keep=lambda code: True), w, ctx.fail, ctx.checked)
        return replace(ctx, checked=checked)

    @staticmethod
    def bindings(found, w: Writer) -> None:
        """Write the values the conditions (Checks) need, once each."""
        done = set()
        for check in found:
            for python, source in check.bindings:
                if python not in done:
                    w.line(f"{python} = {source}")
                    done.add(python)

    @staticmethod
    def checks(found, w: Writer, fail: str, checked: frozenset = frozenset()) -> frozenset:
        """Write guards as statements: each value they need, then each condition; not
        those ``checked`` already. The origins of all of them, checked from here on."""
        done = set()
        found = [check for check in found if check.origin is None or check.origin not in checked]
        for check in found:
            for python, source in check.bindings:
                if python not in done:
                    w.line(f"{python} = {source}")
                    done.add(python)
            w.line(f"if not ({check.code.src}): {fail}")
        return checked | {check.origin for check in found if check.origin is not None}

    def _fixed_env(self, env: Env, name: str, candidate: str, item) -> Env:
        """The environment in which board objects count as fixed: the candidate, and
        every variable whose type is a board object's or a plain value's."""
        names = {}
        for rule_name, code in env.names.items():
            if is_static_type(code.type) and len(code.names) == 1 and code.src in code.names:
                names[rule_name] = replace(code, const=True)
        names[name] = Code(candidate, item, NOTHING, frozenset({candidate}), True)
        return env.child(**names)

    def _fixed_filters(self, filters, env: Env, name: str, candidate: str, item):
        """The filters that read nothing of the state, and the variables they read."""
        if not is_static_type(item):
            return [], ()
        fixed_env = self._fixed_env(env, name, candidate, item)
        fixed, keys = [], []
        for node in filters:
            code = self.x.gen(node, fixed_env)
            if code.const:
                fixed.append(node)
                keys.extend(n for n in sorted(code.names) if n != candidate and n not in keys)
        return fixed, tuple(keys)

    def _item(self, stmt: ast.Choose, env: Env):
        domain = self.x.gen(stmt.domain, env)
        item = getattr(domain.type, "item", None)
        return ListOf(item) if stmt.count is not None else item

    def _fixed_domain(self, stmt: ast.Choose, env: Env) -> bool:
        """Are the options board objects (or tuples of them), which a move holds as they are?"""
        domain = self.x.gen(stmt.domain, env)
        return is_static_type(getattr(domain.type, "item", None))

    def _Sunk(self, sunk, stmts, i, w, ctx, k):
        self._Choose(sunk.choose, stmts, i, w, ctx, k, at=sunk.at)

    def _Choose(self, stmt, stmts, i, w, ctx, k, at=None):
        if ctx.apply and not any(c.kind == "by" for c in stmt.clauses) and self._fixed_domain(stmt, ctx.env):
            # Applying a move the game made: its value stands; no need to list the options.
            name = self.context.fresh("v_" + stmt.name)
            item = self._item(stmt, ctx.env)
            with w.block(f"for {name} in S.taken({stmt.name!r}, S.decider):"):
                self._next(stmts, i, w, ctx.in_loop(), k, self._bind(ctx.env, stmt.name, name, item))
            return
        guarded = None
        if ctx.fast:

            def guarded(inner, candidate):
                found = guards(self.analyzer, stmts, i + 1, inner, keep=lambda code: True)
                # What does not depend on the candidate is checked before listing them.
                self.checks([g for g in found if candidate not in g.code.names], w, ctx.fail, ctx.checked)
                return [g for g in found if candidate in g.code.names]

        (listed, options), item = self.options(stmt, ctx.env, w, guarded)
        printed = "True" if self.context.is_anchor(stmt) else f"len({listed}) != 1"
        by = next((c.value for c in stmt.clauses if c.kind == "by"), None)
        decider = f"DECIDER({self.x.gen(by, ctx.env).src})" if by is not None else "S.decider"
        name = self.context.fresh("v_" + stmt.name)
        self.context.note_type(name, item)
        if by is None:
            self._counted(stmt.name, stmts, i, w, ctx, k, item, options, printed, at)
        where = f", at={at}" if at is not None else ""
        with w.block(f"for {name} in S.choose({stmt.name!r}, {options}, {printed}, {decider}{where}):"):
            self._next(stmts, i, w, ctx.in_loop(), k, self._bind(ctx.env, stmt.name, name, item))

    def _settled_rest(self, stmts, i, ctx, k, env):
        """analysis.settled for what follows stmts[i], where that runs to the action's end
        (always, or when ``ctx.last`` holds); and the condition, if any."""
        if not ctx.fast or (k.call != "S.leaf" and ctx.last is None):
            return None, None
        found = settled(self.analyzer, stmts, i + 1, env)
        return found, (ctx.last if k.call != "S.leaf" else None)

    def _counted(self, key, stmts, i, w, ctx, k, item, options, printed, at=None) -> None:
        """When counting moves: every option of this last decision is a move, if the rest is settled."""
        candidate = self.context.fresh("c_" + key)
        env = self._bind(ctx.env, key, candidate, item)
        found, last = self._settled_rest(stmts, i, ctx, k, env)
        if found is None:
            self._tested(key, stmts, i, w, ctx, k, env, candidate, options, printed, at)
            return
        if any(candidate in a.code.names for a in found.assumed):
            return
        self.bindings(found.assumed, w)
        tests = " and ".join(["S.counting"] + ([last] if last else []) + [a.code.src for a in found.assumed])
        with w.block(f"if {tests}:"):
            self.checks([c for c in found.checks if candidate not in c.code.names], w, ctx.fail)
            own = [c for c in found.checks if candidate in c.code.names]
            counted = options
            if own:
                counted = self.context.fresh("n_" + key)
                w.line(f"{counted} = []")
                with w.block(f"for {candidate} in {options}:"):
                    self.checks(own, w, "continue")
                    w.line(f"{counted}.append({candidate})")
            where = f", at={at}" if at is not None else ""
            w.line(f"S.counted({key!r}, {counted}, {printed}, S.decider{where})")
            w.line(ctx.fail)

    def _tested(self, key, stmts, i, w, ctx, k, env, candidate, options, printed, at) -> None:
        """When counting moves: the last decision of a path whose rest may fail but decides
        nothing. Each option is tried for whether the rest succeeds, and the valid ones
        stand as one path (no path of its own, no move object, per option)."""
        if not ctx.fast or k.call != "S.leaf":
            return
        rest = self.analyzer.block(stmts[i + 1 :], env)
        if rest.decides or rest.barrier:
            return
        test = self.context.fresh("test")
        with w.block("if S.counting:"):
            with w.block(f"def {test}({candidate}):"):
                done = Cont(emit=lambda w_, c_: w_.line("return True"))
                self.block(stmts, i + 1, w, Ctx("return False", env, 0, ctx.fast), done)
            where = f", at={at}" if at is not None else ""
            w.line(f"S.counted({key!r}, S.tested({options}, {test}), {printed}, S.decider{where})")
            w.line(ctx.fail)

    def _Optionally(self, stmt, stmts, i, w, ctx, k):
        carried = carried_names(stmt, ctx.env)
        call = self._rest_taking(stmts, i, w, ctx, k, carried, self._types_after(stmt, ctx.env, carried), stmt.body)
        yes = self.context.fresh("yes")
        with w.block(f"for {yes} in S.option({stmt.name!r}, S.decider):"):
            with w.block(f"if {yes}:"):
                inner = ctx.in_loop().nested()
                inner = self.early_guards(stmt.body, 0, w, inner)
                self.block(stmt.body, 0, w, inner, self._calling(call))
            w.line(f"else: {call(ctx.env)}")

    # -- control
    def _If(self, stmt, stmts, i, w, ctx, k):
        branches = list(stmt.branches) + ([(None, stmt.otherwise)] if stmt.otherwise else [])
        carried = carried_names(stmt, ctx.env)
        bodies = [stmt.otherwise] + [body for _, body in stmt.branches]
        if not self.context.decides((stmt,)):
            # Straight-line code: the names a branch sets are kept in cells.
            cells = self._cells(carried, ctx.env, w)
            for position, (condition, body) in enumerate(branches):
                with w.block(self._branch(position, condition, ctx)):
                    self.block(body, 0, w, ctx.nested(), self._keep(cells))
            self._next(stmts, i, w, ctx, k, self._carried_env(ctx.env, cells, bodies, self._types_after(stmt, ctx.env, cells)))
            return
        call = self._rest_taking(stmts, i, w, ctx, k, carried, self._types_after(stmt, ctx.env, carried), bodies)
        after = self._calling(call)
        for position, (condition, body) in enumerate(branches):
            with w.block(self._branch(position, condition, ctx)):
                self.block(body, 0, w, ctx.nested(), after)
        if not stmt.otherwise:
            with w.block("else:"):
                w.line(call(ctx.env))

    def _branch(self, position: int, condition, ctx: Ctx) -> str:
        """The line that opens an if's branch (None: its otherwise)."""
        if condition is None:
            return "else:"
        return f"{'if' if position == 0 else 'elif'} {self.x.gen(condition, ctx.env).src}:"

    def _For(self, stmt, stmts, i, w, ctx, k):
        items = self.x.gen(stmt.iterable, ctx.env)
        var = self.context.fresh("v_" + stmt.var)
        item = items.type.item if hasattr(items.type, "item") else None
        self.context.note_type(var, item)
        carried = carried_names(stmt, ctx.env)
        others = [name for name in carried if name != stmt.var]  # the variable is set afresh each round
        types = self._types_after(stmt, ctx.env, carried)
        if not self.context.decides((stmt,)):
            ok = self.context.fresh("ok")
            cells = self._cells(carried, ctx.env, w)
            env = self._bind(self._carried_env(ctx.env, {n: cells[n] for n in others}, stmt.body), stmt.var, var, item)
            w.line(f"{ok} = True")
            with w.block(f"for {var} in list({items.src}):"):
                w.line("S.tick()")
                self.block(stmt.body, 0, w, Ctx(f"{ok} = False; break", env, ctx.loops + 1, ctx.fast), self._keep(cells))
            w.line(f"if not {ok}: {ctx.fail}")
            self._next(stmts, i, w, ctx, k, self._carried_env(ctx.env, cells, stmt.body, types))
            return
        call = self._rest_taking(stmts, i, w, ctx, k, carried, types, stmt.body)
        loop, seq, pos = self.context.fresh("f"), self.context.fresh("seq"), self.context.fresh("pos")
        params = {name: self.context.fresh("p_" + name) for name in carried}
        passed = "".join(f", {p}" for p in params.values())
        with w.block(f"def {loop}({seq}, {pos}{passed}):"):
            w.line(f"if {pos} == len({seq}): {call(self._carried_env(ctx.env, params, stmt.body))}; return")
            w.line("S.tick()")
            w.line(f"{var} = {seq}[{pos}]")
            env = self._bind(self._carried_env(ctx.env, {n: params[n] for n in others}, stmt.body), stmt.var, var, item)
            again = Cont(emit=lambda w_, c_: w_.line(f"{loop}({seq}, {pos} + 1{''.join(', ' + c_.env[n].src for n in params)})"))
            self.block(stmt.body, 0, w, ctx.in_function().with_env(env).nested(), again)
        # The function calls itself, a cycle that only the garbage collector would
        # free: broken once the loop is over, however it ends (a path found ends it
        # with an exception).
        with w.block("try:"):
            w.line(f"{loop}(list({items.src}), 0{''.join(', ' + ctx.env[n].src for n in params)})")
        with w.block("finally:"):
            w.line(f"{loop} = None")

    # -- names a block sets for what follows it (analysis.bound_names)
    def _cells(self, names, env: Env, w: Writer) -> dict:
        """For straight-line code: a Python variable per name a block may set, holding its value from before."""
        cells = {name: self.context.fresh("c_" + name) for name in names}
        for name, cell in cells.items():
            w.line(f"{cell} = {env[name].src}")
        return cells

    @staticmethod
    def _keep(cells: dict) -> Cont:
        """The continuation at a block's end that puts the values of its names in their cells."""
        if not cells:
            return NOTHING_AFTER

        def keep(w_, c_):
            for name, cell in cells.items():
                if c_.env[name].src != cell:
                    w_.line(f"{cell} = {c_.env[name].src}")

        return Cont(emit=keep)

    def _types_after(self, stmt, env: Env, names) -> dict:
        """name -> the type each name holds after the block statement (as the analysis finds it)."""
        if not names:
            return {}
        after = self.analyzer.stmt(stmt, env)[1]
        return {name: after[name].type for name in names}

    def _rest_taking(self, stmts, i, w: Writer, ctx: Ctx, k: Cont, names, types: dict, body) -> "_Call":
        """The rules after stmts[i] as a function of the names the block may set (see _Call)."""
        rest = [s for s in stmts[i + 1 :] if not isinstance(s, _META)]
        if not names or (not rest and k.call is not None):  # nothing after reads them
            return _Call(self.function_for(stmts, i + 1, w, ctx, k), ())
        params = {name: self.context.fresh("p_" + name) for name in names}
        after = self.context.fresh("k")
        with w.block(f"def {after}({', '.join(params.values())}):"):
            self.block(stmts, i + 1, w, ctx.in_function().with_env(self._carried_env(ctx.env, params, body, types)), k)
        return _Call(after, tuple(names))

    @staticmethod
    def _calling(call: "_Call") -> Cont:
        """The continuation that goes on with the rest, passing it the names' values where it is written."""
        if not call.names:
            return Cont(call=call.function)
        return Cont(emit=lambda w_, c_: w_.line(call(c_.env)))

    def _bounds(self, stmt, env, w):
        """Write the repeat's bounds; return (low, high) names (None for a while)."""
        if stmt.mode == "while":
            return None, None
        low = self.context.fresh("low")
        w.line(f"{low} = {self._rounds(stmt.low, env)}")
        if stmt.mode == "times":
            return low, low
        high = self.context.fresh("high")
        if stmt.mode == "between":
            w.line(f"{high} = {self._rounds(stmt.high, env)}")
        else:
            w.line(f"{high} = {low} + {_REPEAT_CAP}")
        return low, high

    def _rounds(self, count, env) -> str:
        """A repeat's count, checked once before any round (limits.rounds, as the interpreter);
        a number as written was checked as the rules loaded."""
        src = self.x.gen(count, env).src
        if _NUMBER.fullmatch(src) and int(src) <= MAX_REPEAT:
            return src
        return f"ROUNDS({src})"

    def _Repeat(self, stmt, stmts, i, w, ctx, k):
        low, high = self._bounds(stmt, ctx.env, w)
        player_decides = stmt.mode in ("between", "at_least")
        done = self.context.fresh("done")
        # A name set in a round that was set before the repeat is carried from round
        # to round, and out of the repeat, as the interpreter does: its Python name
        # is passed on, not fixed when the code is written.
        carried = carried_names(stmt, ctx.env)
        if not player_decides and not self.context.decides(stmt.body):
            cells = self._cells(carried, ctx.env, w)
            env = self._carried_env(ctx.env, cells, stmt.body)
            condition = self.x.gen(stmt.condition, env).src if stmt.mode == "while" else None
            ok = self.context.fresh("ok")
            w.line(f"{done} = 0")
            w.line(f"{ok} = True")
            with w.block("while True:"):
                if condition is not None:
                    w.line(f"if not {condition}: break")
                    w.line(f"if {done} >= {MAX_REPEAT}: raise ENDLESS()")
                else:
                    w.line(f"if {done} >= {high}: break")
                w.line("S.tick()")
                self.block(stmt.body, 0, w, Ctx(f"{ok} = False; break", env, ctx.loops + 1, ctx.fast), self._keep(cells))
                w.line(f"{done} += 1")
            w.line(f"if not {ok}: {ctx.fail}")
            self._next(stmts, i, w, ctx, k, self._carried_env(ctx.env, cells, stmt.body, self._types_after(stmt, ctx.env, carried)))
            return
        params = {name: self.context.fresh("p_" + name) for name in carried}
        env = self._carried_env(ctx.env, params, stmt.body)
        carry = "".join(f", {p}" for p in params.values())
        call = self._rest_taking(stmts, i, w, ctx, k, carried, self._types_after(stmt, ctx.env, carried), stmt.body)
        after_call = call(env)
        ends_action = k.call == "S.leaf" and not [s for s in stmts[i + 1 :] if not isinstance(s, _META)]
        condition = self.x.gen(stmt.condition, env).src if stmt.mode == "while" else None
        round_, body = self.context.fresh("round"), self.context.fresh("body")
        anchor = self.context.anchor_of(stmt)
        with w.block(f"def {round_}({done}{carry}):"):
            if condition is not None:
                w.line(f"if not {condition}: {after_call}; return")
                w.line(f"if {done} >= {MAX_REPEAT}: raise ENDLESS()")
            else:
                w.line(f"if {done} >= {high}: {after_call}; return")
                if player_decides:
                    more = self.context.fresh("more")
                    with w.block(f"if {done} >= {low}:"):
                        with w.block(f"for {more} in S.more({'more:' + anchor!r}, S.decider):"):
                            w.line(f"if {more}: {body}({done}{carry})")
                            w.line(f"else: {after_call}")
                        w.line("return")
            w.line(f"{body}({done}{carry})")
        with w.block(f"def {body}({done}{carry}):"):
            w.line("S.tick()")
            again = Cont(emit=lambda w_, c_: w_.line(f"{round_}({done} + 1{''.join(', ' + c_.env[name].src for name in params)})"))
            inner = ctx.in_function().nested().with_env(env)
            if ends_action and condition is None:
                # In the round after which no more may be played, the action ends with it.
                inner = replace(inner, last=f"{done} + 1 >= {high}")
            inner = self.early_guards(stmt.body, 0, w, inner)
            self.block(stmt.body, 0, w, inner, again)
        # The two call each other: a cycle broken once the loop is over (as above).
        with w.block("try:"):
            w.line(f"{round_}(0{''.join(', ' + ctx.env[name].src for name in params)})")
        with w.block("finally:"):
            w.line(f"{round_} = {body} = None")

    def _carried_env(self, env: Env, names: dict, body=(), types=None) -> Env:
        """The environment with each carried name read from its Python name, of the
        type given (else of no known type). What it reads of the state, for the
        analyses: nothing, when it only ever holds what reads nothing (a literal, a
        choice's value, an item of a list, its value from before); else anything,
        so that nothing is kept or moved past it."""
        if not names:
            return env
        bindings = _bindings(body)
        chosen = {name for name, values in bindings.items() if _PLAIN in values}  # a choice's value reads no state
        bound = {}
        for name, python in names.items():
            plain = not env[name].reads and all(value is _PLAIN or _reads_no_state(value, env, set(names) | chosen) for value in bindings.get(name, ()))
            kind = (types or {}).get(name)
            bound[name] = Code(python, kind, NOTHING if plain else EVERYTHING, frozenset({python}))
        return env.child(**bound)

    def _CallProcedure(self, stmt, stmts, i, w, ctx, k):
        params = self.context.procedures[stmt.name].params
        positional = [self.x.gen(a, ctx.env) for a in stmt.args]
        named = [(key, self.x.gen(value, ctx.env)) for key, value in stmt.kwargs]
        types = {param: code.type for param, code in zip(params, positional)}
        types.update({key: code.type for key, code in named})
        function = self.context.procedure_function(stmt.name, ctx.fast, types, apply=ctx.apply, hoist=ctx.hoist)
        args = [code.src for code in positional] + [f"v_{key}={code.src}" for key, code in named]
        if not self.context.procedure_decides(stmt.name):
            w.line(f"if not {function}({', '.join(['S'] + args)}): {ctx.fail}")
            self._next(stmts, i, w, ctx, k)
            return
        after = self.function_for(stmts, i + 1, w, ctx, k)
        w.line(f"{function}({', '.join(['S', after] + args)})")


    def _deferred(self, found, stmts, i, w, ctx, k):
        """A choice taken last (see analysis.deferral): its options and their test now,
        the rest of the action, then the choice is settled at each complete path."""
        choose = found.choose
        group = self.context.fresh("group")
        start = len(w.lines)
        (listed, options), item = self.options(choose, ctx.env, w)
        value = self.context.fresh("v_" + choose.name)
        self.context.note_type(value, item)
        env = self._bind(ctx.env, choose.name, value, item)
        test = self.context.fresh("test")
        with w.block(f"def {test}({value}):"):
            done = Cont(emit=lambda w_, c_: w_.line("return True"))
            self.block(found.group, 0, w, Ctx("return False", env, 0, ctx.fast), done)
        defer = f"S.defer({{key}}, {choose.name!r}, {options}, len({listed}) != 1, S.decider, {test})"
        if found.first:
            # Worked out once per position, whichever action asks first: the actions
            # that start with the same code (``choose card ... call play_card(card)``)
            # share one key.
            taken = w.take(start)
            key = self.context.shared_key([text for text, _ in taken])
            w.line(f"{group} = S.remembered({key}, {choose.name!r})")
            with w.block(f"if {group} is UNSET:"):
                w.put(taken, indent=1)
                w.line(f"{group} = {defer.format(key=key)}")
        else:
            w.line(f"{group} = {defer.format(key='None')}")
        w.line(f"if {group} is None: {ctx.fail}")
        rest = self.function_for(found.rest, 0, w, ctx, k, called_here=True)  # the deferred test wrote nothing that stays
        w.line(f"{rest}()")
        w.line("S.undefer()")


@dataclass(frozen=True)
class _Call:
    """The rest of the rules after a block, as a function of the names the block may
    set: ``call(env)`` is the source that goes on with them as they stand in ``env``."""

    function: str
    names: tuple

    def __call__(self, env: Env) -> str:
        return f"{self.function}({', '.join(env[name].src for name in self.names)})"


def anchors(stmt: ast.Repeat, decides) -> tuple:
    """The choose that starts each round of a repeat the player may stop (as the compiler finds it)."""
    if stmt.mode not in ("between", "at_least"):
        return ()
    for body_stmt in stmt.body:
        if isinstance(body_stmt, ast.Cite):
            continue
        if isinstance(body_stmt, ast.Choose):
            return (body_stmt,)
        if decides((body_stmt,)):
            raise Unsupported("a repeat whose first decision is not a choose")
    raise Unsupported("a repeat with no choose")


_PLAIN = object()  # what a choice, or a for's variable, sets: a value that reads no state
_STATE = object()  # what a keyword's ``as`` sets: anything


def _bindings(body) -> dict:
    """name -> what each statement that sets it anywhere in a block gives it:
    a let's expression, or _PLAIN, or _STATE."""
    found: dict = {}
    for stmt in statements_in(body):
        if isinstance(stmt, ast.Let):
            found.setdefault(stmt.name, []).append(stmt.value)
        elif isinstance(stmt, (ast.Choose, ast.For)):
            found.setdefault(stmt.name if isinstance(stmt, ast.Choose) else stmt.var, []).append(_PLAIN)
        elif isinstance(stmt, ast.Command) and stmt.bind:
            found.setdefault(stmt.bind, []).append(_STATE)
    return found


def _reads_no_state(value, env: Env, plain_names: set) -> bool:
    """A literal, or a name that reads no state: a choice's value, a carried name, one from before."""
    if isinstance(value, ast.Const):
        return True
    if isinstance(value, ast.Name):
        return value.id in plain_names or (value.id in env and not env[value.id].reads)
    return False
