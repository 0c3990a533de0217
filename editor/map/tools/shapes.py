"""Cell shapes for the tools (Qt-free): brush dabs, rectangles, lines and flood regions as (y, x) index arrays
or boolean masks on a (height, width) grid. Coordinates are (x, y), x eastward, y southward."""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from tacforge.engine.mapping.grid import components

from ...grid.model import as_cell

Cell = tuple[int, int]


def clip_mask(shape: tuple[int, int], xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    h, w = shape
    mask = np.zeros(shape, bool)
    ok = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    mask[ys[ok], xs[ok]] = True
    return mask


def brush_offsets(size: int, shape: str = "square") -> np.ndarray:
    """(n, 2) array of (dx, dy) of a brush `size` squares across (1-9), "square" or "round", centred."""
    size = int(size)
    if not 1 <= size <= 9:
        raise ValueError(f"brush size must be 1-9, not {size}")
    if shape not in ("square", "round"):
        raise ValueError(f"brush shape must be 'square' or 'round', not {shape!r}")
    lo = -(size // 2)
    d = np.arange(lo, lo + size)
    dy, dx = np.meshgrid(d, d, indexing="ij")
    keep = np.ones(dx.shape, bool)
    if shape == "round" and size > 2:
        centre, r = (size - 1) / 2 + lo, (size - 1) / 2
        keep = (dx - centre) ** 2 + (dy - centre) ** 2 <= r * r + 0.8 * r
    return np.stack([dx[keep], dy[keep]], axis=1)


def brush_mask(shape_hw: tuple[int, int], x: int, y: int, size: int = 1, shape: str = "square") -> np.ndarray:
    off = brush_offsets(size, shape)
    return clip_mask(shape_hw, x + off[:, 0], y + off[:, 1])


def rect_mask(shape_hw: tuple[int, int], a: Cell, b: Cell) -> np.ndarray:
    """The rectangle with corners `a` and `b` (inclusive), clipped to the map."""
    h, w = shape_hw
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    mask = np.zeros(shape_hw, bool)
    mask[max(0, y0) : max(0, min(h, y1 + 1)), max(0, x0) : max(0, min(w, x1 + 1))] = True
    return mask


def line_cells(a: Cell, b: Cell, four_connected: bool = False) -> list[Cell]:
    """The cells of the straight line from `a` to `b`, both included: 8-connected (Bresenham), or 4-connected
    (a diagonal step becomes two orthogonal ones, the horizontal first) for rivers."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    n = max(abs(dx), abs(dy))
    cells = [(x0, y0)]
    for k in range(1, n + 1):
        x = x0 + (2 * k * dx + n) // (2 * n) if abs(dx) < n else x0 + k * (1 if dx > 0 else -1)
        y = y0 + (2 * k * dy + n) // (2 * n) if abs(dy) < n else y0 + k * (1 if dy > 0 else -1)
        px, py = cells[-1]
        if four_connected and x != px and y != py:
            cells.append((x, py))
        cells.append((x, y))
    return cells


def polyline_cells(points: list[Cell], four_connected: bool = False) -> list[Cell]:
    """The cells of a polyline through `points`, in order, without repeats at the joints."""
    if not points:
        return []
    cells = [as_cell(points[0])]
    for a, b in pairwise(points):
        for cell in line_cells(as_cell(a), as_cell(b), four_connected)[1:]:
            if cell != cells[-1]:
                cells.append(cell)
    return cells


def flood_mask(match: np.ndarray, x: int, y: int, diagonal: bool = False) -> np.ndarray:
    """The connected region of true `match` cells containing (x, y), 4- or 8-connected (`diagonal`)."""
    h, w = match.shape
    if not (0 <= x < w and 0 <= y < h) or not match[y, x]:
        return np.zeros((h, w), bool)
    labels, _ = components(match, diagonal)
    return labels == labels[y, x]
