"""Random rule programs that the language accepts, for the differential fuzzer.

:func:`program` writes, from a seed, a few actions, procedures and definitions
in the rule language, to be added to Birmingham as a variant. They are valid by
construction: every name is bound before it is read, every value has the type
its use needs, every divisor is a positive number, every amount paid or gained
is at least 0, and every repeat ends. Within that, they are made to reach the
corners where a compiler goes wrong (Csmith's idea for C compilers):

* variables set inside ``if``, ``for``, ``repeat`` and ``optionally`` and read
  after them, chosen again inside a block, or named like a ``for``'s variable;
* names shaped like generated ones (``n_12``, ``play_card_185``) and text shaped
  like them (``len("ab_1")``);
* decisions inside every kind of block, procedures that decide, guards that
  fail (``pay`` more than a player has), ``stop`` partway.

The number of moves an action can have is kept small (a budget of branches), so
that both paths can list them all at every position.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

INT, BOOL, INTS = "int", "bool", "ints"

# Variable names: plain ones and ones shaped like the generator's own.
VARIABLES = ["n", "n_1", "n_12", "n_162", "x_3", "cost", "total", "v_1", "k_2", "p_5", "c_0", "amount", "step", "bonus", "o_7"]
# Text shaped like generated names, whose lengths must stay apart.
WORDS = ["ab_1", "abcdefgh_1", "v_2", "c_1_2", "KEEP_0", "x"]

MAX_BRANCHES = 48  # the most paths one action may have, roughly


@dataclass
class _Scope:
    """The names visible at a point, with their types; a child for each block."""

    names: dict = field(default_factory=dict)

    def child(self) -> "_Scope":
        return _Scope(dict(self.names))

    def of(self, kind: str) -> list:
        return [name for name, t in self.names.items() if t == kind]


class ProgramMaker:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.procedures: dict = {}  # name -> (params, decides)
        self.defines: dict = {}  # name -> number of params
        self._labels = 0
        self._used: set = set()  # the definitions and procedures used so far
        self._frozen: set = set()  # counters that make a repeat end: never set again

    # -- the whole program
    def program(self) -> tuple[str, list]:
        """(rule text, the names of the actions it adds)."""
        rng = self.rng
        parts = []
        for _ in range(rng.randint(0, 2)):
            parts.append(self._define())
        for _ in range(rng.randint(0, 2)):
            parts.append(self._procedure())
        actions = []
        for index in range(rng.randint(1, 2)):
            name = f"fz_{index}"
            actions.append(name)
            parts.append(self._action(name))
        # What no action happened to use is used at the end of the last one (a
        # definition or procedure that nothing uses is refused as a likely typo).
        scope = _Scope()
        for name, params in self.defines.items():
            if name not in self._used:
                value = f"{name}({', '.join(self.int_expr(scope, 0) for _ in range(params))})" if params else name
                parts[-1] += f"    gain abs({value}) % 3\n"
        for name, (params, _) in self.procedures.items():
            if name not in self._used:
                parts[-1] += f"    call {name}({', '.join(self.int_expr(scope, 0) for _ in params)})\n"
        return "\n".join(parts), actions

    def _define(self) -> str:
        name = self.rng.choice(["fz_f", "fz_f_1", "fz_f_20", "buyers_2"]) + f"{len(self.defines)}"
        params = self.rng.sample(["q", "q_1", "r_2"], self.rng.randint(0, 2))
        scope = _Scope({p: INT for p in params})
        text = f"define {name}({', '.join(params)}) = {self.int_expr(scope, 2)}\n" if params else f"define {name} = {self.int_expr(scope, 2)}\n"
        self.defines[name] = len(params)
        return text

    def _procedure(self) -> str:
        name = self.rng.choice(["fz_proc", "play_card_", "fz_proc_"]) + str(self.rng.randint(1, 400))
        while name in self.procedures:
            name += "_9"
        params = self.rng.sample(["m", "m_1", "n_162", "v_1"], self.rng.randint(0, 2))
        scope = _Scope({p: INT for p in params})
        lines, branches = self.block(scope, depth=1, budget=6, in_procedure=True)
        decides = branches > 1
        self.procedures[name] = (params, decides)
        return f"procedure {name}({', '.join(params)}):\n" + _indent(lines) + "\n"

    def _action(self, name: str) -> str:
        scope = _Scope({"card": "card"})
        head = ['cite "fuzz"', f'describe "{name}"', "choose card from you.hand", "call play_card(card)"]
        lines, _ = self.block(scope, depth=1, budget=MAX_BRANCHES)
        return f'action {name} "{name}":\n' + _indent(head + lines) + "\n"

    # -- statements
    def block(self, scope: _Scope, depth: int, budget: int, in_procedure: bool = False, first=None) -> tuple[list, int]:
        """A block of 1 to 5 statements; (lines, how many paths it may have)."""
        rng = self.rng
        lines = list(first or [])
        branches = 1
        for _ in range(rng.randint(1, 5 if depth < 3 else 2)):
            room = max(1, budget // branches)
            before = dict(scope.names), set(self._used)
            stmt, made = self.statement(scope, depth, room, in_procedure)
            if made > room:  # too many paths: something simpler instead, as if not written
                scope.names.clear()
                scope.names.update(before[0])
                self._used = before[1]
                stmt, made = self._effect(scope, depth, room, in_procedure)
            lines.extend(stmt)
            branches *= made
        return lines, branches

    def statement(self, scope: _Scope, depth: int, budget: int, in_procedure: bool) -> tuple[list, int]:
        rng = self.rng
        kinds = ["let", "let", "rebind", "rebind", "require", "effect", "effect"]
        if depth < 4:
            kinds += ["if", "if", "for", "repeat", "optionally"]
        if budget >= 2:
            kinds += ["choose", "choose"]
        if self.procedures and not in_procedure:
            kinds.append("call")
        if depth > 1 and not in_procedure:
            kinds.append("stop")
        kind = rng.choice(kinds)
        return getattr(self, "_" + kind)(scope, depth, budget, in_procedure)

    def _let(self, scope, depth, budget, in_procedure):
        name = self._new_name(scope)
        kind = self.rng.choice([INT, INT, INT, BOOL, INTS])
        value = self.expr(kind, scope, 2)
        scope.names[name] = kind
        return [f"let {name} = {value}"], 1

    def _rebind(self, scope, depth, budget, in_procedure):
        """Set again a variable from before (in a nested block, the shape that matters)."""
        ints = self._settable(scope)
        if not ints:
            return self._let(scope, depth, budget, in_procedure)
        name = self.rng.choice(ints)
        return [f"let {name} = {self.int_expr(scope, 2)}"], 1

    def _require(self, scope, depth, budget, in_procedure):
        line = f"require {self.bool_expr(scope, 2)}"
        if self.rng.random() < 0.5:
            line += f' else "{self.rng.choice(["not now", "no", "too little: {you.money}"])}"'
        return [line], 1

    def _effect(self, scope, depth, budget, in_procedure):
        amount = self.int_expr(scope, 2)
        word = self.rng.choice(["gain", "gain", "pay", "pay", "score"])
        bounded = f"abs({amount}) % {self.rng.randint(2, 9)}"
        return [f"{word} {bounded}"], 1

    def _stop(self, scope, depth, budget, in_procedure):
        return ["stop"], 1

    def _call(self, scope, depth, budget, in_procedure):
        name = self.rng.choice(list(self.procedures))
        params, decides = self.procedures[name]
        if decides and budget < 6:
            return self._effect(scope, depth, budget, in_procedure)
        args = ", ".join(self.int_expr(scope, 1) for _ in params)
        self._used.add(name)
        return [f"call {name}({args})"], 6 if decides else 1

    def _choose(self, scope, depth, budget, in_procedure):
        rng = self.rng
        name = self._new_name(scope) if rng.random() < 0.6 or not self._settable(scope) else rng.choice(self._settable(scope))
        if rng.random() < 0.2 and budget >= 3:
            # choose 2 of a list: a tuple of numbers
            many = self._new_name(scope)
            items = ", ".join(str(rng.randint(0, 4)) for _ in range(rng.randint(2, 4)))
            scope.names[many] = INTS
            return [f"choose 2 {many} from [{items}]"], 3
        options = min(budget, rng.randint(2, 3))
        items = self._small_list(scope, options)
        line = f"choose {name} from {items}"
        inner = scope.child()
        inner.names[name] = INT
        if rng.random() < 0.5:
            line += f" where {self.bool_expr(inner, 1)}"
            if rng.random() < 0.5:
                line += ' else "{' + name + '} will not do"'
        scope.names[name] = INT
        return [line], options

    def _if(self, scope, depth, budget, in_procedure):
        rng = self.rng
        lines = []
        most = 1
        arms = ["if"] + ["elif"] * rng.choice([0, 0, 1, 2])
        if rng.random() < 0.5:
            arms.append("else")
        for arm in arms:
            body, made = self.block(scope.child(), depth + 1, budget, in_procedure)
            header = "else:" if arm == "else" else f"{arm} {self.bool_expr(scope, 2)}:"
            lines.append(header)
            lines.extend(_indent_lines(body))
            most = max(most, made)
        return lines, most

    def _for(self, scope, depth, budget, in_procedure):
        rng = self.rng
        var = rng.choice(self._settable(scope) + [self._new_name(scope)] * 2)
        items = self._small_list(scope, rng.randint(0, 3))
        inner = scope.child()
        inner.names[var] = INT
        rounds = 3
        body, made = self.block(inner, depth + 1, max(1, int(budget ** (1 / rounds))), in_procedure)
        return [f"for {var} in {items}:"] + _indent_lines(body), made**rounds

    def _repeat(self, scope, depth, budget, in_procedure):
        rng = self.rng
        form = rng.choice(["times", "between", "at_least", "while"])
        inner = scope.child()
        if form == "times":
            rounds = rng.randint(1, 2)
            body, made = self.block(inner, depth + 1, max(1, int(budget ** (1 / rounds))), in_procedure)
            return [f"repeat {rounds}:"] + _indent_lines(body), made**rounds
        if form == "while":
            counter = self._new_name(scope)
            self._frozen.add(counter)
            scope.names[counter] = inner.names[counter] = INT
            limit = rng.randint(1, 3)
            body, made = self.block(inner, depth + 1, max(1, int(budget ** (1 / limit))), in_procedure, first=[f"let {counter} = {counter} + 1"])
            return [f"let {counter} = 0", f"repeat while {counter} < {limit}:"] + _indent_lines(body), made**limit
        # A repeat the player may stop begins with a choose; options that grow
        # fewer each round make an open-ended one end.
        last = self._new_name(scope)
        self._frozen.add(last)
        scope.names[last] = inner.names[last] = INT
        pick = self._new_name(inner)
        inner.names[pick] = INT
        first = [f"choose {pick} from [1, 2, 3] where {pick} > {last}", f"let {last} = {pick}"]
        body, made = self.block(inner, depth + 1, max(1, int((budget / 7) ** (1 / 3))), in_procedure, first=first)
        header = "repeat 1 to 2:" if form == "between" else "repeat at least 1:"
        # Rounds of rising picks from 1, 2, 3: at most 7 ways, each round's own paths in each.
        return [f"let {last} = 0", header] + _indent_lines(body), 7 * made**3

    def _optionally(self, scope, depth, budget, in_procedure):
        label = f"opt_{self._labels}"
        self._labels += 1
        body, made = self.block(scope.child(), depth + 1, max(1, budget // 2), in_procedure)
        return [f"optionally {label}:"] + _indent_lines(body), made + 1

    # -- expressions
    def expr(self, kind: str, scope: _Scope, depth: int) -> str:
        if kind == INT:
            return self.int_expr(scope, depth)
        if kind == BOOL:
            return self.bool_expr(scope, depth)
        return self._small_list(scope, self.rng.randint(0, 3))

    def int_expr(self, scope: _Scope, depth: int) -> str:
        rng = self.rng
        leaves = [str(rng.randint(0, 9)), "you.money", "len(you.hand)", "you.vp", f'len("{rng.choice(WORDS)}")']
        leaves += scope.of(INT) * 3
        if depth <= 0:
            return rng.choice(leaves)
        pick = rng.random()
        if pick < 0.35:
            return rng.choice(leaves)
        sub = lambda: self.int_expr(scope, depth - 1)  # noqa: E731
        if pick < 0.6:
            return f"({sub()} {rng.choice(['+', '-', '*'])} {sub()})"
        if pick < 0.7:
            return f"({sub()} {rng.choice(['//', '%'])} {rng.randint(1, 4)})"
        if pick < 0.78:
            return f"{rng.choice(['min', 'max'])}({sub()}, {sub()})"
        if pick < 0.84:
            return f"({sub()} if {self.bool_expr(scope, depth - 1)} else {sub()})"
        lists = scope.of(INTS)
        items = rng.choice(lists) if lists and rng.random() < 0.6 else self._small_list(scope, 3)
        if pick < 0.9:
            return f"len({items})"
        if pick < 0.95:
            var = rng.choice(["e", "e_1"])
            return f"sum({var} for {var} in {items})"
        if self.defines:
            name = rng.choice(list(self.defines))
            self._used.add(name)
            args = ", ".join(sub() for _ in range(self.defines[name]))
            return f"{name}({args})" if self.defines[name] else name
        return sub()

    def bool_expr(self, scope: _Scope, depth: int) -> str:
        rng = self.rng
        pick = rng.random()
        names = scope.of(BOOL)
        if depth <= 0 or pick < 0.15:
            return rng.choice(["true", "false"] + names * 2 + [f"{self.int_expr(scope, 0)} > {rng.randint(0, 5)}"])
        sub = lambda: self.bool_expr(scope, depth - 1)  # noqa: E731
        if pick < 0.55:
            return f"{self.int_expr(scope, depth - 1)} {rng.choice(['<', '<=', '==', '!=', '>', '>='])} {self.int_expr(scope, depth - 1)}"
        if pick < 0.7:
            return f"({sub()} {rng.choice(['and', 'or'])} {sub()})"
        if pick < 0.78:
            return f"not {sub()}"
        lists = scope.of(INTS)
        items = rng.choice(lists) if lists and rng.random() < 0.6 else self._small_list(scope, 3)
        if pick < 0.9:
            return f"{self.int_expr(scope, depth - 1)} {rng.choice(['in', 'not in'])} {items}"
        var = rng.choice(["e", "e_1"])
        return f"{rng.choice(['any', 'all'])}({var} > {self.int_expr(scope, 0)} for {var} in {items})"

    def _small_list(self, scope: _Scope, size: int) -> str:
        rng = self.rng
        if rng.random() < 0.25 and size:
            var = rng.choice(["e", "e_1"])
            inner = scope.child()
            inner.names[var] = INT
            base = ", ".join(str(rng.randint(0, 5)) for _ in range(size))
            return f"[{var} + {self.int_expr(scope, 0)} for {var} in [{base}] if {self.bool_expr(inner, 0)}]"
        return "[" + ", ".join(self.int_expr(scope, 0) for _ in range(size)) + "]"

    def _settable(self, scope: _Scope) -> list:
        """The numbers in scope that may be set again (not a repeat's counter)."""
        return [n for n in scope.of(INT) if n not in self._frozen]

    def _new_name(self, scope: _Scope) -> str:
        free = [n for n in VARIABLES if n not in scope.names and n not in self._frozen]
        return self.rng.choice(free) if free else f"z_{len(scope.names)}"


def program(seed: int) -> tuple[str, list]:
    """The rule text of the seed's program, and the actions it adds."""
    return ProgramMaker(seed).program()


def _indent_lines(lines: list) -> list:
    return ["    " + line for line in lines]


def _indent(lines: list) -> str:
    return "\n".join(_indent_lines(lines))
