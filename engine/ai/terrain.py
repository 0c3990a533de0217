"""Terrain judgements for the computer player: the objective area, safe and covered squares, where a formation's
units stand relative to their headquarters, and how far a unit gets in a turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.geometry import chebyshev
from ..sim.command import square_of
from ..sim.pathing import IMPASSABLE

if TYPE_CHECKING:
    from ..sim.battle import Battle
    from ..sim.state import UnitState

AREA_RADIUS = 9  # the 19 x 19 objective area (docs/rules.md 1.5, 13 U1)
SHAPE_LIMIT = 3  # a formation keeps its shape within 3 squares of its headquarters


def objective(battle: Battle) -> tuple[int, int]:
    """The objective's centre; a scenario without one is fought for the middle of the map."""
    return battle.state.objective_center or (battle.map.width // 2, battle.map.height // 2)


def clamp(battle: Battle, square: tuple[int, int]) -> tuple[int, int]:
    return min(max(square[0], 0), battle.map.width - 1), min(max(square[1], 0), battle.map.height - 1)


def in_area(battle: Battle, square: tuple[int, int] | None, margin: int = 0) -> bool:
    if square is None:
        return False
    cx, cy = objective(battle)
    limit = AREA_RADIUS - margin  # (the Chebyshev distance, inline: every unit asks a few times a turn)
    return -limit <= square[0] - cx <= limit and -limit <= square[1] - cy <= limit


def into_area(battle: Battle, square: tuple[int, int], margin: int = 1) -> tuple[int, int]:
    """The square moved straight toward the objective centre until it lies inside the area (minus margin)."""
    center = objective(battle)
    limit = AREA_RADIUS - margin
    x = min(max(square[0], center[0] - limit), center[0] + limit)
    y = min(max(square[1], center[1] - limit), center[1] + limit)
    return clamp(battle, (x, y))


def toward_home(battle: Battle, side: str) -> tuple[int, int]:
    """Unit vector from the map toward the side's home edge."""
    edge = battle.ruleset.known_side(side).home_edge
    return {"west": (-1, 0), "east": (1, 0), "north": (0, -1), "south": (0, 1)}.get(edge, (0, 0))


def offset_in_formation(unit: UnitState, hq: UnitState | None) -> tuple[int, int]:
    """Where the unit stands relative to its headquarters in the formation's deployed shape (clamped)."""
    if hq is None or unit.start_pos is None or hq.start_pos is None or unit is hq:
        return (0, 0)
    return (
        max(-SHAPE_LIMIT, min(SHAPE_LIMIT, unit.start_pos[0] - hq.start_pos[0])),
        max(-SHAPE_LIMIT, min(SHAPE_LIMIT, unit.start_pos[1] - hq.start_pos[1])),
    )


def passable(battle: Battle, unit: UnitState, square: tuple[int, int]) -> bool:
    return battle.field(unit).cost(square) < int(IMPASSABLE)


def squares_per_turn(battle: Battle, unit: UnitState) -> float:
    """Typical squares the unit covers in a turn at full speed (by the median cost of entering a square)."""
    speed = unit.weapon.sp
    if speed <= 0:
        return 0.0
    return 4 * speed / max(battle.field(unit).median_cost, 1.0)


def cover_near(
    battle: Battle, unit: UnitState, center: tuple[int, int], radius: int = AREA_RADIUS
) -> tuple[int, int] | None:
    """The nearest cover square to the unit within `radius` of center, on squares its class can enter."""
    grid, field = battle.grid, battle.field(unit)
    here = square_of(unit, battle.state)
    best, best_key = None, None
    cx, cy = center
    for y in range(max(0, cy - radius), min(grid.height, cy + radius + 1)):
        for x in range(max(0, cx - radius), min(grid.width, cx + radius + 1)):
            if not grid.cover[y, x] or field.enter_cost[y, x] >= IMPASSABLE:
                continue
            key = (chebyshev(here, (x, y)), x, y)
            if best_key is None or key < best_key:
                best, best_key = (x, y), key
    return best


def enemy_front(battle: Battle, side: str) -> tuple[int, int]:
    """Where the enemy is expected before anything is seen: its start line (or home edge) level with the
    objective."""
    state = battle.state
    center = objective(battle)
    enemy = state.enemy_of(side)
    edge = battle.ruleset.known_side(enemy).home_edge
    line = state.start_lines.get(enemy)
    w, h = battle.map.width, battle.map.height
    if edge in ("west", "east"):
        x = line if line is not None else (0 if edge == "west" else w - 1)
        return (x, center[1])
    y = line if line is not None else (0 if edge == "north" else h - 1)
    return (center[0], y)


def enemy_depth(battle: Battle, side: str, square: tuple[int, int]) -> int:
    """How far the square lies beyond the enemy's start line toward the enemy's home edge (negative: short of it)."""
    state = battle.state
    enemy = state.enemy_of(side)
    edge = battle.ruleset.known_side(enemy).home_edge
    front = enemy_front(battle, side)
    if edge == "west":
        return front[0] - square[0]
    if edge == "east":
        return square[0] - front[0]
    if edge == "north":
        return front[1] - square[1]
    return square[1] - front[1]
