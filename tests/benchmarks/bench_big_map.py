"""Benchmark: a battle on a 256 x 256 map, computer against computer, and its peak memory (issue 31 and
docs/architecture.md 8: "a 256 x 256 battle in under 1 GB of memory").

The battle is bench_battle's 288-unit Western meeting engagement (the forces of the issue's large battle: 149 British
units against 139 German, 20 formations a side, auto-deployed) on a random 256 x 256 map of the same choices (hills,
cover 5, no river). The sides start behind lines about 225 squares apart and meet around turn 30, so a 30-turn game
would measure the approach alone; the battle is played for TURNS turns, BG's longest game (255), because the memory
grows with the turns played while the caches fill (the computer players' maps by turn, the distance fields, the
line of sight's layers per level), up to about turn 180, and then stays level: the peak of the whole game is what the
budget is about.

It is played in a fresh process that loads the packs, plays the game and reports its own high-water mark (VmHWM in
/proc/self/status: ru_maxrss would carry over the exec the memory of the benchmark process that started it) and the
game's time; the loading of the packs is in the peak (it is in every game's), the building of the battle is not (it
is done here, before). One game, seed 0: the memory does not vary with the load, and the time row is a single game's.
TACFORGE_BENCH_BIG_MAP_TURNS sets the length. It costs about a minute on the loaded two-core machine (the game 21-31 s
of CPU in four runs; building the battle, its map included, a few seconds).

    .venv/bin/python tests/benchmarks/bench_big_map.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench_battle import BIG_PACK_ID, BIG_SCENARIO, describe, scenario_units, write_big_battle  # noqa: E402

MAP_SIDE = 256
TURNS = int(os.environ.get("TACFORGE_BENCH_BIG_MAP_TURNS", "255"))
SEED = 0
MEMORY_BUDGET_MB = 1024.0  # 1 GB, in the MB (MiB) that VmHWM's kB give

PLAY = """
import json, resource, sys, time
from pathlib import Path
from tacforge.engine.ai import ComputerPlayer, play_out
from tacforge.engine.packs import load_packs
from tacforge.engine.sim.battle import Battle

def high_water_mb():
    status = Path("/proc/self/status")
    if status.exists():
        return int(next(l for l in status.read_text().splitlines() if l.startswith("VmHWM:")).split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

pack_dir, scenario_id, seed, turns = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
content = load_packs([pack_dir], env={}, include_user_dir=False).content(pack_dir.name)
loaded_mb = high_water_mb()
battle = Battle(content, content.scenario(scenario_id), seed=seed, turns=turns)
player = ComputerPlayer()
start, cpu = time.perf_counter(), time.process_time()
play_out(battle, {side: player for side in battle.state.sides})
state = battle.state
lost = {side: [sum(u.initial_count - u.count for u in state.side_units(side)),
               sum(u.initial_count for u in state.side_units(side))] for side in state.sides}
print(json.dumps({"ms": (time.perf_counter() - start) * 1000, "cpu_ms": (time.process_time() - cpu) * 1000,
                  "loaded_mb": loaded_mb, "peak_mb": high_water_mb(), "turns": state.turn, "lost": lost}))
"""


def measure(turns: int = TURNS, seed: int = SEED) -> dict:
    """Build the battle, play it in a fresh process; its time, CPU, peak memory and units."""
    from tacforge.engine.packs import load_packs

    with tempfile.TemporaryDirectory(prefix="tacforge-bench-map-") as tmp:
        pack_dir = write_big_battle(Path(tmp) / BIG_PACK_ID, MAP_SIDE)
        scenario = load_packs([pack_dir], env={}, include_user_dir=False).packs[BIG_PACK_ID].docs.scenarios[0]
        done = subprocess.run(
            [sys.executable, "-c", PLAY, str(pack_dir), BIG_SCENARIO, str(seed), str(turns)],
            capture_output=True,
            text=True,
            check=True,
        )
    return {**json.loads(done.stdout.strip().splitlines()[-1]), "units": scenario_units(scenario)}


def run() -> list[tuple]:
    m = measure()
    what = f"built western meeting, {describe(m['units'])}, {m['turns']} turns, seed {SEED}"
    return [
        (
            f"battle on a {MAP_SIDE}x{MAP_SIDE} map, AI vs AI: peak memory",
            m["peak_mb"],
            MEMORY_BUDGET_MB,
            f"{what}; the whole process's high-water mark (VmHWM), {m['loaded_mb']:.0f} MB of it after loading the "
            "packs",
            "MB",
        ),
        (
            f"battle on a {MAP_SIDE}x{MAP_SIDE} map, AI vs AI: time",
            m["ms"],
            None,
            f"the same game, one run; CPU {m['cpu_ms'] / 1000:.1f} s; lost (men, guns, vehicles): "
            + ", ".join(f"{side} {lost} of {total}" for side, (lost, total) in m["lost"].items()),
        ),
    ]


if __name__ == "__main__":
    for name, value, budget, note, *unit in run():
        shown = "-" if budget is None else f"{budget:.0f}"
        print(f"{name}: {value:.0f} {unit[0] if unit else 'ms'} (budget {shown}) {note}")
