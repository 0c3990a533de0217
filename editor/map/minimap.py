"""The minimap: the whole map at a glance (the view's one-pixel-per-square picture, scaled to fit) with the
rectangle the map view shows; click or drag to move the view there."""

from __future__ import annotations

from PyQt6.QtCore import QPointF, QRectF, QSize, Qt
from PyQt6.QtGui import QColor, QPainter, QPen
from PyQt6.QtWidgets import QSizePolicy, QWidget


class Minimap(QWidget):
    def __init__(self, view=None, parent=None):
        super().__init__(parent)
        self.view = None
        self.setMinimumSize(120, 120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.attach(view)

    def attach(self, view) -> None:
        """Follow `view` (a MapView, or None for nothing)."""
        if self.view is not None:
            try:
                self.view.viewChanged.disconnect(self.update)
                self.view.destroyed.disconnect(self._view_destroyed)
            except (TypeError, RuntimeError):
                pass
        self.view = view
        if view is not None:
            view.viewChanged.connect(self.update)
            view.destroyed.connect(self._view_destroyed)
        self.update()

    def _view_destroyed(self) -> None:
        # The view's tab was closed: drawing from its deleted C++ object would raise.
        self.view = None
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(200, 200)

    def map_rect(self) -> QRectF:
        """Where the map is drawn in this widget (aspect kept, centred)."""
        model = self.view.model if self.view is not None else None
        if model is None:
            return QRectF()
        scale = min((self.width() - 4) / model.width, (self.height() - 4) / model.height)
        w, h = model.width * scale, model.height * scale
        return QRectF((self.width() - w) / 2, (self.height() - h) / 2, w, h)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), QColor(60, 62, 66))
        model = self.view.model if self.view is not None else None
        if model is None:
            # a dark pane with nothing on it looks broken: say why it is empty
            p.setPen(QColor(200, 200, 200))
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, "No map in this tab")
            p.end()
            return
        target = self.map_rect()
        p.drawImage(target, self.view.picture.overview, QRectF(0, 0, model.width, model.height))
        scale = target.width() / model.width
        seen = self.view.visible_cell_rect().intersected(QRectF(0, 0, model.width, model.height))
        box = QRectF(
            target.left() + seen.left() * scale,
            target.top() + seen.top() * scale,
            seen.width() * scale,
            seen.height() * scale,
        )
        if self.view.overlays.objective_center is not None:
            x0, y0, x1, y1 = self.view.overlays.objective_rect()
            p.setPen(QPen(QColor(235, 180, 20), 1.5))
            p.drawRect(
                QRectF(target.left() + x0 * scale, target.top() + y0 * scale, (x1 - x0) * scale, (y1 - y0) * scale)
            )
        p.setPen(QPen(QColor(255, 255, 255), 2))
        p.drawRect(box)
        p.setPen(QPen(QColor(0, 0, 0), 1))
        p.drawRect(box.adjusted(-1.5, -1.5, 1.5, 1.5))
        p.end()

    def square_at(self, pos: QPointF) -> tuple[float, float]:
        target = self.map_rect()
        scale = target.width() / self.view.model.width
        return (pos.x() - target.left()) / scale, (pos.y() - target.top()) / scale

    def mousePressEvent(self, event) -> None:
        if self.view is not None and self.view.model is not None and event.button() == Qt.MouseButton.LeftButton:
            self.view.center_on(*self.square_at(event.position()))

    def mouseMoveEvent(self, event) -> None:
        if self.view is not None and self.view.model is not None and event.buttons() & Qt.MouseButton.LeftButton:
            self.view.center_on(*self.square_at(event.position()))
