"""Movement (rules-reference 6.10, 6.11, 13 U19-U21): costs to enter by mobility class, distance fields toward an
objective, and the step a unit takes with the movement points it has accumulated."""

from __future__ import annotations

import numpy as np

from ..model import Map
from ..packs.content import Content

IMPASSABLE = np.int32(1 << 20)
NEIGHBOURS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


class MovementField:
    """Per map and mobility class: the cost to enter every square, and cached distance fields to objectives."""

    def __init__(self, game_map: Map, content: Content, mobility: str):
        table = np.full(256, IMPASSABLE, dtype=np.int32)
        for code, entry in content.terrain_codes.items():
            terrain = content.terrain_type(entry.type)
            cost = terrain.cost(mobility) if terrain is not None else None
            if cost is not None:
                table[code] = cost
        self.enter_cost = table[game_map.codes]
        self.height, self.width = self.enter_cost.shape
        self._fields: dict[tuple[int, int], np.ndarray] = {}

    def cost(self, square: tuple[int, int]) -> int:
        return int(self.enter_cost[square[1], square[0]])

    def distance_to(self, goal: tuple[int, int]) -> np.ndarray:
        """Least total cost to reach goal from every square (the goal costs 0), by vectorised relaxation."""
        field = self._fields.get(goal)
        if field is not None:
            return field
        field = self._relax(goal)
        if len(self._fields) > 256:
            self._fields.clear()
        self._fields[goal] = field
        return field

    def _relax(self, goal: tuple[int, int]) -> np.ndarray:
        """Relaxation to a fixed point in int32 (entering costs at most IMPASSABLE, and every
        value is capped at 2**30, so nothing overflows; squares at IMPASSABLE or beyond end as 2**40: unreachable), and
        the minimum over the eight neighbours as a 3x3 minimum taken row-wise then column-wise (it includes the
        square itself, which never wins: its own cost is not negative)."""
        h, w = self.height, self.width
        cap = np.int32(1 << 30)
        dist = np.full((h + 2, w + 2), cap, dtype=np.int32)  # the border stays at cap: never the least
        inner = dist[1:-1, 1:-1]
        inner[goal[1], goal[0]] = 0
        cost = np.zeros((h + 2, w + 2), dtype=np.int32)
        cost[1:-1, 1:-1] = self.enter_cost
        through = np.empty((h + 2, w + 2), dtype=np.int32)
        rows = np.empty((h + 2, w), dtype=np.int32)
        best = np.empty((h, w), dtype=np.int32)
        for _ in range(h * w):
            np.add(cost, dist, out=through)
            np.minimum(through[:, :-2], through[:, 1:-1], out=rows)
            np.minimum(rows, through[:, 2:], out=rows)
            np.minimum(rows[:-2], rows[1:-1], out=best)
            np.minimum(best, rows[2:], out=best)
            if not (best < inner).any():  # best <= inner: unchanged unless some square got cheaper
                break
            np.minimum(best, inner, out=inner)
        field = inner.astype(np.int64)
        field[field >= IMPASSABLE] = np.int64(1 << 40)
        return field

    def next_step(self, pos: tuple[int, int], goal: tuple[int, int], blocked=frozenset()) -> tuple[int, int] | None:
        """The neighbour to enter next on a cheapest path to goal, or None if there is none."""
        if pos == goal:
            return None
        field = self.distance_to(goal)
        best, best_key = None, None
        x, y = pos
        for dx, dy in NEIGHBOURS:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < self.width and 0 <= ny < self.height) or (nx, ny) in blocked:
                continue
            enter = self.enter_cost.item(ny, nx)  # a Python int, as int(self.enter_cost[ny, nx]) but faster
            if enter >= IMPASSABLE:
                continue
            total = enter + field.item(ny, nx)
            # ties: prefer the step with more Chebyshev progress, then the one nearest the straight line to the goal
            # (so that a unit in the open drives straight, not along a zigzag of equal cost), then a fixed
            # neighbour order (determinism)
            gx, gy = goal[0] - nx, goal[1] - ny
            key = (total, max(abs(gx), abs(gy)), gx * gx + gy * gy)
            if best_key is None or key < best_key:
                best, best_key = (nx, ny), key
        if best is None or best_key[0] >= (1 << 40):
            return None
        return best
