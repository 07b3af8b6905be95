"""How much rule code may ask of the engine: the limits, and the checks that keep them.

A rule file that parses and compiles may still ask for something no game needs
and no machine can give: a loop of a billion rounds, every way to pick 12 of 30
places, a string of 10^11 characters. Each limit below is far beyond what the
Brass rulebooks need and far below what would hang a game or exhaust memory. A
rule that goes past one stops with a :class:`~brass.errors.RuleRuntimeError`
saying which limit and by how much; the statement's file and line are added by
the code that ran it (the interpreter's instructions, :mod:`brass.game`'s
flow). The generated code (:mod:`brass.language.codegen`) makes the same checks
with the same functions, so both agree on what fails.

Each check costs a comparison or two: once per value arithmetic makes, once
per repeat before its first round, once per ``choose N`` before its options are
listed, once per turn or round of the flow.
"""

from __future__ import annotations

import math

from ..errors import RuleRuntimeError

# The rounds one repeat may run: each of ``repeat N``, ``repeat N to M``,
# ``repeat at least N`` (its N) and ``repeat while`` (rounds until its
# condition is false). Brass repeats twice at most; a thousand rounds is a bug.
MAX_REPEAT = 1000
# The ways a ``choose N NAMES from LIST`` may offer: C(n, N) for n distinct
# items. Scout's 3 of 8 cards is 56; 10,000 is a move list no one can read.
MAX_COMBINATIONS = 10_000
# What arithmetic may make: whole numbers within +-10^12 (money and points are
# two or three digits), strings and lists of at most 10,000 characters or items.
MAX_WHOLE = 10**12
MAX_LENGTH = 10_000
# ``actions_this_turn`` gives 1 or 2 in the rulebooks (and ``uses N`` takes 1 or 2 of
# them); a turn of more actions than this is a mistake that would never seem to end.
MAX_ACTIONS_PER_TURN = 100
# An era of the rulebooks lasts about ten rounds; one that has run this many
# while ``era_over`` stays false would never end.
MAX_ROUNDS_PER_ERA = 200


# The steps one search of the rules may take (listing a position's moves, counting
# them, reading one written move): each option tried at a decision and each round of
# a loop. The rulebooks' games take at most a few thousand (2,606 measured, a
# Lancashire listing); four choices of a location in a row (3.7 million moves) or three
# repeats of 1,000 inside one another would take minutes and more memory than any
# machine has. Both the interpreter and the generated code count them.
MAX_STEPS = 100_000


# The moves one listing may hold (each a Move object to build, show and choose from):
# the rulebooks' positions have at most a few thousand; four choices of a location
# in a row give 3.7 million, minutes to list. They may still be counted.
MAX_MOVES = 100_000


class TooMuchWork(RuleRuntimeError):
    """A search of the rules went past MAX_STEPS: the rule code multiplies choices or
    rounds beyond what a game can play. Its place is the statement being run then."""


def too_much_work() -> TooMuchWork:
    return TooMuchWork(
        f"the rules take more than {MAX_STEPS:,} steps (options tried, rounds run) to find the moves here; "
        "a real game needs a few thousand: this rule multiplies choices or rounds past what a game can play"
    )


def too_many_moves(count: int, where=None) -> TooMuchWork:
    return TooMuchWork(
        f"this position has {count:,} legal moves; a listing holds at most {MAX_MOVES:,} "
        "(they may be counted, or drawn at random): this rule multiplies choices past what a player can choose from",
        where,
    )


def _size(number: int) -> str:
    """A number as a message shows it: with separators, or by its digits if enormous."""
    if abs(number) < 10**30:
        return f"{number:,}"
    return f"a number of {len(str(abs(number)))} digits"


# ------------------------------------------------------------------ arithmetic


def whole(value):
    """A result of arithmetic, checked: a whole number within +-MAX_WHOLE, a string
    or list of at most MAX_LENGTH; anything else as it is."""
    cls = value.__class__
    if cls is int:
        if -MAX_WHOLE <= value <= MAX_WHOLE:
            return value
        raise RuleRuntimeError(f"this gives {_size(value)}; rule arithmetic keeps whole numbers between -{MAX_WHOLE:,} and {MAX_WHOLE:,}")
    if cls is str or cls is list or cls is tuple:
        if len(value) > MAX_LENGTH:
            raise RuleRuntimeError(f"this makes a {_noun(value)} of {len(value):,} {_units(value)}; rule arithmetic makes {_noun(value)}s of at most {MAX_LENGTH:,}")
    return value


def _noun(value) -> str:
    return "string" if isinstance(value, str) else "list"


def _units(value) -> str:
    return "characters" if isinstance(value, str) else "items"


_SEQUENCES = (str, list, tuple)


def add(left, right):
    """``left + right``, its result checked (a sum may double a string's length)."""
    value = left + right
    if value.__class__ is int:
        if -MAX_WHOLE <= value <= MAX_WHOLE:
            return value
    elif value.__class__ not in _SEQUENCES or len(value) <= MAX_LENGTH:
        return value
    return whole(value)  # which says what is wrong


def subtract(left, right):
    value = left - right
    if value.__class__ is int and -MAX_WHOLE <= value <= MAX_WHOLE:
        return value
    return whole(value)


def multiply(left, right):
    """``left * right``, refused before it is computed when it would make a string or
    list longer than MAX_LENGTH (``"x" * 100000 * 100000`` must never be allocated)."""
    if left.__class__ is int and right.__class__ is int:
        return whole(left * right)
    for sequence, times in ((left, right), (right, left)):
        if isinstance(sequence, (str, list, tuple)) and isinstance(times, int):
            length = len(sequence) * times
            if length > MAX_LENGTH:
                raise RuleRuntimeError(
                    f"this would make a {_noun(sequence)} of {_size(length)} {_units(sequence)} ({len(sequence):,} times {_size(times)}); "
                    f"rule arithmetic makes {_noun(sequence)}s of at most {MAX_LENGTH:,}"
                )
            return sequence * times
    return whole(left * right)


# --------------------------------------------------------------------- repeats


def rounds(value, what: str = "repeat") -> int:
    """A repeat's count of rounds, checked: a whole number of at most MAX_REPEAT."""
    if not isinstance(value, int):
        raise RuleRuntimeError(f"{what} needs a whole number of rounds, not {shown(value)}")
    if value > MAX_REPEAT:
        raise RuleRuntimeError(too_many_rounds(value, what))
    return value


def too_many_rounds(value: int, what: str = "repeat") -> str:
    return f"{what} asks for {_size(value)} rounds; a repeat runs at most {MAX_REPEAT:,}"


def endless(what: str = "repeat while") -> RuleRuntimeError:
    """The error of a repeat-while that has run MAX_REPEAT rounds."""
    return RuleRuntimeError(f"{what} ran {MAX_REPEAT:,} rounds and its condition is still true; a repeat runs at most {MAX_REPEAT:,}")


# ---------------------------------------------------------------------- choose


def check_combinations(copies: list, count: int) -> None:
    """Refuse a ``choose N`` whose options would be too many to list.

    ``copies``: how many times each distinct item appears. The number of ways is
    computed before any is listed: at once as C(n, N) where that is small enough
    (always, in the rulebooks), else exactly, counting copies."""
    total = sum(copies)
    if count <= 0 or count > total:
        return
    ways = math.comb(total, count)  # exact when no item has copies, else more than the ways
    if ways <= MAX_COMBINATIONS:
        return
    if len(copies) == total:
        how_many = _size(ways)
    elif _multiset_count(copies, count, MAX_COMBINATIONS + 1) > MAX_COMBINATIONS:
        how_many = f"more than {MAX_COMBINATIONS:,}"
    else:
        return
    raise RuleRuntimeError(f"choosing {count} of {total} items gives {how_many} combinations; a choose may offer at most {MAX_COMBINATIONS:,}")


def _multiset_count(copies: list, count: int, cap: int) -> int:
    """Ways to pick ``count`` items, order ignored, with at most copies[i] of item i;
    counted up to ``cap`` (a sliding-window sum per item: linear in items times count)."""
    ways = [1] + [0] * count
    for available in copies:
        running = 0
        new = [0] * (count + 1)
        for j in range(count + 1):
            running += ways[j]
            if j - available - 1 >= 0:
                running -= ways[j - available - 1]
            new[j] = min(running, cap)
        ways = new
    return ways[count]


# ------------------------------------------------------------------------ flow


def actions_per_turn(value, whose: str = "") -> int:
    """What ``define actions_this_turn`` gave (for the player named ``whose``), checked:
    a whole number from 1 to MAX_ACTIONS_PER_TURN."""
    if value.__class__ is int and 1 <= value <= MAX_ACTIONS_PER_TURN:
        return value
    for_whom = f" for {whose}" if whose else ""
    raise RuleRuntimeError(f"actions_this_turn gave {shown(value)}{for_whom}; it must be a whole number from 1 to {MAX_ACTIONS_PER_TURN}")


def shown(value) -> str:
    """A value as an error message quotes it: briefly, in the rule language's words."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, str):
        return repr(value[:40] + ("..." if len(value) > 40 else ""))
    if isinstance(value, int):
        return _size(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(shown(item) for item in value[:8]) + (", ..." if len(value) > 8 else "") + "]"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."



# --------------------------------------------------------------- deep nesting


def too_deep(error: RecursionError, where_of) -> RuleRuntimeError:
    """A RecursionError met while running rule code, as the rule author's error.

    ``where_of(frame)`` gives the rule place (a Where) a Python frame of the
    interpreter is running, or None. The place met most often on the way down is
    the statement that nested without end (a repeat of many rounds with a
    decision in each, an event whose handler fires it again)."""
    counts: dict = {}
    order: list = []
    traceback = error.__traceback__
    while traceback is not None:
        where = where_of(traceback.tb_frame)
        if where is not None:
            if where not in counts:
                order.append(where)
            counts[where] = counts.get(where, 0) + 1
        traceback = traceback.tb_next
    message = (
        "the rule code nests too deeply to run: decisions, loops, calls and event handlers are open "
        "inside one another beyond Python's limit; keep repeats with decisions in them short, and no handler "
        "should fire its own event again without end"
    )
    if not counts:
        return RuleRuntimeError(message)
    where = max(order, key=lambda w: counts[w])  # the first met, among the most frequent
    return RuleRuntimeError(message, where)
