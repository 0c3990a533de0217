"""The trace dialog's control points: Add points, then click a feature on the scan (as it lies under the map now)
and then its place on the map, or type the place and press Enter; the table lists the points with the residual of
each once three fix the fit, and the scan is drawn warped by it. Move re-picks the selected point; typing a place
with a row selected and no click pending moves that point's place; Delete removes it; Escape in the map ends adding.
On a georeferenced map a place may be typed as a latitude and longitude instead (engine/mapping/georef.py turns it
into the square): a period map's graticule or surveyed points then lay its roads and villages where they were.
The points live with the rest of the trace (trace.py); this panel edits them and the dialog applies them."""

from __future__ import annotations

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtGui import QKeySequence, QShortcut, QStandardItemModel
from PyQt6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tacforge.engine.mapping.georef import GisMissing, MapProjection, square_metres

from ..qt_present import present
from .trace import Trace
from .trace_fit import ControlPoint, FitError, invert, parse_pair

HEADERS = ("Image x", "Image y", "Map place", "Residual")
SQUARE, LAT_LON = "square x, y", "latitude, longitude"
HINTS = {SQUARE: "12, 7 is the centre of square 12,7", LAT_LON: "degrees, north and east positive: 49.18, -0.37"}


class ControlPointsPanel(QWidget):
    changed = pyqtSignal()  # the points changed: the dialog applies the trace

    def __init__(self, view, parent=None) -> None:
        super().__init__(parent)
        self.view = view
        self.points: list[ControlPoint] = []
        self._pending: tuple[float, float] | None = None  # a pixel clicked on the scan, awaiting its map place
        self._replacing: int | None = None  # the row Move is re-picking
        self._summary = ""  # the fit's summary, shown while not picking
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setHorizontalHeaderLabels(HEADERS)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        layout.addWidget(self.table)
        row = QHBoxLayout()
        self.add, self.move_point, self.delete_point = (
            QPushButton("Add points"),
            QPushButton("Move"),
            QPushButton("Delete"),
        )
        self.add.setCheckable(True)
        self.add.toggled.connect(lambda on: self.start() if on else self.stop())
        self.move_point.clicked.connect(self.move_selected)
        self.delete_point.clicked.connect(self.delete_selected)
        QShortcut(QKeySequence.StandardKey.Delete, self.table, self.delete_selected)
        for button in (self.add, self.move_point, self.delete_point):
            button.setAutoDefault(False)  # Enter in the place field types a place, it presses no button
            row.addWidget(button)
        layout.addLayout(row)
        place = QHBoxLayout()
        place.addWidget(QLabel("Map place"))
        self.kind = QComboBox()
        self.kind.addItems([SQUARE, LAT_LON])
        self.kind.currentTextChanged.connect(lambda kind: self.place.setPlaceholderText(HINTS[kind]))
        place.addWidget(self.kind)
        self.place = QLineEdit()
        self.place.setPlaceholderText(HINTS[SQUARE])
        self.place.returnPressed.connect(self.typed)
        place.addWidget(self.place, 1)
        layout.addLayout(place)
        self.status = QLabel()
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        view.pointPicked.connect(self.picked)
        view.pickingCancelled.connect(self.stop)
        self.show_georef()

    def show_georef(self) -> None:
        """Latitudes and longitudes are offered on a georeferenced map only: elsewhere they lie nowhere."""
        georeferenced = self.view.model.georef is not None
        kinds = self.kind.model()
        assert isinstance(kinds, QStandardItemModel)  # a QComboBox's own model
        item = present(kinds.item(1))
        item.setEnabled(georeferenced)
        item.setToolTip("" if georeferenced else "This map has no georef: it lies nowhere in particular on the earth")
        if not georeferenced:
            self.kind.setCurrentText(SQUARE)

    # -- picking -------------------------------------------------------------------------------------------------
    def start(self, replacing: int | None = None) -> None:
        if self.view.trace is None:
            self.status.setText("Choose an image first: control points pair its pixels with map places.")
            self.add.setChecked(False)
            return
        self._replacing, self.view.picking = replacing, True
        self._set_pending(None)
        self.add.setChecked(True)

    def stop(self) -> None:
        self.view.picking, self._replacing = False, None
        self._set_pending(None)
        self.add.setChecked(False)

    def _set_pending(self, pixel: tuple[float, float] | None) -> None:
        self._pending = self.view.trace_pending = pixel
        present(self.view.viewport()).update()
        if not self.view.picking:
            self.show_fit()
        elif pixel is None:
            which = f"point {self._replacing + 1}" if self._replacing is not None else "a feature"
            self.status.setText(f"Click {which} on the scan (a crossroads, a church, a bridge); Escape ends.")
        else:
            self.status.setText(
                f"Scan pixel {pixel[0]:.0f}, {pixel[1]:.0f}: now click its place on the map,"
                " or type it and press Enter."
            )

    def picked(self, x: float, y: float) -> None:
        """A click while picking, in squares from the map's corner: first the scan's pixel, then its map place."""
        if self.view.trace is None:
            return self.stop()
        if self._pending is not None:
            return self.commit((x - 0.5, y - 0.5))
        trace, image = self.view.trace
        u, v = invert(trace.matrix(), x, y)
        if not (0 <= u <= image.width() and 0 <= v <= image.height()):
            self.status.setText("That is off the scan: click on the image itself first, then on the map.")
            return
        self._set_pending((u, v))

    def typed(self) -> None:
        """Enter in the place field: the place of the clicked pixel, or else the selected point's new place."""
        try:
            pair = parse_pair(self.place.text())
            lat_lon = pair if self.kind.currentText() == LAT_LON else None
            square = pair if lat_lon is None else self.square_of(*pair)
        except (ValueError, GisMissing) as error:
            self.status.setText(str(error))
            return
        if self._pending is None:
            row = self.selected_row()
            if row is None:
                self.status.setText("Click a feature on the scan first (Add points), or select a point to move.")
                return
            self._pending, self._replacing = self.points[row].pixel, row
        self.place.clear()
        self.commit(square, lat_lon)

    def commit(self, square: tuple[float, float], lat_lon: tuple[float, float] | None = None) -> None:
        if self._pending is None:
            return
        point = ControlPoint(self._pending, square, lat_lon)
        replaced = self._replacing
        if replaced is not None:
            self.points[replaced] = point
        else:
            self.points.append(point)
        self.changed.emit()
        self.stop() if replaced is not None else self._set_pending(None)
        if replaced is not None:
            self.table.selectRow(replaced)

    def square_of(self, lat: float, lon: float) -> tuple[float, float]:
        """The square (centre-based, as the table counts them) at a latitude and longitude of this map."""
        model = self.view.model
        if model.georef is None:
            raise ValueError("this map has no georef: give its squares, or import it from real ground")
        if not (-90 <= lat <= 90 and -180 <= lon <= 180):
            raise ValueError(f"{lat}, {lon} is no latitude, longitude: type degrees, latitude first (49.18, -0.37)")
        projection = MapProjection(model.georef, model.width, model.height, square_metres(model.content))
        x, y = projection.square_of(lat, lon)
        return float(x) - 0.5, float(y) - 0.5

    # -- the table -----------------------------------------------------------------------------------------------
    def selected_row(self) -> int | None:
        rows = present(self.table.selectionModel()).selectedRows()
        return rows[0].row() if rows else None

    def move_selected(self) -> None:
        row = self.selected_row()
        if row is None:
            self.status.setText("Select the point to move in the table first.")
            return
        self.start(replacing=row)

    def delete_selected(self) -> None:
        row = self.selected_row()
        if row is not None:
            del self.points[row]
            self.stop()
            self.changed.emit()

    def show_points(self, trace: Trace | None) -> None:
        """Fill the table (and the fit's summary) from `trace`, the one the view draws."""
        self.points = list(trace.points) if trace else []
        try:
            fit = trace.fit() if trace else None
            error = ""
        except FitError as refused:
            fit, error = None, str(refused)
        self.table.setRowCount(len(self.points))
        for row, point in enumerate(self.points):
            place = f"{point.square[0]:.2f}, {point.square[1]:.2f}"
            if point.lat_lon is not None:
                place = f"{point.lat_lon[0]:.5f}, {point.lat_lon[1]:.5f} (square {place})"
            residual = f"{fit.residuals[row]:.2f} squares" if fit else "—"
            for column, text in enumerate((f"{point.pixel[0]:.0f}", f"{point.pixel[1]:.0f}", place, residual)):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self._summary = (
            f"Fitted to {len(self.points)} points: RMS residual {fit.rms:.2f} squares."
            if fit
            else (f"Not fitted: {error}; the scale, offset and rotation above place the image." if error else "")
        )
        self.show_fit()

    def show_fit(self) -> None:
        if not self.view.picking:
            self.status.setText(self._summary)
