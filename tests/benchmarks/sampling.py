"""Where a benchmark's time goes, for the note of a row that misses its budget (issue 31: "says by how much one is
missed and why, with a profile").

A sampling profiler, not cProfile: cProfile's cost per call inflates the many small calls of a battle
(docs/architecture.md 8.1.1), where a sample taken every half millisecond of CPU time (SIGPROF) costs the same whatever
the call pattern. Each sample counts every function on the stack once, so a function's share is inclusive: the part of
the CPU time spent in it or in what it called. The sampled run is an extra one, never a timed one.
"""

from __future__ import annotations

import signal
import sys
import time
from collections import Counter
from collections.abc import Callable
from types import CodeType, FrameType

INTERVAL_S = 0.0005


class StackSampler:
    """Counts, for every function of the engine, the samples its code was on the stack for (inclusive)."""

    def __init__(self, interval_s: float = INTERVAL_S):
        self.interval_s = interval_s
        self.counts: Counter[CodeType] = Counter()
        self.total = 0
        self.cpu_s = 0.0

    def _sample(self, signum: int, frame: FrameType | None) -> None:
        seen = set()
        while frame is not None:
            seen.add(frame.f_code)
            frame = frame.f_back
        self.counts.update(seen)
        self.total += 1

    def run(self, fn: Callable[[], object]) -> None:
        previous = signal.signal(signal.SIGPROF, self._sample)
        signal.setitimer(signal.ITIMER_PROF, self.interval_s, self.interval_s)
        start = time.process_time()
        try:
            fn()
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0, 0)
            signal.signal(signal.SIGPROF, previous)
            self.cpu_s += time.process_time() - start

    def shares(self, under: str = "/engine/") -> list[tuple[str, float]]:
        """(module.function, inclusive share of the samples), largest first, for the code in files under `under`."""
        if not self.total:
            return []
        named = []
        for code, count in self.counts.items():
            path = code.co_filename.replace("\\", "/")
            if under in path:
                module = path.rsplit("/", 1)[-1].removesuffix(".py")
                named.append((f"{module}.{code.co_qualname}", count / self.total))
        return sorted(named, key=lambda item: -item[1])


def hot_spots(fn: Callable[[], object], count: int = 6, below: float = 0.3) -> str:
    """One run of `fn` sampled: the `count` engine functions with the largest inclusive shares under `below` (the
    loops that only call the phases, the turn and the pulse, hold nearly all of it and say nothing), as text."""
    if not hasattr(signal, "setitimer"):  # Windows has no SIGPROF
        return "no profile on this platform"
    sampler = StackSampler()
    sampler.run(fn)
    picked = [(name, share) for name, share in sampler.shares() if share < below][:count]
    listed = ", ".join(f"{name} {share:.0%}" for name, share in picked)
    # the kernel may round the interval up to its tick (4 ms at 250 Hz): say what was taken
    return f"profile (inclusive shares; {sampler.total} samples in {sampler.cpu_s:.1f} s of CPU): {listed}"


if __name__ == "__main__":
    sys.exit("a helper of the benchmarks; see bench_battle.py")
