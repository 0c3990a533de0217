"""Could a defender's tanks reach a passive attacker's blind side unseen? A maintainer's diagnostic for the
computer player (docs/engine.md, "Measured"), run on the fixture scenarios of tests/data/fixtures:

    .venv/bin/python scripts/defender_routes.py

It cheats on purpose - it knows where every attacker stands - to find the best case: the squares a moving tank of
the defender would be sighted on by some attacker (inside its 180-degree field of vision, line of sight, within the
sighting range of a moving tank: its silhouette + 1, x 3 moving, / 3 in cover, capped by the visibility), the
firing squares 1-4 from an attacker outside its field of vision and sighted by nobody, and the cheapest route
between them that no attacker sees, in turns at the tank's full speed. "none" means every way to the enemy's
blind side crosses somebody's view: the raid has to be seen and fired on to get there.
"""

from __future__ import annotations

import heapq
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tacforge.engine.ai.tactics import fighting_armour  # noqa: E402
from tacforge.engine.packs import load_packs  # noqa: E402
from tacforge.engine.rules.los import in_arc  # noqa: E402
from tacforge.engine.sim.battle import Battle  # noqa: E402
from tacforge.engine.sim.pathing import IMPASSABLE  # noqa: E402


def seen_squares(battle: Battle, enemies, silhouette: int) -> np.ndarray:
    grid, vis = battle.grid, battle.state.visibility
    h, w = grid.cover.shape
    seen = np.zeros((h, w), bool)
    for y in range(h):
        for x in range(w):
            reach = min(silhouette * 3 / (3 if grid.cover[y, x] else 1), vis)
            seen[y, x] = any(
                max(abs(e.pos[0] - x), abs(e.pos[1] - y)) <= reach
                and in_arc(e.pos, e.facing, (x, y), 180)
                and battle.sees(e.pos, (x, y))
                for e in enemies
            )
    return seen


def blind_firing_squares(enemies, seen: np.ndarray) -> np.ndarray:
    goal = np.zeros_like(seen)
    h, w = seen.shape
    for y in range(h):
        for x in range(w):
            goal[y, x] = not seen[y, x] and any(
                1 <= max(abs(e.pos[0] - x), abs(e.pos[1] - y)) <= 4 and not in_arc(e.pos, e.facing, (x, y), 180)
                for e in enemies
            )
    return goal


def unseen_route_cost(cost: np.ndarray, seen: np.ndarray, start, goal: np.ndarray) -> float:
    h, w = cost.shape
    dist = np.full((h, w), np.inf)
    dist[start[1], start[0]] = 0.0
    queue = [(0.0, start)]
    while queue:
        here, (x, y) = heapq.heappop(queue)
        if goal[y, x]:
            return here
        if here > dist[y, x]:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nx, ny = x + dx, y + dy
                if (dx or dy) and 0 <= nx < w and 0 <= ny < h and not seen[ny, nx] and cost[ny, nx] < IMPASSABLE:
                    there = here + float(cost[ny, nx])
                    if there < dist[ny, nx]:
                        dist[ny, nx] = there
                        heapq.heappush(queue, (there, (nx, ny)))
    return float("inf")


def main() -> None:
    packs = load_packs([str(ROOT / "tests" / "data" / "fixtures")], env={}, include_user_dir=False)
    print(f"{'scenario':40} {'tank':10} {'seen':>5} {'blind':>5} {'unseen route, turns':>20} {'game turns':>10}")
    for pack_id in sorted(packs.packs):
        content = packs.content(pack_id)
        for scenario in packs.packs[pack_id].docs.scenarios:
            battle = Battle(content, scenario, seed=0)
            if len(battle.state.attackers) != 1:
                continue  # a meeting engagement has no defender
            attacker = battle.state.attackers[0]
            defender = battle.state.enemy_of(attacker)
            enemies = [u for u in battle.state.side_units(attacker) if u.pos is not None]
            tanks = [u for u in battle.state.side_units(defender) if u.pos is not None and fighting_armour(battle, u)]
            if not tanks:
                continue
            tank = tanks[0]
            seen = seen_squares(battle, enemies, tank.weapon.sl + 1)
            goal = blind_firing_squares(enemies, seen)
            mp = unseen_route_cost(battle.field(tank).enter_cost, seen, tank.pos, goal)
            turns = "none" if mp == float("inf") else f"{mp / (4 * tank.weapon.sp):.1f}"
            print(
                f"{scenario.id:40} {tank.weapon.name:10} {int(seen.sum()):5} {int(goal.sum()):5} {turns:>20} "
                f"{battle.state.last_turn:10}"
            )


if __name__ == "__main__":
    main()
