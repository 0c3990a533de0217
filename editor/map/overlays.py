"""What the map view draws over the terrain: scenario overlays (objective area, start lines, entrenchments with
their limit, deployment zones; units, typed objectives and entry edges are painted by unit_symbols.py), the map's
place names (texts drawn by text_paint.py), the line-of-sight highlight with its range ring, and tool feedback
(selection, rubber band, brush outline). Painting only; the view owns the state."""

from __future__ import annotations

from dataclasses import field

import numpy as np
from PyQt6.QtCore import QPointF, QRectF, Qt
from PyQt6.QtGui import QColor, QImage, QPainter

from tacforge.engine.cached_dataclass import dataclass

from ..common.pixels import image_over
from ..common.side_colours import SIDE_COLOURS, SPARE_COLOURS, side_colour  # noqa: F401 (the map's colours, shared)
from .label_layout import Box, around_mark
from .text_paint import TextPainter, box_of

OBJECTIVE = QColor(235, 180, 20)
PLACE_NAME = QColor(40, 30, 20)


@dataclass
class Overlays:
    objective_center: tuple[int, int] | None = None
    objective_size: int = 19
    start_lines: dict = field(default_factory=dict)  # side -> column
    entrenchments: list = field(default_factory=list)  # [(side, [(x, y), ...])] or [(x, y), ...]
    entrenchment_limit: int | None = None
    zones: list = field(default_factory=list)  # [(side, (x0, y0, x1, y1))], half-open
    units: list = field(default_factory=list)  # [UnitMark] (common/unit_marks.py)
    objectives: tuple = ()  # the scenario's typed Objectives
    entries: list = field(default_factory=list)  # [EntryMark]: reinforcements' ways in

    def objective_rect(self, centre=None) -> tuple[int, int, int, int] | None:
        c = centre or self.objective_center
        if c is None:
            return None
        half = self.objective_size // 2
        return c[0] - half, c[1] - half, c[0] + half + 1, c[1] + half + 1

    def entrenchment_squares(self) -> list[tuple[str, tuple[int, int]]]:
        out = []
        for item in self.entrenchments:
            if len(item) == 2 and isinstance(item[0], str):
                out += [(item[0], tuple(sq)) for sq in item[1]]
            else:
                out.append(("", tuple(item)))
        return out


def mask_image(mask: np.ndarray, on: tuple, off: tuple | None = None) -> QImage:
    """An ARGB32 image one pixel per square: `on` (r, g, b, a) where true, `off` (or transparent) elsewhere."""
    pack = lambda c: np.uint32((c[3] << 24) | (c[0] << 16) | (c[1] << 8) | c[2])  # noqa: E731
    arr = np.where(mask, pack(on), pack(off) if off else np.uint32(0)).astype(np.uint32)
    return image_over(arr, QImage.Format.Format_ARGB32).copy()


class Squares:
    """Where map squares fall on the viewport: `cell` pixels each, the map's top-left corner at `origin`."""

    def __init__(self, cell: float, origin: QPointF):
        self.cell, self.o = cell, origin

    def rect(self, x0, y0, x1, y1) -> QRectF:
        return QRectF(
            self.o.x() + x0 * self.cell, self.o.y() + y0 * self.cell, (x1 - x0) * self.cell, (y1 - y0) * self.cell
        )

    def centre(self, x, y) -> QPointF:
        return QPointF(self.o.x() + (x + 0.5) * self.cell, self.o.y() + (y + 0.5) * self.cell)


class Painter(Squares, TextPainter):
    """Draws in map cell coordinates with `p`: the terrain's image, the scenario's overlays, the line of sight, the
    tools' feedback; and the map's place names and the scenario's labels, through TextPainter (text_paint.py)."""

    def __init__(self, p: QPainter, cell: float, origin: QPointF):
        Squares.__init__(self, cell, origin)
        TextPainter.__init__(self, p)

    # -- the layers -------------------------------------------------------------------------------------------
    def image(self, image: QImage, width: int, height: int) -> None:
        self.p.drawImage(self.rect(0, 0, width, height), image, QRectF(0, 0, width, height))

    def labels(self, labels) -> None:
        """The map's place names, before any other text: centred above the named square (which stays visible),
        else below it, beside it, ... (label_layout.around_mark)."""
        if self.cell < 4:
            return
        size = min(14.0, 4 + self.cell * 0.45)
        for text, x, y in labels:
            w, h = self.text_size([text], size, italic=True)
            square = box_of(self.rect(x, y, x + 1, y + 1))
            above = Box(square.x + square.w / 2 - w / 2, square.y - h, w, h)
            below = Box(above.x, square.bottom, w, h)
            candidates = (above, below, *around_mark(square, w, h))
            self.place([text], candidates, size, PLACE_NAME, italic=True, place_name=True)

    def overlays(self, ov: Overlays, width: int, height: int, drag_centre=None) -> None:
        p, cell = self.p, self.cell
        for side, (x0, y0, x1, y1) in ov.zones:
            p.fillRect(self.rect(x0, y0, x1, y1), side_colour(side, 45))
            p.setPen(self.pen(side_colour(side, 200), 2, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(self.rect(x0, y0, x1, y1))
        for side, column in dict(ov.start_lines).items():
            x = self.o.x() + (column + 0.5) * cell
            p.setPen(self.pen(side_colour(side), max(2.0, min(5.0, cell / 4)), Qt.PenStyle.DashLine))
            p.drawLine(QPointF(x, self.o.y()), QPointF(x, self.o.y() + height * cell))
            self.label(QPointF(x + 4, self.o.y() + 14), f"{side} start line", 9, side_colour(side), bold=True)
        rect, objective = ov.objective_rect(drag_centre), drag_centre or ov.objective_center
        if rect is not None and objective is not None:  # (the one is None where the other is)
            p.fillRect(self.rect(*rect), QColor(255, 215, 0, 28))
            p.setPen(self.pen(OBJECTIVE, 3))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(self.rect(*rect))
            cx, cy = objective
            centre, r = self.centre(cx, cy), max(3.0, cell * 0.4)
            p.setBrush(OBJECTIVE)
            p.setPen(self.pen(QColor(90, 60, 0), 1.5))
            p.drawEllipse(centre, r, r)
            self.label(self.rect(*rect).topLeft() + QPointF(4, 14), "objective", 9, QColor(120, 80, 0), bold=True)
        squares = ov.entrenchment_squares()
        for side, (x, y) in squares:
            trench = self.rect(x + 0.15, y + 0.15, x + 0.85, y + 0.85)
            p.setPen(self.pen(side_colour(side) if side else QColor(90, 60, 30), 2))
            p.setBrush(QColor(110, 80, 50, 150))
            p.drawRect(trench)
        if squares and ov.entrenchment_limit is not None:
            over = len(squares) > ov.entrenchment_limit
            x, y = squares[0][1]
            self.label(
                self.centre(x, y) + QPointF(cell * 0.6, -cell * 0.6),
                f"entrenchments {len(squares)}/{ov.entrenchment_limit}",
                9,
                QColor(200, 0, 0) if over else QColor(60, 40, 20),
                bold=over,
            )

    def los(self, origin, visibility: int, image: QImage, width: int, height: int, lift: int = 0) -> None:
        self.image(image, width, height)
        ox, oy = origin
        v = int(visibility)
        self.p.setBrush(Qt.BrushStyle.NoBrush)
        self.p.setPen(self.pen(QColor(255, 230, 60), 2.5, Qt.PenStyle.DashLine))
        self.p.drawRect(self.rect(max(0, ox - v), max(0, oy - v), min(width, ox + v + 1), min(height, oy + v + 1)))
        self.p.setBrush(QColor(255, 230, 60))
        r = max(5.0, self.cell * 0.45)
        self.p.setPen(self.pen(QColor(0, 0, 0), 2))
        self.p.drawEllipse(self.centre(ox, oy), r, r)
        raised = f", observer +{lift}" if lift else ""
        self.text_inside(
            self.centre(ox, oy),
            r + 4,
            f"sight from ({ox}, {oy}){raised}, visibility {v}",
            9,
            QColor(70, 50, 0),
            QColor(255, 250, 210, 230),
            bold=True,
        )

    def mark(self, x: int, y: int) -> None:
        """A ring round one square (the square an issue is about), large enough to find at any zoom."""
        centre, radius = self.centre(x, y), max(12.0, self.cell * 0.9)
        self.p.setBrush(Qt.BrushStyle.NoBrush)
        for colour, width in ((QColor(255, 255, 255), 5), (QColor(220, 20, 60), 2.5)):
            self.p.setPen(self.pen(colour, width))
            self.p.drawEllipse(centre, radius, radius)
            self.p.drawRect(self.rect(x, y, x + 1, y + 1))

    def selection(self, rect) -> None:
        self.p.setBrush(Qt.BrushStyle.NoBrush)
        for colour, style in ((QColor(255, 255, 255), Qt.PenStyle.SolidLine), (QColor(0, 0, 0), Qt.PenStyle.DashLine)):
            self.p.setPen(self.pen(colour, 1.5, style))
            self.p.drawRect(self.rect(*rect))
