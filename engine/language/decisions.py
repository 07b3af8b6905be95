"""Decision points: the one place where a path branches.

``choose``, ``optionally``, a player's say in a ``repeat`` and the choices a
keyword offers (where coal comes from) all go through :func:`decide`, which
knows the four run modes, records the decision on the path, and rolls the
state back after each option has been explored.
"""

from __future__ import annotations

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
    report = report or run.fail
    in_prefix = run.position < run.prefix  # decisions already taken in an earlier move
    if not in_prefix:
        stop = _stop_here(run, decider)
        if stop is not None:
            if run.mode == "parse" and not run.exhausted:
                key_, text = run.peek()
                token = key_ if text is None else f"{key_}={text}"
                report(f"'{token}' cannot be part of this move: {_stop_words(stop)}")
                return
            run.stopped = stop
            yield LEAF
            return
    if not options and kind in ("choose", "offer"):
        written = run.find(key) if run.mode == "parse" and not in_prefix else None
        if written is not None and explain is not None:
            report(explain(run.tokens[written][1]))  # say why what was written does not fit
        elif empty is not None:
            empty()
        else:
            report(f"there is no {key} to choose")
        return
    journal = run.journal
    mode = run.mode
    single = len(options) == 1

    def printed(text: str) -> bool:
        if kind == "option":
            return text == "yes"
        if kind == "more":
            return False
        return kind == "action" or anchor or not single

    def take(value, text, consumed):
        mark = journal.mark()
        journal.append(run.path, Decision(key, text, printed(text), kind, decider))
        if consumed:
            journal.set(run, "position", run.position + 1)
        return mark

    if mode == "replay" or in_prefix:
        token = run.peek()
        if token[0] != key:
            report(f"the record says {token[0]}={token[1]} where the rules ask for {key}")
            return
        for value, text in options:
            if text == token[1]:
                take(value, text, True)
                yield value
                return
        report(explain(token[1]) if explain else f"{token[1]} is not a possible {key} now")
        return

    if mode == "parse":
        # Written decisions are matched by name, in any order; repeated names in order.
        if kind == "option":
            index = run.find(key, bare=True)
            mark = take(index is not None, notation(index is not None), False)
            if index is not None:
                journal.set(run, "used", run.used | {index})
            yield index is not None
            journal.rollback(mark)
            return
        if kind == "more":
            taken = run.find(anchor_key) is not None
            mark = take(taken, notation(taken), False)
            yield taken
            journal.rollback(mark)
            return
        index = run.find(key)
        if index is not None:
            written = run.tokens[index][1]
            if "+" in written:  # several things: in any order
                canonical = {"+".join(sorted(t.split("+"))): t for _, t in options}
                written = canonical.get("+".join(sorted(written.split("+"))), written)
            for value, text in options:
                if text == written:
                    mark = take(value, text, False)
                    journal.set(run, "used", run.used | {index})
                    yield value
                    journal.rollback(mark)
                    return
            report(explain(written) if explain else f"{written} is not a possible {key} now")
            return
        if anchor:
            report(f"{key}=... is missing: each round of this repeated step starts with it")
            return
        # Omitted: forced if one option, else try all (ambiguity is caught above us).
        for value, text in options:
            mark = take(value, text, False)
            yield value
            journal.rollback(mark)
        return

    if mode == "random":
        options = list(options)
        run.rng.shuffle(options)
    for value, text in options:
        mark = take(value, text, False)
        yield value
        journal.rollback(mark)


def _stop_words(stop: tuple) -> str:
    if stop[0] == "reveal":
        return "the move ends when hidden information is revealed"
    if stop[0] == "handoff":
        return "the next decision is another player's"
    return "the move is complete before it"
