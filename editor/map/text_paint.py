"""The map's texts (editor/map/overlays.py's Painter draws with them): labels laid out by label_layout.py, drawn
last with a halo, a backing over a plan's arrow and a leader line to a mark they had to leave; a mark's own text; a
text kept inside the viewport. Each text is rendered once per look and then blitted."""

from __future__ import annotations

import math
from functools import lru_cache

from PyQt6.QtCore import QPointF, QRectF, Qt
from PyQt6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPainterPath, QPen

from ..qt_present import present
from .label_layout import Box, LabelLayout, crosses, nearby, stepped

LABEL_TEXT = QColor(20, 20, 20)  # a label's default colour and the halo around it
LABEL_HALO = QColor(255, 255, 255, 200)
BACKING = QColor(255, 255, 255, 190)  # behind a label that lies over a plan's arrow
LEADER_FROM = 6  # pixels between a mark and its label from which a line leads from one to the other


def _font(size: float, bold: bool = False, italic: bool = False) -> QFont:
    font = QFont()
    font.setPointSizeF(max(6.0, size))
    font.setBold(bold)
    font.setItalic(italic)
    return font


def half_point(size: float) -> float:
    """A font size rounded to half a point: the zoom changes sizes continuously, the caches below key on these."""
    return round(size * 2) / 2


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


def box_of(rect: QRectF) -> Box:
    """A viewport rectangle as label_layout's Box."""
    return Box(rect.x(), rect.y(), rect.width(), rect.height())


class TextPainter:
    """Draws texts with `p`: a mark's own text where it is asked for, and labels placed by one LabelLayout
    (label_layout.py) in the order they are asked for (place names first, then the scenario's labels, then an AI
    plan's) and drawn last, over everything else, by `draw_labels`, each with a backing where it lies over a plan's
    arrow."""

    def __init__(self, p: QPainter):
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
        self.layout.bounds = box_of(rect) if rect is not None else None

    def keep_clear(self, rect: QRectF) -> None:
        """No text is placed over `rect` (a mark whose meaning a text would hide: a waypoint's number)."""
        self.layout.kept_clear.append(box_of(rect))

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
        image, ascent = _text_image(text, half_point(size), colour.rgba(), halo.rgba(), bold, italic)
        self.p.drawImage(QPointF(round(at.x()) - 2, round(at.y() - ascent) - 2), image)

    def text_size(self, lines: list[str], size: float, bold=False, italic=False) -> tuple[float, float]:
        """The width and height of the box a label of `lines` takes (its halo's margin included)."""
        metrics = _metrics(half_point(size), bold, italic)
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
            metrics = _metrics(half_point(size), bold, italic)
            for row, line in enumerate(lines):
                base = QPointF(box.x + 2, box.y + 2 + metrics.ascent() + row * (metrics.height() + 2))
                self.text(base, line, size, colour, bold=bold, italic=italic)
        self._pending, self._leaders = [], []

    def ascent(self, size: float, bold=False) -> float:
        return _metrics(half_point(size), bold).ascent()

    def line_height(self, size: float, bold=False) -> float:
        """The step from one line of a label to the next."""
        return _metrics(half_point(size), bold).height() + 2

    def text_width(self, text: str, size: float, bold=False) -> float:
        return _metrics(half_point(size), bold).horizontalAdvance(text)

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
        image, ascent = _text_image(text, half_point(size), colour.rgba(), halo.rgba(), bold, False)
        device = present(self.p.device())  # (an active painter has its device)
        x, y = anchor.x() + gap, anchor.y() + gap + ascent
        if x + image.width() > device.width():
            x = anchor.x() - gap - image.width()
        if y - ascent + image.height() > device.height():
            y = anchor.y() - gap - image.height() + ascent
        self.p.drawImage(QPointF(round(max(0.0, x)) - 2, round(max(0.0, y - ascent)) - 2), image)
