"""``brass validate``: check a ruleset folder (or installed name), and the variants kept in it.

    brass validate [--trust] PATH-OR-NAME

Each valid ruleset gets a line of its size, and a note when part of it runs on
the interpreter (:func:`interpreted_note`); then every problem found, once each.
"""

from __future__ import annotations

import sys
import warnings
from typing import Optional

from ..validation import check_with_variants
from .helpers import add_trust, command


EXAMPLES = (
    "brass validate rulesets/birmingham",
    "brass validate my-variant/my_variant --trust",
    "brass validate lancashire",
)


def add_parser(commands):
    validate = command(commands, "validate", "check a ruleset folder (or installed name)",
                       "Check a ruleset whole, its data, rules and plugin, and the variants kept in its folder; every problem is listed at once.", EXAMPLES)
    validate.add_argument("path", help="a ruleset folder (the one holding ruleset.yaml), or an installed ruleset's name")
    add_trust(validate)
    return validate


def run(args) -> int:
    checked = check_with_variants(args.path, trust=args.trust)
    count = 0
    printed = set()
    for _name, path, ruleset, errors in checked:
        if ruleset is not None:
            print(valid_line(path, ruleset))
        for error in errors:
            for problem in getattr(error, "problems", None) or [error]:
                if str(problem) not in printed:  # a broken base breaks its variants the same way
                    printed.add(str(problem))
                    print(problem)
                    count += 1
    if len(checked) > 1:  # a summary, like the count of problems: on stderr when there are problems
        names = [name for name, *_ in checked]
        print(f"checked {names[0]} and its variant{'s' if len(names) > 2 else ''} {', '.join(names[1:])}", file=sys.stderr if count else sys.stdout)
    if not count:
        return 0
    print(f"{args.path}: {count} problem{'s' if count != 1 else ''}", file=sys.stderr)
    return 1


def valid_line(path: str, ruleset) -> str:
    rules = ruleset.rules
    line = (
        f"{path}: valid -- {ruleset.title} {ruleset.version}: {len(ruleset.board.locations)} locations, "
        f"{len(ruleset.board.lines)} lines, {len(ruleset.board.industries)} industries, "
        f"{len(rules.actions)} actions, {len(rules.procedures)} procedures"
    )
    note = interpreted_note(ruleset)
    return line if note is None else f"{line}\n  note: {note}"


def interpreted_note(ruleset) -> Optional[str]:
    """What of the ruleset runs on the interpreter instead of generated code, or None.

    This is the one place ``validate`` says it: today the whole ruleset or
    nothing, with the generator's reason; where the rule engines come to name
    which part declined and at which rule line, that goes here."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # said here instead
        generated = ruleset.fast
    if generated is not None:
        return None
    return f"runs on the interpreter, several times slower: the generated code declines these rules ({ruleset.untranslatable})"
