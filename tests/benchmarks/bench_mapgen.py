"""Benchmark: the random map generator (issue 4). docs/architecture.md 8 sets no budget; the number is for
people to read."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tacforge.engine.mapping import generate_map  # noqa: E402
from tacforge.engine.packs import load_packs  # noqa: E402


def median_ms(fn, seeds) -> float:
    fn(seeds[0])  # warm-up
    samples = []
    for seed in seeds:
        start = time.perf_counter()
        fn(seed)
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def run() -> list[tuple[str, float, float | None, str]]:
    content = load_packs(env={}, include_user_dir=False).content("western")
    seeds = list(range(15))
    full = median_ms(lambda s: generate_map(content, river=True, cover=5, seed=s), seeds)
    assault = median_ms(lambda s: generate_map(content, river=True, cover=5, seed=s, height=30), seeds)
    return [
        ("random map 60x60, river, cover 5", full, None, f"median of {len(seeds)} seeds"),
        ("random map 60x30 (assault), river, cover 5", assault, None, f"median of {len(seeds)} seeds"),
    ]


if __name__ == "__main__":
    for name, value, budget, note in run():
        print(f"{name}: {value:.1f} ms (budget {'-' if budget is None else f'{budget:.0f} ms'}) {note}")
