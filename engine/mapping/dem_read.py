"""Heights of a map's squares from a GeoTIFF elevation model (SRTM, Copernicus GLO-30, ...), in any CRS rasterio
reads, through a windowed read of only the pixels under the map (docs/real-ground.md).

Each square's height is the mean of SUB x SUB points spread over it, each the nearest pixel of the model: at 30 m
pixels and 183 m squares that is about every pixel once.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .georef import MapProjection, coverage_text, require_gis

SUB = 6


class DemReadError(ValueError):
    """The elevation model cannot be used for this map; the message says which file and why."""


def square_heights(path: Path, projection: MapProjection) -> np.ndarray:
    """(height, width) float metres: each square's mean height."""
    rasterio = require_gis("rasterio")
    pyproj = require_gis("pyproj")
    from rasterio.windows import Window

    path = Path(path)
    if not path.is_file():
        raise DemReadError(f"{path}: no such file")
    try:
        dataset = rasterio.open(path)
    except rasterio.errors.RasterioIOError as exc:
        raise DemReadError(f"{path}: not a GeoTIFF elevation model rasterio can read ({exc})") from None
    with dataset:
        if dataset.driver != "GTiff":
            raise DemReadError(f"{path}: a {dataset.driver} raster, not a GeoTIFF")
        if dataset.crs is None:
            raise DemReadError(f"{path}: the GeoTIFF names no coordinate reference system, so it cannot be placed")
        w, h = projection.width, projection.height
        offsets = (np.arange(SUB) + 0.5) / SUB
        xs = (np.arange(w)[:, None] + offsets[None, :]).ravel()
        ys = (np.arange(h)[:, None] + offsets[None, :]).ravel()
        gx, gy = np.meshgrid(xs, ys)  # (h*SUB, w*SUB)
        east, north = projection.local_of_square(gx, gy)
        to_dem = pyproj.Transformer.from_crs(projection.crs, pyproj.CRS.from_user_input(dataset.crs), always_xy=True)
        dx, dy = to_dem.transform(east, north)
        cols, rows = _pixel_of(dataset.transform, dx, dy)
        _refuse_outside(path, dataset, projection, to_dem, rows, cols)
        r0, r1 = int(rows.min()), int(rows.max()) + 1
        c0, c1 = int(cols.min()), int(cols.max()) + 1
        data = dataset.read(1, window=Window(c0, r0, c1 - c0, r1 - r0), masked=True)
    samples = data[rows - r0, cols - c0]
    missing = np.ma.getmaskarray(samples)
    if missing.any():
        raise DemReadError(
            f"{path}: has no height for {100 * missing.mean():.0f}% of the map (no-data pixels); "
            "use a model without gaps there, or fill them first"
        )
    values = np.asarray(samples, float).reshape(h, SUB, w, SUB)
    return values.mean(axis=(1, 3))


def _refuse_outside(path, dataset, projection, to_dem, rows, cols) -> None:
    """A map the model does not wholly cover: say whether the centre is off it, and how much of the map is."""
    inside = (rows >= 0) & (rows < dataset.height) & (cols >= 0) & (cols < dataset.width)
    if inside.all():
        return
    cx, cy = to_dem.transform(0.0, 0.0)
    ccol, crow = _pixel_of(dataset.transform, np.array(cx), np.array(cy))
    lat, lon = projection.georef.lat, projection.georef.lon
    if not (0 <= crow < dataset.height and 0 <= ccol < dataset.width):
        west, south, east, north = _wgs84_bounds(dataset)
        raise DemReadError(
            f"{path}: the map's centre {lat:.5f}, {lon:.5f} is outside the elevation model, which covers "
            f"latitude {south:.4f} to {north:.4f} and longitude {west:.4f} to {east:.4f}"
        )
    raise DemReadError(
        f"{path}: {coverage_text(float(inside.mean()))}; "
        "use a larger tile, merge the neighbouring tiles into one GeoTIFF, or a smaller --size"
    )


def _pixel_of(transform, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(column, row) of the pixels holding points x, y of the model's CRS."""
    inverse = ~transform
    cols = inverse.a * x + inverse.b * y + inverse.c
    rows = inverse.d * x + inverse.e * y + inverse.f
    return np.floor(cols).astype(np.int64), np.floor(rows).astype(np.int64)


def _wgs84_bounds(dataset) -> tuple[float, float, float, float]:
    from rasterio.warp import transform_bounds

    return transform_bounds(dataset.crs, "EPSG:4326", *dataset.bounds)
