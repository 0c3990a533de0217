"""The little statistics a balance run needs, in plain Python (no SciPy): mean, sample standard deviation, a
Student t confidence interval for a mean, and a Wilson interval for a share.

The t quantile is exact: for an integer number of degrees of freedom the t distribution's CDF is a finite series
(Abramowitz and Stegun 26.7.3 and 26.7.4), which is inverted by bisection. Above 1000 degrees of freedom the
Cornish-Fisher expansion is used instead (its error there is below 1e-9).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from statistics import NormalDist
from typing import Iterable

CORNISH_FISHER_ABOVE = 1000


def t_cdf(t: float, df: int) -> float:
    """P(T <= t) for Student's t with an integer number of degrees of freedom df >= 1."""
    if df < 1 or int(df) != df:
        raise ValueError("df must be a positive integer")
    if math.isinf(t):
        return 1.0 if t > 0 else 0.0
    theta = math.atan(t / math.sqrt(df))
    s, c2 = math.sin(theta), math.cos(theta) ** 2
    if df % 2:  # odd: A = 2/pi [theta + sin cos (1 + 2/3 c^2 + 2*4/(3*5) c^4 + ... )]
        a = theta
        if df > 1:
            term = total = 1.0
            for k in range(1, (df - 3) // 2 + 1):
                term *= (2 * k) / (2 * k + 1) * c2
                total += term
            a += s * math.cos(theta) * total
        a *= 2 / math.pi
    else:  # even: A = sin (1 + 1/2 c^2 + 1*3/(2*4) c^4 + ... )
        term = total = 1.0
        for k in range(1, (df - 2) // 2 + 1):
            term *= (2 * k - 1) / (2 * k) * c2
            total += term
        a = s * total
    return 0.5 + a / 2  # a is P(-|t| < T < |t|) with the sign of t


def t_quantile(p: float, df: int) -> float:
    """The p quantile of Student's t with df degrees of freedom (e.g. t_quantile(0.975, 4) = 2.776445)."""
    if not 0 < p < 1:
        raise ValueError("p must be in (0, 1)")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1 - p, df)
    if df > CORNISH_FISHER_ABOVE:
        z = NormalDist().inv_cdf(p)
        return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
                + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, hi * 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2


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
