"""Painting terrain types (Qt-free): brush dabs, rectangles, flood fills and the eyedropper.

Every function returns a `CellEdit` (or None when nothing would change) for the caller to apply and push. The
painted type goes into the type layer; the autotiler derives the code. Water sits at level 0 (a bridge at 1), so
painting river or ford lowers a square to 0 and painting land on water lifts it to the plain (1). A `level`
(1, 3 or 5) sets the elevation too, with slopes placed around it as the elevation tool does.

Roads, rivers, bridges and fords are lines drawn across the areas (woods, broken ground, towns...), as Tiled keeps
its layers apart: with `keep_lines` (the tools' default) painting an area leaves the squares of a line alone, so a
wood painted over a road keeps the road running through it.
"""

from __future__ import annotations

import numpy as np

from tacforge.engine.mapping.autotile import (
    BRIDGE,
    FORD,
    RIVER,
    ROAD_SLOPE,
    ROADLIKE,
    SLOPE,
    TYPES,
    WATER,
)

from ...grid.edits import CellEdit, edit_from_arrays
from ...grid.model import GROUND
from .elevation import settle
from .shapes import brush_mask, flood_mask, rect_mask

PAINTABLE = tuple(t for i, t in enumerate(TYPES) if i not in (SLOPE, ROAD_SLOPE))
LABELS = {
    "clear": "clear ground",
    "road": "road",
    "town": "town",
    "woods": "woods",
    "broken": "broken ground",
    "entrenchment": "entrenchment",
    "river": "river",
    "bridge": "bridge",
    "ford": "ford",
}
LINES = tuple(sorted({*ROADLIKE, *WATER}))  # the types drawn as lines across areas: road, river, bridge, ford


def type_index(kind: str | int, model=None) -> int:
    """The ground type index of a type name (qualified names and slope types accepted) or index; a type of the
    pack's own is known through the map `model` it is painted on."""
    if isinstance(kind, (int, np.integer)):
        index = int(kind)
    elif model is not None:
        index = model.kind_index(kind)
    else:
        bare = str(kind).split(":")[-1]
        if bare not in TYPES:
            raise ValueError(f"unknown terrain type {kind!r}; expected one of {', '.join(TYPES)}")
        index = TYPES.index(bare)
    return int(GROUND[index])


def label(model, index: int) -> str:
    """What an undo entry calls a painted type: the built-in ones in words, a pack's own by its name."""
    kind = model.kinds[index]
    if kind in LABELS:
        return LABELS[kind]
    ttype = model.content.terrain_type(kind) if model.content is not None else None
    return ttype.name if ttype is not None else kind.replace("_", " ")


def painted_layers(types: np.ndarray, levels: np.ndarray, mask: np.ndarray, kind: int) -> tuple[np.ndarray, np.ndarray]:
    """New (types, levels) with `kind` painted on `mask`: water to level 0 (bridge 1), land off the water to 1."""
    new_t, new_l = types.copy(), levels.copy()
    new_t[mask] = kind
    if kind in (RIVER, FORD):
        new_l[mask] = 0
    elif kind == BRIDGE:
        new_l[mask] = 1
    else:
        new_l[mask & (levels <= 0)] = 1
    return new_t, new_l


def paint_mask(
    model,
    mask: np.ndarray,
    kind: str | int,
    *,
    level: int | None = None,
    text: str | None = None,
    stroke: int | None = None,
    keep_lines: bool = False,
) -> CellEdit | None:
    """Paint `kind` on the true cells of `mask` (and set their level if given); with `keep_lines` an area type
    skips the squares of roads, rivers, bridges and fords."""
    t = type_index(kind, model)
    if keep_lines and t not in LINES:
        mask = mask & ~np.isin(model.types, LINES)
    new_t, new_l = painted_layers(model.types, model.levels, mask, t)
    if level is not None and t not in WATER:
        target = new_l.copy()
        target[mask] = level
        new_l = settle(new_t, new_l, target, mask)
    return edit_from_arrays(text or f"Paint {label(model, t)}", model.types, model.levels, new_t, new_l, stroke)


def brush(
    model,
    x: int,
    y: int,
    kind: str | int,
    *,
    size: int = 1,
    shape: str = "square",
    level: int | None = None,
    stroke: int | None = None,
    keep_lines: bool = False,
) -> CellEdit | None:
    """One dab of the brush centred on (x, y)."""
    mask = brush_mask(model.types.shape, x, y, size, shape)
    return paint_mask(model, mask, kind, level=level, stroke=stroke, keep_lines=keep_lines)


def rectangle(
    model,
    a: tuple[int, int],
    b: tuple[int, int],
    kind: str | int,
    *,
    level: int | None = None,
    keep_lines: bool = False,
) -> CellEdit | None:
    """Fill the rectangle with corners `a` and `b` (inclusive)."""
    t = type_index(kind, model)
    return paint_mask(
        model,
        rect_mask(model.types.shape, a, b),
        t,
        level=level,
        text=f"Fill rectangle with {label(model, t)}",
        keep_lines=keep_lines,
    )


def fill_region(model, x: int, y: int, *, diagonal: bool = False, same_level: bool = False) -> np.ndarray:
    """The cells a flood fill from (x, y) reaches: connected cells of the same ground type (slopes count as the
    ground they lie on), 4- or 8-connected, and with `same_level` only those at the starting square's level."""
    ground = GROUND[model.types]
    match = ground == ground[y, x]
    if same_level:
        match &= model.levels == model.levels[y, x]
    return flood_mask(match, x, y, diagonal)


def flood_fill(
    model,
    x: int,
    y: int,
    kind: str | int,
    *,
    diagonal: bool = False,
    same_level: bool = False,
    level: int | None = None,
    keep_lines: bool = False,
) -> CellEdit | None:
    """Flood fill from (x, y) with `kind`; see `fill_region`."""
    if not model.contains(x, y):
        return None
    t = type_index(kind, model)
    region = fill_region(model, x, y, diagonal=diagonal, same_level=same_level)
    text = f"Fill with {label(model, t)}"
    return paint_mask(model, region, t, level=level, text=text, keep_lines=keep_lines)


def eyedropper(model, x: int, y: int) -> tuple[str, int]:
    """The terrain type shown on (x, y) (slope squares read as slope) and its level."""
    return model.type_at(x, y), int(model.levels[y, x])


__all__ = [
    "LINES",
    "PAINTABLE",
    "brush",
    "eyedropper",
    "fill_region",
    "flood_fill",
    "paint_mask",
    "painted_layers",
    "rectangle",
    "label",
    "type_index",
]
