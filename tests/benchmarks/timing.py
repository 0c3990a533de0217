"""The one timing helper every benchmark uses: the median of repeated runs, after warm-up, in milliseconds."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(fn: Callable[[], object], repeat: int = 15, warmup: int = 1) -> float:
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def _python_loop() -> int:
    """A fixed pure-Python workload (integer arithmetic, a dict and a list, as the engine's per-unit steps are): the
    yardstick that timings are divided by, so that runs on a busy or a different machine compare."""
    table: dict[int, int] = {}
    out = []
    total = 0
    for i in range(50_000):
        total += (i * 7) % 13
        if i % 5 == 0:
            table[i % 1000] = total
            out.append(total & 0xFF)
    return total + len(table) + len(out)


def python_loop_ms(repeat: int = 7) -> float:
    """The median time of the fixed pure-Python loop, in milliseconds."""
    return median_ms(_python_loop, repeat=repeat)
