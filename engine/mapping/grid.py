"""Small grid helpers for map making (NumPy, no SciPy): smoothing, morphology, distances, components, routing.

Arrays are indexed [y, x]; "distance" is Chebyshev (8-way, docs/rules.md 13 U1).
"""

from __future__ import annotations

import heapq
from collections import deque

import numpy as np

OFFSETS8 = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
OFFSETS4 = ((0, -1), (1, 0), (0, 1), (-1, 0))


def blur(field: np.ndarray, sigma: float) -> np.ndarray:
    """Separable Gaussian smoothing with reflected edges."""
    radius = max(1, int(3 * sigma))
    k = np.exp(-0.5 * (np.arange(-radius, radius + 1) / sigma) ** 2)
    k /= k.sum()
    out = np.asarray(field, float)
    for axis in (0, 1):
        pad = [(0, 0), (0, 0)]
        pad[axis] = (radius, radius)
        padded = np.pad(out, pad, mode="reflect")
        out = np.apply_along_axis(lambda v: np.convolve(v, k, mode="valid"), axis, padded)
    return out


def normalised(field: np.ndarray) -> np.ndarray:
    span = field.max() - field.min()
    return (field - field.min()) / span if span > 0 else np.zeros_like(field)


def smooth_noise(rng: np.random.Generator, shape: tuple[int, int], sigma: float) -> np.ndarray:
    """White noise smoothed to blobs about `sigma` squares across, scaled to 0..1."""
    return normalised(blur(rng.random(shape), sigma))


def _grow(mask: np.ndarray, edge: bool, op) -> np.ndarray:
    """One 3x3 step of dilation (op = np.logical_or) or erosion (np.logical_and), separably."""
    out = mask.copy()
    op(out[1:, :], mask[:-1, :], out=out[1:, :])
    op(out[:-1, :], mask[1:, :], out=out[:-1, :])
    tmp = out.copy()
    op(out[:, 1:], tmp[:, :-1], out=out[:, 1:])
    op(out[:, :-1], tmp[:, 1:], out=out[:, :-1])
    if not edge:  # off the map counts as false: erosion clears the border, dilation is unaffected
        if op is np.logical_and:
            out[0, :] = out[-1, :] = False
            out[:, 0] = out[:, -1] = False
    return out


def dilate(mask: np.ndarray, steps: int = 1) -> np.ndarray:
    out = np.asarray(mask, bool)
    for _ in range(steps):
        out = _grow(out, False, np.logical_or)
    return out


def erode(mask: np.ndarray, steps: int = 1) -> np.ndarray:
    """Erosion; the map edge does not erode (a shape may run off the map)."""
    out = np.asarray(mask, bool)
    for _ in range(steps):
        out = _grow(out, True, np.logical_and)
    return out


def distance_to(mask: np.ndarray, limit: int = 255) -> np.ndarray:
    """Chebyshev distance of every square to the nearest true square (capped at `limit`)."""
    reached = np.asarray(mask, bool)
    dist = np.full(reached.shape, limit, np.int16)
    dist[reached] = 0
    for d in range(1, limit):
        if reached.all() or not reached.any():
            break
        grown = dilate(reached)
        dist[grown & ~reached] = d
        reached = grown
    return dist


def components(mask: np.ndarray, diagonal: bool = True) -> tuple[np.ndarray, int]:
    """Connected-component labels (0 = background, 1..n) and n."""
    mask = np.asarray(mask, bool)
    h, w = mask.shape
    labels = np.zeros((h, w), np.int32)
    offsets = OFFSETS8 if diagonal else OFFSETS4
    n = 0
    for y0, x0 in zip(*np.nonzero(mask), strict=True):
        if labels[y0, x0]:
            continue
        n += 1
        labels[y0, x0] = n
        queue = deque([(y0, x0)])
        while queue:
            y, x = queue.popleft()
            for dx, dy in offsets:
                yy, xx = y + dy, x + dx
                if 0 <= yy < h and 0 <= xx < w and mask[yy, xx] and not labels[yy, xx]:
                    labels[yy, xx] = n
                    queue.append((yy, xx))
    return labels, n


def route(
    cost: np.ndarray, start: tuple[int, int], goal: np.ndarray, *, crossings=None, turn_penalty: float = 0.0
) -> list[tuple[int, int, bool]] | None:
    """Cheapest 8-way path from `start` (x, y) to any square of the bool array `goal`, as (x, y, crossed) steps.

    `cost[y, x]` is the price of entering a square (inf = impassable; a diagonal step costs 1.41 times as much).
    `crossings` maps a square (x, y) to [(to_x, to_y, price, (via_x, via_y))]: a jump over an impassable square
    (a bridge or ford over the river), listed in the path with crossed=True. Changing direction costs
    `turn_penalty` (judged on the way each square was reached, so straight runs are preferred). A* towards the
    nearest goal square when the goal is small. None when no goal square can be reached."""
    h, w = cost.shape
    pw = w + 2  # work on a grid padded with an impassable border: no bounds checks
    inf = float("inf")
    flat = np.pad(np.asarray(cost, float), 1, constant_values=inf).ravel().tolist()
    goal_flat = np.pad(np.asarray(goal, bool), 1).ravel().tolist()
    steps = [(dy * pw + dx, 1.41 if dx and dy else 1.0) for dx, dy in OFFSETS8]
    targets = [(int(x), int(y)) for y, x in np.argwhere(goal)]
    use_h = 0 < len(targets) <= 8
    floor_cost = float(np.min(cost[np.isfinite(cost)])) if use_h else 0.0

    def heuristic(v: int) -> float:
        if not use_h:
            return 0.0
        x, y = v % pw - 1, v // pw - 1
        return floor_cost * min(max(abs(x - tx), abs(y - ty)) for tx, ty in targets)

    jumps: dict[int, list[tuple[int, float, int, int]]] = {}
    for (ax, ay), options in (crossings or {}).items():
        for tx, ty, price, (vx, vy) in options:
            d = OFFSETS8.index(((tx > ax) - (tx < ax), (ty > ay) - (ty < ay)))
            jumps.setdefault((ay + 1) * pw + ax + 1, []).append(((ty + 1) * pw + tx + 1, price, d, vy * w + vx))
    size = len(flat)
    best = [inf] * size
    parent = [-1] * size
    heading = [-1] * size
    via = [-1] * size
    s = (start[1] + 1) * pw + start[0] + 1
    best[s] = 0.0
    heap = [(heuristic(s), 0.0, s)]
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        _, g, u = pop(heap)
        if g > best[u]:
            continue
        if goal_flat[u]:
            return _unwind(parent, via, u, pw, w)
        last = heading[u]
        for d, (off, mult) in enumerate(steps):
            v = u + off
            c = flat[v]
            if c == inf:
                continue
            ng = g + c * mult + (turn_penalty if last >= 0 and d != last else 0.0)
            if ng < best[v]:
                best[v], parent[v], heading[v], via[v] = ng, u, d, -1
                push(heap, (ng + heuristic(v), ng, v))
        for v, price, d, crossed in jumps.get(u, ()):
            ng = g + price
            if ng < best[v]:
                best[v], parent[v], heading[v], via[v] = ng, u, d, crossed
                push(heap, (ng + heuristic(v), ng, v))
    return None


def _unwind(parent: list[int], via: list[int], node: int, pw: int, w: int) -> list[tuple[int, int, bool]]:
    path = []
    while node >= 0:
        path.append((node % pw - 1, node // pw - 1, False))
        if via[node] >= 0:
            path.append((via[node] % w, via[node] // w, True))
        node = parent[node]
    path.reverse()
    return path
