"""Where a map lies on the earth: squares <-> WGS 84 latitude and longitude (docs/real-ground.md).

A georeferenced map (`Map.georef`, a `Georef`) is laid in a local azimuthal equidistant projection centred on the
map's centre, so distances from the centre are true on the ground and scale errors stay below one part in ten
thousand across a 60 x 60 map. One square is the rules' `square_yards` (docs/rules.md 1.1), read from the content,
never written again here. The map's top edge is turned `rotation` degrees clockwise from true north: at 90 the
top of the map faces east and its x axis runs south.

Square coordinates are fractional: square (i, j) covers x in [i, i + 1) and y in [j, j + 1), y growing southwards,
so the map's centre is (width / 2, height / 2) and a square's own centre is (i + 0.5, j + 0.5).

pyproj belongs to the optional `gis` extra (`pip install tacforge[gis]`); it is imported when a projection is made,
so a map with a georef loads and validates without it.
"""

from __future__ import annotations

import math
from functools import cached_property
from typing import TYPE_CHECKING, Any

from tacforge.engine.cached_dataclass import dataclass

from ..model import Georef

if TYPE_CHECKING:
    from ..model.content import Content

__all__ = ["Georef", "GisMissing", "MapProjection", "square_metres", "require_gis"]

YARD_METRES = 0.9144
GIS_EXTRA = "gis"


class GisMissing(RuntimeError):
    """A library of the `gis` extra is not installed; the message names the extra and how to install it."""


def require_gis(module: str) -> Any:
    """Import one library of the `gis` extra, or raise GisMissing saying how to install it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise GisMissing(
            f"{module} is not installed: real-ground maps need tacforge's optional '{GIS_EXTRA}' extra "
            f"(pip install 'tacforge[{GIS_EXTRA}]', or `make setup` in a checkout)"
        ) from exc


def square_metres(content: Content) -> float:
    """The side of one map square on the ground, in metres, from the rules' `square_yards`."""
    return content.parameters.time_space.square_yards * YARD_METRES


@dataclass(frozen=True)
class MapProjection:
    """The projection of one georeferenced map of `width` x `height` squares of `square` metres."""

    georef: Georef
    width: int
    height: int
    square: float

    @cached_property
    def crs(self) -> Any:
        """The local projected CRS (pyproj.CRS), metres east and north of the map's centre."""
        pyproj = require_gis("pyproj")
        return pyproj.CRS.from_proj4(
            f"+proj=aeqd +lat_0={self.georef.lat!r} +lon_0={self.georef.lon!r} +datum=WGS84 +units=m +no_defs"
        )

    @cached_property
    def _to_local(self) -> Any:
        pyproj = require_gis("pyproj")
        return pyproj.Transformer.from_crs("EPSG:4326", self.crs, always_xy=True)

    @cached_property
    def _to_wgs84(self) -> Any:
        pyproj = require_gis("pyproj")
        return pyproj.Transformer.from_crs(self.crs, "EPSG:4326", always_xy=True)

    # -- local metres <-> squares --------------------------------------------------------------------------------
    def square_of_local(self, east, north):
        """Fractional (x, y) of points `east`, `north` metres from the centre (floats or NumPy arrays)."""
        turn = math.radians(self.georef.rotation)
        up = east * math.sin(turn) + north * math.cos(turn)  # along the map's top direction
        right = east * math.cos(turn) - north * math.sin(turn)  # along its x axis
        return self.width / 2 + right / self.square, self.height / 2 - up / self.square

    def local_of_square(self, x, y):
        """Metres (east, north) of the centre of fractional square position (x, y)."""
        turn = math.radians(self.georef.rotation)
        right = (x - self.width / 2) * self.square
        up = (self.height / 2 - y) * self.square
        return right * math.cos(turn) + up * math.sin(turn), -right * math.sin(turn) + up * math.cos(turn)

    # -- WGS 84 <-> squares -------------------------------------------------------------------------------------
    def square_of(self, lat, lon):
        """Fractional (x, y) of a latitude and longitude (degrees; floats or arrays)."""
        east, north = self._to_local.transform(lon, lat)
        return self.square_of_local(east, north)

    def lat_lon_of(self, x, y):
        """(lat, lon) in degrees of fractional square position (x, y) (floats or arrays)."""
        east, north = self.local_of_square(x, y)
        lon, lat = self._to_wgs84.transform(east, north)
        return lat, lon

    def corners(self) -> list[tuple[float, float]]:
        """(lat, lon) of the map's four corners, clockwise from its top-left."""
        return [
            self.lat_lon_of(x, y) for x, y in ((0, 0), (self.width, 0), (self.width, self.height), (0, self.height))
        ]

    def bounds(self, margin: float = 0.0) -> tuple[float, float, float, float]:
        """(west, south, east, north) in degrees of the map with `margin` squares round it, the outline sampled
        along every edge (a turned map's edges are not lines of latitude or longitude)."""
        import numpy as np

        steps = np.linspace(0.0, 1.0, 33)
        x0, y0, x1, y1 = -margin, -margin, self.width + margin, self.height + margin
        xs = np.concatenate([x0 + (x1 - x0) * steps, np.full(33, x1), x1 - (x1 - x0) * steps, np.full(33, x0)])
        ys = np.concatenate([np.full(33, y0), y0 + (y1 - y0) * steps, np.full(33, y1), y1 - (y1 - y0) * steps])
        lat, lon = self.lat_lon_of(xs, ys)
        return float(np.min(lon)), float(np.min(lat)), float(np.max(lon)), float(np.max(lat))


def coverage_text(inside: float) -> str:
    """'covers only 99.6% of the map (0.4% missing)': the share covered rounded down, so never shown as 100%."""
    covered = math.floor(inside * 1000) / 10
    return f"covers only {covered:g}% of the map ({100 - covered:.3g}% missing)"


def format_lat_lon(lat: float, lon: float) -> str:
    """'49.18760° N, 0.36110° W': five decimals, about a metre."""
    return f"{abs(lat):.5f}° {'N' if lat >= 0 else 'S'}, {abs(lon):.5f}° {'E' if lon >= 0 else 'W'}"
