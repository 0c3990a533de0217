"""What the map view draws over the terrain: scenario overlays (objective area, start lines, entrenchments with
their limit, deployment zones; units, typed objectives and entry edges are painted by unit_symbols.py), map labels,
the line-of-sight highlight with its range ring, and tool feedback (selection, rubber band, brush outline).
Painting only; the view owns the state."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from PyQt6.QtCore import QPointF, QRectF, Qt
from PyQt6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPainterPath, QPen

from ..common.pixels import image_over
from ..common.side_colours import SIDE_COLOURS, SPARE_COLOURS, side_colour  # noqa: F401 (the map's colours, shared)
from ..qt_present import present
from .label_layout import Box, LabelLayout, around_mark, crosses, nearby, stepped

OBJECTIVE = QColor(235, 180, 20)
LABEL_TEXT = QColor(20, 20, 20)  # a label's default colour and the halo around it
LABEL_HALO = QColor(255, 255, 255, 200)
PLACE_NAME = QColor(40, 30, 20)
BACKING = QColor(255, 255, 255, 190)  # behind a label that lies over a plan's arrow
LEADER_FROM = 6  # pixels between a mark and its label from which a line leads from one to the other


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


def _font(size: float, bold: bool = False, italic: bool = False) -> QFont:
    font = QFont()
    font.setPointSizeF(max(6.0, size))
    font.setBold(bold)
    font.setItalic(italic)
    return font


@lru_cache(maxsize=64)
def _metrics(size: float, bold: bool = False, italic: bool = False) -> QFontMetricsF:
    return QFontMetricsF(_font(size, bold, italic))


@lru_cache(maxsize=512)
def _text_image(text: str, size: float, colour: int, halo: int, bold: bool, italic: bool) -> tuple[QImage, float]:
    font = _font(size, bold, italic)
    metrics = QFontMetricsF(font)
    image = QImage(
        int(metrics.horizontalAdvance(text)) + 6, int(metrics.height()) + 6, QImage.Format.Format_ARGB32_Premultiplied
    )
    image.fill(0)
    path = QPainterPath()
    path.addText(QPointF(2, 2 + metrics.ascent()), font, text)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    pen = QPen(QColor.fromRgba(halo), 3)
    p.strokePath(path, pen)
    p.fillPath(path, QColor.fromRgba(colour))
    p.end()
    return image, metrics.ascent()


def _box(rect: QRectF) -> Box:
    return Box(rect.x(), rect.y(), rect.width(), rect.height())


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


class Painter(Squares):
    """Draws in map cell coordinates with `p`. Its texts are placed by one LabelLayout (label_layout.py) in the
    order they are asked for (place names first, then the scenario's labels, then an AI plan's) and drawn last, over
    everything else, by `draw_labels`, each with a backing where it lies over a plan's arrow."""

    def __init__(self, p: QPainter, cell: float, origin: QPointF):
        super().__init__(cell, origin)
        self.p = p
        self.layout = LabelLayout()
        self.place_names: list[QRectF] = []  # where the map's place names went...
        self.place_name_texts: list[str] = []  # (which)
        self.labels_placed: list[QRectF] = []  # ...and every other text placed (the scenario's, a plan's)
        self.label_texts: list[str] = []  # (their texts, a line each)
        self.arrows: list[tuple[tuple[float, float], tuple[float, float]]] = []  # a plan's arrows, for the backings
        self.backed: list[QRectF] = []  # the texts drawn on a backing (over an arrow)
        self._pending: list[tuple] = []  # (box, lines, size, colour, bold, italic) to draw last
        self._leaders: list[tuple[QPointF, QPointF, QColor]] = []  # from a mark to its label placed away from it

    @property
    def bounds(self) -> QRectF | None:
        """The map's rectangle, inside which the texts are kept (None: anywhere)."""
        b = self.layout.bounds
        return QRectF(*b) if b is not None else None

    @bounds.setter
    def bounds(self, rect: QRectF | None) -> None:
        self.layout.bounds = _box(rect) if rect is not None else None

    def keep_clear(self, rect: QRectF) -> None:
        """No text is placed over `rect` (a mark whose meaning a text would hide: a waypoint's number)."""
        self.layout.kept_clear.append(_box(rect))

    def pen(self, colour: QColor, width: float, style=Qt.PenStyle.SolidLine) -> QPen:
        pen = QPen(colour, width, style)
        pen.setCosmetic(True)
        return pen

    def text(
        self,
        at: QPointF,
        text: str,
        size: float,
        colour=LABEL_TEXT,
        halo=LABEL_HALO,
        bold=False,
        italic=False,
    ) -> None:
        """Text with a halo, baseline-left at `at` (rendered once per look, then blitted), not laid out: a mark's
        own text (a waypoint's number in its disc)."""
        image, ascent = _text_image(text, round(size * 2) / 2, colour.rgba(), halo.rgba(), bold, italic)
        self.p.drawImage(QPointF(round(at.x()) - 2, round(at.y() - ascent) - 2), image)

    def text_size(self, lines: list[str], size: float, bold=False, italic=False) -> tuple[float, float]:
        """The width and height of the box a label of `lines` takes (its halo's margin included)."""
        metrics = _metrics(round(size * 2) / 2, bold, italic)
        return max(metrics.horizontalAdvance(line) for line in lines) + 4, (metrics.height() + 2) * len(lines)

    def place(
        self,
        lines: list[str],
        candidates,
        size: float,
        colour=LABEL_TEXT,
        bold=False,
        italic=False,
        place_name=False,
        mark: tuple[QPointF, float] | None = None,
    ) -> QRectF | None:
        """Lay out a label of `lines` at the first free of `candidates` (Boxes of `text_size`, best first;
        LabelLayout.place), to be drawn by `draw_labels`; if it had to go further from its `mark` (centre, radius)
        than beside it, a thin line of its colour leads from the mark to it. The rectangle it takes, or None if it
        was left out."""
        box = self.layout.place("\n".join(lines), candidates, self.line_height(size, bold))
        if box is None:
            return None
        rect = QRectF(*box)
        if mark is not None:
            self._lead(mark, box, colour)
        if place_name:
            self.place_names.append(rect)
            self.place_name_texts.append(lines[0])
        else:
            self.labels_placed.append(rect)
            self.label_texts.append("\n".join(lines))
        self._pending.append((box, lines, size, colour, bold, italic))
        return rect

    def label(
        self, at: QPointF, text: str, size: float, colour=LABEL_TEXT, bold=False, upward=False, lines=50
    ) -> QRectF | None:
        """A label of the scenario (a start line, the reinforcements, the objective area) where `text` would draw
        it, baseline-left at `at`; else a few lines down or up (`upward`: up first, at the map's foot), else a little
        aside, else the nearest free line up to `lines` away (along a start line or the west and east edges a label
        may go far; by the north or south edge it stays near, or is left out)."""
        w, h = self.text_size([text], size, bold)
        first = Box(at.x() - 2, at.y() - self.ascent(size, bold) - 2, w, h)
        step = self.line_height(size, bold)
        steps = [*stepped(first, step, upward), *nearby(first, step, 2), *stepped(first, step, upward, count=lines)]
        return self.place([text], steps, size, colour, bold)

    def _lead(self, mark: tuple[QPointF, float], box: Box, colour: QColor) -> None:
        centre, radius = mark
        near = QPointF(min(max(centre.x(), box.x), box.right), min(max(centre.y(), box.y), box.bottom))
        away = near - centre
        distance = math.hypot(away.x(), away.y())
        if distance > radius + LEADER_FROM:
            self._leaders.append((centre + away * (radius / distance), near, colour))

    def draw_labels(self) -> None:
        """Draw the labels placed, over everything drawn before (units stand on a start line's label); one that
        lies over a plan's arrow on a pale backing, so that the arrow does not cut through its letters."""
        for start, end, colour in self._leaders:
            self.p.setPen(self.pen(colour, 1.5))
            self.p.drawLine(start, end)
        self.p.setPen(Qt.PenStyle.NoPen)
        self.p.setBrush(BACKING)
        for box, *_ in self._pending:
            if any(crosses(box, a, b) for a, b in self.arrows):
                self.backed.append(QRectF(*box))
                self.p.drawRoundedRect(self.backed[-1], 3, 3)
        for box, lines, size, colour, bold, italic in self._pending:
            metrics = _metrics(round(size * 2) / 2, bold, italic)
            for row, line in enumerate(lines):
                base = QPointF(box.x + 2, box.y + 2 + metrics.ascent() + row * (metrics.height() + 2))
                self.text(base, line, size, colour, bold=bold, italic=italic)
        self._pending, self._leaders = [], []

    def ascent(self, size: float, bold=False) -> float:
        return _metrics(round(size * 2) / 2, bold).ascent()

    def line_height(self, size: float, bold=False) -> float:
        """The step from one line of a label to the next."""
        return _metrics(round(size * 2) / 2, bold).height() + 2

    def text_width(self, text: str, size: float, bold=False) -> float:
        return _metrics(round(size * 2) / 2, bold).horizontalAdvance(text)

    def text_inside(
        self,
        anchor: QPointF,
        gap: float,
        text: str,
        size: float,
        colour=LABEL_TEXT,
        halo=LABEL_HALO,
        bold=False,
    ) -> None:
        """Text beside `anchor` (right and below, or left and above where the viewport ends): never cut off."""
        image, ascent = _text_image(text, round(size * 2) / 2, colour.rgba(), halo.rgba(), bold, False)
        device = present(self.p.device())  # (an active painter has its device)
        x, y = anchor.x() + gap, anchor.y() + gap + ascent
        if x + image.width() > device.width():
            x = anchor.x() - gap - image.width()
        if y - ascent + image.height() > device.height():
            y = anchor.y() - gap - image.height() + ascent
        self.p.drawImage(QPointF(round(max(0.0, x)) - 2, round(max(0.0, y - ascent)) - 2), image)

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
            square = _box(self.rect(x, y, x + 1, y + 1))
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
