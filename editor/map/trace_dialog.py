"""View > Trace image…: choose a scan of a historical map and place it under (or over) the map being drawn, by scale,
offset and rotation or by control points (trace_points.py). Every change shows at once and is kept in the editor's
settings for that map file (trace.py), never in the pack."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
)

from .trace import Trace, save_trace
from .trace_fit import FitError
from .trace_points import ControlPointsPanel

IMAGE_FILTER = "Images (*.png *.jpg *.jpeg)"


def _spin(low: float, high: float, step: float, suffix: str) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(low, high)
    spin.setSingleStep(step)
    spin.setDecimals(2)
    spin.setSuffix(suffix)
    return spin


class TraceDialog(QDialog):
    """Placement controls for the trace of one map view; not modal, so the designer paints while it is open."""

    def __init__(self, view, settings, map_path: Path, parent=None):
        super().__init__(parent)
        self.setWindowTitle(f"Trace image — {Path(map_path).name}")
        self.view, self.settings, self.map_path = view, settings, Path(map_path)
        self._filling = False
        form = QFormLayout(self)
        self.file = QLabel("(no image)")
        choose, remove = QPushButton("Choose…"), QPushButton("Remove")
        choose.clicked.connect(self.choose)
        remove.clicked.connect(self.remove)
        row = QHBoxLayout()
        row.addWidget(self.file, 1)
        row.addWidget(choose)
        row.addWidget(remove)
        form.addRow("Image", row)
        self.scale = _spin(0.1, 1000, 1, " px per square")
        self.offset_x, self.offset_y = _spin(-1000, 1000, 0.5, " squares"), _spin(-1000, 1000, 0.5, " squares")
        self.rotation = _spin(-180, 180, 0.5, "°")
        self.opacity = QSlider(Qt.Orientation.Horizontal)
        self.opacity.setRange(0, 100)
        self.over = QCheckBox("Over the terrain (else under it)")
        for label, widget in (
            ("Scale", self.scale),
            ("Offset east", self.offset_x),
            ("Offset south", self.offset_y),
            ("Rotation", self.rotation),
            ("Opacity", self.opacity),
            ("", self.over),
        ):
            form.addRow(label, widget)
        for spin in (self.scale, self.offset_x, self.offset_y, self.rotation):
            spin.valueChanged.connect(self.apply)
        self.opacity.valueChanged.connect(self.apply)
        self.over.toggled.connect(self.apply)
        self.points = ControlPointsPanel(view, self)
        self.points.changed.connect(self.apply)
        form.addRow("Control points", self.points)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        form.addRow(buttons)
        self.show_trace(view.trace[0] if view.trace else None)
        view.show_trace_marks(True)

    def closeEvent(self, event) -> None:
        self.points.stop()
        self.view.show_trace_marks(False)
        super().closeEvent(event)

    def show_trace(self, trace: Trace | None) -> None:
        self._filling = True
        try:
            shown = trace or Trace("")
            self.image_path = trace.image if trace else ""
            self.file.setText(Path(shown.image).name if trace else "(no image)")
            self.scale.setValue(shown.scale)
            self.offset_x.setValue(shown.offset_x)
            self.offset_y.setValue(shown.offset_y)
            self.rotation.setValue(shown.rotation)
            self.opacity.setValue(round(shown.opacity * 100))
            self.over.setChecked(shown.over)
            self.points.show_points(trace)
            self._show_placement(trace)
        finally:
            self._filling = False

    def _show_placement(self, trace: Trace | None) -> None:
        """The manual placement is set aside while the control points fit: its controls say so by greying."""
        try:
            fitted = trace is not None and trace.fit() is not None
        except FitError:  # not fitted: the manual placement holds
            fitted = False
        for spin in (self.scale, self.offset_x, self.offset_y, self.rotation):
            spin.setEnabled(not fitted)

    def trace(self) -> Trace | None:
        if not self.image_path:
            return None
        return Trace(
            self.image_path,
            self.scale.value(),
            self.offset_x.value(),
            self.offset_y.value(),
            self.rotation.value(),
            self.opacity.value() / 100,
            self.over.isChecked(),
            tuple(self.points.points),
        )

    def apply(self, *_) -> None:
        if self._filling:
            return
        trace = self.trace()
        shown = self.view.set_trace(trace)
        if not shown and trace is not None:  # (no trace always shows)
            self.file.setText(f"cannot read {Path(trace.image).name}")
            return
        save_trace(self.settings, self.map_path, trace)
        self.points.show_points(trace)
        self._show_placement(trace)

    def choose(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Trace image", str(self.map_path.parent), IMAGE_FILTER)
        if path:
            if path != self.image_path:  # the points' pixels were another image's
                self.points.stop()
                self.points.points = []
            self.image_path = path
            self.file.setText(Path(path).name)
            self.apply()

    def remove(self) -> None:
        self.show_trace(None)
        self.apply()
