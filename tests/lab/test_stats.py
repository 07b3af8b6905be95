"""The report's statistics against values computed elsewhere (tables, by hand)."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from brass.lab.stats import FirstPlayerTest, entropy, mean_interval, quantile, summary, t_quantile, wilson


@pytest.mark.parametrize(("df", "table"), [(1, 12.7062), (2, 4.3027), (3, 3.1824), (5, 2.5706), (10, 2.2281), (30, 2.0423), (300, 1.9679), (1000, 1.9623)])
def test_students_t_matches_the_table(df, table):
    assert t_quantile(0.975, df) == pytest.approx(table, abs=1e-4)


def test_wilson_matches_the_worked_values():
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 20)  # no successes: the interval still has width, unlike the normal one
    assert low == 0 and high == pytest.approx(0.1611, abs=1e-4)
    assert wilson(20, 20)[1] == 1 and wilson(0, 0) == (0.0, 1.0)


def test_a_mean_interval_from_sums_is_the_t_interval():
    values = [3, 7, 8, 5, 12, 14, 21, 13, 18]
    mean, low, high = mean_interval(sum(values), sum(v * v for v in values), len(values))
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    assert mean == pytest.approx(11.2222, abs=1e-4)
    assert high - mean == pytest.approx(t_quantile(0.975, 8) * sd / 3)
    assert mean_interval(5, 25, 1) is None


def test_quantiles_read_off_a_histogram_by_nearest_rank():
    histogram = Counter({10: 1, 20: 3, 30: 5, 40: 1})  # 10 values
    assert [quantile(histogram, q) for q in (0.05, 0.1, 0.2, 0.5, 0.95, 1.0)] == [10, 10, 20, 30, 40, 40]
    assert summary(histogram) == {"mean": 26.0, "median": 30, "p5": 10, "p95": 40, "min": 10, "max": 40}
    assert quantile(Counter(), 0.5) is None and summary(Counter()) == {}


def test_entropy_is_zero_for_one_strategy_and_full_for_an_even_mix():
    assert entropy(Counter({"cotton": 9})) == (0.0, 0.0)
    assert entropy(Counter({"cotton": 5, "coal": 5, "iron": 5, "beer": 5})) == (2.0, 1.0)
    bits, share = entropy(Counter({"cotton": 8, "coal": 1, "iron": 1}))
    assert bits == pytest.approx(0.9219, abs=1e-4) and 0 < share < 0.6


def _settle(test, p, players, seed, most=20000):
    draw = random.Random(seed)
    wins = 0
    for games in range(1, most + 1):
        wins += draw.random() < p
        verdict = test.verdict(wins, games)
        if verdict:
            return verdict, games
    return None, most


def test_the_sequential_test_finds_a_first_player_advantage_and_its_absence():
    test = FirstPlayerTest(4, delta=0.05)
    favoured, games = _settle(test, 0.40, 4, seed=1)
    assert favoured.startswith("the first player wins more than a fair 25.0%") and games < 1000
    fair, games = _settle(test, 0.25, 4, seed=2)
    assert fair.startswith("the first player's win rate is within 5 points of a fair 25.0%") and games < 3000
    disfavoured, _ = _settle(test, 0.12, 4, seed=3)
    assert disfavoured.startswith("the first player wins less than a fair 25.0%")
    assert test.verdict(60, 99) is None  # never before its least games


def test_the_sequential_test_is_wrong_about_as_rarely_as_it_promises():
    test = FirstPlayerTest(2, delta=0.1, least=20)
    wrong = sum("more than" in _settle(test, 0.5, 2, seed=seed)[0] or "less than" in _settle(test, 0.5, 2, seed=seed)[0] for seed in range(200))
    assert wrong <= 200 * 0.1  # alpha 0.05 on each side, with room for chance
