"""The differential fuzzer in the suite: random rule programs, compiled and interpreted.

A run of :mod:`tests.fuzz.differential` from fixed seeds, so that a failure
replays: a sweep of 30 programs in CI, 300 nightly (``BRASS_SWEEP``,
:mod:`tests.support.sweep`); ``BRASS_FUZZ_PROGRAMS`` sets the number itself.
Longer runs, from any seed: ``python -m tests.fuzz.differential --programs 5000 --seed N``.
"""

from __future__ import annotations

import pytest

from tests.fuzz.differential import fuzz
from tests.fuzz.programs import program
from tests.support import sweep

PROGRAMS = sweep.size(ci=30, nightly=300, exact="BRASS_FUZZ_PROGRAMS")


@pytest.mark.sweep
def test_random_rule_programs_agree_on_both_paths():
    report = fuzz(range(1, PROGRAMS + 1), positions=4)
    findings = "\n\n".join(f"seed {seed}: {what}\n{text}" for seed, what, text in report.findings)
    assert not report.findings, findings
    # Every program the generator declines runs on the interpreter: there must be few,
    # and each for a reason the generator gives.
    declined = sum(len(seeds) for seeds in report.unsupported.values())
    assert declined <= PROGRAMS // 10, report.unsupported
    assert report.compared >= PROGRAMS - declined
    assert report.moves > 20 * PROGRAMS  # the programs' own actions were played, not only listed


def test_the_programs_reach_the_shapes_they_are_for():
    # Over the suite's seeds, each shape the fuzzer exists for is written at least once.
    texts = "\n".join(program(seed)[0] for seed in range(1, PROGRAMS + 1))
    for shape in ("repeat at least 1:", "repeat 1 to 2:", "repeat while", "optionally", "elif", "else:", "for ", "choose 2 ", "stop", "call play_card_", 'len("ab_1")'):
        assert shape in texts, shape
