"""Line-of-sight preview for the editor (Qt-free): every square visible from a chosen one, by the engine's rules.

Uses the engine's `TerrainGrid` and `viewshed` on the map as currently edited, the ruleset's LOS operator and a
visibility (default: the ruleset's best visibility). `height` lifts the observer by that many levels above its
square (a church tower, an observation post): only the observer's own height changes, not the terrain.
"""

from __future__ import annotations

import numpy as np

from tacforge.engine.model import Map
from tacforge.engine.rules.los import viewshed
from tacforge.engine.rules.terrain_grid import MAX_LEVEL, TerrainGrid

from ...grid.model import as_cell


def los_settings(content) -> tuple[str, int]:
    """(LOS operator, default visibility) of the content's ruleset."""
    ruleset = getattr(content, "ruleset", None)
    operator = ruleset.flags.los_operator if ruleset is not None else ">="
    visibility = content.parameters.spotting.visibility_max
    return operator, visibility


def terrain_grid(model) -> TerrainGrid:
    """The engine's terrain grid of the map as it stands now (cached by its codes)."""
    game_map = Map(f"{model.map_id}#editing", model.name, model.width, model.height, model.codes.tobytes())
    return TerrainGrid.from_map(game_map, model.content)


def visible_from(
    model, origin: tuple[int, int], *, visibility: int | None = None, operator: str | None = None, height: int = 0
) -> np.ndarray:
    """(height, width) bool array: True where a unit on `origin` (lifted by `height` levels) sees the square."""
    default_op, default_vis = los_settings(model.content)
    grid = terrain_grid(model)
    if height:
        x, y = origin
        level = np.array(grid.level, np.int16)
        level[y, x] = min(MAX_LEVEL, int(level[y, x]) + int(height))
        grid = TerrainGrid.from_arrays(
            level, grid.cover, grid.los_kind, grid.type_index, grid.types, map_id=grid.map_id
        )
    vis = default_vis if visibility is None else visibility
    return np.array(viewshed(grid, as_cell(origin), operator or default_op, vis))


__all__ = ["los_settings", "terrain_grid", "visible_from"]
