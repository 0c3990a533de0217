"""Tracing a historical map: a scan (PNG or JPEG) drawn under the terrain - which is then drawn see-through - or over
it, placed by scale, offset and rotation or, from three control points on, warped by the affine transform fitted to
them (trace_fit.py), so that a designer paints the terrain over it.

The placement, control points included, is the designer's working aid, not scenario data: it is kept in the editor's
settings (QSettings), keyed by the map file's path, never in the pack, and comes back when that map is opened again.
Being no part of the document, its changes are not steps of the document's undo history either.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, fields
from functools import lru_cache
from pathlib import Path

from PyQt6.QtCore import QPointF, Qt
from PyQt6.QtGui import QColor, QImage, QPainter, QTransform

from tacforge.engine.cached_dataclass import dataclass

from .overlays import Painter
from .trace_fit import ControlPoint, Fit, FitError, Matrix, apply, fit_affine, manual_matrix

GROUP = "trace"


@dataclass(frozen=True)
class Trace:
    image: str  # the image file's path
    scale: float = 10.0  # image pixels per map square
    offset_x: float = 0.0  # where the image's top-left corner lies, in squares from the map's
    offset_y: float = 0.0
    rotation: float = 0.0  # degrees clockwise about that corner
    opacity: float = 0.5  # how strongly the image shows: over the terrain its opacity, under it the terrain's
    # transparency
    over: bool = False  # drawn over the terrain instead of under it
    points: tuple[ControlPoint, ...] = ()  # from three on, their fit places the image instead of the four above

    def fit(self) -> Fit | None:
        """The control points' fit; None while there are none. FitError (its message for the designer) when the
        points cannot fix a transform (fewer than three, on one line...)."""
        return _fit(self.points) if self.points else None

    def matrix(self) -> Matrix:
        """Pixels to squares from the map's corner: the control points' fit where they make one, else the manual
        placement."""
        try:
            fit = self.fit()
        except FitError:
            fit = None
        return fit.matrix if fit else manual_matrix(self.scale, self.offset_x, self.offset_y, self.rotation)


@lru_cache(maxsize=64)  # the same points are fitted at every repaint; an edit makes new ones
def _fit(points: tuple[ControlPoint, ...]) -> Fit:
    return fit_affine(points)


def _point(raw: dict) -> ControlPoint:
    lat_lon = raw.get("lat_lon")
    return ControlPoint(
        (float(raw["pixel"][0]), float(raw["pixel"][1])),
        (float(raw["square"][0]), float(raw["square"][1])),
        (float(lat_lon[0]), float(lat_lon[1])) if lat_lon else None,
    )


def settings_key(map_path: Path) -> str:
    """One settings key per map file (a path holds slashes, which QSettings reads as groups)."""
    digest = hashlib.sha1(str(Path(map_path).resolve()).encode()).hexdigest()[:16]
    return f"{GROUP}/{digest}"


def load_trace(settings, map_path: Path) -> Trace | None:
    """The trace kept for `map_path`, or None (none kept, or a value this version cannot read)."""
    raw = settings.value(settings_key(map_path))
    if not raw:
        return None
    try:
        data = json.loads(raw)
        known = {f.name for f in fields(Trace)}
        kept = {k: v for k, v in data.items() if k in known}
        kept["points"] = tuple(_point(raw) for raw in kept.get("points", ()))
        return Trace(**kept)
    except (TypeError, ValueError, KeyError, IndexError):
        return None


def save_trace(settings, map_path: Path, trace: Trace | None) -> None:
    if trace is None:
        settings.remove(settings_key(map_path))
    else:
        settings.setValue(settings_key(map_path), json.dumps({**asdict(trace), "map": str(Path(map_path).resolve())}))
    settings.sync()


def read_image(trace: Trace) -> QImage | None:
    image = QImage(trace.image)
    return None if image.isNull() else image


def drawing_transform(trace: Trace, origin: QPointF, cell: float) -> QTransform:
    """Image pixels to the viewport of a map drawn at `origin` with `cell` pixels per square."""
    (a, b, c), (d, e, f) = trace.matrix()
    # QTransform(m11, m12, m21, m22, dx, dy) maps (u, v) to (m11 u + m21 v + dx, m12 u + m22 v + dy)
    return QTransform(a * cell, d * cell, b * cell, e * cell, origin.x() + c * cell, origin.y() + f * cell)


def paint_trace(p: QPainter, origin: QPointF, cell: float, trace: Trace, image: QImage, opacity: float) -> None:
    """The image placed on the map drawn at `origin` with `cell` pixels per square."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    p.setOpacity(opacity)
    p.setTransform(drawing_transform(trace, origin, cell), True)
    p.drawImage(QPointF(0, 0), image)
    p.restore()


PLACE, ON_SCAN = QColor(200, 20, 20), QColor(20, 60, 220)


def paint_control_points(geo: Painter, trace: Trace, pending: tuple[float, float] | None) -> None:
    """Each control point as a red cross on its map place, numbered as in the table, and a blue ring where the scan's
    pixel now lies, joined by its residual; a clicked pixel still awaiting its map place as a ring alone."""
    matrix = trace.matrix()

    def at(x: float, y: float) -> QPointF:  # corner-frame squares to the viewport
        return QPointF(geo.o.x() + x * geo.cell, geo.o.y() + y * geo.cell)

    p = geo.p
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setBrush(Qt.BrushStyle.NoBrush)
    for number, point in enumerate(trace.points, 1):
        place, on_scan = geo.centre(*point.square), at(*apply(matrix, *point.pixel))
        for colour, width in ((QColor(255, 255, 255, 230), 4.0), (None, 2.0)):
            p.setPen(geo.pen(colour or PLACE, width))
            p.drawLine(place - QPointF(7, 7), place + QPointF(7, 7))
            p.drawLine(place - QPointF(7, -7), place + QPointF(7, -7))
            p.setPen(geo.pen(colour or ON_SCAN, width))
            p.drawEllipse(on_scan, 6, 6)
            p.drawLine(place, on_scan)
        geo.text(place + QPointF(9, -6), str(number), 12, PLACE, bold=True)
    if pending is not None:
        ring = at(*apply(matrix, *pending))
        for colour, width in ((QColor(255, 255, 255, 230), 4.0), (QColor(240, 160, 0), 2.0)):
            p.setPen(geo.pen(colour, width))
            p.drawEllipse(ring, 8, 8)
    p.restore()
