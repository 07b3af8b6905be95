"""The statistics of a balance report, small enough to read in full.

Intervals are 95% unless said: Wilson's for a win rate (it behaves near 0 and 1,
where the plain normal interval does not), Student's t for a mean over seed
groups (the paired comparison's unit), and order statistics read off a
histogram for medians and tails. The sequential test is Wald's SPRT on the
first player's win rate, as Fishtest stops a test once it is settled. Written
here rather than taken from SciPy: each is a few lines, and the core install
stays small; the formulas are the textbook ones, named where they are used.
"""

from __future__ import annotations

import math
from collections import Counter
from statistics import NormalDist
from typing import Optional

Z95 = NormalDist().inv_cdf(0.975)


def wilson(successes: float, trials: int, z: float = Z95) -> tuple:
    """Wilson's score interval of a rate (successes may be fractional: shared wins)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    denominator = 1 + z * z / trials
    if successes <= 0:  # exact at the edges (not 1e-17 off by rounding)
        return 0.0, min(1.0, (centre + spread) / denominator)
    if successes >= trials:
        return max(0.0, (centre - spread) / denominator), 1.0
    return max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator)


def _t_central(t: float, df: int) -> float:
    """P(|T| < t) for Student's t with a whole number of degrees of freedom: the finite
    series of Abramowitz and Stegun 26.7.3-4, exact for every df."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for k in range(2, df, 2):  # 1, 1/2 cos^2, (1*3)/(2*4) cos^4, ...
            term *= c2 * (k - 1) / k
            total += term
        return math.sin(theta) * total
    if df == 1:
        return 2 * theta / math.pi
    term, total = math.cos(theta), math.cos(theta)
    for k in range(3, df - 1, 2):  # cos, 2/3 cos^3, (2*4)/(3*5) cos^5, ...
        term *= c2 * (k - 1) / k
        total += term
    return 2 / math.pi * (theta + math.sin(theta) * total)


def t_quantile(p: float, df: int) -> float:
    """Student's t quantile for p > 1/2: exact (bisection on the series above) up to
    300 degrees of freedom; beyond, the Cornish-Fisher expansion about the normal
    quantile, there within 1e-6 of it."""
    if df <= 0:
        return math.inf
    z = NormalDist().inv_cdf(p)
    if df > 300:
        g1 = (z**3 + z) / 4
        g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
        g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
        return z + g1 / df + g2 / df**2 + g3 / df**3
    central = 2 * p - 1
    low, high = z, 1e6  # the t quantile is above the normal one
    for _ in range(200):
        middle = (low + high) / 2
        if _t_central(middle, df) < central:
            low = middle
        else:
            high = middle
        if high - low < 1e-12 * high:
            break
    return (low + high) / 2


def mean_interval(total: float, squares: float, n: int) -> Optional[tuple]:
    """(mean, low, high) of n values given their sum and sum of squares; None below 2."""
    if n < 2:
        return None
    mean = total / n
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    half = t_quantile(0.975, n - 1) * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def quantile(histogram: Counter, q: float):
    """The value at quantile q of a histogram {value: count} (nearest rank); None if empty."""
    total = sum(histogram.values())
    if not total:
        return None
    rank = max(1, math.ceil(q * total))
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= rank:
            return value
    return max(histogram)


def summary(histogram: Counter) -> dict:
    """Median, P5, P95, least and most of a histogram, and its mean."""
    total = sum(histogram.values())
    if not total:
        return {}
    return {
        "mean": sum(value * count for value, count in histogram.items()) / total,
        "median": quantile(histogram, 0.5),
        "p5": quantile(histogram, 0.05),
        "p95": quantile(histogram, 0.95),
        "min": min(histogram),
        "max": max(histogram),
    }


def entropy(counts: Counter) -> tuple:
    """(bits, share of the most there could be) of a distribution of counts: 0 when one
    thing takes all, 1 when all share alike."""
    total = sum(counts.values())
    if total == 0 or len(counts) < 2:
        return 0.0, 0.0
    bits = -sum((c / total) * math.log2(c / total) for c in counts.values() if c)
    return bits, bits / math.log2(len(counts))


# ------------------------------------------------------------------ sequential test
class FirstPlayerTest:
    """Wald's sequential probability ratio test: is the first player's win rate fair
    (within ``delta`` of 1/players), or off by at least ``delta``, either way?

    Two one-sided SPRTs (H0: p = fair against H1: p = fair + delta, and against
    fair - delta) with error rates ``alpha`` and ``beta``; a shared win counts as a
    fraction (the log-likelihood ratio of a Bernoulli extends to it). Settled when
    one alternative is accepted, or both are rejected."""

    def __init__(self, players: int, delta: float = 0.05, alpha: float = 0.05, beta: float = 0.05, least: int = 100):
        self.fair = 1 / players
        self.delta = delta
        self.alpha, self.beta = alpha, beta
        self.least = least  # no verdict before this many games
        self.upper = math.log((1 - beta) / alpha)
        self.lower = math.log(beta / (1 - alpha))

    def _llr(self, wins: float, games: int, p1: float) -> float:
        p0 = self.fair
        return wins * math.log(p1 / p0) + (games - wins) * math.log((1 - p1) / (1 - p0))

    def verdict(self, wins: float, games: int) -> Optional[str]:
        """None while unsettled, else what was settled, in words."""
        if games < self.least:
            return None
        high = min(0.999, self.fair + self.delta)
        low = max(0.001, self.fair - self.delta)
        up, down = self._llr(wins, games, high), self._llr(wins, games, low)
        points = f"{self.delta * 100:g} points"
        how = f"SPRT, alpha {self.alpha}, beta {self.beta}"
        if up >= self.upper:
            return f"the first player wins more than a fair {self.fair:.1%} (about {high:.1%} or more; {how})"
        if down >= self.upper:
            return f"the first player wins less than a fair {self.fair:.1%} (about {low:.1%} or less; {how})"
        if up <= self.lower and down <= self.lower:
            return f"the first player's win rate is within {points} of a fair {self.fair:.1%} ({how})"
        return None
