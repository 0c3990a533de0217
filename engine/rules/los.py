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

`has_los` is the plain reference implementation; `viewshed` gives the same answer for every square in range at
once with NumPy (paths precomputed per map size and visibility, terrain encoded per map and origin level, results
kept in a bounded LRU), and the tests hold the two to agreement on every square.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from contextlib import suppress
from functools import lru_cache

import numpy as np

from .terrain_grid import COUNT_BLOCKS, COUNT_WEIGHT, TerrainGrid

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
    level, obstacle, weight = grid.rows
    ha, hb = level[a[1]][a[0]], level[b[1]][b[0]]
    high, low = max(ha, hb), min(ha, hb)
    path = line_squares(a, b)
    if any(level[y][x] > high for x, y in path):
        return False
    if ha == hb or count_cover_between_levels:
        if sum(weight[y][x] for x, y in path) >= COUNT_BLOCKS:
            return False
        if ha == hb:
            return True
    tx, ty = a if ha > hb else b
    rise = high - low
    for x, y in path:
        p = obstacle[y][x]
        if p > low:
            d = max(abs(x - tx), abs(y - ty))
            if (2 * (high * n - d * rise) + n) // (2 * n) < p + e:  # round_half_up(h - d*H/D) OP P fails
                return False
    return True


# -- viewshed --------------------------------------------------------------------------------------------------
# The formula, made integer and symmetric: the sight line's height at the k-th path square from the origin is
# h0 + k*dH/D (dH = target level - origin level), the same real number whichever end d is counted from. A square
# blocks when round_half_up(line) < P + e, i.e. 2D*P > D*(2*h0 + 1 - 2e) + 2*dH*k, i.e. w*D > 2*dH*k with the
# square's w = 2P - (2*h0 + 1 - 2e); and only when P is above the lower level: w*D > (2*min(dH, 0) + 1)*D (KG).
# Per origin level, each square holds (w << _SHIFT) + its share of the same-level cover count (an elevated square
# counts 3), paired with its neighbour in each of 8 directions so that one int32 gather fetches two consecutive
# path squares; three more layers hold, per target square, dH (_same() at the origin's level, which no square
# fails), the highest count that passes (2 at the origin's level, none elsewhere) and the KG factor.
_DIRS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
_TAIL, _ZERO, _DELTA, _PASS, _LOW, _LAYERS = 8, 9, 10, 11, 12, 13  # and (square, nothing), (nothing, nothing)
_SHIFT = np.array(10, np.int16)  # lane 0 = (w << 10) + count shares of both squares, < 1024 on any path
_MASK = np.array(1023, np.int32)


class _Paths:
    """The Bresenham paths from an origin to every square within `radius`, for a width x height map.

    Relative to the origin in the map padded by `radius` (row length `wide`, `plane` squares per layer),
    `index[j, n]` addresses the layer and first square of path squares 2j+1 and 2j+2 towards window square n
    (row-major in the (2r+1)^2 window), then the target's _DELTA, _PASS and _LOW words; `step2` holds 2k for
    the two squares of a pair (0 past the end of a path) and `dist2` the distance D.
    """

    def __init__(self, width: int, height: int, radius: int):
        side = 2 * radius + 1
        count = side * side
        wide, high = width + 2 * radius, height + 2 * radius
        self.radius, self.side, self.wide, self.plane = radius, side, wide, wide * high
        self.pairs = pairs = max(radius, 2) // 2
        dy, dx = np.divmod(np.arange(count), side)
        dx, dy = dx - radius, dy - radius
        dist = np.maximum(np.abs(dx), np.abs(dy))
        k = np.arange(1, 2 * pairs + 1)[:, None]
        safe = np.maximum(dist, 1)
        x_major = np.abs(dx) >= np.abs(dy)
        px = np.where(x_major, np.sign(dx) * k, (2 * k * dx + safe) // (2 * safe))  # as in line_squares
        py = np.where(x_major, (2 * k * dy + safe) // (2 * safe), np.sign(dy) * k)
        inside = k < dist
        first, second = inside[0::2], inside[1::2]
        direction = np.full((3, 3), _ZERO)
        for i, (ddx, ddy) in enumerate(_DIRS):
            direction[ddy + 1, ddx + 1] = i
        turn = direction[np.clip(py[1::2] - py[0::2], -1, 1) + 1, np.clip(px[1::2] - px[0::2], -1, 1) + 1]
        layer = np.where(second, turn, np.where(first, _TAIL, _ZERO))
        where = np.where(first, (radius + py[0::2]) * wide + radius + px[0::2], radius * wide + radius)
        target = (radius + dy) * wide + radius + dx
        rows = [layer * self.plane + where] + [np.full(count, i) * self.plane + target for i in (_DELTA, _PASS, _LOW)]
        self.index = np.vstack(rows).astype(np.intp)
        self.indices = (self.index[:-1], self.index)  # without / with the _LOW row (KG only)
        step = np.where(inside, k, 0).reshape(pairs, 2, count).transpose(0, 2, 1).reshape(pairs, 2 * count)
        self.step2 = np.ascontiguousarray(2 * step, dtype=np.int16)
        self.dist2 = np.broadcast_to(np.repeat(dist, 2).astype(np.int16), (pairs, 2 * count)).copy()
        self.wide_math = 4 * _same(radius) * pairs > np.iinfo(np.int16).max  # products beyond int16
        if self.wide_math:
            self.step2, self.dist2 = self.step2.astype(np.int32), self.dist2.astype(np.int32)
        self.dist_row = self.dist2[0]
        for array in (self.index, self.step2, self.dist2):
            array.flags.writeable = False


@lru_cache(maxsize=16)
def _paths(width: int, height: int, radius: int) -> _Paths:
    return _Paths(width, height, radius)


@lru_cache(maxsize=64)
def path_table(width: int, height: int, visibility: float) -> _Paths:
    """The (cached) path table of viewsheds on a width x height map at `visibility`."""
    return _paths(width, height, max(0, min(math.floor(visibility), max(width, height) - 1)))


def _same(radius: int) -> int:
    """The dH standing for 'same level': 2 * it * k exceeds any w * D (|w| <= 31, D <= radius)."""
    return 16 * radius + 1


def _layers(lane0: np.ndarray, share: np.ndarray, radius: int) -> tuple[np.ndarray, tuple]:
    """The (_LAYERS, height, width, 2) int16 layers (see the comment above _DIRS) of int16 (height, width) arrays
    padded by `radius` with zeros: a square's lane0 plus the shares of both squares, the next square's lane0; the
    last three layers are left to the caller. Also the slices of the map inside the padding."""
    height, width = lane0.shape
    layers = np.zeros((_LAYERS, height + 2 * radius, width + 2 * radius, 2), np.int16)
    inner = (slice(radius, radius + height), slice(radius, radius + width))
    a, b = np.zeros(layers.shape[1:3], np.int16), np.zeros(layers.shape[1:3], np.int16)
    a[inner], b[inner] = lane0, share
    high, wide = a.shape
    layers[:_ZERO, :, :, 0] = a + b
    for i, (ddx, ddy) in enumerate(_DIRS):
        here = (i, slice(max(-ddy, 0), high - max(ddy, 0)), slice(max(-ddx, 0), wide - max(ddx, 0)))
        there = (slice(max(ddy, 0), high + min(ddy, 0)), slice(max(ddx, 0), wide + min(ddx, 0)))
        layers[here + (0,)] += b[there]
        layers[here + (1,)] = a[there]
    return layers, inner


def _encode(grid: TerrainGrid, h0: int, e: int, radius: int) -> np.ndarray:
    share = np.minimum(COUNT_WEIGHT[grid.los_kind] + 3 * (grid.level > h0), 3).astype(np.int16)
    w = 2 * grid.obstacle.astype(np.int16) - (2 * h0 + 1 - 2 * e)
    layers, inner = _layers(w << _SHIFT, share, radius)
    delta = grid.level.astype(np.int16) - h0
    layers[(_DELTA,) + inner] = np.where(delta == 0, _same(radius), delta)[:, :, None]
    layers[(_PASS,) + inner + (0,)] = np.where(delta == 0, COUNT_BLOCKS - 1, np.iinfo(np.int16).max)
    layers[(_LOW,) + inner] = (2 * np.minimum(delta, 0) + 1)[:, :, None]
    flat = layers.view(np.int32).reshape(-1)
    flat.flags.writeable = False
    return flat


_RESULTS: OrderedDict[tuple, np.ndarray] = OrderedDict()
RESULT_CACHE_SIZE = 2048


def clear_viewshed_cache() -> None:
    """Forget every cached viewshed (path tables and per-map encodings stay)."""
    _RESULTS.clear()


def viewshed(grid: TerrainGrid, origin: Square, operator: str = ">=", visibility: float = 20, *,
             count_cover_between_levels: bool = False) -> np.ndarray:
    """A read-only (height, width) bool array: True where `has_los(grid, origin, square, ...)` is True.

    Vectorised over every square in range at once; results are kept in a bounded LRU per grid, origin, operator,
    visibility and option. Copy the array before changing it.
    """
    if type(origin) is not tuple:
        origin = (int(origin[0]), int(origin[1]))
    key = (grid.serial, origin, operator, visibility, count_cover_between_levels)
    hit = _RESULTS.get(key)
    if hit is not None:
        with suppress(KeyError):  # another thread may just have dropped it
            _RESULTS.move_to_end(key)
        return hit
    e = _operator(operator)
    _check(grid, origin)
    if visibility < 0:
        result = np.zeros((grid.height, grid.width), bool)
    else:
        result = _compute(grid, origin, e, path_table(grid.width, grid.height, visibility), count_cover_between_levels)
    result.flags.writeable = False
    _RESULTS[key] = result
    if len(_RESULTS) > RESULT_CACHE_SIZE:
        with suppress(KeyError):
            _RESULTS.popitem(last=False)
    return result


def _compute(grid: TerrainGrid, origin: Square, e: int, paths: _Paths, count_between: bool) -> np.ndarray:
    ox, oy = origin
    r, side, j = paths.radius, paths.side, paths.pairs
    h0 = int(grid.level[oy, ox])
    layers = grid.derived(("los", h0, e, r), lambda: _encode(grid, h0, e, r))
    words = layers[oy * paths.wide + ox:][paths.indices[e]]
    body = words[:j]                                  # (J, N): path squares 2j+1 and 2j+2, one per int16 lane
    lhs = np.right_shift(body.view(np.int16), _SHIFT)
    if paths.wide_math:
        lhs = lhs.astype(np.int32)
    lhs *= paths.dist2                                # w * D
    rhs = paths.step2 * words[j].view(np.int16)       # 2 * dH * k (0 past the end of a path)
    if e:  # and P above the lower end: w * D > (2 * min(dH, 0) + 1) * D
        np.maximum(rhs, words[j + 2].view(np.int16) * paths.dist_row, out=rhs)
    fails = (lhs > rhs).view(np.uint16).any(axis=0)   # per target: a square fails the formula
    counts = np.bitwise_and(body.sum(axis=0, dtype=np.int32), _MASK)  # count shares, summed in lane 0
    if count_between:
        weights = grid.derived(("los-weights", r), lambda: _weights(grid, r))
        others = weights[oy * paths.wide + ox:][paths.index[:j]].sum(axis=0, dtype=np.int32) & _MASK
        passes = np.where(words[j + 1] < COUNT_BLOCKS, counts, others) < COUNT_BLOCKS
    else:
        passes = counts <= words[j + 1]               # only targets at the origin's level can fail the count
    x0, y0 = max(ox - r, 0), max(oy - r, 0)
    x1, y1 = min(ox + r + 1, grid.width), min(oy + r + 1, grid.height)
    window = (slice(y0 - oy + r, y1 - oy + r), slice(x0 - ox + r, x1 - ox + r))
    out = np.zeros((grid.height, grid.width), bool)
    np.greater(passes.reshape(side, side)[window], fails.reshape(side, side)[window], out=out[y0:y1, x0:x1])
    return out


def _weights(grid: TerrainGrid, radius: int) -> np.ndarray:
    """Pair layers of the plain cover-count weights (for count_cover_between_levels)."""
    weight = COUNT_WEIGHT[grid.los_kind].astype(np.int16)
    layers, _ = _layers(np.zeros_like(weight), weight, radius)
    return layers.view(np.int32).reshape(-1)


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


__all__ = ["FACINGS", "FACING_VECTORS", "OPERATORS", "clear_viewshed_cache", "distance", "facing_index", "front_arc",
           "has_los", "in_arc", "line_squares", "path_table", "viewshed"]
