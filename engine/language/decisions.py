"""Decision points: the one place where a path branches.

``choose``, ``optionally``, a player's say in a ``repeat`` and the choices a
keyword offers (where coal comes from) all go through :func:`decide`, which
knows the four run modes, records the decision on the path, and rolls the
state back after each option has been explored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, Optional

from .runtime import Decision, Run

LEAF = object()  # yielded instead of continuing: the path ends here for this move
FINISH = object()  # yielded by ``stop``: the frame's code is complete here


def notation(value) -> str:
    """How a value is written in move notation."""
    ident = getattr(value, "id", None)
    if ident.__class__ is str and not hasattr(value, "notation"):
        return ident
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    if isinstance(value, (int, str)):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "+".join(notation(v) for v in value)
    text = getattr(value, "notation", None)
    if text is not None:
        return text() if callable(text) else text
    return str(value.id)


def unique_by_text(items) -> list:
    """Values without repeats of notation, first first: the options of a choice (a
    hand's two copies of one card are one option)."""
    seen = set()
    result = []
    for item in items:
        text = notation(item)
        if text not in seen:
            seen.add(text)
            result.append(item)
    return result


def _stop_here(run: Run, decider: int) -> Optional[tuple]:
    """Does the path end before this decision? Returns the reason, or None."""
    if run.mode == "replay":
        if run.exhausted:
            return ("need", decider)
        return None
    if run.mover is not None and decider >= 0 and decider != run.mover:
        return ("handoff", decider)
    if run.revealed:
        return ("reveal", decider)
    return None


@dataclass
class _Point:
    """One decision point while it is being decided."""

    run: Run
    key: str
    options: list  # (value, text)
    kind: str
    decider: int
    anchor: bool
    anchor_key: Optional[str]
    explain: Optional[Callable[[str], str]]
    report: Callable[[str], None]

    def printed(self, text: str) -> bool:
        if self.kind == "option":
            return text == "yes"
        if self.kind == "more":
            return False
        return self.kind == "action" or self.anchor or len(self.options) != 1

    def take(self, value, text: str, token=None) -> int:
        """Record the decision on the path (and the written token it used); return the mark."""
        run = self.run
        run.step()
        journal = run.journal
        mark = journal.mark()
        journal.append(run.path, Decision(self.key, text, self.printed(text), self.kind, self.decider))
        if token == "next":
            journal.set(run, "position", run.position + 1)
        elif token is not None:
            journal.set(run, "used", run.used | {token})
        return mark

    def refuse(self, written: str) -> None:
        self.report(self.explain(written) if self.explain else f"{written} is not a possible {self.key} now")


def decide(
    run: Run,
    key: str,
    options: list,
    *,
    kind: str = "choose",
    decider: int = -1,
    anchor: bool = False,
    anchor_key: Optional[str] = None,
    explain: Optional[Callable[[str], str]] = None,
    empty: Optional[Callable[[], None]] = None,
    report: Optional[Callable[[str], None]] = None,
) -> Iterator:
    """Yield each option value to take (or LEAF), rolling back between them.

    ``options`` is a list of ``(value, text)``. ``explain(text)`` says why a
    written option is not among them; ``empty()`` records why there are none;
    ``report(message)`` records a failure where the rule stands (else the run does).
    """
    point = _Point(run, key, options, kind, decider, anchor, anchor_key, explain, report or run.fail)
    in_prefix = run.position < run.prefix  # decisions already taken in an earlier move
    if not in_prefix:
        stop = _stop_here(run, decider)
        if stop is not None:
            if run.mode == "parse" and not run.exhausted:
                key_, text = run.peek()
                token = key_ if text is None else f"{key_}={text}"
                point.report(f"'{token}' cannot be part of this move: {_stop_words(stop)}")
                return
            run.stopped = stop
            yield LEAF
            return
    if not options and kind in ("choose", "offer"):
        written = run.find(key) if run.mode == "parse" and not in_prefix else None
        if written is not None and explain is not None:
            point.report(explain(run.tokens[written][1]))  # say why what was written does not fit
        elif empty is not None:
            empty()
        else:
            point.report(f"there is no {key} to choose")
        return
    if run.mode == "replay" or in_prefix:
        yield from _replay(point)
    elif run.mode == "parse":
        yield from _parse(point)
    else:
        yield from _explore(point)


def _replay(point: _Point) -> Iterator:
    """The next recorded decision, strictly in order."""
    run = point.run
    token = run.peek()
    if token[0] != point.key:
        point.report(f"the record says {token[0]}={token[1]} where the rules ask for {point.key}")
        return
    for value, text in point.options:
        if text == token[1]:
            point.take(value, text, token="next")
            yield value
            return
    point.refuse(token[1])


def _parse(point: _Point) -> Iterator:
    """What the move's text says; an omitted decision is filled in if forced, else tried every way."""
    run = point.run
    journal = run.journal
    if point.kind == "option":
        index = run.find(point.key, bare=True)
        mark = point.take(index is not None, notation(index is not None), token=index)
        yield index is not None
        journal.rollback(mark)
        return
    if point.kind == "more":
        taken = run.find(point.anchor_key) is not None
        mark = point.take(taken, notation(taken))
        yield taken
        journal.rollback(mark)
        return
    if run.values_any_order and not run.in_order:
        written = run.written(point.key)
        if len(written) > 1:
            yield from _parse_any_written(point, written)
            return
    index = run.find(point.key)
    if index is not None:
        written = _canonical(run.tokens[index][1], point.options)
        for value, text in point.options:
            if text == written:
                mark = point.take(value, text, token=index)
                yield value
                journal.rollback(mark)
                return
        if len(point.options) == 1 and not point.printed(point.options[0][1]):
            # A choice with one option is never written in a move: what is written
            # under its name may be for a later choice of that name (a procedure's).
            # If it fits none, this is why.
            yield from _forced_past(point, index, written)
            return
        point.refuse(written)
        return
    if point.anchor:
        point.report(f"{point.key}=... is missing: each round of this repeated step starts with it")
        return
    # Omitted: forced if one option, else try all (ambiguity is caught above us).
    for value, text in point.options:
        mark = point.take(value, text)
        yield value
        journal.rollback(mark)


def _forced_past(point: _Point, index: int, written: str) -> Iterator:
    """Take a choice's only option, leaving the written token ``index`` for a later one."""
    run = point.run
    journal = run.journal
    before = len(run.failures)
    point.refuse(written)
    refusal = run.failures[-1] if len(run.failures) > before else None
    mark = point.take(*point.options[0])
    journal.set(run, "forced_past", {**run.forced_past, index: refusal})
    yield point.options[0][0]
    journal.rollback(mark)


def _parse_any_written(point: _Point, indices: list) -> Iterator:
    """A choice written several times, its values in any order: try each written
    value that is one of the options (the first token of each), so a person need not
    know which order the rules take them in. Each branch is an option the move list
    has too, so this costs no more than listing the moves; no orders are multiplied."""
    run = point.run
    journal = run.journal
    first_token = {}
    for index in indices:
        first_token.setdefault(_canonical(run.tokens[index][1], point.options), index)
    tried = False
    for value, text in point.options:
        index = first_token.get(text)
        if index is None:
            continue
        tried = True
        mark = point.take(value, text, token=index)
        yield value
        journal.rollback(mark)
    if not tried:
        written = _canonical(run.tokens[indices[0]][1], point.options)
        if len(point.options) == 1 and not point.printed(point.options[0][1]):
            yield from _forced_past(point, indices[0], written)
            return
        point.refuse(written)


def _canonical(written: str, options: list) -> str:
    """The option a person meant by what they wrote, in its own notation.

    Exact notation first; then the spellings a person would use, where they
    pick out one option only: several things (A+B) in any order, a line's ends
    in either order, a space by its number within the place already chosen
    (``slot=0``), a thing by its shown name (``card=coal-mine`` or
    ``card="Coal mine"``), any letter case."""
    texts = [text for _, text in options]
    if written in texts:
        return written
    if "+" in written:
        by_parts = {"+".join(sorted(text.split("+"))): text for text in texts}
        found = by_parts.get("+".join(sorted(written.split("+"))))
        if found is not None:
            return found
    wanted = spelling(written)
    meant = {text for value, text in options if wanted in spellings(value, text)}
    return meant.pop() if len(meant) == 1 else written


def spelling(text: str) -> str:
    """A written value as compared with the spellings of options: case, spaces and _ aside."""
    return "-".join("".join(c if c.isalnum() or c in ".:+-" else " " for c in text.lower()).split())


def spellings(value, text: str) -> set:
    """Every way a person may write this option (see :func:`_canonical`)."""
    found = {spelling(text)}
    if "--" in text:  # a line: its ends in any order
        ends = text.split("--")
        found.add("--".join(reversed(ends)))
        if len(ends) == 3:
            import itertools

            found.update("--".join(p) for p in itertools.permutations(ends))
    for mark in (".", ":"):  # a space by its number within its place
        place, sep, number = text.rpartition(mark)
        if sep and number.isdigit() and place and "+" not in text:
            found.add(number)
    name = getattr(value, "name", None)
    if isinstance(name, str):
        found.add(spelling(name))
    if "+" in text and isinstance(value, (list, tuple)):
        parts = [sorted(spellings(v, notation(v)))[0] for v in value]
        found.add("+".join(sorted(parts)))
    return found


def _explore(point: _Point) -> Iterator:
    """Every option in turn (enumerate), or in random order (random)."""
    options = point.options
    if point.run.mode == "random":
        options = list(options)
        point.run.rng.shuffle(options)
    journal = point.run.journal
    for value, text in options:
        mark = point.take(value, text)
        yield value
        journal.rollback(mark)


def _stop_words(stop: tuple) -> str:
    if stop[0] == "reveal":
        return "the move ends when hidden information is revealed"
    if stop[0] == "handoff":
        return "the next decision is another player's"
    return "the move is complete before it"
