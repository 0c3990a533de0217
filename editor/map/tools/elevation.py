"""Elevation tools (Qt-free): raise, lower or set the ground, with slope squares placed around plateaus.

Plateaus are levels 1, 3 and 5, slopes 2 and 4, water 0. Edited squares get their new plateau level; then
`settle` rebuilds the slopes nearby: the old slope rings around the edit (squares whose level is only their
highest neighbour's less one, i.e. what `autotile.place_slopes` would put there) are stripped, `place_slopes`
rings the new shape, and floating slopes (touching no plateau below or above) are resolved. Water never moves
and gets no slope: a square can rise only as far as its distance to water allows (3 needs three squares of
room, 5 five). Changes stay within a few squares of the edit, so hand-made terrain elsewhere is never touched.
"""

from __future__ import annotations

import numpy as np

from tacforge.engine.mapping.autotile import WATER, floating_slopes, place_slopes
from tacforge.engine.mapping.grid import dilate, distance_to

from ...grid.edits import CellEdit, edit_from_arrays
from .shapes import brush_mask

RAISE = np.array([0, 3, 3, 5, 5, 5, 6, 7, 8, 9], np.int8)
LOWER = np.array([0, 1, 1, 1, 3, 3, 5, 5, 7, 7], np.int8)
PLATEAUS = (1, 3, 5)
STRIP, ZONE, CONTEXT = 4, 5, 9  # squares around the edit: slope rings stripped, changes allowed, context read


def _max_neighbour(lv: np.ndarray, fill: int = -99) -> np.ndarray:
    h, w = lv.shape
    padded = np.pad(lv.astype(np.int16), 1, constant_values=fill)
    out = np.full((h, w), fill, np.int16)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx or dy:
                np.maximum(out, padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w], out=out)
    return out


def derived(levels: np.ndarray) -> np.ndarray:
    """Squares at level 2 or more whose level is exactly their highest neighbour's less one (slope rings)."""
    lv = levels.astype(np.int16)
    return (lv >= 2) & (lv == _max_neighbour(lv) - 1)


def water_cap(water: np.ndarray) -> np.ndarray:
    """The highest plateau each square may take: the odd level at most its distance to the water."""
    if not water.any():
        return np.full(water.shape, 9, np.int8)
    d = distance_to(water, limit=10)
    return np.where(d >= 9, 9, np.where(d >= 7, 7, np.where(d >= 5, 5, np.where(d >= 3, 3, 1)))).astype(np.int8)


def settle(types: np.ndarray, levels: np.ndarray, target: np.ndarray, edited: np.ndarray) -> np.ndarray:
    """Levels after the `edited` squares take their `target` levels, with the slopes around them rebuilt
    (see the module docstring). `types` are the (new) painted types; water squares never change."""
    edited = np.asarray(edited, bool)
    out = np.array(levels, np.int8, copy=True)
    if not edited.any():
        return out
    h, w = edited.shape
    ys, xs = np.nonzero(edited)
    y0, y1 = max(0, ys.min() - CONTEXT), min(h, ys.max() + CONTEXT + 1)
    x0, x1 = max(0, xs.min() - CONTEXT), min(w, xs.max() + CONTEXT + 1)
    win = (slice(y0, y1), slice(x0, x1))
    water = np.isin(types[win], WATER)
    e = edited[win] & ~water
    old = levels[win].astype(np.int16)
    lv = np.where(e, np.minimum(target[win], np.maximum(water_cap(water), old)), old).astype(np.int16)
    strip = (derived(old) & dilate(e, STRIP) & ~e) | (derived(lv) & e)
    lv[strip & ~water] = 1
    zone = dilate(e, ZONE) & ~water
    lv = place_slopes(lv, fixed=water).astype(np.int16)
    for _ in range(12):
        floating = floating_slopes(lv) & zone
        if not floating.any():
            break
        higher = _max_neighbour(lv) > lv
        lv[floating & higher] += 1  # a narrow gap in a plateau: fill it
        lv[floating & ~higher] -= 1  # a slope with nothing above it: flatten it
        lv = place_slopes(lv, fixed=water).astype(np.int16)
    out[win] = np.where(zone, lv, old)
    return out


def elevation_mask(
    model,
    mask: np.ndarray,
    mode: str,
    *,
    level: int | None = None,
    stroke: int | None = None,
    skip: np.ndarray | None = None,
) -> CellEdit | None:
    """Raise, lower ("raise" / "lower": one plateau step) or "set" (to `level`: 1, 3 or 5) the squares of `mask`.

    `skip` squares are left alone (a drag raises each square once per stroke)."""
    mask = np.asarray(mask, bool) & ~np.isin(model.types, WATER)
    if skip is not None:
        mask &= ~skip
    lv = np.clip(model.levels, 0, 9)
    if mode == "raise":
        target, text = RAISE[lv], "Raise ground"
    elif mode == "lower":
        target, text = LOWER[lv], "Lower ground"
    elif mode == "set":
        if level not in PLATEAUS:
            raise ValueError(f"ground can be set to a plateau level {PLATEAUS}, not {level}")
        target, text = np.full(lv.shape, level, np.int8), f"Set ground to level {level}"
    else:
        raise ValueError(f"elevation mode must be 'raise', 'lower' or 'set', not {mode!r}")
    new_levels = settle(model.types, model.levels, target, mask)
    return edit_from_arrays(text, model.types, model.levels, model.types, new_levels, stroke)


def elevation(
    model,
    x: int,
    y: int,
    mode: str,
    *,
    size: int = 1,
    shape: str = "square",
    level: int | None = None,
    stroke: int | None = None,
    skip: np.ndarray | None = None,
) -> CellEdit | None:
    """One dab of the elevation brush centred on (x, y); see `elevation_mask`."""
    return elevation_mask(
        model, brush_mask(model.types.shape, x, y, size, shape), mode, level=level, stroke=stroke, skip=skip
    )
