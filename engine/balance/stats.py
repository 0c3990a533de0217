"""The little statistics a balance run needs: mean, sample standard deviation, a Student t confidence interval for a
mean (the t quantile from scipy.stats), and a Wilson interval for a share.

scipy.stats is imported when a first interval is worked out, not with this module: it takes a third of a second,
which `tacforge --help` and the editor's start do not pay (tests/test_cli_startup.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from statistics import NormalDist


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
