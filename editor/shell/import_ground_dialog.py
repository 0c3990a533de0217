"""File ▸ Import real ground…: the choices of `tacforge map import`, a preview of the area over the features read
from the extract, then the map written into the pack (import_ground.py does the work without widgets)."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QColor, QImage, QPainter, QPen, QPixmap
from PyQt6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tacforge.engine.issues import CommandError
from tacforge.engine.mapping.dem_read import DemReadError
from tacforge.engine.mapping.georef import GisMissing
from tacforge.engine.mapping.osm_read import OsmReadError
from tacforge.engine.mapping.real_ground import GroundImportError

from ..common.pixels import image_over
from .import_ground import ImportChoices, Preview, preview, write_imported_map
from .new_files import id_pattern

PROBLEMS = (GisMissing, OsmReadError, DemReadError, GroundImportError, CommandError, OSError, ValueError)
# the plateau thresholds: the profile's own, or metres or quantiles given here (the command's --heights, --quantiles)
THRESHOLDS = ("the profile's", "metres", "quantiles")
PREVIEW_PIXELS = 360


def _spin(low: float, high: float, value: float, decimals: int) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(low, high)
    box.setDecimals(decimals)
    box.setValue(value)
    return box


class ImportGroundDialog(QDialog):
    """Writes the imported map into `pack_folder` on OK; `written` is its path (None until then)."""

    def __init__(self, content, pack_folder: Path, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Import real ground")
        self.content, self.pack_folder = content, Path(pack_folder)
        self.written: Path | None = None
        self.notes: tuple[str, ...] = ()
        self.osm, self.dem = QLineEdit(), QLineEdit()
        self.dem.setPlaceholderText("none: flat ground")
        self.lat, self.lon = _spin(-85, 85, 49.0, 5), _spin(-180, 180, 0.0, 5)
        self.width_box, self.height_box = QSpinBox(), QSpinBox()
        for box in (self.width_box, self.height_box):
            box.setRange(4, 256)
            box.setValue(60)
        self.rotation = _spin(-360, 360, 0.0, 1)
        self.map_id, self.name = QLineEdit("real_ground"), QLineEdit()
        form = QFormLayout()
        form.addRow("OpenStreetMap file:", self._with_browse(self.osm, "OpenStreetMap (*.osm *.pbf)"))
        form.addRow("Elevation (GeoTIFF):", self._with_browse(self.dem, "GeoTIFF (*.tif *.tiff)"))
        form.addRow("Centre latitude:", self.lat)
        form.addRow("Centre longitude:", self.lon)
        form.addRow("Width (squares):", self.width_box)
        form.addRow("Height (squares):", self.height_box)
        form.addRow("Top edge, degrees clockwise of north:", self.rotation)
        form.addRow("Map id:", self.map_id)
        form.addRow("Map name:", self.name)
        profile = content.import_profile
        self.profile = QLineEdit()
        self.profile.setPlaceholderText(f"the pack's: {profile.name}" if profile else "the pack has none: choose one")
        form.addRow("Import profile:", self._with_browse(self.profile, "Import profile (*.yaml)"))
        self.method = QComboBox()
        self.method.addItems(THRESHOLDS)
        self.low, self.high = _spin(0, 9000, 0.6, 2), _spin(0, 9000, 0.9, 2)
        form.addRow("Plateau thresholds:", self._in_row(self.method, self.low, self.high))
        self.picture = QLabel("Preview: the area and its features, before the map is made")
        self.picture.setMinimumSize(PREVIEW_PIXELS, PREVIEW_PIXELS)
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        show = QPushButton("Preview")
        show.clicked.connect(self.show_preview)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(show)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(self.picture)
        right.addWidget(self.summary)
        row = QHBoxLayout()
        row.addLayout(left)
        row.addLayout(right)
        outer = QVBoxLayout(self)
        outer.addLayout(row)
        outer.addWidget(buttons)

    def _with_browse(self, edit: QLineEdit, pattern: str) -> QWidget:
        holder = QWidget()
        layout = QHBoxLayout(holder)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(edit)
        browse = QPushButton("…")
        browse.clicked.connect(lambda: self._browse(edit, pattern))
        layout.addWidget(browse)
        return holder

    def _in_row(self, *widgets: QWidget) -> QWidget:
        holder = QWidget()
        layout = QHBoxLayout(holder)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in widgets:
            layout.addWidget(widget)
        return holder

    def _browse(self, edit: QLineEdit, pattern: str) -> None:
        chosen, _ = QFileDialog.getOpenFileName(self, "Choose a file", edit.text(), pattern)
        if chosen:
            edit.setText(chosen)

    def choices(self) -> ImportChoices:
        if not self.osm.text().strip():
            raise ValueError("choose an OpenStreetMap file (.osm or .osm.pbf)")
        if not id_pattern().match(self.map_id.text()):
            raise ValueError(f"'{self.map_id.text()}' is not an id: use lower-case letters, digits, '_' and '-'")
        return ImportChoices(
            Path(self.osm.text().strip()),
            Path(self.dem.text().strip()) if self.dem.text().strip() else None,
            self.lat.value(),
            self.lon.value(),
            self.width_box.value(),
            self.height_box.value(),
            self.rotation.value(),
            self.map_id.text(),
            self.name.text(),
            Path(self.profile.text().strip()) if self.profile.text().strip() else None,
            None
            if self.method.currentIndex() == 0
            else (self.method.currentText(), (self.low.value(), self.high.value())),
        )

    def show_preview(self) -> Preview | None:
        try:
            shown = preview(self.content, self.choices())
        except PROBLEMS as exc:
            QMessageBox.warning(self, "Import real ground", str(exc))
            return None
        self.picture.setPixmap(self._pixmap(shown))
        labels = ", ".join(text for text, _, _ in shown.labels)
        self.summary.setText(f"{shown.features} features in the area" + (f"; places: {labels}" if labels else ""))
        return shown

    def _pixmap(self, shown: Preview) -> QPixmap:
        h, w, _ = shown.rgb.shape
        image = image_over(shown.rgb.copy(order="C"), QImage.Format.Format_RGB888).copy()
        scale = max(1, PREVIEW_PIXELS // max(w, h))
        pixmap = QPixmap.fromImage(image.scaled(w * scale, h * scale))
        painter = QPainter(pixmap)
        painter.setPen(QPen(QColor(20, 20, 20), 2))
        x0, y0, x1, y1 = shown.frame
        painter.drawRect(x0 * scale, y0 * scale, (x1 - x0) * scale, (y1 - y0) * scale)
        painter.end()
        return pixmap

    def accept(self) -> None:
        try:
            self.written, self.notes = write_imported_map(self.pack_folder, self.content, self.choices())
        except PROBLEMS as exc:
            QMessageBox.warning(self, "Import real ground", str(exc))
            return
        super().accept()
