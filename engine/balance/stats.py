"""The little statistics a balance run needs: mean, sample standard deviation, a Student t confidence interval for a
mean (the t quantile from scipy.stats), and a Wilson interval for a share.

scipy.stats is imported when a first interval is worked out, not with this module: it takes a third of a second,
which `tacforge --help` and the editor's start do not pay (tests/test_cli_startup.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import asdict
from statistics import NormalDist

from tacforge.engine.cached_dataclass import dataclass


def t_quantile(p: float, df: int) -> float:
    """The p quantile of Student's t with df degrees of freedom (e.g. t_quantile(0.975, 4) = 2.776445)."""
    if not 0 < p < 1:
        raise ValueError("p must be in (0, 1)")
    if df < 1 or int(df) != df:
        raise ValueError("df must be a positive integer")
    from scipy.stats import t

    return float(t.ppf(p, df))


@dataclass(frozen=True)
class MeanSummary:
    """Mean of n values with the sample standard deviation (n - 1 in the denominator) and a confidence interval
    for the mean from Student's t with n - 1 degrees of freedom: mean +- t(1 - alpha/2, n - 1) x sd / sqrt(n).
    With fewer than two values sd and the interval are None."""

    n: int
    mean: float | None
    sd: float | None
    sem: float | None
    ci_low: float | None
    ci_high: float | None
    t: float | None
    confidence: float = 0.95
    method: str = "Student t, n-1 degrees of freedom"

    def to_json(self) -> dict:
        return asdict(self)


def describe(values: Iterable[float], confidence: float = 0.95) -> MeanSummary:
    xs = [float(v) for v in values]
    n = len(xs)
    if n == 0:
        return MeanSummary(0, None, None, None, None, None, None, confidence)
    mean = math.fsum(xs) / n
    if n < 2:
        return MeanSummary(n, mean, None, None, None, None, None, confidence)
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (n - 1))
    sem = sd / math.sqrt(n)
    t = t_quantile(1 - (1 - confidence) / 2, n - 1)
    return MeanSummary(n, mean, sd, sem, mean - t * sem, mean + t * sem, t, confidence)


def wilson(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float] | None:
    """Wilson score interval for a share successes / n (it behaves at 0 and n, unlike the plain normal one)."""
    if n <= 0:
        return None
    z = NormalDist().inv_cdf(1 - (1 - confidence) / 2)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


def median(values: Iterable[float]) -> float | None:
    xs = sorted(values)
    if not xs:
        return None
    mid = len(xs) // 2
    if len(xs) % 2:
        return xs[mid]
    return (xs[mid - 1] + xs[mid]) / 2  # an infinite upper middle value gives inf, as it should


def newcombe(before: int, n_before: int, after: int, n_after: int, confidence: float = 0.95) -> tuple[float, float]:
    """Newcombe's hybrid score interval (his method 10, 1998) for the change of a share, after/n_after minus
    before/n_before, built from the two Wilson intervals; it stays inside [-1, 1] and behaves at 0 and n."""
    low_b, high_b = _wilson_known(before, n_before, confidence)
    low_a, high_a = _wilson_known(after, n_after, confidence)
    p_b, p_a = before / n_before, after / n_after
    difference = p_a - p_b
    return (
        difference - math.sqrt((p_a - low_a) ** 2 + (high_b - p_b) ** 2),
        difference + math.sqrt((high_a - p_a) ** 2 + (p_b - low_b) ** 2),
    )


def _wilson_known(successes: int, n: int, confidence: float) -> tuple[float, float]:
    interval = wilson(successes, n, confidence)
    if interval is None:
        raise ValueError("a share of no games has no interval")
    return interval


def two_proportions_p(before: int, n_before: int, after: int, n_after: int) -> float:
    """Two-sided p-value of the pooled two-proportion z test that both shares are equal (1.0 when the pooled share is
    0 or 1: both runs saw the same thing every game, nothing can differ)."""
    if n_before <= 0 or n_after <= 0:
        raise ValueError("each run needs at least one game")
    pooled = (before + after) / (n_before + n_after)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_before + 1 / n_after))
    if se == 0:
        return 1.0
    z = (after / n_after - before / n_before) / se
    return 2 * (1 - NormalDist().cdf(abs(z)))


@dataclass(frozen=True)
class ShareChange:
    """How a share (a result's games out of a run's games) changed from one run to the next: the difference, its
    Newcombe interval, the z test's p-value, and whether it is significant at the interval's level (p < 1 -
    confidence)."""

    before: float
    after: float
    difference: float
    low: float
    high: float
    p_value: float
    confidence: float = 0.95

    @property
    def significant(self) -> bool:
        return self.p_value < 1 - self.confidence


def share_change(before: int, n_before: int, after: int, n_after: int, confidence: float = 0.95) -> ShareChange:
    low, high = newcombe(before, n_before, after, n_after, confidence)
    p_before, p_after = before / n_before, after / n_after
    p_value = two_proportions_p(before, n_before, after, n_after)
    return ShareChange(p_before, p_after, p_after - p_before, low, high, p_value, confidence)
