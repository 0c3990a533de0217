"""Benchmark: a whole battle, computer against computer, headless (design.md 8: a large historical battle of 30
turns under 1 s). Until the historical scenarios exist, the largest bundled scenario stands in for one."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.ai import ComputerPlayer  # noqa: E402
from engine.packs import load_packs  # noqa: E402
from engine.sim.battle import Battle  # noqa: E402


def largest_scenario(packset):
    best = None
    for pack in packset.packs.values():
        for scenario in pack.docs.scenarios:
            size = sum(u.count > 0 for f in scenario.forces for fm in f.formations for u in fm.units)
            if best is None or size > best[0]:
                best = (size, pack.id, scenario)
    return best


def play(content, scenario, seed: int) -> float:
    battle = Battle(content, scenario, seed=seed, turns=30)
    player = ComputerPlayer()
    start = time.perf_counter()
    while not battle.over:
        battle.orders_phase({side: player.orders(battle, side) for side in battle.state.sides})
        battle.combat_phase()
    return (time.perf_counter() - start) * 1000


def run() -> list[tuple[str, float, float | None, str]]:
    packset = load_packs(env={}, include_user_dir=False)
    units, pack_id, scenario = largest_scenario(packset)
    content = packset.content(pack_id)
    times = [play(content, scenario, seed) for seed in range(5)]
    return [("battle, AI vs AI, 30 turns, headless", statistics.median(times), 1000.0,
             f"{scenario.id}, {units} units (stand-in for a large historical battle)")]


if __name__ == "__main__":
    for name, value, budget, note in run():
        print(f"{name}: {value:.0f} ms (budget {budget:.0f} ms) {note}")
