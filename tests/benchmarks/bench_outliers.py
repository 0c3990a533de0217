"""Benchmark: random battles, computer against computer, and how much slower the slowest is than the median (issue
17: "slowest of 1,000 random battles <= 3x the median").

Each battle is built like `tacforge new` with random choices (front, battle type, period, size, cover, river, hills;
the battle type's own length), drawn from one generator seeded with SEED, so the same count and seed give the same
battles. Building is not timed; playing is, one battle at a time in each of two worker processes (the machine's two
cores), each worker having loaded the packs and imported what a balance run's workers import first. The row's value is
the slowest battle's CPU time (its worker's user + system seconds while it played) and its budget three times the
median CPU time, so its "within" column is the ratio's; the wall times are in the note. A battle is played in one
thread, so on a quiet machine the two agree, but on a shared one a battle's wall time also holds the time its worker
waited for a CPU: run B of docs/architecture.md 8 found its slowest of 1,000 at 3.9x the median by wall time, and
that battle, played alone, counts 1.5-1.6x the instructions of two battles near the median (8.1.4).
TACFORGE_BENCH_RANDOM_BATTLES sets the count (default 100; the issue's figure is for 1,000, about a quarter of an hour).

scripts/outliers.py is the same run from the command line, with the slowest battles listed to profile them and the
event-log digests that compare two trees.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import io
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tacforge.engine.balance.batch import WORKER_PRELOAD  # noqa: E402
from tacforge.engine.battlegen import BattleChoices, build_battle, write_battle  # noqa: E402
from tacforge.engine.packs import load_packs  # noqa: E402

FRONTS = ("western", "eastern")
BATTLES = int(os.environ.get("TACFORGE_BENCH_RANDOM_BATTLES", "100"))
SEED = 0
RATIO_BUDGET = 3.0


@dataclass(frozen=True)
class Played:
    """One random battle as played: its wall time and CPU time (seconds), the command that rebuilds it, units, and its
    event log's hash."""

    seconds: float
    cpu: float
    command: str
    units: int
    digest: str


def random_choices(content, rng: random.Random) -> BattleChoices:
    return BattleChoices(
        battle_type=rng.choice([b.id for b in content.ruleset.battle_types]),
        period=rng.choice(sorted(content.periods)),
        size=rng.choice(("large", "small")),
        river=rng.random() < 0.3,
        cover=rng.randint(0, 9),
        hills=rng.random() < 0.8,
        seed=rng.randrange(10**6),
    )


def new_command(front: str, c: BattleChoices) -> str:
    return (
        f"tacforge new --pack {front} --type {c.battle_type} --period {c.period} --size {c.size} --cover {c.cover}"
        f"{' --river' if c.river else ''}{'' if c.hills else ' --no-hills'} --seed {c.seed}"
    )


_worker: dict = {}


def _load(folder: str) -> None:
    """A worker as a balance run's: the packs loaded and the batch's preloaded modules imported before the first
    battle (without them, the first battle of each worker paid scipy's import and was the 'slowest' of 1,000)."""
    for name in WORKER_PRELOAD:
        importlib.import_module(name)
    _worker["packs"] = load_packs(sorted(Path(folder).iterdir()), env={}, include_user_dir=False)


def _play(ref: str, seed: int, command: str) -> Played:
    from tacforge.engine.ai import ComputerPlayer, play_out
    from tacforge.engine.sim.battle import Battle
    from tacforge.engine.sim.savegame import events_jsonl

    pack_id, scenario_id = ref.split(":")
    content = _worker["packs"].content(pack_id)
    battle = Battle(content, content.scenario(scenario_id), seed=seed)
    player = ComputerPlayer()
    start, start_cpu = time.perf_counter(), time.process_time()
    play_out(battle, {side: player for side in battle.state.sides})
    seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    digest = hashlib.sha256(events_jsonl(battle.events).encode()).hexdigest()
    return Played(seconds, cpu, command, len(battle.state.units), digest)


def play_random_battles(n: int, seed: int = SEED, jobs: int = 2) -> list[Played]:
    """Build n random battles from `seed` and play each once; in the order built."""
    rng = random.Random(seed)
    bundled = load_packs(env={}, include_user_dir=False)
    contents = {front: bundled.content(front) for front in FRONTS}
    with tempfile.TemporaryDirectory(prefix="tacforge-outliers-") as tmp:
        built = []
        for i in range(n):
            front = rng.choice(FRONTS)
            content = contents[front]
            choices = random_choices(content, rng)
            battle = build_battle(content, choices, scenario_id=f"b{i}")
            with contextlib.redirect_stdout(io.StringIO()):
                write_battle(
                    battle,
                    content,
                    Path(tmp) / f"outliers_{front}",
                    requires={"core": ">=1.0,<2", front: ">=1.0,<2"},
                    ruleset=content.ruleset.id,
                )
            built.append((f"outliers_{front}:b{i}", choices.seed, new_command(front, choices)))
        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
        with ProcessPoolExecutor(jobs, mp_context=context, initializer=_load, initargs=(tmp,)) as pool:
            return list(pool.map(_play, *zip(*built, strict=True)))


def run() -> list[tuple[str, float, float | None, str]]:
    played = play_random_battles(BATTLES)
    median = statistics.median(p.cpu for p in played)
    slowest = max(played, key=lambda p: p.cpu)
    wall_median = statistics.median(p.seconds for p in played)
    wall_slowest = max(played, key=lambda p: p.seconds)
    return [
        (
            f"random battles, AI vs AI: slowest of {len(played)}, CPU time",
            slowest.cpu * 1000,
            RATIO_BUDGET * median * 1000,
            f"{slowest.cpu / median:.1f}x the median {median * 1000:.0f} ms of CPU (budget <= {RATIO_BUDGET:g}x); "
            f"{slowest.units} units: {slowest.command}; by wall time the slowest {wall_slowest.seconds * 1000:.0f} ms, "
            f"{wall_slowest.seconds / wall_median:.1f}x the median {wall_median * 1000:.0f} ms "
            f"({wall_slowest.cpu * 1000:.0f} ms of CPU; {wall_slowest.units} units: {wall_slowest.command})",
        )
    ]


if __name__ == "__main__":
    for name, value, budget, note in run():
        print(f"{name}: {value:.0f} ms (budget {budget:.0f} ms) {note}")
