"""A soak in the suite: every installed ruleset and player count, two games each
in CI, twenty nightly (``BRASS_SWEEP``, :mod:`tests.support.sweep`)."""

import pytest

from tests.soak.soak import report, soak
from tests.support import sweep

GAMES = sweep.size(ci=2, nightly=20)


@pytest.mark.sweep
def test_a_short_soak_breaks_nothing():
    tallies = soak(games=GAMES, seed=1000)
    text = report(tallies, GAMES, 1000)
    assert all(t.games == GAMES for t in tallies.values()), text
    assert not any(t.breaks for t in tallies.values()), text
    # Mangled input was tried, and most of it refused.
    assert sum(t.refused for t in tallies.values()) > 100
