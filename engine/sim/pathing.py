"""Movement (docs/rules.md 6.10, 6.11, 13 U19-U21): costs to enter by mobility class, distance fields toward an
objective (Dijkstra, compiled; scipy where it is not built), and the steps a unit takes with the movement points it
has accumulated."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from itertools import pairwise

import numpy as np

from ..model import Map
from ..model.content import Content

_distance_field: Callable[..., None] | None
_walk: Callable[..., tuple[int | None, list[tuple[int, int]]]] | None
try:  # the compiled distance field and steps (_path_core.c), built by make setup; without it scipy's dijkstra and
    # _cheapest_neighbour do the same
    from ._path_core import distance_field as _distance_field
    from ._path_core import walk as _walk
except ImportError:  # pragma: no cover - a source checkout not installed with pip
    _distance_field = _walk = None
FIELDS_NEED_SCIPY = _distance_field is None  # what a batch's workers import before their first game (balance.batch)

IMPASSABLE = np.int32(1 << 20)
UNREACHED = 1 << 40  # a distance field's value where the goal cannot be reached (or lies beyond the field's limit)
# A bounded field first reaches this many times the straight distance at the median cost. Counted over a 30-turn game
# of seed 0 (squares settled by all fields): 1.5 111 / 512 thousand (stalingrad_relief / the 288-unit battle), 1.2 95
# / 408, 1.0 99 / 505 (more fields asked again, doubled).
FIRST_REACH = 1.2
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
        self._fields: dict[tuple[int, int], tuple[np.ndarray, float | None]] = {}  # goal -> (field, limit or None)
        self._steps: dict[tuple, tuple[int, int] | None] = {}  # next_step's answers without blocked squares
        self._reversed = None  # the sparse graph of _reversed_moves, built with the first field

    @cached_property
    def median_cost(self) -> float:
        """The median cost to enter a square the class can enter (IMPASSABLE where it can enter none)."""
        enterable = self.enter_cost[self.enter_cost < IMPASSABLE]
        return float(np.median(enterable)) if enterable.size else float(IMPASSABLE)

    def cost(self, square: tuple[int, int]) -> int:
        return self.enter_cost.item(square[1], square[0])  # a Python int, as int(self.enter_cost[y, x]) but faster

    def distance_to(self, goal: tuple[int, int]) -> np.ndarray:
        """Least total cost to reach goal from every square (the goal costs 0; the cost of a path is the sum of the
        costs to enter its squares after the first), int64, with 2**40 where the goal cannot be reached."""
        field, limit = self._fields.get(goal, (None, 0))
        if field is None or limit is not None:  # none yet, or one bounded for the steps asked so far
            field = self._store(goal, self._dijkstra(goal), None)
        return field

    def _field_reaching(self, goal: tuple[int, int], pos: tuple[int, int], limit: float | None = None):
        """(field, limit): a distance field toward goal that is exact on every square whose cost is at most
        `limit` (2**40 beyond it), pos among them if the goal can be reached from it; limit None: every square.

        A step needs only the costs near the unit, and a unit is mostly much nearer its goal than the far corners
        of the map are: a field bounded at about the unit's own cost settles a fraction of the squares. A larger
        bound is asked for (doubling) when a unit farther out asks, and past the cost of the longest possible path
        the field is complete."""
        field, known = self._fields.get(goal, (None, 0))
        if field is not None and (known is None or (limit is None and field.item(pos[1], pos[0]) < UNREACHED)):
            return field, known
        if limit is None:
            reach = max(abs(goal[0] - pos[0]), abs(goal[1] - pos[1]), 1)
            limit = max(FIRST_REACH * reach * self.median_cost, 2 * (known or 0))
        while True:
            if limit >= self.longest_path:
                return self._store(goal, self._dijkstra(goal), None), None
            field = self._dijkstra(goal, limit)
            if field.item(pos[1], pos[0]) < UNREACHED:
                return self._store(goal, field, limit), limit
            limit *= 2

    def _store(self, goal: tuple[int, int], field: np.ndarray, limit: float | None) -> np.ndarray:
        if len(self._fields) > 256:
            self._fields.clear()
        self._fields[goal] = (field, limit)
        return field

    @cached_property
    def longest_path(self) -> int:
        """More than any least-cost path can cost: the cost of entering every square the class can enter once."""
        return int(self.enter_cost[self.enter_cost < IMPASSABLE].sum()) + 1

    def _dijkstra(self, goal: tuple[int, int], limit: float | None = None) -> np.ndarray:
        """Dijkstra's algorithm from the goal over the reversed moves: the move from square u into its neighbour v
        costs the cost to enter v, so read backwards from the goal, v leads to u at that cost. With a limit,
        squares that cost more are left at 2**40. The compiled loop (_path_core.c) works on the grid itself, in
        integers; without it, scipy.sparse.csgraph on the same moves as a sparse graph (_scipy_dijkstra): every
        cost is a small whole number, so both give the same field."""
        if _distance_field is None:
            return self._scipy_dijkstra(goal, limit)
        h, w = self.height, self.width
        field = np.full((h, w), np.int64(UNREACHED))
        bounded = limit is not None
        cut = float(limit) if limit is not None else 0.0
        _distance_field(self._costs, w, h, goal[1] * w + goal[0], int(IMPASSABLE), bounded, cut, field)
        return field

    @cached_property
    def _costs(self) -> np.ndarray:
        """enter_cost as the compiled loop reads it: int32, C order."""
        return np.ascontiguousarray(self.enter_cost, dtype=np.int32)

    def _scipy_dijkstra(self, goal: tuple[int, int], limit: float | None = None) -> np.ndarray:
        """_dijkstra with scipy.sparse.csgraph (compiled): the float64 sums of whole costs are exact. It replaced a
        NumPy relaxation to a fixed point that took a round per square of the longest path (docs/engine.md); the
        compiled grid loop replaced it in turn, and it is kept as that loop's fallback and its check in the tests."""
        from scipy.sparse.csgraph import dijkstra  # imported on the first field: scipy.sparse takes ~0.2 s

        if self._reversed is None:
            self._reversed = self._reversed_moves()
        h, w = self.height, self.width
        dist = dijkstra(
            self._reversed, indices=goal[1] * w + goal[0], limit=np.inf if limit is None else float(limit)
        ).reshape(h, w)
        field = np.full((h, w), np.int64(UNREACHED))
        reached = np.isfinite(dist)  # inf where no path leads to the goal (or none within the limit)
        field[reached] = dist[reached].astype(np.int64)
        return field

    def _reversed_moves(self):
        """The moves of the map as a sparse graph, reversed: an edge from each enterable square v to each of its
        neighbours u, weighted with the cost to enter v."""
        from scipy.sparse import csr_matrix

        h, w = self.height, self.width
        index = np.arange(h * w).reshape(h, w)
        sources, targets, weights = [], [], []
        for dx, dy in NEIGHBOURS:  # u = v + (dx, dy), both on the map
            vy, vx = slice(max(0, -dy), h - max(0, dy)), slice(max(0, -dx), w - max(0, dx))
            uy, ux = slice(max(0, dy), h + min(0, dy)), slice(max(0, dx), w + min(0, dx))
            enterable = self.enter_cost[vy, vx] < IMPASSABLE
            sources.append(index[vy, vx][enterable])
            targets.append(index[uy, ux][enterable])
            weights.append(self.enter_cost[vy, vx][enterable].astype(np.float64))
        return csr_matrix(
            (np.concatenate(weights), (np.concatenate(sources), np.concatenate(targets))), shape=(h * w, h * w)
        )

    def next_step(self, pos: tuple[int, int], goal: tuple[int, int], blocked=frozenset()) -> tuple[int, int] | None:
        """The neighbour to enter next on a cheapest path to goal, or None if there is none."""
        if pos == goal:
            return None
        if blocked:  # a detour round the blocked squares: asked afresh
            steps = self._path(pos, goal, blocked)
            return steps[0] if steps else None
        # Units held up by a full square ask again every pulse, and a unit asks on every square of its way: the
        # steps of the whole way are kept with the first. Each is the step next_step gives on that square, from any
        # field (the field is exact wherever a step's total is at most its limit, and so are its neighbours there).
        key = (pos, goal)
        found = self._steps.get(key, self)
        if isinstance(found, MovementField):  # not asked before: the field itself stands for a missing entry
            if len(self._steps) > 1 << 16:
                self._steps.clear()
            steps = self._path(pos, goal, blocked)
            found = self._steps[key] = steps[0] if steps else None
            for here, nxt in pairwise(steps):
                self._steps[(here, goal)] = nxt
        return found

    def _path(self, pos: tuple[int, int], goal: tuple[int, int], blocked) -> list[tuple[int, int]]:
        """The squares of the cheapest way from pos toward goal, each next_step of the one before (only the first
        step when squares are blocked: they are the first step's neighbours); empty if there is no step."""
        field, limit = self._field_reaching(goal, pos)
        while True:
            # exact when the step found costs no more than the field's limit: any square beyond it costs more
            bound = UNREACHED - 1 if limit is None else min(int(limit), UNREACHED - 1)
            total, steps = self._walk(field, pos, goal, blocked, bound)
            if limit is None or total is None or total <= limit:
                break
            field, limit = self._field_reaching(goal, pos, 2 * limit)
        return steps

    def _walk(self, field: np.ndarray, pos: tuple[int, int], goal: tuple[int, int], blocked, bound: int):
        """(the total of the cheapest step from pos by the field, None if no neighbour may be entered; the squares
        of that step and those after it, each the cheapest from the one before, while their totals are at most
        bound, to the goal; only the first when squares are blocked). A square's total is at most the total of the
        step onto it less the cost to enter it, so a way whose first step is within the bound stays within it."""
        if _walk is not None:
            mask = 0
            if blocked:
                x, y = pos
                for k, (dx, dy) in enumerate(NEIGHBOURS):
                    if (x + dx, y + dy) in blocked:
                        mask |= 1 << k
            cap = 1 if blocked else self.width * self.height
            return _walk(self._costs, field, self.width, self.height, *pos, *goal, int(IMPASSABLE), mask, bound, cap)
        return self._walk_by_neighbours(field, pos, goal, blocked, bound)

    def _walk_by_neighbours(self, field: np.ndarray, pos: tuple[int, int], goal: tuple[int, int], blocked, bound: int):
        """_walk in Python, one _cheapest_neighbour a step: the compiled walk's fallback and its check in the tests."""
        best, total = self._cheapest_neighbour(field, pos, goal, blocked)
        steps: list[tuple[int, int]] = []
        first = total
        cap = 1 if blocked else self.width * self.height
        while best is not None and total <= bound and len(steps) < cap:
            steps.append(best)
            if best == goal:
                break
            best, total = self._cheapest_neighbour(field, best, goal, frozenset())
        return first, steps

    def _cheapest_neighbour(self, field: np.ndarray, pos: tuple[int, int], goal: tuple[int, int], blocked):
        """(the neighbour to enter, its total cost to the goal) by the field; (None, None) if none may be entered."""
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
        return (best, best_key[0]) if best_key is not None else (None, None)
