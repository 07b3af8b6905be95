"""Statements: compiled into instructions that run, or branch, on a frame.

A *simple* instruction runs straight through and returns False when its path
fails. A *branching* instruction is a generator: it yields once for every way
the path may go on (``None``), or yields ``LEAF`` when the path ends early for
this move. :func:`run_block` strings instructions together; nothing else in
the engine walks rule code.
"""

from __future__ import annotations

from typing import Callable, Iterator, Optional

from ..errors import RuleRuntimeError, Where
from .decisions import FINISH, LEAF, decide, notation, spelling, spellings, unique_by_text
from .expressions import display, located
from . import limits
from .limits import MAX_REPEAT, check_combinations, endless, rounds
from .runtime import Frame
from .vocabulary import Offer, Problem

_REPEAT_CAP = 60  # a player's open-ended repeat stops offering more after this


def run_block(instrs: tuple, start: int, frame: Frame) -> Iterator:
    """Run instructions from ``start``; yield once per way the block completes."""
    index = start
    count = len(instrs)
    while index < count:
        instr = instrs[index]
        if instr.simple:
            if not instr.run(frame):
                return
            index += 1
            continue
        for signal in instr.branch(frame):
            if signal is None:
                yield from run_block(instrs, index + 1, frame)
            else:
                yield signal  # LEAF or FINISH: nothing after it runs
        return
    yield None


def run_simple(instrs: tuple, frame: Frame) -> bool:
    for instr in instrs:
        if not instr.run(frame):
            return False
    return True


def too_deep(error: RecursionError) -> RuleRuntimeError:
    """A RecursionError of rule code as the author's error, at the statement that nested most."""
    return limits.too_deep(error, _running)


def located_work(error):
    """A TooMuchWork error placed at the rule statement running when the steps ran out
    (the innermost one: the decision or loop that went one step too far)."""
    if error.where is not None:
        return error
    where = None
    traceback = error.__traceback__
    while traceback is not None:
        found = _running(traceback.tb_frame)
        if found is not None:
            where = found
        traceback = traceback.tb_next
    return limits.TooMuchWork(error.message, where) if where is not None else error


def _running(python_frame):
    """The rule statement a Python frame of the interpreter runs, if it runs one."""
    instr = python_frame.f_locals.get("self")
    return instr.where if isinstance(instr, Instr) else None


class Instr:
    simple = True
    where: Optional[Where] = None
    cite: Optional[str] = None

    def fail(self, frame: Frame, message: str, authored: bool = True) -> None:
        frame.run.fail(message, self.where, self.cite, authored)

    def run(self, frame: Frame) -> bool:  # pragma: no cover - overridden
        raise NotImplementedError

    def branch(self, frame: Frame) -> Iterator:  # pragma: no cover - overridden
        raise NotImplementedError


_BUGS = (TypeError, ValueError, AttributeError, KeyError, IndexError, ZeroDivisionError)


def _relocate(instr: Instr, error: Exception) -> RuleRuntimeError:
    """An error inside rule code, pinned to the statement that ran into it."""
    if isinstance(error, RuleRuntimeError):
        if error.where is None:
            return RuleRuntimeError(error.args[0], instr.where)
        return error
    return located(error, instr.where)


def _guard(instr: Instr, work: Callable[[], object]):
    try:
        return work()
    except (RuleRuntimeError,) + _BUGS as error:
        raise _relocate(instr, error) from None


class Let(Instr):
    def __init__(self, name, value, where, cite):
        self.name, self.value, self.where, self.cite = name, value, where, cite

    def run(self, frame):
        try:
            value = self.value(frame)
        except (RuleRuntimeError,) + _BUGS as error:
            raise _relocate(self, error) from None
        frame.run.journal.setitem(frame.vars, self.name, value)
        return True


class Require(Instr):
    def __init__(self, condition, message, where, cite):
        self.condition, self.message, self.where, self.cite = condition, message, where, cite

    def run(self, frame):
        try:
            if self.condition(frame):
                return True
        except (RuleRuntimeError,) + _BUGS as error:
            raise _relocate(self, error) from None
        if frame.run.explains:
            if self.message is not None:
                text = _guard(self, lambda: self.message(frame))
            else:
                text = f"this is not allowed here ({self.where.text.strip()})"
            self.fail(frame, text)
        return frame.run.diagnose


class _Keyword(Instr):
    """What effect and choice keywords share: calling the word, taking its result."""

    def __init__(self, word, args, kwargs, bind, where, cite):
        self.word, self.args, self.kwargs, self.bind, self.where, self.cite = word, args, kwargs, bind, where, cite
        self.fn = word.fn

    def _call(self, frame):
        try:
            args = [a(frame) for a in self.args]
            kwargs = {k: v(frame) for k, v in self.kwargs}
            return self.fn(frame.run, *args, **kwargs)
        except (RuleRuntimeError,) + _BUGS as error:
            raise _relocate(self, error) from None

    def _took(self, frame, result) -> bool:
        """Record a result (or its Problem); False if the path fails here."""
        run = frame.run
        if isinstance(result, Problem):
            self.fail(frame, str(result), authored=False)
            return False
        if self.word.reveals:
            run.journal.set(run, "reveals", run.reveals + 1)
        if self.bind is not None:
            run.journal.setitem(frame.vars, self.bind, result)
        return True


class Effect(_Keyword):
    """A keyword that changes the state, or reports a Problem."""

    def run(self, frame):
        return self._took(frame, self._call(frame))


class Choice(_Keyword):
    """A keyword that offers the player options (such as where coal comes from)."""

    simple = False

    def branch(self, frame):
        run = frame.run
        offer = self._call(frame)
        if not isinstance(offer, Offer):  # a Problem, or nothing to choose: the keyword applied itself
            if self._took(frame, offer):
                yield None
            return
        decider = run.you.index if run.you is not None else -1
        report = lambda message: self.fail(frame, message, authored=False)  # noqa: E731
        for value in decide(run, offer.key, offer.options, kind="offer", decider=decider, report=report):
            if value is LEAF:
                yield LEAF
            elif self._took(frame, _guard(self, lambda: offer.apply(value))):
                yield None


class Choose(Instr):
    simple = False

    def __init__(self, name, count, domain, filters, empty_message, by, anchor, where, cite):
        self.name, self.count, self.domain = name, count, domain
        self.filters = filters  # [(predicate, message or None)]
        self.empty_message = empty_message
        self.by = by
        self.anchor = anchor
        self.where, self.cite = where, cite

    def _raw(self, frame) -> list:
        items = _guard(self, lambda: list(self.domain(frame)))
        if self.count is None:
            return unique_by_text(items)
        return _guard(self, lambda: _multisets(items, self.count))

    def _passes(self, frame, value) -> Optional[int]:
        """Index of the first filter the value fails, or None."""
        frame.vars[self.name] = value
        position = 0
        try:
            for predicate, _ in self.filters:
                if not predicate(frame):
                    return position
                position += 1
        except (RuleRuntimeError,) + _BUGS as error:
            raise _relocate(self, error) from None
        return None

    def _legal(self, frame, raw) -> list:
        """The options that pass every filter, with their notation."""
        variables = frame.vars
        name = self.name
        filters = [predicate for predicate, _ in self.filters]
        legal = []
        try:
            for value in raw:
                variables[name] = value
                for predicate in filters:
                    if not predicate(frame):
                        break
                else:
                    legal.append((value, notation(value)))
        except (RuleRuntimeError,) + _BUGS as error:
            raise _relocate(self, error) from None
        return legal

    def branch(self, frame):
        run = frame.run
        raw = self._raw(frame)
        name = self.name
        previous = frame.vars.get(name, _UNSET)
        legal = self._legal(frame, raw)
        if self.by is not None:
            decider_player = _guard(self, lambda: self.by(frame))
        else:
            decider_player = run.you
        if previous is _UNSET:
            frame.vars.pop(name, None)
        else:
            frame.vars[name] = previous
        decider = decider_player.index if decider_player is not None else -1

        def explain(text: str) -> str:
            written = spelling(text)
            for value in raw:
                value_text = notation(value)
                if value_text == text or written in spellings(value, value_text):
                    failed = self._passes(frame, value)
                    if failed is not None:
                        message = self.filters[failed][1]
                        if message is not None:
                            return _guard(self, lambda: message(frame))
                        return f"{text} cannot be chosen as {name} here ({self.where.text.strip()})"
            if not legal and self.empty_message is not None:
                return _guard(self, lambda: self.empty_message(frame))
            return not_a_choice(text, name, [t for _, t in legal])

        def empty() -> None:
            if not run.explains:
                return
            if self.empty_message is not None:
                self.fail(frame, _guard(self, lambda: self.empty_message(frame)))
            elif raw and self.filters and self.filters[-1][1] is not None and len(raw) == 1:
                self.fail(frame, explain(notation(raw[0])))
            else:
                self.fail(frame, f"there is no {name} that can be chosen")

        def report(message: str) -> None:
            self.fail(frame, message)

        for value in decide(run, name, legal, kind="choose", decider=decider, anchor=self.anchor, explain=explain, empty=empty, report=report):
            if value is LEAF:
                yield LEAF
                continue
            run.journal.setitem(frame.vars, name, value)
            yield None


SHOWN_CHOICES = 12  # a list of possible choices longer than this ends "... and N more"


def not_a_choice(text: str, name: str, choices: list) -> str:
    """Why a written value is refused: the close matches first, then the choices, all counted."""
    import difflib

    by_spelling = {}
    for choice in choices:
        by_spelling[spelling(choice)] = choice
        if "--" in choice:  # a line, its ends the other way round
            by_spelling["--".join(reversed(choice.split("--")))] = choice
    close = [by_spelling[c] for c in difflib.get_close_matches(spelling(text), list(by_spelling), n=3, cutoff=0.6)]
    hint = f" (did you mean {' or '.join(close)}?)" if close else ""
    if not choices:
        return f"{text!r} is not a possible choice for {name}{hint}; there is none here"
    shown = ", ".join(choices[:SHOWN_CHOICES])
    more = f", ... and {len(choices) - SHOWN_CHOICES} more" if len(choices) > SHOWN_CHOICES else ""
    return f"{text!r} is not a possible choice for {name}{hint}; the possible ones are: {shown}{more}"


def _multisets(items: list, count: int) -> list:
    """Every way to pick ``count`` of the items (duplicates count), order ignored."""
    texts = []
    by_text = {}
    for item in items:
        text = notation(item)
        if text not in by_text:
            by_text[text] = [item, 0]
            texts.append(text)
        by_text[text][1] += 1
    check_combinations([by_text[text][1] for text in texts], count)  # before listing any
    result = []

    def walk(start: int, chosen: list) -> None:
        if len(chosen) == count:
            result.append(tuple(chosen))
            return
        for position in range(start, len(texts)):
            item, available = by_text[texts[position]]
            used = sum(1 for c in chosen if c is item)
            if used < available:
                chosen.append(item)
                walk(position, chosen)
                chosen.pop()

    walk(0, [])
    return result


class Optionally(Instr):
    simple = False

    def __init__(self, name, body, where, cite):
        self.name, self.body, self.where, self.cite = name, body, where, cite

    def branch(self, frame):
        run = frame.run
        decider = run.you.index if run.you is not None else -1
        for value in decide(run, self.name, [(False, "no"), (True, "yes")], kind="option", decider=decider):
            if value is LEAF:
                yield LEAF
            elif value:
                yield from run_block(self.body, 0, frame)
            else:
                yield None


class If(Instr):
    def __init__(self, branches, otherwise, where, cite, simple):
        self.branches, self.otherwise, self.where, self.cite = branches, otherwise, where, cite
        self.simple = simple

    def _pick(self, frame):
        for condition, body in self.branches:
            if _guard(self, lambda: condition(frame)):
                return body
        return self.otherwise

    def run(self, frame):
        return run_simple(self._pick(frame), frame)

    def branch(self, frame):
        yield from run_block(self._pick(frame), 0, frame)


class For(Instr):
    def __init__(self, var, iterable, body, where, cite, simple):
        self.var, self.iterable, self.body, self.where, self.cite = var, iterable, body, where, cite
        self.simple = simple

    def run(self, frame):
        items = _guard(self, lambda: list(self.iterable(frame)))
        journal = frame.run.journal
        step = frame.run.step
        for item in items:
            step()
            journal.setitem(frame.vars, self.var, item)
            if not run_simple(self.body, frame):
                return False
        return True

    def branch(self, frame):
        items = _guard(self, lambda: list(self.iterable(frame)))
        yield from self._from(frame, items, 0)

    def _from(self, frame, items, position):
        if position == len(items):
            yield None
            return
        frame.run.step()
        frame.run.journal.setitem(frame.vars, self.var, items[position])
        for signal in run_block(self.body, 0, frame):
            if signal is None:
                yield from self._from(frame, items, position + 1)
            else:
                yield signal


class Repeat(Instr):
    """``repeat N``, ``repeat N to M``, ``repeat at least N``, ``repeat while C``."""

    def __init__(self, mode, low, high, condition, body, anchor_key, where, cite, simple):
        self.mode, self.low, self.high, self.condition, self.body = mode, low, high, condition, body
        self.anchor_key = anchor_key
        self.where, self.cite = where, cite
        self.simple = simple

    def _bounds(self, frame):
        """The least and most rounds, each count checked (limits.MAX_REPEAT) before any round runs."""
        if self.mode == "while":
            return None, None
        low = _guard(self, lambda: rounds(self.low(frame)))
        if self.mode == "times":
            return low, low
        if self.mode == "between":
            return low, _guard(self, lambda: rounds(self.high(frame)))
        return low, low + _REPEAT_CAP

    def _endless(self) -> RuleRuntimeError:
        return RuleRuntimeError(endless().args[0], self.where)

    def run(self, frame):
        low, high = self._bounds(frame)
        done = 0
        while True:
            if self.mode == "while":
                if not _guard(self, lambda: self.condition(frame)):
                    return True
                if done >= MAX_REPEAT:
                    raise self._endless()
            elif done >= high:
                return True
            frame.run.step()
            if not run_simple(self.body, frame):
                return False
            done += 1

    def branch(self, frame):
        low, high = self._bounds(frame)
        yield from self._round(frame, 0, low, high)

    def _round(self, frame, done, low, high):
        run = frame.run
        if self.mode == "while":
            if not _guard(self, lambda: self.condition(frame)):
                yield None
                return
            if done >= MAX_REPEAT:
                raise self._endless()
        elif done >= high:
            yield None
            return
        elif done >= low:
            decider = run.you.index if run.you is not None else -1
            for more in decide(run, f"more:{self.anchor_key}", [(False, "no"), (True, "yes")], kind="more", decider=decider, anchor_key=self.anchor_key):
                if more is LEAF:
                    yield LEAF
                elif more is False:
                    yield None
                else:
                    yield from self._one_round(frame, done, low, high)
            return
        yield from self._one_round(frame, done, low, high)

    def _one_round(self, frame, done, low, high):
        frame.run.step()
        for signal in run_block(self.body, 0, frame):
            if signal is None:
                yield from self._round(frame, done + 1, low, high)
            else:
                yield signal


class CallProcedure(Instr):
    def __init__(self, procedure_ref, args, kwargs, where, cite, simple):
        self.procedure_ref = procedure_ref  # callable returning the compiled procedure
        self.args, self.kwargs, self.where, self.cite = args, kwargs, where, cite
        self.simple = simple

    def _frame(self, frame):
        procedure = self.procedure_ref()
        values = [a(frame) for a in self.args]
        named = {k: v(frame) for k, v in self.kwargs}
        bound = dict(zip(procedure.params, values))
        bound.update(named)
        return procedure, Frame(bound, frame.run)

    def run(self, frame):
        procedure, inner = self._frame(frame)
        return run_simple(procedure.body, inner)

    def branch(self, frame):
        procedure, inner = self._frame(frame)
        yield from run_block(procedure.body, 0, inner)


class Stop(Instr):
    """``stop``: the action or procedure ends here; nothing after it runs."""

    simple = False

    def __init__(self, where, cite):
        self.where, self.cite = where, cite

    def branch(self, frame):
        yield FINISH


class Nothing(Instr):
    """Meta statements (cite, describe, uses) leave nothing to run."""

    def run(self, frame):
        return True


_UNSET = object()

__all__ = [
    "run_block",
    "run_simple",
    "Instr",
    "Let",
    "Require",
    "Effect",
    "Choice",
    "Choose",
    "Optionally",
    "If",
    "For",
    "Repeat",
    "CallProcedure",
    "display",
]
