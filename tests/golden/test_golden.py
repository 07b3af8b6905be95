"""Golden playthroughs: whole seeded games must play exactly as recorded.

A difference means the rules, the engine or the bots changed how a game goes.
If that is intended, regenerate with ``python -m tests.golden.transcript`` and
review the diff of the transcripts.
"""

from __future__ import annotations

import difflib

import pytest

from tests.golden.transcript import GAMES, HERE, transcript


@pytest.mark.parametrize("file, ruleset, players, seed, bots", GAMES, ids=[g[0] for g in GAMES])
def test_golden_playthrough(file, ruleset, players, seed, bots):
    expected = (HERE / file).read_text(encoding="utf-8")
    actual = transcript(ruleset, players, seed, bots)
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), file, "now", n=2))
        pytest.fail(f"{file} plays differently now:\n{diff[:4000]}")
