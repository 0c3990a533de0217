"""Play N random battles, computer against computer, and print the median and the slowest times, CPU and wall: the
measure of issue 17's "slowest of 1,000 random battles <= 3x the median" (`make bench` runs 100 of them:
tests/benchmarks/bench_outliers.py, which builds and plays them; this is its command line). A maintainer's
diagnostic:

    .venv/bin/python scripts/outliers.py [N] [--seed S] [--jobs J] [--slowest K] [--digests FILE]

The same N and S give the same battles. The slowest K by CPU time are listed with the command that rebuilds each
(`tacforge new --pack FRONT --type TYPE --period P ... --seed SEED`), to profile it. --digests FILE writes a SHA-256
of each battle's event log, a line a battle: run it in two trees and `diff` the files to check that a change meant
to be invisible (a speed-up) plays every battle exactly as before, on more battles than tests/test_event_logs.py.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "benchmarks"))

from bench_outliers import play_random_battles  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0, help="seed of the random choices (default 0)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--slowest", type=int, default=5, help="list this many of the slowest battles")
    parser.add_argument("--digests", type=Path, help="write a SHA-256 of each battle's event log to this file")
    args = parser.parse_args()
    played = play_random_battles(args.n, args.seed, args.jobs)
    for measure, of in (("CPU", lambda p: p.cpu), ("wall", lambda p: p.seconds)):
        median = statistics.median(of(p) for p in played)
        slowest = max(of(p) for p in played)
        print(
            f"{args.n} random battles (--seed {args.seed}), {measure} time: median {median:.2f} s, slowest "
            f"{slowest:.2f} s = {slowest / median:.1f}x the median, total {sum(of(p) for p in played):.0f} s"
        )
    for p in sorted(played, key=lambda p: p.cpu, reverse=True)[: args.slowest]:
        print(f"  {p.cpu:6.2f} s CPU {p.seconds:6.2f} s wall  {p.units:3d} units  {p.command}")
    if args.digests:
        args.digests.write_text("".join(f"b{i} {p.digest} {p.command}\n" for i, p in enumerate(played)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
