"""Tracing a historical map: a scan (PNG or JPEG) drawn under the terrain - which is then drawn see-through - or over
it, placed by scale, offset and rotation, so that a designer paints the terrain over it.

The placement is the designer's working aid, not scenario data: it is kept in the editor's settings (QSettings),
keyed by the map file's path, never in the pack, and comes back when that map is opened again.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from PyQt6.QtCore import QPointF
from PyQt6.QtGui import QImage, QPainter

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
        return Trace(**{k: v for k, v in data.items() if k in known})
    except (TypeError, ValueError):
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


def paint_trace(p: QPainter, origin: QPointF, cell: float, trace: Trace, image: QImage, opacity: float) -> None:
    """The image placed on the map drawn at `origin` with `cell` pixels per square."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    p.setOpacity(opacity)
    p.translate(origin.x() + trace.offset_x * cell, origin.y() + trace.offset_y * cell)
    p.rotate(trace.rotation)
    p.scale(cell / trace.scale, cell / trace.scale)
    p.drawImage(QPointF(0, 0), image)
    p.restore()
