"""Terrain judgements for the computer player: where each formation heads, and cover near a place."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..sim.command import chebyshev

if TYPE_CHECKING:
    from ..sim.battle import Battle
    from ..sim.state import UnitState


def hunting_goal(battle: "Battle", side: str, seen) -> tuple[int, int]:
    """Where a defender that waited in vain goes looking: the nearest enemy it has seen, else the enemy's start
    line (or home edge) level with the objective."""
    state = battle.state
    center = state.objective_center or (battle.map.width // 2, battle.map.height // 2)
    if seen:
        from ..sim.command import position

        return min((position(e, state) for e in seen), key=lambda p: (chebyshev(p, center), p))
    enemy = state.enemy_of(side)
    edge = battle.ruleset.side(enemy).home_edge
    line = state.start_lines.get(enemy)
    w, h = battle.map.width, battle.map.height
    if edge in ("west", "east"):
        x = line if line is not None else (0 if edge == "west" else w - 1)
        return (x, center[1])
    y = line if line is not None else (0 if edge == "north" else h - 1)
    return (center[0], y)


def objective_slots(battle: "Battle", side: str, letters: list[str],
                    goal: tuple[int, int] | None = None) -> dict[str, tuple[int, int]]:
    """A goal per formation: the objective centre (or another goal), with formations spread across the front so
    they do not pile into one square (the 19x19 area leaves room for it)."""
    state = battle.state
    center = goal or state.objective_center or (battle.map.width // 2, battle.map.height // 2)
    edge = battle.ruleset.side(side).home_edge
    lateral = edge in ("west", "east")
    out = {}
    for i, letter in enumerate(letters):
        shift = ((i + 1) // 2) * (1 if i % 2 else -1) * 3
        x, y = (center[0], center[1] + shift) if lateral else (center[0] + shift, center[1])
        out[letter] = (min(max(x, 0), battle.map.width - 1), min(max(y, 0), battle.map.height - 1))
    return out


def cover_near(battle: "Battle", unit: "UnitState", center: tuple[int, int], radius: int = 9) -> tuple[int, int] | None:
    """The nearest cover square to the unit inside the objective area, on squares its class can enter."""
    grid, field = battle.grid, battle.field(unit)
    best, best_key = None, None
    cx, cy = center
    for y in range(max(0, cy - radius), min(grid.height, cy + radius + 1)):
        for x in range(max(0, cx - radius), min(grid.width, cx + radius + 1)):
            if not grid.cover[y, x] or field.cost((x, y)) >= (1 << 20):
                continue
            key = (chebyshev(unit.pos, (x, y)), x, y)
            if best_key is None or key < best_key:
                best, best_key = (x, y), key
    return best
