"""Line of sight, viewsheds, distance and facing arcs (rules-reference 7, 13 U1, U2).

Squares are ``(x, y)`` tuples, x eastward, y southward (row 0 = north); grids are indexed ``[y, x]``.

Rules decisions (the recommended reading of rules-reference 7, made exact):

* Distance is Chebyshev. A unit's height is the level of its square. The path is `line_squares`, endpoints
  excluded. Range > visibility: no LOS. Adjacent squares (nothing between) always see each other.
* A path square whose level is higher than both ends (ELEVATED) always blocks.
* Same level: the cover count decides: any town blocks, a 2nd woods blocks, a 3rd broken blocks, woods and broken
  together block (`COUNT_WEIGHT` in terrain_grid).
* Different levels: every path square is tested with ``round_half_up(h - d*H/D) OP P``, d counted from the higher
  end (OP is '>=' in BG, '>' in KG); failing the test blocks. Exact integer arithmetic. The sight line is the
  same straight line from either end, so the answer is symmetric. A square whose P does not exceed the lower unit's
  level never blocks: the sight line never dips to that level before the lower end, and without this KG's strict
  '>' would let every clear square next to a lower target block (rules-reference 7: "clear P = 1 never blocks").
  With ``count_cover_between_levels=True`` the cover count also applies between levels (the alternative reading).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from functools import lru_cache

import numpy as np

from .terrain_grid import COUNT_BLOCKS, COUNT_WEIGHT, LOS_TOWN, TerrainGrid

Square = tuple[int, int]
OPERATORS = {">=": 0, ">": 1}  # e: the line must reach P + e
FACINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")  # manual numbering 1..8
FACING_VECTORS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def distance(a: Square, b: Square) -> int:
    """Chebyshev distance in squares (rules-reference 13 U1)."""
    return max(abs(b[0] - a[0]), abs(b[1] - a[1]))


def line_squares(a: Square, b: Square) -> list[Square]:
    """The Bresenham squares strictly between `a` and `b`, in order from `a`.

    One square per step along the major axis; the minor coordinate of step k is the true line's value rounded half
    up *in map coordinates* (ties go east / south). The real point at a given step is the same whichever end the
    line starts from, and so is its rounding, so ``line_squares(b, a) == line_squares(a, b)[::-1]``.
    """
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    n = max(abs(dx), abs(dy))
    if abs(dx) >= abs(dy):
        sx = 1 if dx > 0 else -1
        return [(ax + sx * k, ay + (2 * k * dy + n) // (2 * n)) for k in range(1, n)]
    sy = 1 if dy > 0 else -1
    return [(ax + (2 * k * dx + n) // (2 * n), ay + sy * k) for k in range(1, n)]


def _operator(operator: str) -> int:
    try:
        return OPERATORS[operator]
    except KeyError:
        raise ValueError(f"LOS operator must be '>=' or '>', not {operator!r}") from None


def _check(grid: TerrainGrid, square: Square) -> None:
    if not grid.contains(square):
        raise ValueError(f"square {square} is outside the {grid.width}x{grid.height} map")


def has_los(grid: TerrainGrid, a: Square, b: Square, operator: str = ">=", visibility: float = 20, *,
            count_cover_between_levels: bool = False) -> bool:
    """Whether units on squares `a` and `b` see each other (rules-reference 7; the reference implementation)."""
    e = _operator(operator)
    _check(grid, a)
    _check(grid, b)
    n = distance(a, b)
    if n > visibility:
        return False
    if n <= 1:
        return True
    level, kind = grid.level, grid.los_kind
    ha, hb = int(level[a[1], a[0]]), int(level[b[1], b[0]])
    high, low = max(ha, hb), min(ha, hb)
    path = line_squares(a, b)
    if any(level[y, x] > high for x, y in path):
        return False
    if ha == hb or count_cover_between_levels:
        if sum(int(COUNT_WEIGHT[kind[y, x]]) for x, y in path) >= COUNT_BLOCKS:
            return False
        if ha == hb:
            return True
    top = a if ha > hb else b
    rise = high - low
    for x, y in path:
        p = int(grid.obstacle[y, x])
        if p <= low:
            continue
        d = distance(top, (x, y))
        line = (2 * (high * n - d * rise) + n) // (2 * n)  # round_half_up(h - d*H/D)
        if line < p + e:
            return False
    return True


# -- viewshed --------------------------------------------------------------------------------------------------
# The formula, made integer and symmetric: the sight line's height at the k-th path square from the origin is
# h0 + k*dH/D (dH = target level - origin level), the same real number whichever end d is counted from. The square
# blocks when round_half_up(line) < P + e, i.e. 2D*P > D*(2*h0 + 1 - 2e) + 2*dH*k, i.e. w*D > 2*dH*k with the
# per-square w = 2P - (2*h0 + 1 - 2e); and (KG) only when P > the lower level, i.e. w > 2*min(dH, 0) - 1 + 2e.
class _Paths:
    """The Bresenham paths from the centre of a (2r+1)^2 window to each of its squares, as padded tables.

    ``index[k-1, n]`` is the window index (row-major) of the k-th square on the path to window square n, or the
    sentinel index S*S past the end of a path; ``step[k-1, n]`` is k there and 0 in the padding (so the padding
    never blocks); ``dist[n]`` is the distance D.
    """

    def __init__(self, radius: int):
        side = 2 * radius + 1
        count = side * side
        self.radius, self.side, self.count = radius, side, count
        depth = max(radius - 1, 1)
        dy, dx = np.divmod(np.arange(count), side)
        dx, dy = dx - radius, dy - radius
        dist = np.maximum(np.abs(dx), np.abs(dy))
        k = np.arange(1, depth + 1)[:, None]
        safe = np.maximum(dist, 1)
        minor_x = (2 * k * dx + safe) // (2 * safe)  # x of step k when y is the major axis (as in line_squares)
        minor_y = (2 * k * dy + safe) // (2 * safe)
        x_major = np.abs(dx) >= np.abs(dy)
        px = np.where(x_major, np.sign(dx) * k, minor_x)
        py = np.where(x_major, minor_y, np.sign(dy) * k)
        inside = k < dist
        self.index = np.where(inside, (py + radius) * side + (px + radius), count).astype(np.intp)
        self.step = np.where(inside, k, 0).astype(np.int16)
        self.dist = dist.astype(np.int16)
        for array in (self.index, self.step, self.dist):
            array.flags.writeable = False


@lru_cache(maxsize=8)
def _paths(radius: int) -> _Paths:
    return _Paths(radius)


def path_table(width: int, height: int, visibility: float) -> _Paths:
    """The (cached) path table a viewshed on a width x height map at `visibility` uses."""
    return _paths(_radius(width, height, visibility))


def _radius(width: int, height: int, visibility: float) -> int:
    return max(0, min(math.floor(visibility), max(width, height) - 1))


_RESULTS: OrderedDict[tuple, np.ndarray] = OrderedDict()
RESULT_CACHE_SIZE = 2048


def clear_viewshed_cache() -> None:
    """Forget every cached viewshed (the path tables stay)."""
    _RESULTS.clear()


def viewshed(grid: TerrainGrid, origin: Square, operator: str = ">=", visibility: float = 20, *,
             count_cover_between_levels: bool = False) -> np.ndarray:
    """A read-only (height, width) bool array: True where `has_los(grid, origin, square, ...)` is True.

    Vectorised over every square in range at once; results are kept in a bounded LRU per grid, origin, operator,
    visibility and option. Copy the array before changing it.
    """
    e = _operator(operator)
    _check(grid, origin)
    if visibility < 0:
        return np.zeros((grid.height, grid.width), bool)
    radius = _radius(grid.width, grid.height, visibility)
    key = (grid.serial, origin, e, radius, count_cover_between_levels)
    hit = _RESULTS.get(key)
    if hit is not None:
        _RESULTS.move_to_end(key)
        return hit
    result = _compute(grid, origin, e, _paths(radius), count_cover_between_levels)
    result.flags.writeable = False
    _RESULTS[key] = result
    if len(_RESULTS) > RESULT_CACHE_SIZE:
        _RESULTS.popitem(last=False)
    return result


def _window(array: np.ndarray, ox: int, oy: int, r: int, fill: int = 0) -> tuple[np.ndarray, tuple]:
    """The flat (2r+1)^2 + 1 window of `array` centred on (ox, oy): `fill` off the map, 0 at the sentinel."""
    height, width = array.shape
    side = 2 * r + 1
    x0, y0, x1, y1 = max(ox - r, 0), max(oy - r, 0), min(ox + r + 1, width), min(oy + r + 1, height)
    box = (slice(y0 - oy + r, y1 - oy + r), slice(x0 - ox + r, x1 - ox + r))
    flat = np.zeros(side * side + 1, array.dtype)
    square = flat[:-1].reshape(side, side)
    if fill or x1 - x0 < side or y1 - y0 < side:
        square[...] = fill
    square[box] = array[y0:y1, x0:x1]
    return flat, (box, (slice(y0, y1), slice(x0, x1)))


def _compute(grid: TerrainGrid, origin: Square, e: int, paths: _Paths, count_between: bool) -> np.ndarray:
    ox, oy = origin
    r, side = paths.radius, paths.side
    h0 = int(grid.level[oy, ox])
    codes, (box, region) = _window(grid.packed(h0, e), ox, oy, r)
    levels, _ = _window(grid.level, ox, oy, r, fill=h0)
    delta = levels[:-1].astype(np.int16) - h0         # per column: target level - origin level
    same = delta == 0
    gathered = codes[paths.index]                     # (K, N): packed codes along every path
    lhs = gathered >> 2                               # w
    lhs *= np.where(same, 0, paths.dist)              # w * D (0 at the target's own level: the count decides)
    rhs = paths.step * (2 * delta)                    # 2 * dH * k (0 in the padding)
    if e:
        np.maximum(rhs, (2 * np.minimum(delta, 0) + 1) * paths.dist, out=rhs)  # and P above the lower level
    blocked = (lhs > rhs).any(axis=0)
    if count_between:
        weights, _ = _window(COUNT_WEIGHT[grid.los_kind], ox, oy, r)
        counts = np.where(same, (gathered & 3).sum(axis=0, dtype=np.int16),
                          weights[paths.index].sum(axis=0, dtype=np.int16))
        blocked |= counts >= COUNT_BLOCKS
    else:
        blocked |= same & ((gathered & 3).sum(axis=0, dtype=np.int16) >= COUNT_BLOCKS)
    out = np.zeros((grid.height, grid.width), bool)
    out[region] = ~blocked.reshape(side, side)[box]
    return out


# -- facing ----------------------------------------------------------------------------------------------------
def facing_index(facing: int | str) -> int:
    """0..7 for N..NW; accepts 'N'..'NW' (any case) or the manual's numbers 1 (N) .. 8 (NW)."""
    if isinstance(facing, str):
        try:
            return FACINGS.index(facing.strip().upper())
        except ValueError:
            raise ValueError(f"unknown facing {facing!r}; use one of {', '.join(FACINGS)}") from None
    if isinstance(facing, (int, np.integer)) and 1 <= facing <= 8:
        return int(facing) - 1
    raise ValueError(f"unknown facing {facing!r}; use 1 (N) .. 8 (NW) or a compass name")


def in_arc(origin: Square, facing: int | str, target: Square, degrees: int = 180) -> bool:
    """Whether `target` lies within the `degrees`-wide arc centred on `facing` as seen from `origin`.

    Boundaries are inclusive (a target exactly 45 degrees off a 90-degree arc is inside); the origin's own square is
    always inside. Exact integer arithmetic for 90, 180 and 360 degrees (rules-reference 13 U2).
    """
    fx, fy = FACING_VECTORS[facing_index(facing)]
    tx, ty = target[0] - origin[0], target[1] - origin[1]
    if tx == 0 and ty == 0 or degrees >= 360:
        return True
    dot = fx * tx + fy * ty
    if degrees == 180:
        return dot >= 0
    if degrees == 90:  # cos(angle) >= cos 45  <=>  dot >= 0 and 2 dot^2 >= |f|^2 |t|^2
        return dot >= 0 and 2 * dot * dot >= (fx * fx + fy * fy) * (tx * tx + ty * ty)
    if not 0 < degrees < 360:
        raise ValueError(f"arc width must be in 1..360 degrees, not {degrees}")
    cosine = dot / math.sqrt((fx * fx + fy * fy) * (tx * tx + ty * ty))
    return math.degrees(math.acos(max(-1.0, min(1.0, cosine)))) <= degrees / 2 + 1e-9


def front_arc(target_pos: Square, target_facing: int | str, firer_pos: Square) -> bool:
    """Whether fire from `firer_pos` strikes the target's front armour: the firer within +-45 degrees of the
    target's facing, inclusive (rules-reference 13 U2). A firer in the target's own square counts as frontal."""
    return in_arc(target_pos, target_facing, firer_pos, 90)


__all__ = ["FACINGS", "OPERATORS", "clear_viewshed_cache", "distance", "facing_index", "front_arc", "has_los",
           "in_arc", "line_squares", "path_table", "viewshed", "LOS_TOWN"]
