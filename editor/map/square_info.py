"""What the status bar says about the square under the cursor: coordinates, code, terrain, level, movement cost
per mobility class, cover, and which units of an open scenario can see it."""

from __future__ import annotations

from functools import lru_cache

from tacforge.engine.mapping.georef import GisMissing, MapProjection, format_lat_lon, square_metres
from tacforge.engine.model import Georef
from tacforge.engine.rules.geometry import chebyshev
from tacforge.engine.rules.los import has_los


@lru_cache(maxsize=4)  # one a georeferenced map open: making a projection takes milliseconds, a hover none
def _projection(georef: Georef, width: int, height: int, square: float) -> MapProjection:
    return MapProjection(georef, width, height, square)


def lat_lon_text(model, content, x: int, y: int) -> str:
    """The latitude and longitude of the square's centre on a georeferenced map; "" on any other."""
    georef = getattr(model, "georef", None)
    if georef is None:
        return ""
    try:
        lat, lon = _projection(georef, model.width, model.height, square_metres(content)).lat_lon_of(x + 0.5, y + 0.5)
    except GisMissing:
        return "latitude and longitude need the gis extra (pip install 'tacforge[gis]')"
    return format_lat_lon(float(lat), float(lon))


def describe_square(model, content, x: int, y: int, scenario_units, grid, operator: str, visibility: int) -> str:
    """`operator` is the ruleset's line-of-sight comparison and `visibility` the scenario's sight range (both
    rules data: the caller reads them from the pack's profile and the scenario's typed model)."""
    if not (0 <= x < model.width and 0 <= y < model.height):
        return ""
    code = int(model.codes[y, x])
    entry = content.terrain_codes.get(code)
    terrain = content.terrain_type(entry.type) if entry else None
    parts = [f"{x},{y}", f"code {code}"]
    place = lat_lon_text(model, content, x, y)
    if place:
        parts.append(place)
    if terrain is not None:
        parts.append(f"{terrain.name} level {entry.level}" + (" (cover)" if terrain.cover else ""))
        costs = []
        for mobility in sorted(content.mobility.values(), key=lambda m: m.id):
            cost = terrain.cost(mobility.id)
            costs.append(f"{mobility.name.split()[0].lower()} {'-' if cost is None else cost}")
        parts.append("move " + " / ".join(costs))
    if grid is not None and scenario_units:
        seers = [
            label
            for (ux, uy, side, label) in scenario_units
            if chebyshev((ux, uy), (x, y)) <= visibility and has_los(grid, (ux, uy), (x, y), operator, visibility)
        ]
        if seers:
            shown = ", ".join(seers[:8]) + (f" +{len(seers) - 8}" if len(seers) > 8 else "")
            parts.append(f"seen by {shown}")
    return "   ".join(parts)
