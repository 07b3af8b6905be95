"""A short soak in CI: every installed ruleset and player count, two games each."""

from tests.soak.soak import report, soak


def test_a_short_soak_breaks_nothing():
    tallies = soak(games=2, seed=1000)
    text = report(tallies, 2, 1000)
    assert all(t.games == 2 for t in tallies.values()), text
    assert not any(t.breaks for t in tallies.values()), text
    # Mangled input was tried, and most of it refused.
    assert sum(t.refused for t in tallies.values()) > 100
