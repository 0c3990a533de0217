"""Fitting a traced image to control points (Qt-free): each point pairs a pixel of the scan with the place on the map
it shows, and a least-squares affine transform from pixels to map squares lays the whole scan under the map.

A map place is a square, fractions allowed, counted as the status bar counts squares: (12, 7) is the centre of square
12,7 and (12.3, 7) lies 0.3 of a square east of it. The fitted transform itself goes from pixels to the drawing's
frame, in squares from the map's top-left corner (where square 12,7 spans 12-13 and 7-8), as the image's manual
placement does. An affine transform has six unknowns, so three points fix it exactly and each point beyond three
shows, by its residual, how far the scan disagrees with the map there (a mis-click, a paper shrunk unevenly, a
projection an affine cannot follow).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tacforge.engine.cached_dataclass import dataclass

Matrix = tuple[tuple[float, float, float], tuple[float, float, float]]  # [[a, b, c], [d, e, f]]: x = a u + b v + c

# Points closer to one line than this share of their spread along it give a fit that the slightest mis-click swings.
THINNEST = 0.01


class FitError(ValueError):
    """Control points from which no transform can be fitted; the message says what to do."""


@dataclass(frozen=True)
class ControlPoint:
    pixel: tuple[float, float]  # (u, v): pixels from the scan's top-left corner, v downwards
    square: tuple[float, float]  # where it lies on the map, in squares (the centre of square 12,7 is (12, 7))
    lat_lon: tuple[float, float] | None = None  # the latitude and longitude it was given as, on a georeferenced map


@dataclass(frozen=True)
class Fit:
    matrix: Matrix  # pixels to the drawing's frame: squares from the map's top-left corner
    residuals: tuple[float, ...]  # per point, in squares: how far the fitted transform puts it from its map place

    @property
    def rms(self) -> float:
        return float(np.sqrt(np.mean(np.square(self.residuals))))


def _thinness(points: np.ndarray) -> float:
    """How flat a cloud of 2-D points is: 0 on one line (or one point), 1 as round as it is long."""
    spread = np.linalg.svd(points - points.mean(axis=0), compute_uv=False)
    return 0.0 if spread[0] == 0 else float(spread[1] / spread[0])


def fit_affine(points: Sequence[ControlPoint]) -> Fit:
    """The least-squares affine transform taking each point's pixel to its map place; FitError when the points
    cannot fix one (fewer than three, on one line, or pairing the scan as a mirror image of the map)."""
    if len(points) < 3:
        raise FitError(f"{len(points)} control point(s): an affine fit needs at least 3 (click 3 or more)")
    pixels = np.array([p.pixel for p in points], dtype=float)
    places = np.array([p.square for p in points], dtype=float) + 0.5  # square centres, in the corner frame
    if _thinness(pixels) < THINNEST:
        raise FitError(
            "the control points lie on one line of the image (or on one spot): "
            "add a point well off that line, e.g. in another corner of the scan"
        )
    if _thinness(places) < THINNEST:
        raise FitError("the control points' map places lie on one line: give a point well off that line on the map")
    design = np.column_stack([pixels, np.ones(len(points))])
    solution, *_ = np.linalg.lstsq(design, places, rcond=None)  # 3 x 2: columns x and y
    matrix = solution.T
    if np.linalg.det(matrix[:, :2]) <= 0:
        raise FitError(
            "the points pair the scan with the map as a mirror image: a point has probably been given "
            "another point's map place (check the table)"
        )
    residuals = np.hypot(*(design @ solution - places).T)
    (a, b, c), (d, e, f) = (map(float, row) for row in matrix)
    return Fit(((a, b, c), (d, e, f)), tuple(float(r) for r in residuals))


def manual_matrix(scale: float, offset_x: float, offset_y: float, rotation: float) -> Matrix:
    """The manual placement as a matrix: `scale` pixels per square, the top-left corner at the offset (squares from
    the map's corner), turned `rotation` degrees clockwise about that corner (y runs downwards on screen)."""
    turn = np.radians(rotation)
    cos, sin = np.cos(turn) / scale, np.sin(turn) / scale
    return ((float(cos), float(-sin), offset_x), (float(sin), float(cos), offset_y))


def apply(matrix: Matrix, u: float, v: float) -> tuple[float, float]:
    (a, b, c), (d, e, f) = matrix
    return a * u + b * v + c, d * u + e * v + f


def invert(matrix: Matrix, x: float, y: float) -> tuple[float, float]:
    """The pixel that `matrix` takes to (x, y) in the corner frame."""
    (a, b, c), (d, e, f) = matrix
    u, v = np.linalg.solve(np.array([[a, b], [d, e]]), np.array([x - c, y - f]))
    return float(u), float(v)


def parse_pair(text: str) -> tuple[float, float]:
    """Two numbers typed by the designer ("12, 7", "12 7", "49.18, -0.37"); ValueError saying what to type."""
    parts = text.replace(",", " ").split()
    try:
        if len(parts) == 2:
            return float(parts[0]), float(parts[1])
    except ValueError:
        pass
    raise ValueError(f"'{text}' is not two numbers: type them as 12, 7")
