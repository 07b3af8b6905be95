"""Invariants every position of every game must satisfy, whatever the ruleset.

The checks themselves are the engine's (:mod:`brass.invariants`), so that the
tests, the soak and the check of a record's position are one and the same.
"""

from __future__ import annotations

from brass.invariants import broken_invariants


def check_invariants(game) -> None:
    problems = broken_invariants(game)
    assert not problems, "; ".join(problems)
