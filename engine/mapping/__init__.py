"""Map making without Qt: auto-tiling of painted layers, the random map generator, legality checks, PNG preview.

* `autotile`  -- terrain *type* + *level* layers <-> interchange codes (road/river/slope/bridge/ford variants
  picked from the neighbours), slope rings between plateaus (`place_slopes`); shared with the editor's brushes.
* `generate`  -- `generate_map(content, river=..., cover=..., seed=...)`: seeded, deterministic countryside
  (docs/rules.md 1.4 and 13 U3).
* `map_checks` -- `map_problems(game_map, content)`: the legality rules a generated (or painted) map must meet.
* `render`    -- `render_png(game_map, content, path)`: a dependency-free PNG for looking at maps.
* `georef`, `real_ground` (with `osm_read`, `dem_read`) -- maps of real ground from OpenStreetMap and elevation
  data at the rules' scale, and squares <-> latitude and longitude (docs/real-ground.md; the optional `gis` extra,
  imported only when used).
"""

from .autotile import TYPES, Layers, codes_from_layers, layers_from_codes, place_slopes
from .generate import generate_map, map_rows
from .map_checks import map_problems
from .render import render_png

__all__ = [
    "TYPES",
    "Layers",
    "codes_from_layers",
    "layers_from_codes",
    "place_slopes",
    "map_problems",
    "generate_map",
    "map_rows",
    "render_png",
]
