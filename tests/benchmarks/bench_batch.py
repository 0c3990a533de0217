"""Benchmark: balance-run throughput with one process and with two, and with one and two Dask LocalCluster workers
(docs/architecture.md 8: a batch of AI-vs-AI battles scales to both cores, >= 1.9x one process; 2 Dask workers
>= 1.8x one). The 200-game balance run of a historical scenario is bench_balance_run's row.

Each measurement is one whole `run_batch` call of GAMES full-length games, as a designer runs it: finding the
scenario, starting the workers, every worker loading the packs, playing, summing up. That set-up costs about a
quarter of a second with two processes (a row of its own), and the last game leaves one worker idle for half a game
on average, so GAMES is 24: with 8 short games those fixed costs alone held the ratio near 1.65x, while real balance
runs are of hundreds of games. TACFORGE_BENCH_BATCH_GAMES and TACFORGE_BENCH_BATCH_REPEATS override the sizes. The fork
server that starts the workers is started once, before measuring, as it is once per program run. Runs with one and two
processes alternate and play the same games (the same seeds), so background load and game length hit both alike. The
two-process row's budget is the one-process time per game / 1.9, so its "within" column is the scaling budget.
Repeated batches in one program are what the editor's balance dialog runs: from the second batch of a setup on, the
two-process run plays on the pool kept from the first (its workers started, their packs loaded and their caches
warm), as the one-process run plays on the content the caller kept (engine.balance.batch, "Kept pool"); the first
repeat pays the start for both, and the rows' medians are of the later ones. The set-up row shuts the kept pool down
before each of its runs, so it still times starting the workers and their loading the packs; a one-batch program
(`tacforge batch`) pays that once, bench_balance_run's row.

Dask. Two LocalClusters (1 and 2 worker processes, one thread each) are started before measuring, as a studio's
cluster runs before a batch is sent to it, and each is warmed by a short batch; then batches on each alternate, each
a whole `run_batch(..., cluster=DaskCluster(scheduler=...))`: connecting, checking every worker's packs, sending the
games and fetching their summaries. The cost of starting a LocalCluster (what `--cluster local` adds) is a row of its
own.

Each scaling row also says how this machine ran two plain CPU-bound Python loops against one in the same minutes
(`machine_scaling`): the ceiling for any batch on it (two virtual CPUs that share a core, or a busy host, give well
under 2x), so that a missed scaling budget shows whether the engine or the machine is short.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tacforge.engine.balance import run_batch  # noqa: E402
from tacforge.engine.balance.batch import close_kept_workers  # noqa: E402
from tacforge.engine.balance.dask_batch import LOCAL_QUIET, DaskCluster  # noqa: E402

SCENARIO = "western:bocage_crossroads"
GAMES = int(os.environ.get("TACFORGE_BENCH_BATCH_GAMES", "24"))
REPEATS = int(os.environ.get("TACFORGE_BENCH_BATCH_REPEATS", "3"))
SCALING_BUDGET = 1.9
DASK_SCALING_BUDGET = 1.8


def _cpu_sample() -> tuple[int, int] | None:
    """(all jiffies, idle jiffies) from Linux /proc/stat; None elsewhere."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            values = [int(v) for v in f.readline().split()[1:]]
        return sum(values), values[3] + values[4]
    except (OSError, ValueError, IndexError):
        return None


def _busy(before, after) -> float | None:
    if before is None or after is None:
        return None
    return 1 - (after[1] - before[1]) / max(1, after[0] - before[0])


def _timed(**kwargs) -> tuple[float, float | None]:
    """Wall seconds of one run_batch call and the share of all CPUs that were busy meanwhile."""
    before, start = _cpu_sample(), time.perf_counter()
    run_batch(SCENARIO, **kwargs)
    return time.perf_counter() - start, _busy(before, _cpu_sample())


def _timed_setup() -> float:
    """Wall seconds of a batch that starts its workers: the kept pool, if any, shut down first."""
    close_kept_workers()
    return _timed(runs=2, jobs=2, turns=1)[0]


def measure(games: int = GAMES, repeats: int = REPEATS) -> dict:
    before = _cpu_sample()
    time.sleep(1.0)
    idle_check = _busy(before, _cpu_sample())
    _timed(runs=2, jobs=2, turns=1)  # start the fork server (once per program run) and warm the schema cache
    one, two, busy_one = [], [], []
    for rep in range(repeats):
        seconds, busy = _timed(runs=games, jobs=1, seed=rep)
        one.append(seconds)
        busy_one.append(busy)
        two.append(_timed(runs=games, jobs=2, seed=rep)[0])
    setup = statistics.median(_timed_setup() for _ in range(3))
    close_kept_workers()
    return {
        "games": games,
        "one": statistics.median(one),
        "two": statistics.median(two),
        "setup": setup,
        "one_all": one,
        "two_all": two,
        "busy_before": idle_check,
        "busy_one": busy_one,
    }


def measure_dask(games: int = GAMES, repeats: int = REPEATS) -> dict:
    import logging

    from distributed import LocalCluster

    started = time.perf_counter()
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, silence_logs=logging.ERROR, **LOCAL_QUIET
    ) as two_workers:
        start_two = time.perf_counter() - started
        with LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, silence_logs=logging.ERROR, **LOCAL_QUIET
        ) as one_worker:
            on_one, on_two = (DaskCluster(scheduler=c.scheduler_address) for c in (one_worker, two_workers))
            for where in (on_one, on_two):
                _timed(runs=2, turns=1, cluster=where)  # each worker imports the engine once
            one, two, busy_one = [], [], []
            for rep in range(repeats):
                seconds, busy = _timed(runs=games, seed=rep, cluster=on_one)
                one.append(seconds)
                busy_one.append(busy)
                two.append(_timed(runs=games, seed=rep, cluster=on_two)[0])
    return {
        "games": games,
        "one": statistics.median(one),
        "two": statistics.median(two),
        "start": start_two,
        "one_all": one,
        "two_all": two,
        "busy_before": None,
        "busy_one": busy_one,
    }


def interference(m: dict) -> str:
    """A warning when other processes competed for the CPUs: busy before the runs, or more than one CPU's worth
    busy while one process played (the two-process runs, in between, are then suspect too)."""
    cpus = os.cpu_count() or 1
    notes = []
    if m["busy_before"] is not None and m["busy_before"] > 0.1:
        notes.append(f"{m['busy_before']:.0%} of the CPUs busy before the runs")
    worst = max((b for b in m["busy_one"] if b is not None), default=None)
    if worst is not None and worst > 1 / cpus + 0.1:
        notes.append(f"{worst:.0%} busy during a 1-process run (expected {1 / cpus:.0%})")
    return "; CAUTION, other load: " + ", ".join(notes) if notes else ""


def _spin(n: int) -> None:
    x = 0
    for i in range(n):
        x += i * i % 7


SPIN = 5_000_000  # about half a second of plain Python


def machine_scaling(repeats: int = 5) -> float:
    """How this machine runs two plain CPU-bound Python processes against one (2 x one's time / two's time,
    median of alternating runs): the ceiling of any batch's scaling here, whatever the engine does."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    ratios = []
    for _ in range(repeats):
        times = []
        for count in (1, 2):
            procs = [ctx.Process(target=_spin, args=(SPIN,)) for _ in range(count)]
            start = time.perf_counter()
            for proc in procs:
                proc.start()
            for proc in procs:
                proc.join()
            times.append(time.perf_counter() - start)
        ratios.append(2 * times[0] / times[1])
    return statistics.median(ratios)


def _scaling_rows(m: dict, runner: str, budget: float, where: str) -> list[tuple[str, float, float | None, str]]:
    """Two rows, one `runner` and two: ms per game, and the scaling of two over one against `budget`."""
    games = m["games"]
    ms1, ms2 = m["one"] * 1000 / games, m["two"] * 1000 / games
    plural = "processes" if runner == "process" else f"{runner}s"
    return [
        (
            f"batch throughput, 1 {runner}",
            ms1,
            None,
            f"{games / m['one']:.2f} games/s; ms per game over {games} full games of {SCENARIO}, {where}",
        ),
        (
            f"batch throughput, 2 {plural}",
            ms2,
            ms1 / budget,
            f"{games / m['two']:.2f} games/s; scaling {m['one'] / m['two']:.2f}x one {runner} (budget >= {budget}x); "
            f"this machine ran two plain Python loops at {m['ceiling']:.2f}x one" + interference(m),
        ),
    ]


def run() -> list[tuple[str, float, float | None, str]]:
    m = measure()
    dask = measure_dask()
    m["ceiling"] = dask["ceiling"] = machine_scaling()
    return (
        _scaling_rows(
            m,
            "process",
            SCALING_BUDGET,
            "whole run_batch; the first repeat, which starts the workers and loads the content, "
            f"{m['one_all'][0] * 1000 / m['games']:.0f} and {m['two_all'][0] * 1000 / m['games']:.0f} ms a game",
        )
        + [
            (
                "batch set-up, 2 processes",
                m["setup"] * 1000,
                None,
                "run_batch of 2 one-turn games: find the scenario, start 2 workers, each loads the packs",
            ),
        ]
        + _scaling_rows(dask, "Dask worker", DASK_SCALING_BUDGET, "whole run_batch on a running LocalCluster")
        + [
            ("start a LocalCluster of 2 workers", dask["start"] * 1000, None, "what --cluster local adds to a batch"),
        ]
    )


if __name__ == "__main__":
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    for name, value, budget, note in run():
        shown = "-" if budget is None else f"{budget:.0f} ms"
        print(f"{name}: {value:.0f} ms (budget {shown}) {note}")
