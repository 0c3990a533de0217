"""Line of sight, viewsheds and facing arcs (docs/rules.md 7, 13 U2).

Squares and distances are those of geometry.py; grids are indexed ``[y, x]``.

Rules decisions (the recommended reading of docs/rules.md 7, made exact):

* Distance is Chebyshev. A unit's height is the level of its square. The path is `line_squares`, endpoints
  excluded. Range > visibility: no LOS. Adjacent squares (nothing between) always see each other.
* A path square whose level is higher than both ends (ELEVATED) always blocks.
* Same level: the cover count decides: any town blocks, a 2nd woods blocks, a 3rd broken blocks, woods and broken
  together block (`COUNT_WEIGHT` in terrain_grid).
* Different levels: every path square is tested with ``round_half_up(h - d*H/D) OP P``, d counted from the higher
  end (OP is '>=' in BG, '>' in KG); failing the test blocks. Exact integer arithmetic. The sight line is the
  same straight line from either end, so the answer is symmetric. A square whose P does not exceed the lower unit's
  level never blocks: the sight line never dips to that level before the lower end, and without this KG's strict
  '>' would let every clear square next to a lower target block (docs/rules.md 7: "clear P = 1 never blocks").
  With ``count_cover_between_levels=True`` the cover count also applies between levels (the alternative reading).

`has_los` is the plain reference implementation; `viewshed` gives the same answer for every square in range at
once (paths precomputed per map size and visibility, terrain encoded once per map, thresholds laid out per map,
operator and origin level, results kept in a bounded LRU), its last step a compiled loop (_los_core.c) or the same
steps in NumPy where that is not built, and the tests hold all three to agreement on every square. `sees_pair` is
has_los for one pair at any distance, compiled as well (the battle asks it for each pair of units' squares once).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from ..caching import LRU, memoized
from .geometry import Square, chebyshev
from .terrain_grid import COUNT_BLOCKS, COUNT_WEIGHT, MAX_LEVEL, TerrainGrid

_viewshed_core: Callable[..., None] | None
_pair_los: Callable[..., bool] | None
try:  # the compiled inner loop (_los_core.c), built by make setup; without it the same steps run in NumPy
    from ._los_core import pair_los as _pair_los
    from ._los_core import viewshed_core as _viewshed_core
except ImportError:  # pragma: no cover - a source checkout not installed with pip
    _viewshed_core = _pair_los = None

OPERATORS = {">=": 0, ">": 1}  # e: the line must reach P + e
FACINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")  # manual numbering 1..8
FACING_VECTORS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


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


def has_los(
    grid: TerrainGrid,
    a: Square,
    b: Square,
    operator: str = ">=",
    visibility: float = 20,
    *,
    count_cover_between_levels: bool = False,
) -> bool:
    """Whether units on squares `a` and `b` see each other (docs/rules.md 7; the reference implementation)."""
    e = _operator(operator)
    _check(grid, a)
    _check(grid, b)
    n = chebyshev(a, b)
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


def sees_pair(grid: TerrainGrid, a: Square, b: Square, operator: str = ">=") -> bool:
    """has_los(grid, a, b, operator, math.inf): the battle's line of sight between two units (Battle.sees), through
    the compiled pair_los (_los_core.c, the same steps) where it is built."""
    e = _operator(operator)
    if _pair_los is None or not USE_COMPILED:
        return has_los(grid, a, b, operator, math.inf)
    return _pair_los(
        grid.level, grid.obstacle, grid.los_kind, COUNT_WEIGHT, grid.width, grid.height, a[0], a[1], b[0], b[1], e,
        COUNT_BLOCKS, False,
    )  # fmt: skip


# -- viewshed --------------------------------------------------------------------------------------------------
# The formula, made integer and symmetric: the sight line's height at the k-th path square from the origin is
# h0 + k*dH/D (dH = target level - origin level), the same real number whichever end d is counted from. A square
# blocks when round_half_up(line) < P + e, i.e. 2D*P > D*(2*h0 + 1 - 2e) + 2*dH*k, i.e. w*D > R with the square's
# w = 2P - (2*h0 + 1 - 2e) and R = 2*dH*k; in KG only when P is above the lower level, i.e. R = max(2*dH*k,
# (2*min(dH, 0) + 1)*D). As w and P are integers, that is P > t = floor((floor(R / D) + 2*h0 + 1 - 2e) / 2): a
# threshold that depends only on h0, the target's level, D and k, so a small table per origin level and operator
# holds every one. At the origin's level the test is level > h0 (an elevated square blocks) and the cover count
# decides; at other levels the count is ignored (unless counted between levels).
#
# So each square needs a 5-bit code c = 2L + cover (L its level): P > t exactly when c > 2t, and level > h0
# exactly when c > 2h0 + 1. In a 6-bit lane, c + 31 - limit sets the lane's top bit exactly when c > limit, and the
# sum stays below 64: one integer add tests a whole word of lanes, and the lanes of a path are a few words. The codes
# do not depend on the origin, so they are laid out once per map: a uint32 word holds the codes of 5 consecutive
# path squares, one per 6-bit lane from bit 2, and their cover weights' sum, at most 3 (enough to decide "at least
# 3"), in bits 0-1, from a layer per run of steps that 5 path squares can take (194 layers), so that one gather
# fetches 5 path squares. Two words make a uint64 pair (10 path squares), and the limits of a pair come from limit
# layers, laid out per map, operator and origin level like the codes: per pair j and distance D, each square holds
# the pair of limits of a target on that square at that distance, by the square's level. A target's pair of words
# and its pair of limits are then two gathers at fixed offsets from the origin, and the test one add and one mask
# (the gathers are most of the cost: runs of 4 would take 3 pairs at a 20-square radius instead of 2, and fetching
# a pair with one index would take a layer per pair of runs, 597 for runs of 4 at that radius). Layers are unpadded
# width x height planes: a target off the map reads squares through the row ends, harmlessly, as its result is
# never used.
_DIRS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
_RUN = 5  # path squares per uint32 word: 6-bit lanes from bit 2, a weight in bits 0-1
_LANE_FAILS = sum(1 << (2 + 6 * i + 5) for i in range(_RUN))  # the top bit of each lane
_FAILS = np.uint64(_LANE_FAILS | _LANE_FAILS << 32)  # ... of both words of a pair
_WEIGHTS = np.uint64(3 | 3 << 32)  # the cover weight bits of both words of a pair
_SUM = np.uint64(1 | 1 << 32)  # x * _SUM has the sum of x's two words in its top word
_PASS = np.uint64((COUNT_BLOCKS << 32) - 1)  # a summed count passes when its top word is below COUNT_BLOCKS
_NEVER = np.uint64(2**64 - 1)  # ... and always passes against this
_WEIGHTS_INT, _SUM_INT, _FAILS_INT, _PASS_INT = (int(m) for m in (_WEIGHTS, _SUM, _FAILS, _PASS))  # for the C loop
# False runs the NumPy steps even where the compiled loop is built (the tests compare the two)
USE_COMPILED = True


class _Paths:
    """The Bresenham paths from an origin to every square within `radius`, for a width x height map.

    The (2r+1)^2 targets around the origin are taken farthest first, so that the targets whose path reaches pair j
    (D >= 10j + 2) come first. Relative to the origin in a flat array of layers (rows
    of `width`, `plane` squares per layer, `margin` before the first), `index` addresses the two words of pair 0 of
    every target, then of pair 1 of the targets it reaches, and so on; `patterns` holds each code layer's run as
    (squares, steps). `limits` likewise addresses the limit layers (`layers` names them (j, D)) for every pair
    fetched, then each target's count limit; `place` is each target's square in a map padded by radius.
    `table(e, h0)` holds the limits by target class, level * (radius + 1) + D.
    """

    def __init__(self, width: int, height: int, radius: int):
        side = 2 * radius + 1
        count = side * side
        self.radius, self.side, self.width = radius, side, width
        self.plane, self.margin = width * height, radius * (width + 1)
        groups = max(-(-(radius - 1) // _RUN), 1)  # words per path
        dy, dx = np.divmod(np.arange(count), side)
        dx, dy = dx - radius, dy - radius
        dist = np.maximum(np.abs(dx), np.abs(dy))
        k = np.arange(1, _RUN * groups + 1)[:, None]
        safe = np.maximum(dist, 1)
        x_major = np.abs(dx) >= np.abs(dy)
        px = np.where(x_major, np.sign(dx) * k, (2 * k * dx + safe) // (2 * safe))  # as in line_squares
        py = np.where(x_major, (2 * k * dy + safe) // (2 * safe), np.sign(dy) * k)
        inside = k < dist
        squares = inside.reshape(groups, _RUN, count).sum(axis=1)  # of each run, on the path
        direction = np.zeros((3, 3), np.int64)
        for i, (ddx, ddy) in enumerate(_DIRS):
            direction[ddy + 1, ddx + 1] = i + 1
        step = np.zeros_like(px)  # 1 + the direction from path square k to k + 1, 0 past the end of the path
        step[:-1] = direction[np.diff(py, axis=0) + 1, np.diff(px, axis=0) + 1] * inside[1:]
        step = step.reshape(groups, _RUN, count)
        base = _RUN + 1  # a run's code: its squares, then its steps in base 9
        runs, layer = np.unique(squares + base * sum(step[:, i] * 9**i for i in range(_RUN - 1)), return_inverse=True)
        self.patterns = tuple(
            (n % base, tuple(n // base // 9**i % 9 - 1 for i in range(n % base - 1))) for n in runs.tolist()
        )  # (squares, steps) back from the codes
        where = np.where(squares > 0, py[0::_RUN] * width + px[0::_RUN], 0)
        words = self.margin + layer.reshape(groups, count) * self.plane + where
        self.pairs = pairs = -(-groups // 2)
        nothing = self.margin + self.patterns.index((0, ())) * self.plane  # a word of the empty run: zeros
        words = np.concatenate([words, np.full((2 * pairs - groups, count), nothing)])
        # targets farthest first: pair j is fetched only for the first reach[j] targets (pair 0 for all)
        band = np.searchsorted(2 * _RUN * np.arange(1, pairs) + 2, dist, side="right")  # pairs reached
        order = np.lexsort((np.arange(count), -band))  # farthest band first, then row by row
        dist = dist[order]
        reach = [count] + [int(np.sum(dist >= 2 * _RUN * j + 2)) for j in range(1, pairs)]
        ends = np.cumsum(reach).tolist()
        self.targets, self.pair_limits, self.count_limits = slice(0, count), slice(0, ends[-1]), slice(ends[-1], None)
        # each segment starts at the end of the range before it: the last end starts none
        self.segments = [(slice(0, n), slice(at, at + n)) for at, n in zip(ends, reach[1:], strict=False)]
        self.index = np.concatenate([words[2 * j : 2 * j + 2, order[:n]].T.ravel() for j, n in enumerate(reach)])
        # The limit layers (see _limit_layers): a zero layer, one per pair j and distance D that a path reaches,
        # and the count layer; `limits` addresses each target's pairs, then each target's count limit.
        self.layers = [(j, d) for j in range(pairs) for d in range(2 * _RUN * j + 2, radius + 1)]
        layer_of = {key: i + 1 for i, key in enumerate(self.layers)}
        target = (dy * width + dx)[order]
        self.limits = np.concatenate(
            [
                self.margin + np.array([layer_of.get((j, d), 0) for d in dist[:n].tolist()]) * self.plane + target[:n]
                for j, n in enumerate(reach)
            ]
            + [self.margin + (len(self.layers) + 1) * self.plane + target]
        )
        # each target's square in a map padded by radius on every side, relative to the origin's index there
        self.place = (dy[order] + radius) * (width + 2 * radius) + dx[order] + radius
        self.reach = np.array(reach, np.int64)  # targets per pair, for the compiled loop
        for array in (self.index, self.limits, self.place, self.reach):
            array.flags.writeable = False
        self._check_bounds(height)
        self._tables: dict[tuple[int, int], np.ndarray] = {}

    def _check_bounds(self, height: int) -> None:
        """The compiled loop reads and writes without checking each offset: check once that every offset, from any
        origin on the map, stays inside the code and limit layers and the padded result (NumPy checks each)."""
        last, padded = self.plane - 1, self.width + 2 * self.radius  # the largest origin offset; the padded width
        ends = (  # (offsets, the largest origin offset added to them, the size of what they address)
            (self.index, last, 2 * self.margin + len(self.patterns) * self.plane),
            (self.limits, last, 2 * self.margin + (len(self.layers) + 2) * self.plane),
            (self.place, (height - 1) * padded + self.width - 1, (height + 2 * self.radius) * padded),
        )
        for offsets, origin, size in ends:
            if offsets.min() < 0 or offsets.max() + origin >= size:
                raise AssertionError("viewshed path table addresses outside its layers")  # a bug in _Paths

    def table(self, e: int, h0: int) -> np.ndarray:
        """The (cached) limits of every target class, for operator e and an origin at level h0: (pairs + 1,
        classes), row j the uint64 pair of path squares 10j+1 .. 10j+10, the last row the count limit."""
        hit = self._tables.get((e, h0))
        if hit is None:
            dh = np.arange(MAX_LEVEL + 1)[:, None, None] - h0
            d = np.arange(self.radius + 1)[None, :, None]
            k = np.arange(1, 2 * _RUN * self.pairs + 1)
            rise = np.maximum(2 * dh * k, (2 * np.minimum(dh, 0) + 1) * d) if e else 2 * dh * k
            t = (rise // np.maximum(d, 1) + 2 * h0 + 1 - 2 * e) // 2
            limit = np.where(dh == 0, 2 * h0 + 1, np.clip(2 * t, -1, 31))  # codes 2L + cover range over 0 .. 29
            limit = np.where(k < d, limit, 31)  # past the end of the path: never
            lanes = (31 - limit).reshape(*limit.shape[:2], -1, _RUN) << (2 + 6 * np.arange(_RUN))  # code + lane > 31
            words = lanes.sum(axis=3).astype(np.uint64)  # where code > limit
            lanes = words[..., 0::2] | words[..., 1::2] << np.uint64(32)
            count = np.where(dh == 0, _PASS, _NEVER) + np.zeros_like(d, np.uint64)
            hit = np.concatenate([lanes, count], axis=2).reshape(-1, self.pairs + 1).T.copy()
            hit.flags.writeable = False
            self._tables[e, h0] = hit
        return hit


@memoized(maxsize=16)  # the path tables of 16 (map size, radius)
def _paths(width: int, height: int, radius: int) -> _Paths:
    return _Paths(width, height, radius)


@memoized(maxsize=64)  # by (map size, visibility), each naming one of _paths' tables
def path_table(width: int, height: int, visibility: float) -> _Paths:
    """The (cached) path table of viewsheds on a width x height map at `visibility`."""
    return _paths(width, height, max(0, min(math.floor(visibility), max(width, height) - 1)))


def _encode(grid: TerrainGrid, paths: _Paths) -> np.ndarray:
    """The layers of the grid's codes: per pattern and square, the codes of the run of squares that starts there,
    one per 6-bit lane of a uint32 from bit 2 (zeros past the run's end and off the map), and the sum of their cover
    weights, at most 3, in bits 0-1."""
    height, width = grid.height, grid.width
    code = (grid.level.astype(np.uint32) + grid.obstacle.astype(np.uint32)) << np.uint32(2)  # 2L + cover
    weight = COUNT_WEIGHT[grid.los_kind].astype(np.uint32)
    flat = np.zeros(2 * paths.margin + len(paths.patterns) * paths.plane, np.uint32)
    planes = flat[paths.margin : flat.size - paths.margin].reshape(-1, height, width)
    pad = _RUN - 1
    code, weight = np.pad(code, pad), np.pad(weight, pad)
    runs: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}

    def run(steps: tuple) -> tuple[np.ndarray, np.ndarray]:  # a run is the run one square shorter plus its last square
        if steps not in runs:
            x, y = sum(_DIRS[s][0] for s in steps), sum(_DIRS[s][1] for s in steps)
            window = slice(pad + y, pad + y + height), slice(pad + x, pad + x + width)
            last = code[window] << np.uint32(6 * len(steps)), weight[window]
            runs[steps] = tuple(np.add(a, b) for a, b in zip(run(steps[:-1]), last, strict=True)) if steps else last
        return runs[steps]

    for plane, (squares, steps) in zip(planes, paths.patterns, strict=True):
        if squares:
            lanes, weights = run(steps)
            plane[...] = lanes + np.minimum(weights, 3)
    flat.flags.writeable = False
    return flat


def _limit_layers(grid: TerrainGrid, paths: _Paths, e: int, h0: int) -> np.ndarray:
    """The limits of `paths.table(e, h0)` laid out like the codes: per layer (j, D), the pair j of limits of a target
    at distance D on each square, by the square's level; then the count limit of a target on each square."""
    table = paths.table(e, h0)
    classes = grid.level.astype(np.intp).ravel() * (paths.radius + 1)
    rows, dists = np.array(paths.layers + [(paths.pairs, 0)], np.intp).reshape(-1, 2).T
    flat = np.zeros(2 * paths.margin + (len(rows) + 1) * paths.plane, np.uint64)
    flat[paths.margin + paths.plane : flat.size - paths.margin] = table[rows[:, None], classes + dists[:, None]].ravel()
    flat.flags.writeable = False
    return flat


RESULT_CACHE_SIZE = 2048
# viewsheds by (grid serial, origin, operator, visibility, option): at most RESULT_CACHE_SIZE arrays of a map's
# squares, one byte each (7 MB on a 60 x 60 map)
_RESULTS: LRU[np.ndarray] = LRU(RESULT_CACHE_SIZE)


def clear_viewshed_cache() -> None:
    """Forget every cached viewshed (path tables and per-map encodings stay)."""
    _RESULTS.clear()


def viewshed(
    grid: TerrainGrid,
    origin: Square,
    operator: str = ">=",
    visibility: float = 20,
    *,
    count_cover_between_levels: bool = False,
) -> np.ndarray:
    """A read-only (height, width) bool array: True where `has_los(grid, origin, square, ...)` is True.

    Vectorised over every square in range at once; results are kept in a bounded LRU per grid, origin, operator,
    visibility and option. Copy the array before changing it.
    """
    if type(origin) is not tuple:
        origin = (int(origin[0]), int(origin[1]))
    key = (grid.serial, origin, operator, visibility, count_cover_between_levels)
    hit = _RESULTS.get(key)
    if hit is not None:
        return hit
    e = _operator(operator)
    _check(grid, origin)
    if visibility < 0:
        result = np.zeros((grid.height, grid.width), bool)
    else:
        result = _compute(grid, origin, e, path_table(grid.width, grid.height, visibility), count_cover_between_levels)
    result.flags.writeable = False
    return _RESULTS.put(key, result)


def _compute(grid: TerrainGrid, origin: Square, e: int, paths: _Paths, count_between: bool) -> np.ndarray:
    ox, oy = origin
    r, start = paths.radius, oy * paths.width + ox
    h0 = grid.rows[0][oy][ox]
    codes = grid.derived(("los-codes", r), lambda: _encode(grid, paths))
    layers = grid.derived(("los-limits", r, e, h0), lambda: _limit_layers(grid, paths, e, h0))
    width = grid.width + 2 * r
    out = np.zeros((grid.height + 2 * r, width), bool)  # padded by r: targets off the map land in the margin
    if _viewshed_core is not None and USE_COMPILED:
        _viewshed_core(
            codes, layers, start, paths.index, paths.limits, paths.place, paths.reach, count_between,
            out, oy * width + ox, _WEIGHTS_INT, _SUM_INT, _FAILS_INT, _PASS_INT,
        )  # fmt: skip
    else:
        out.ravel()[oy * width + ox :][paths.place] = _seen(codes[start:], layers[start:], paths, count_between)
    return out[r : r + grid.height, r : r + grid.width]


def _seen(codes: np.ndarray, layers: np.ndarray, paths: _Paths, count_between: bool) -> np.ndarray:
    """Whether each target of `paths` is seen, in NumPy: the code and limit layers from the origin's offset on."""
    words = codes[paths.index].view(np.uint64)
    limits = layers[paths.limits]
    np.add(words, limits[paths.pair_limits], out=words)  # per lane: the top bit set where the path square fails
    weights = words & _WEIGHTS
    fails, counts = words[paths.targets], weights[paths.targets]
    for targets, pair in paths.segments:  # each further pair onto the targets it reaches
        np.bitwise_or(fails[targets], words[pair], out=fails[targets])
        np.add(counts[targets], weights[pair], out=counts[targets])
    counts *= _SUM
    seen = counts <= (_PASS if count_between else limits[paths.count_limits])  # between levels, every count matters
    fails &= _FAILS
    seen &= fails == 0
    return seen


# -- facing ----------------------------------------------------------------------------------------------------
_FACING_INDEX: dict[int | str, int] = {name: i for i, name in enumerate(FACINGS)}


def facing_index(facing: int | str) -> int:
    """0..7 for N..NW; accepts 'N'..'NW' (any case) or the manual's numbers 1 (N) .. 8 (NW)."""
    hit = _FACING_INDEX.get(facing)  # the state's own facings, at once: the computer player asks very often
    if hit is not None:
        return hit
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
    always inside. Exact integer arithmetic for 90, 180 and 360 degrees (docs/rules.md 13 U2).
    """
    fx, fy = FACING_VECTORS[facing_index(facing)]
    tx, ty = target[0] - origin[0], target[1] - origin[1]
    if tx == 0 and ty == 0 or degrees >= 360:
        return True
    if degrees in (90, 180):
        return bool(in_arc_offset(fx, fy, tx, ty, degrees))
    dot = fx * tx + fy * ty
    if not 0 < degrees < 360:
        raise ValueError(f"arc width must be in 1..360 degrees, not {degrees}")
    cosine = dot / math.sqrt((fx * fx + fy * fy) * (tx * tx + ty * ty))
    return math.degrees(math.acos(max(-1.0, min(1.0, cosine)))) <= degrees / 2 + 1e-9


def in_arc_offset(fx, fy, tx, ty, degrees: int):
    """in_arc's exact integer test for a 90- or 180-degree arc, from the facing vector (fx, fy) (FACING_VECTORS) and
    the offset (tx, ty) from the origin to the target; numbers or NumPy arrays alike (elementwise). A zero offset
    passes, as in_arc's origin square does."""
    dot = fx * tx + fy * ty
    if degrees == 180:
        return dot >= 0
    if degrees != 90:
        raise ValueError(f"in_arc_offset tests 90- and 180-degree arcs, not {degrees}")
    return (dot >= 0) & (2 * dot * dot >= (fx * fx + fy * fy) * (tx * tx + ty * ty))  # cos(angle) >= cos 45


def front_arc(target_pos: Square, target_facing: int | str, firer_pos: Square) -> bool:
    """Whether fire from `firer_pos` strikes the target's front armour: the firer within +-45 degrees of the
    target's facing, inclusive (docs/rules.md 13 U2). A firer in the target's own square counts as frontal."""
    return in_arc(target_pos, target_facing, firer_pos, 90)


__all__ = [
    "FACINGS",
    "FACING_VECTORS",
    "OPERATORS",
    "clear_viewshed_cache",
    "facing_index",
    "front_arc",
    "has_los",
    "in_arc",
    "in_arc_offset",
    "line_squares",
    "path_table",
    "sees_pair",
    "viewshed",
]
