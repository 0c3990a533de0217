"""The line tool for roads and rivers (Qt-free).

A polyline of cells is painted with road (8-connected, so diagonal roads stay diagonal) or river (4-connected:
river variants join orthogonal neighbours only). The autotiler then picks every variant from the neighbours, so
the new line joins the roads or the river it touches. Where a road crosses water, or a river crosses a road, the
square becomes a bridge (or a ford, by the `crossing` option); a road that would step diagonally onto a crossing
takes an orthogonal step first so the bridge carries it straight across.
"""

from __future__ import annotations

import numpy as np

from tacforge.engine.mapping.autotile import BRIDGE, FORD, RIVER, ROAD, TYPES

from ...grid.edits import CellEdit, edit_from_arrays
from ...grid.model import GROUND, as_cell
from .shapes import polyline_cells

Cell = tuple[int, int]
CROSSINGS = {"bridge": BRIDGE, "ford": FORD}


def _crossing(kind: int, ground: int) -> bool:
    """Whether painting `kind` over `ground` makes a crossing."""
    return (kind == ROAD and ground == RIVER) or (kind == RIVER and ground == ROAD)


def _straighten(cells: list[Cell], ground: np.ndarray, kind: int) -> list[Cell]:
    """Insert an orthogonal step before/after a diagonal step onto or off a crossing square."""
    h, w = ground.shape

    def crossing_at(c: Cell) -> bool:
        return 0 <= c[0] < w and 0 <= c[1] < h and _crossing(kind, int(ground[c[1], c[0]]))

    out: list[Cell] = []
    for cell in cells:
        if out:
            prev = out[-1]
            diagonal = prev[0] != cell[0] and prev[1] != cell[1]
            if diagonal and (crossing_at(cell) or crossing_at(prev)):
                elbows = [(prev[0], cell[1]), (cell[0], prev[1])]
                dry = [c for c in elbows if not crossing_at(c) and 0 <= c[0] < w and 0 <= c[1] < h]
                if dry:
                    out.append(dry[0])
        out.append(cell)
    return out


def line_cells_for(model, points: list[Cell], kind: str = "road") -> list[Cell]:
    """The cells the line tool paints along `points` (clipped to the map)."""
    t = TYPES.index(kind)
    cells = polyline_cells([as_cell(p) for p in points], four_connected=(t == RIVER))
    if t == ROAD:
        cells = _straighten(cells, GROUND[model.types], t)
    return [c for c in cells if model.contains(*c)]


def line(
    model, points: list[Cell], kind: str = "road", *, crossing: str = "bridge", stroke: int | None = None
) -> CellEdit | None:
    """Paint a road or river along the polyline `points` [(x, y), ...]; see the module docstring."""
    if kind not in ("road", "river"):
        raise ValueError(f"the line tool paints 'road' or 'river', not {kind!r}")
    if crossing not in CROSSINGS:
        raise ValueError(f"a crossing is a 'bridge' or a 'ford', not {crossing!r}")
    t = TYPES.index(kind)
    new_t, new_l = model.types.copy(), model.levels.copy()
    ground = GROUND[model.types]
    for x, y in line_cells_for(model, points, kind):
        g = int(ground[y, x])
        if g in (BRIDGE, FORD):
            continue  # already a crossing
        if _crossing(t, g):
            new_t[y, x] = CROSSINGS[crossing]
            new_l[y, x] = 1 if crossing == "bridge" else 0
        elif t == RIVER:
            new_t[y, x], new_l[y, x] = RIVER, 0
        else:
            new_t[y, x] = ROAD
            new_l[y, x] = max(1, int(new_l[y, x]))
    return edit_from_arrays(f"Draw {kind}", model.types, model.levels, new_t, new_l, stroke)
