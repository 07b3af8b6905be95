"""What rule code reads, writes and decides: the facts the optimisations rest on.

Three optimisations move rule code, and only where these facts allow it:

* **Deferring a choice** (:func:`deferral`). ``choose card from you.hand`` at
  the head of an action, when nothing after it reads the card and the
  statements that use the card (``call play_card(card)``) touch nothing the rest
  of the action touches, gives the same moves as choosing it last: the rest is
  explored once, not once per card, and the moves are counted as a product.
* **Hoisting a statement** (:func:`hoisting`). ``call play_card(card)`` written
  after ``choose industry`` and ``choose location`` uses neither, and touches
  nothing they read: it runs once per card, before them, not once per location.
* **Guards** (:func:`guards`). A condition further down (a ``require``, or
  what a keyword needs, such as money for ``pay``) that reads nothing the
  statements in between change is checked as soon as its values are known, so
  a dead branch dies before the choices above it multiply it.

Both read the same facts: for each statement, the state regions it reads and
writes (:mod:`brass.language.effects`), the variables it uses, whether it
decides, and whether it is a *barrier*: a reveal, another player's decision, a
``stop`` or anything unknown, across which nothing is moved.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import ast
from ..effects import EVERYTHING, NOTHING
from ..types import ListOf
from .expressions import Code, Env, Unsupported

_META = (ast.Cite, ast.Describe, ast.Uses)
UNKNOWN = Code("<unknown>", None, NOTHING, frozenset({"<unknown>"}))  # a value not known at the point


@dataclass(frozen=True)
class Effects:
    reads: frozenset = NOTHING
    writes: frozenset = NOTHING
    uses: frozenset = frozenset()  # Python names of the variables read
    decides: bool = False
    barrier: bool = False
    takes: frozenset = NOTHING  # regions of the writes that are only taken from

    def __or__(self, other: "Effects") -> "Effects":
        writes = self.writes | other.writes
        other_writes = (self.writes - self.takes) | (other.writes - other.takes)
        return Effects(
            self.reads | other.reads,
            writes,
            self.uses | other.uses,
            self.decides or other.decides,
            self.barrier or other.barrier,
            writes - other_writes,
        )


OPAQUE = Effects(EVERYTHING, EVERYTHING, frozenset(), True, True)


def _union(sets) -> frozenset:
    result = frozenset()
    for each in sets:
        result |= each
    return result


def _codes(*codes) -> Effects:
    reads, uses = NOTHING, frozenset()
    for code in codes:
        if code is not None:
            reads |= code.reads
            uses |= code.names
    return Effects(reads, NOTHING, uses)


class Analyzer:
    """Effects of statements, in the environment where they stand."""

    def __init__(self, context, expressions):
        self.context = context
        self.x = expressions
        self._procedures: dict = {}
        self._handlers: dict = {}
        self._resources = None

    def expr(self, node, env: Env) -> Code:
        return self.x.gen(node, env)

    # -- blocks and statements
    def block(self, stmts, env: Env) -> Effects:
        return self.block_env(stmts, env)[0]

    def block_env(self, stmts, env: Env) -> tuple[Effects, Env]:
        """The block's effects, and the environment at its end."""
        total = Effects()
        for stmt in stmts:
            if isinstance(stmt, _META):
                continue
            effects, env = self.stmt(stmt, env)
            total = total | effects
        return total, env

    # -- names a block sets for what follows it
    def _merged(self, env: Env, names: list, ends: list) -> Env:
        """After a block statement: each name it may set bound afresh, of the type
        that what it held before and at each end of the block agree on (else None)."""
        for name in names:
            env, _ = self.bind(env, name, _agreed(env, ends, name))
        return env

    def _round_start(self, env: Env, names: list) -> tuple[Env, Effects]:
        """A loop's round starts with what the round before left: each name it may
        set, of no known type; and what reading them reads (their values before)."""
        inner = env
        for name in names:
            inner, _ = self.bind(inner, name, None)
        before = Effects(_union(env[n].reads for n in names), NOTHING, _union(env[n].names for n in names))
        return inner, before

    def stmt(self, stmt, env: Env) -> tuple[Effects, Env]:
        """The statement's effects, and the environment after it."""
        method = getattr(self, "_" + type(stmt).__name__, None)
        if method is None:
            return OPAQUE, env
        return method(stmt, env)

    def bind(self, env: Env, name: str, kind) -> tuple[Env, str]:
        python = self.context.fresh("a_" + name)
        return env.child(**{name: Code(python, kind, NOTHING, frozenset({python}))}), python

    def _Let(self, stmt, env):
        value = self.expr(stmt.value, env)
        env, _ = self.bind(env, stmt.name, value.type)
        return _codes(value), env

    def _Require(self, stmt, env):
        return _codes(self.expr(stmt.condition, env)), env

    def _Stop(self, stmt, env):
        return Effects(decides=True, barrier=True), env

    def _Sunk(self, stmt, env):
        return self._Choose(stmt.choose, env)

    def _Choose(self, stmt, env):
        domain = self.expr(stmt.domain, env)
        item = getattr(domain.type, "item", None)
        if stmt.count is not None:
            item = ListOf(item)  # a tuple of the domain's items
        inner, _ = self.bind(env, stmt.name, item)
        codes = [domain] + [self.expr(c.value, inner) for c in stmt.clauses if c.kind in ("where", "by")]
        effects = _codes(*codes)
        by = any(c.kind == "by" for c in stmt.clauses)  # another player may decide: the move may end here
        uses = effects.uses - inner[stmt.name].names  # the candidate is the filters' own
        env, _ = self.bind(env, stmt.name, item)
        return Effects(effects.reads, NOTHING, uses, True, by), env

    def _Command(self, stmt, env):
        word = self.context.vocabulary.keywords.get(stmt.name)
        if word is None:
            return OPAQUE, env
        args = [self.expr(a, env) for a in stmt.args] + [self.expr(v, env) for _, v in stmt.kwargs]
        effects = _codes(*args) | Effects(word.reads, word.writes, frozenset(), word.kind == "choice", word.reveals, word.takes)
        if word.resources:
            effects = effects | self.resources()
        for event in word.fires:
            effects = effects | self.handler(event)
        if stmt.bind:
            env, _ = self.bind(env, stmt.bind, word.returns)
        return effects, env

    def _If(self, stmt, env):
        total, ends = Effects(), []
        for condition, body in list(stmt.branches) + [(None, stmt.otherwise)]:
            effects, end = self.block_env(body, env)
            total = total | effects | (_codes(self.expr(condition, env)) if condition is not None else Effects())
            ends.append(end)
        return total, self._merged(env, carried_names(stmt, env), ends)

    def _For(self, stmt, env):
        items = self.expr(stmt.iterable, env)
        names = carried_names(stmt, env)
        start, before = self._round_start(env, [n for n in names if n != stmt.var])
        inner, var = self.bind(start, stmt.var, getattr(items.type, "item", None))
        body, end = self.block_env(stmt.body, inner)
        effects = _codes(items) | before | Effects(body.reads, body.writes, body.uses - {var}, body.decides, body.barrier, body.takes)
        return effects, self._merged(env, names, [end])

    def _Repeat(self, stmt, env):
        codes = [self.expr(e, env) for e in (stmt.low, stmt.high, stmt.condition) if e is not None]
        decides = stmt.mode in ("between", "at_least")
        names = carried_names(stmt, env)
        start, before = self._round_start(env, names)
        body, end = self.block_env(stmt.body, start)
        return _codes(*codes) | before | body | Effects(decides=decides), self._merged(env, names, [end])

    def _Optionally(self, stmt, env):
        body, end = self.block_env(stmt.body, env)
        return body | Effects(decides=True), self._merged(env, carried_names(stmt, env), [end])

    def _CallProcedure(self, stmt, env):
        args = [self.expr(a, env) for a in stmt.args]
        kwargs = [(k, self.expr(v, env)) for k, v in stmt.kwargs]
        return _codes(*args, *(v for _, v in kwargs)) | self.procedure(stmt.name, args, kwargs), env

    # -- what a call, a handler or the resource rules do
    def procedure(self, name: str, args, kwargs) -> Effects:
        decl = self.context.procedures[name]
        types = tuple(a.type for a in args) + tuple((k, v.type) for k, v in kwargs)
        key = (name, types)
        if key not in self._procedures:
            self._procedures[key] = OPAQUE  # recursion: unknown
            env = Env()
            for param, arg in zip(decl.params, args):
                env, _ = self.bind(env, param, arg.type)
            for param, arg in kwargs:
                env, _ = self.bind(env, param, arg.type)
            inner = self.block(decl.body, env)
            # The procedure's own variables are not the caller's.
            self._procedures[key] = Effects(inner.reads, inner.writes, frozenset(), inner.decides, inner.barrier, inner.takes)
        return self._procedures[key]

    def handler(self, event: str) -> Effects:
        if event not in self._handlers:
            self._handlers[event] = OPAQUE
            decl = self.context.handler_for(event)
            total = Effects()
            if decl is not None:
                env = Env()
                types = self.context.vocabulary.event_types.get(event, ())
                for position, param in enumerate(decl.params):
                    env, _ = self.bind(env, param, types[position] if position < len(types) else None)
                inner = self.block(decl.body, env)
                total = Effects(inner.reads, inner.writes, frozenset(), inner.decides, inner.barrier, inner.takes)
            self._handlers[event] = total
        return self._handlers[event]

    def handler_settles(self, event: str) -> bool:
        """Can the handler of an event neither decide nor fail (see settled)?"""
        return _infallible_handler(self, event)

    def resources(self) -> Effects:
        """What the resource declarations' conditions read (a consumption runs them)."""
        if self._resources is None:
            from ...model.state import BoardTile

            total = Effects()
            for decl in self.context.resource_decls:
                env, _ = self.bind(Env(), "tile", BoardTile)
                env, _ = self.bind(env, "target", None)
                for tier in decl.tiers:
                    for source in tier:
                        for clause in source.clauses:
                            if isinstance(clause.value, ast.Expr) and not isinstance(clause.value, ast.Template):
                                total = total | _codes(self.expr(clause.value, env))
                if decl.empty_price is not None:
                    total = total | _codes(self.expr(decl.empty_price, env))
            self._resources = Effects(total.reads, NOTHING)
        return self._resources


class Sunk:
    """A choose written after the statements that do not use it (see :func:`sinking`);
    ``at`` names the variable holding where on the path its decision belongs. It
    reads, sets and does what its choose does."""

    def __init__(self, choose: ast.Choose, at: str):
        self.choose = choose
        self.at = at


# ------------------------------------------------------------ names set in blocks


def _unsunk(node):
    return node.choose if isinstance(node, Sunk) else node


def statements_in(body):
    """Every statement in a block, nested blocks included, in order (a sunk choose as itself)."""
    return ast.statements_in(body, _unsunk)


def bound_names(body) -> list:
    """The names a block sets anywhere in it (:func:`brass.language.ast.bound_names`)."""
    return ast.bound_names(body, _unsunk)


def carried_names(stmt, env: Env) -> list:
    """The names visible before a block statement that it may set (a ``for`` sets its variable)."""
    if isinstance(stmt, ast.If):
        body = [b for _, b in stmt.branches] + [stmt.otherwise]
    else:
        body = stmt.body
    own = [stmt.var] if isinstance(stmt, ast.For) else []
    return [name for name in dict.fromkeys(own + bound_names(body)) if name in env]


def names_read(node) -> frozenset:
    """Every rule name a statement (or expression) reads anywhere in it: more than it
    reads, for names bound inside it count too, which only keeps more code in place."""
    found = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Sunk):
            stack.append(item.choose)
        elif isinstance(item, ast.Name):
            found.add(item.id)
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, ast.Node):
            stack.extend(getattr(item, name) for name in item.__dataclass_fields__)
    return frozenset(found)


def names_set(stmt) -> frozenset:
    """Every rule name a statement sets (let, choose, as, a for's variable), in it or its blocks."""
    return frozenset(bound_names([stmt]))


def _crosses(moved, passed) -> bool:
    """May a statement that sets names not move before statements that read or set
    them? (Moving code past its uses is safe for the state it touches, not for the
    variables: ``choose x from [n, 0]`` must read ``n`` before a later ``let n`` sets it.)"""
    sets = names_set(moved)
    if not sets:
        return False
    return any(sets & (names_read(other) | names_set(other)) for other in passed)


def _agreed(env: Env, ends: list, name: str):
    """The type a name holds after a block: the one all its ends (and before) agree on, or None."""
    kind = env[name].type
    return kind if all(end[name].type == kind for end in ends) else None


# ------------------------------------------------------------------ deferral


@dataclass
class Deferral:
    """A choice taken last: its statements (``group``) and the rest of the action."""

    choose: ast.Choose
    group: tuple  # the statements after the choose that use what it chose
    rest: tuple  # the other statements, in order
    first: bool  # nothing before it changes the state: its options are the frame's


def _with_the_choice(analyzer: Analyzer, choose, stmts, env: Env):
    """Each statement after a choose (``stmts``), with its effects, whether it goes
    with the choice (it uses what the choice, or a statement going with it, bound,
    or crosses them) and the names bound that far: so much, a choice taken later
    must take with it."""
    _, scan = analyzer.stmt(choose, env)
    tainted = set(scan[choose.name].names)
    group = [choose]
    for stmt in stmts:
        if isinstance(stmt, _META):
            continue
        effects, next_env = analyzer.stmt(stmt, scan)
        joins = bool(effects.uses & tainted) or _crosses(stmt, group)
        yield stmt, effects, joins, frozenset(tainted)
        if joins:
            group.append(stmt)
            # What the group binds is the group's own.
            for name, code in next_env.names.items():
                if scan.names.get(name) is not code:
                    tainted |= code.names
        scan = next_env


def deferral(analyzer: Analyzer, body: tuple, index: int, env: Env):
    """A Deferral for the top-level choose at body[index], or None where it is not safe."""
    choose = body[index]
    if any(c.kind == "by" for c in choose.clauses):
        return None
    before = Effects()
    scan = env
    for stmt in body[:index]:
        if isinstance(stmt, _META):
            continue
        effects, scan = analyzer.stmt(stmt, scan)
        before = before | effects
    if before.barrier:
        return None
    own, _ = analyzer.stmt(choose, env)
    group, rest = [], []
    group_effects, rest_effects = own, Effects()
    outer = set(own.uses)  # variables from before the choice that it, or its group, reads
    ends_before = False  # has a statement been passed that may end the move here (a stop, a reveal)?
    for stmt, effects, joins, tainted in _with_the_choice(analyzer, choose, body[index + 1 :], env):
        if joins:
            if effects.decides or effects.barrier or ends_before:
                # (after a stop the group's statement might never run: it cannot be tested apart)
                return None
            group.append(stmt)
            group_effects = group_effects | effects
            outer |= effects.uses - tainted
        else:
            rest.append(stmt)
            rest_effects = rest_effects | effects
        ends_before = ends_before or effects.barrier
    if not group and not rest:
        return None
    if group_effects.barrier:
        return None
    if group_effects.writes & (rest_effects.reads | rest_effects.writes) or rest_effects.writes & group_effects.reads:
        return None
    # Its options and their test are the same in every action that starts alike, if
    # nothing before it changed what they read and they read no earlier variable.
    first = not (before.writes & group_effects.reads) and not outer
    return Deferral(choose, tuple(group), tuple(rest), first)


# ------------------------------------------------------------------- sinking


def sinking(analyzer: Analyzer, stmts: tuple, index: int, env: Env):
    """For the choose at stmts[index]: (group, others) when the rest of its block that
    does not use the choice (``others``) may run before it, or None.

    ``develop industry; consume iron 1`` after ``choose industry``: the iron is
    then found once per round, not once per industry. The choice is still explored
    (what follows may depend on it); only its place among the decisions of the
    path moves, and is moved back when a move is written."""
    choose = stmts[index]
    if any(c.kind == "by" for c in choose.clauses):
        return None
    own, _ = analyzer.stmt(choose, env)
    group, others = [], []
    group_effects, other_effects = Effects(), Effects()
    for stmt, effects, joins, _ in _with_the_choice(analyzer, choose, stmts[index + 1 :], env):
        if joins:
            group.append(stmt)
            group_effects = group_effects | effects
        else:
            others.append(stmt)
            other_effects = other_effects | effects
    if not others or not other_effects.decides:
        return None  # nothing worth moving
    if any(isinstance(stmt, Sunk) for stmt in others):
        # A choice sunk already, written before this one: this one's place on the path
        # would be taken as the same as that one's, and the two written in reverse.
        return None
    if group_effects.decides:
        return None  # only the choice's own decision is put back in place
    group_effects = group_effects | own
    if group_effects.barrier or other_effects.barrier:
        return None
    if group_effects.writes & (other_effects.reads | other_effects.writes) or other_effects.writes & group_effects.reads:
        return None
    return tuple(group), tuple(others)


# ------------------------------------------------------------------- hoisting


def hoisting(analyzer: Analyzer, stmts: tuple, index: int, env: Env):
    """For the choose at stmts[index]: the statements after it that may run before it
    (their positions, in order), or None.

    Such a statement uses nothing chosen or bound from the choice on, decides
    nothing, and touches nothing the statements it jumps over read or write, so it
    commutes with them: the moves and the states after them are the same, and it
    runs once rather than once per option. Only where no reveal and no other
    player's decision can end a move partway (the caller says so): there, which
    statements ran before the move stopped would show."""
    choose = stmts[index]
    own, scan = analyzer.stmt(choose, env)
    if own.barrier:
        return None
    bound = set(scan[choose.name].names)
    passed = own  # what stays between the choice and a hoisted statement
    staying = [choose]  # the statements it would move before
    moved = []
    for j in range(index + 1, len(stmts)):
        stmt = stmts[j]
        if isinstance(stmt, _META):
            continue
        effects, next_env = analyzer.stmt(stmt, scan)
        if (
            not effects.decides
            and not effects.barrier
            and not effects.uses & bound
            and not effects.writes & (passed.reads | passed.writes)
            and not effects.reads & passed.writes
            and not _crosses(stmt, staying)
        ):
            moved.append(j)
        else:
            passed = passed | effects
            staying.append(stmt)
            for name, code in next_env.names.items():
                if scan.names.get(name) is not code:
                    bound |= code.names
        scan = next_env
    return moved or None


# -------------------------------------------------------------------- guards


@dataclass(frozen=True)
class Check:
    """A guard: a condition, and the values (name, code) to compute before it, in order."""

    code: Code
    bindings: tuple
    origin: object = None  # what the rules check here: (id of the condition or statement, Python names it uses)


class _Writes:
    """The regions written on the way: all of them, and those not only taken from."""

    __slots__ = ("all", "other")

    def __init__(self):
        self.all: set = set()
        self.other: set = set()

    def add(self, effects: Effects) -> None:
        self.all |= effects.writes
        self.other |= effects.writes - effects.takes

    def stale(self, code: Code, rises=frozenset()) -> bool:
        """Might the code's value differ from here to where it stood? A condition that
        only grows truer with more of ``rises`` stays false where those were only taken."""
        return bool(code.reads & (self.other | (self.all - rises)))


def guards(analyzer: Analyzer, stmts: tuple, start: int, env: Env, keep) -> list:
    """Conditions later code must meet, valid here; ``keep(code)`` picks which to return.

    Walks the statements that run on every path from here (into called
    procedures), carrying what each variable would hold in terms of the
    variables known now, and the regions written so far; stops at a barrier.
    A variable a condition needs is computed once, before the first condition
    that needs it (a Check's bindings)."""
    found = []
    _walk(analyzer, stmts, start, env, _Writes(), found, keep, [], depth=0)
    return found


def _unknown(env: Env, name: str) -> Env:
    return env.child(**{name: UNKNOWN})


def _settled(analyzer, env: Env, name: str, value: Code, written: set, bindings: list) -> Env:
    """Bind a name to its value, if that value is known here.

    The value is taken where the rules take it; what matters is only that
    nothing between here and there changed what it reads. From then on it is
    fixed, so what it read no longer counts. A value that costs more than a
    look-up gets a name of its own, computed where a condition first needs it."""
    if not _known(value) or value.reads & written:
        return _unknown(env, name)
    if _plain(value.src):
        return env.child(**{name: Code(value.src, value.type, NOTHING, value.names)})
    python = analyzer.context.fresh("gv_" + name)
    bindings.append((python, value))
    return env.child(**{name: Code(python, value.type, NOTHING, value.names | {python})})


def _plain(src: str) -> bool:
    text = src.replace("(", "").replace(")", "")
    return text.replace(".", "").replace("_", "").isalnum()


def _known(code: Code) -> bool:
    return "<unknown>" not in code.names


def _walk(analyzer, stmts, start, env, written: _Writes, found: list, keep, bindings: list, depth: int) -> bool:
    """Walk stmts[start:]; return False if a barrier stopped the walk."""
    for stmt in stmts[start:]:
        if isinstance(stmt, _META):
            continue
        if isinstance(stmt, ast.Let):
            env = _settled(analyzer, env, stmt.name, analyzer.expr(stmt.value, env), written.all, bindings)
            continue
        if isinstance(stmt, ast.Require):
            _found(analyzer.expr(stmt.condition, env), written.all, found, keep, bindings, id(stmt.condition))
            continue
        if isinstance(stmt, ast.CallProcedure) and depth < 4:
            decl = analyzer.context.procedures[stmt.name]
            inner = Env()
            for param, arg in zip(decl.params, stmt.args):
                inner = _settled(analyzer, inner, param, analyzer.expr(arg, env), written.all, bindings)
            for param, arg in stmt.kwargs:
                inner = _settled(analyzer, inner, param, analyzer.expr(arg, env), written.all, bindings)
            if not _walk(analyzer, decl.body, 0, inner, written, found, keep, bindings, depth + 1):
                return False
            continue
        if isinstance(stmt, ast.Command):
            word = analyzer.context.vocabulary.keywords.get(stmt.name)
            for n, (need, rises) in enumerate(analyzer.context.prerequisites(word, stmt, env) if word is not None else ()):
                if _known(need) and not written.stale(need, rises):
                    _found(need, frozenset(), found, keep, bindings, (id(stmt), n))
        if isinstance(stmt, ast.If) and depth < 4:
            _branch_guard(analyzer, stmt, env, written, found, keep, bindings, depth)
        effects, after = analyzer.stmt(stmt, env)
        if effects.barrier:
            return False
        written.add(effects)
        # Names bound by the statement hold values not known here.
        for name, code in after.names.items():
            if env.names.get(name) is not code:
                env = _unknown(env, name)
    return True


def _branch_guard(analyzer, stmt: ast.If, env: Env, written: _Writes, found: list, keep, bindings: list, depth: int) -> None:
    """What the branch an ``if`` takes must meet, as one condition valid here.

    ``if era.id == "canal": pay 3 ... else: pay 5 ...`` after ``choose line``
    gives ``(money >= 3) if canal else (money >= 5)``, so a player who can pay
    for neither lists no line. The branch conditions must read nothing written
    on the way (they are taken as the ``if`` would take them); a branch's own
    conditions are those its walk finds, without values computed inside it."""
    tests = []
    for condition, _ in stmt.branches:
        code = analyzer.expr(condition, env)
        if not _known(code) or code.reads & written.all:
            return
        tests.append(code)
    parts = []
    before = len(bindings)
    for body in [b for _, b in stmt.branches] + [stmt.otherwise]:
        inner: list = []
        branch_written = _Writes()
        branch_written.all, branch_written.other = set(written.all), set(written.other)
        _walk(analyzer, body, 0, env, branch_written, inner, keep, bindings, depth + 1)
        own = {python for python, _ in bindings[before:]}  # values a branch computes: not known here
        parts.append([check for check in inner if not own & (check.code.names | {python for python, _ in check.bindings})])
        del bindings[before:]
    if not any(parts):
        return
    checks = [check for part in parts for check in part]
    def met(part) -> str:
        if len(part) == 1:
            return part[0].code.src
        return " and ".join(f"({check.code.src})" for check in part) or "True"

    source = met(parts[-1])  # the otherwise branch (none: nothing to meet)
    for test, part in reversed(list(zip(tests, parts))):
        source = f"({met(part)} if {test.src} else {source})"
    reads = frozenset().union(*(c.code.reads for c in checks), *(t.reads for t in tests))
    names = frozenset().union(*(c.code.names for c in checks), *(t.names for t in tests))
    code = Code(source, bool, reads, names)
    if keep(code):
        # The values it needs (its branches' and its tests'), all computed before the if.
        found.append(Check(code, _check_of(code, bindings).bindings, (id(stmt), names)))


def _found(code: Code, written: set, found: list, keep, bindings: list, origin=None) -> None:
    if _known(code) and not (code.reads & written) and keep(code):
        check = _check_of(code, bindings)
        found.append(check if origin is None else Check(check.code, check.bindings, (origin, code.names)))


def _check_of(code: Code, bindings: list) -> "Check":
    """The condition with the values it needs computed first, and what those need."""
    needed = set(code.names)
    chosen = []
    for python, value in reversed(bindings):
        if python in needed:
            chosen.append((python, value.src))
            needed |= value.names
    return Check(code, tuple(reversed(chosen)))


__all__ = ["Analyzer", "Check", "Effects", "Deferral", "Settled", "Sunk", "bound_names", "carried_names", "deferral", "sinking", "guards", "settled", "statements_in", "Unsupported"]


# ------------------------------------------------------------------ settled


@dataclass(frozen=True)
class Settled:
    """The rest of an action neither decides nor fails, provided ``checks`` hold
    (each valid where the rest starts) and the ``assumed`` conditions of the ifs
    it passes hold too (for a branch that settles while another would not)."""

    checks: tuple  # of Check
    assumed: tuple  # of Check: conditions that must be true here (and the values they need)


def settled(analyzer: Analyzer, stmts: tuple, start: int, env: Env):
    """Settled for stmts[start:] (the rest of an action, to its end), or None.

    Then each option of the decision just before is a complete move as soon as
    the checks pass: finding moves need not run the rest at all."""
    checks, assumed = [], []
    if _settle(analyzer, stmts, start, env, set(), checks, assumed, [], depth=0):
        return Settled(tuple(checks), tuple(assumed))
    return None


def _settle(analyzer, stmts, start, env, written: set, checks: list, assumed: list, bindings: list, depth: int) -> bool:
    context = analyzer.context
    for stmt in stmts[start:]:
        if isinstance(stmt, _META):
            continue
        if isinstance(stmt, ast.Stop):
            return True  # the action is complete here
        if isinstance(stmt, ast.Let):
            env = _settled(analyzer, env, stmt.name, analyzer.expr(stmt.value, env), written, bindings)
            continue
        if isinstance(stmt, ast.Require):
            if not _check(analyzer.expr(stmt.condition, env), written, checks, bindings):
                return False
            continue
        if isinstance(stmt, ast.If):
            if _settle_if(analyzer, stmt, env, written, checks, assumed, bindings, depth) is None:
                return False
            for name in carried_names(stmt, env):  # set in a branch: not known here
                env = _unknown(env, name)
            continue
        if isinstance(stmt, ast.CallProcedure):
            if depth >= 4:
                return False
            decl = context.procedures[stmt.name]
            inner = Env()
            for param, arg in zip(decl.params, stmt.args):
                inner = _settled(analyzer, inner, param, analyzer.expr(arg, env), written, bindings)
            for param, arg in stmt.kwargs:
                inner = _settled(analyzer, inner, param, analyzer.expr(arg, env), written, bindings)
            if not _settle(analyzer, decl.body, 0, inner, written, checks, assumed, bindings, depth + 1):
                return False
            continue
        if not isinstance(stmt, ast.Command):
            return False  # a decision, a loop: not settled
        word = context.vocabulary.keywords.get(stmt.name)
        if word is None or word.kind == "choice" or word.reveals:
            return False
        if word.needs is not None:
            if not _check(context.precondition(word, stmt, env), written, checks, bindings):
                return False
        elif word.fails:
            return False
        if not all(_infallible_handler(analyzer, event) for event in word.fires):
            return False
        effects, after = analyzer.stmt(stmt, env)
        written |= effects.writes
        for name, code in after.names.items():
            if env.names.get(name) is not code:
                env = _unknown(env, name)
    return True


def _settle_if(analyzer, stmt, env, written, checks, assumed, bindings, depth):
    """An if: settled if every branch is without checks; else the first branch that
    settles, with its condition (and the earlier ones false) assumed."""
    branches = list(stmt.branches) + [(None, stmt.otherwise)]
    outcomes = []
    for condition, body in branches:
        trial_checks, trial_assumed, trial_written = [], [], set(written)
        ok = _settle(analyzer, body, 0, env, trial_written, trial_checks, trial_assumed, list(bindings), depth)
        outcomes.append((condition, ok, trial_checks, trial_assumed, trial_written))
    if all(ok and not c and not a for _, ok, c, a, _ in outcomes):
        for _, _, _, _, trial_written in outcomes:
            written |= trial_written
        return env
    earlier = []
    for condition, ok, trial_checks, trial_assumed, trial_written in outcomes:
        test = analyzer.expr(condition, env) if condition is not None else None
        if test is not None and (not _known(test) or test.reads & written):
            return None
        if ok:
            for previous in earlier:
                assumed.append(_check_of(Code(f"(not {previous.src})", bool, previous.reads, previous.names), bindings))
            if test is not None:
                assumed.append(_check_of(test, bindings))
            checks.extend(trial_checks)
            assumed.extend(trial_assumed)
            written |= trial_written
            return env
        if test is None:
            return None
        earlier.append(test)
    return None


def _check(code: Code, written: set, checks: list, bindings: list) -> bool:
    if not _known(code) or code.reads & written:
        return False
    _found(code, written, checks, lambda c: True, bindings)
    return True


def _infallible_handler(analyzer, event: str) -> bool:
    """Can the handler of an event neither decide nor fail, whatever it is given?"""
    decl = analyzer.context.handler_for(event)
    if decl is None:
        return True
    env = Env()
    types = analyzer.context.vocabulary.event_types.get(event, ())
    for position, param in enumerate(decl.params):
        env, _ = analyzer.bind(env, param, types[position] if position < len(types) else None)
    checks, assumed = [], []
    return _settle(analyzer, decl.body, 0, env, set(), checks, assumed, [], depth=1) and not checks and not assumed
