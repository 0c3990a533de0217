"""The picture under the pointer while units are dragged onto the map: a compact unit marker (a frame in the
side's colour with the unit's label, as the map draws units), not the tree's wide row of text."""

from __future__ import annotations

from PyQt6.QtCore import QRectF, Qt
from PyQt6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPixmap

from .side_colours import side_colour

HEIGHT = 26  # pixels: about a unit's frame on a map zoomed in to read its labels


def unit_marker(label: str, side: str, count: int = 1) -> QPixmap:
    """A frame in `side`'s colour with `label` ("B4", or "B" for a whole formation) and, for several units, how
    many ("B ×3")."""
    text = label if count <= 1 else f"{label} ×{count}"
    font = QFont()
    font.setPixelSize(13)
    font.setBold(True)
    width = max(HEIGHT * 1.4, QFontMetricsF(font).horizontalAdvance(text) + 12)
    pixmap = QPixmap(int(width) + 2, HEIGHT + 2)
    pixmap.fill(Qt.GlobalColor.transparent)
    colour = side_colour(side)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setPen(QPen(colour.darker(170), 2))
    p.setBrush(QColor(*(c + (255 - c) * 3 // 5 for c in (colour.red(), colour.green(), colour.blue()))))
    frame = QRectF(1, 1, width, HEIGHT)
    p.drawRect(frame)
    p.setFont(font)
    p.setPen(colour.darker(200))
    p.drawText(frame, Qt.AlignmentFlag.AlignCenter, text)
    p.end()
    return pixmap
